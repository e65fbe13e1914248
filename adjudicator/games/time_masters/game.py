"""Time Masters (seed 003, rules TM-…): the game module the registry loads.

Vocabulary (SCENARIO-LANGUAGE.md): phases ``timers main access end``; card types
``timer trick knowledge``; card attrs ``time-cost level vp slots text``; player attrs
``time spent-time imaginary-time``; properties ``hand-limit``, ``chain``, ``vp``; zones
``hand deck discard timers chain``, the shared ``level N`` stacks (owner ``table``, top card
first = the open card, the second entry = the face-down card), and per-timer zones
``on "Timer"`` (knowledge cards on it) and ``under "Timer"`` (face-down extensions).
Verbs ``pass extend end play discard skip take``. Priority model: phase steps — only the
active mage acts, ``pass`` ends the current phase.

Interpretations pinned where seed 003 is silent or ambiguous
-------------------------------------------------------------
* Time: ``time`` is the mage's face-up (unspent) regular time, ``spent-time`` the tokens
  turned grey side up, ``imaginary-time`` the imaginary tokens. All default to 0. Spending
  moves time → spent-time; restoring (TM-SKIP, TM-MAIN.6, card text) moves it back.
* Paying a knowledge card (TM-MAIN.3): ``paying time N, imaginary N`` splits the cost;
  ``paying imaginary`` (or the flag ``imaginary``) pays it all in imaginary time; with no
  payment named, regular time is spent first and imaginary time only for the rest.
* A knowledge card goes into the chain unless ``onto "Timer"`` is given.
* A timer is "fully filled" when all its black slots (``slots``, default 1) hold knowledge
  cards. Each turn's Timers phase asks again about every full timer, extended or not.
* In the Timers phase only full timers can be extended or ended; ending a timer that is not
  full is a Main-phase action (TM-MAIN.4). Extending happens only in the Timers phase.
* Knowledge cards released by an ended timer stay in the timer zone with the flag
  ``rotated``; ``play`` moves one into the chain with its effects at no further cost, in the
  Timers, Main or Sphere-access phase ("at any time this turn"). Nothing removes unused ones.
* TM-SKIP is allowed in the Main phase before any Main-phase action, or in the Timers phase
  once no full timer waits; it restores all spent time and goes straight to the End phase.
* Discarding 2 cards to restore 1 time (TM-MAIN.6) is refused when no time is spent.
* A timer allows TM-MAIN.5 when its text has a clause ``Discard: EFFECT`` (also ``Discard this
  timer: EFFECT`` or ``… discard this timer to EFFECT``); see :mod:`.effects` for the sentences
  carried out.
* ``extend "Timer" paying "Card"`` (or ``with "Card"``) names the card put under it; with no
  card named, the first card in hand is used (any card satisfies TM-TIMERS.1) and a note says so.
* ``take level 1, level 4`` takes several levels in one line, in order; ``second`` goes with a
  single level.
* Tricks (TM-MAIN.2) carry out their text, then go to discard.
* Sphere access (TM-ACCESS): the levels taken (+1 for each second card) add up to at most
  the chain's current length. Taken cards become the taker's (their VP count for them).
* End phase: it begins when the Sphere-access phase is passed (or TM-SKIP); its work —
  chain to discard, draw up to the hand limit (no discarding down if above it; a short deck
  draws what it has), the game-end check — is done when the mage passes the End phase or
  ``advance`` goes past it. Then the next mage's turn begins (``turn`` counts mages' turns).
* Game end (TM-GAMEEND): checked at the end of every turn; it ends when two level stacks
  are empty. A level stack counts only if the scenario declares it (``table level 2:`` with
  nothing declares it empty) or it was emptied by taking — a level the file never mentions
  is treated as not modelled, so scenarios about other rules do not end the game by
  accident. Most VP (printed ``vp`` on all cards a mage owns) wins; a tie goes to the most
  unspent regular time plus imaginary time; a tie on both ends the game with no winner.
* ``advance``: passes phase by phase; in the Timers phase a full timer is a real choice
  (extend or end) and stops the advance, unless the hand is empty (ending is then the only
  option and is done automatically). ``advance to phase X`` while in X goes to the next X.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...core import attrs as T
from ...core.cards import CardPool
from ...core.game import AdvanceResult, Game
from ...core.position import Copy, Position
from . import actions, state as S, turn
from .pool import builtin_pool


class TimeMasters(Game):
    name = "time-masters"
    title = "Time Masters"
    phases = turn.PHASES
    steps: ClassVar[dict[str, tuple[str, ...]]] = {}
    card_types = ("timer", "trick", "knowledge")
    card_attrs = {"time-cost": T.INT, "level": T.INT, "vp": T.INT, "slots": T.INT, "text": T.TEXT}
    copy_flags = frozenset({"face-down", S.RELEASED})
    player_attrs = {"time": T.INT, "spent-time": T.INT, "imaginary-time": T.INT}
    zones = {"hand": "plain", "deck": "plain", "discard": "plain", "timers": "plain", "chain": "plain",
             "level": "numbered", "under": "card", "on": "card"}
    shared_zones = frozenset({"level"})
    verbs = ("pass", "extend", "end", "play", "discard", "skip", "take")
    card_properties = ("full", "free-slots", "extensions")
    player_properties = ("hand-limit", "chain", "vp")
    min_players, max_players = 2, 4
    timing_rules = ("TM-TURN",)
    end_rules = ("TM-GAMEEND",)
    zone_rules = ("TM-MAIN", "TM-TIMERS", "TM-ACCESS", "TM-END")

    # ---- cards and set-up ----------------------------------------------------------------
    def builtin_pool(self) -> CardPool:
        return builtin_pool()

    def setup_player(self, position: Position, name: str, values: dict, flags: set) -> None:
        super().setup_player(position, name, {"time": 0, "spent-time": 0, "imaginary-time": 0, **values}, flags)

    def finish_setup(self, position: Position) -> None:
        super().finish_setup(position)
        S.turn_memo(position)
        for copy in position.all_copies():
            if copy.zone.startswith("under "):
                copy.flags.add("face-down")  # extensions lie face down (TM-TIMERS.1)
            if copy.zone == "timers" and copy.card.type == "knowledge":
                copy.flags.add(S.RELEASED)  # loose knowledge in the timer zone: released (TM-TIMERS.2)

    def validate_setup(self, position: Position, fail) -> None:
        t = position.timing
        if t.priority != t.active:
            fail(f"in Time Masters only the active mage acts (TM-TURN): priority {t.priority} is not the "
                 f"active mage {t.active}")
        for (owner, key), uids in position.zones.items():
            cards = [position.copies[u] for u in uids]
            if key.startswith("level "):
                if int(key.split()[1]) not in S.LEVELS:
                    fail(f"there is no {key}: the spheres have levels 1 to 5 (TM-ACCESS)")
                continue
            if key.startswith(("on ", "under ")):
                self._check_timer_zone(position, owner, key, cards, fail)
            elif key == "chain" and any(c.card.type != "knowledge" for c in cards):
                fail(f"{owner}'s chain holds only knowledge cards (TM-MAIN.3)")
            elif key == "timers" and any(c.card.type == "trick" for c in cards):
                fail(f"{owner}'s timer zone holds timers and released knowledge cards, not tricks (TM-MAIN)")

    @staticmethod
    def _check_timer_zone(position, owner, key, cards, fail) -> None:
        word, _, quoted = key.partition(" ")
        name = quoted[1:-1]
        timers = [c for c in S.timers_of(position, owner) if c.name == name]
        if cards and not timers:
            fail(f'{owner} {key}: "{name}" is not a timer in {owner}\'s timer zone (list it in {owner} timers:)')
        if len(timers) > 1 and cards:
            fail(f'{owner} has {len(timers)} timers named "{name}"; cards on or under them cannot be told apart')
        if word == "on":
            if any(c.card.type != "knowledge" for c in cards):
                fail(f"only knowledge cards lie on a timer (TM-MAIN.3): {owner} {key}")
            if timers and len(cards) > S.slots(position, timers[0]):
                fail(f'"{name}" has {S.slots(position, timers[0])} slot(s) but {len(cards)} cards on it (TM-MAIN.3)')

    # ---- verbs -----------------------------------------------------------------------------
    verb_pass = staticmethod(actions.verb_pass)
    verb_skip = staticmethod(actions.verb_skip)
    verb_extend = staticmethod(actions.verb_extend)
    verb_end = staticmethod(actions.verb_end)
    verb_play = staticmethod(actions.verb_play)
    verb_discard = staticmethod(actions.verb_discard)
    verb_take = staticmethod(actions.verb_take)

    def advance(self, position: Position, kind: str, target: str | None, lines=()) -> AdvanceResult:
        return turn.advance(position, kind, target)

    # ---- properties ---------------------------------------------------------------------------
    def card_property(self, position: Position, copy: Copy, prop: str) -> Any:
        if prop in ("full", "free-slots", "extensions"):
            if copy.card.type != "timer":
                return False if prop == "full" else 0
            return {"full": S.is_full, "free-slots": S.free_slots,
                    "extensions": lambda p, c: len(S.cards_under(p, c))}[prop](position, copy)
        return super().card_property(position, copy, prop)

    def player_property(self, position: Position, player: str, prop: str) -> Any:
        if prop == "hand-limit":
            return S.hand_limit(position, player)
        if prop == "vp":
            return S.victory_points(position, player)
        return super().player_property(position, player, prop)  # chain: a plain zone's count

    def property_rules(self, prop: str) -> tuple[str, ...]:
        return {"hand-limit": ("TM-END.2", "TM-TIMERS.1"), "chain": ("TM-MAIN.3", "TM-ACCESS.1"),
                "vp": ("TM-GAMEEND.2",), "time": ("TM-MAIN.3", "TM-MAIN.6", "TM-SKIP", "TM-END.3"),
                "spent-time": ("TM-MAIN.3", "TM-MAIN.6", "TM-SKIP", "TM-END.3"),
                "imaginary-time": ("TM-MAIN.3",), "hand": ("TM-END.2",), "full": ("TM-TIMERS",),
                "rotated": ("TM-MAIN.4", "TM-TIMERS.2"), "face-down": ("TM-TIMERS.1",)}.get(prop, ())


__all__ = ["TimeMasters"]
