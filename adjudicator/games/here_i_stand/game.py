"""Here I Stand, the Action phase (seed 004; RULES.md HIS-IMPULSE … HIS-PHASE-END).

Decisions the seed leaves open:

* Powers are the players. Whatever order a scenario declares them in, they take impulses in
  the fixed order Ottoman, Hapsburg, England, France, Papacy, Protestant (HIS-IMPULSE): the
  seat order is rebuilt in that order. A scenario may declare fewer than six powers; the
  others still exist (the Action phase ends only when *all six* pass, HIS-PHASE-END) with an
  empty hand — a power with no cards must pass (HIS-PASS.4). Names other than the six are errors.
* The active power is the only one that acts: ``priority`` is always the active power.
* ``admin-rating`` is not guessed: when whether a power may pass depends on it (HIS-PASS.3)
  and it is not declared, the scenario is incomplete and that is reported.
* Card powers (``powers Protestant``) restrict who may play the card *as an event*
  (HIS-EVENT.2); a home card's powers name its owner. A home card with no powers declared is
  the home card of the power holding it.
* Response cards may be played as events in one's impulse unless flagged ``response-only``
  (the seed: "some response cards"); combat cards never (HIS-EVENT.1).
* CP with an event (HIS-EVENT.3): a mandatory event gives its printed ``cp``; another card
  gives ``event-cp N`` if it declares it, else none.
* An event whose ``acting-power`` is another power is carried out by that power (HIS-EVENT.6).
* Winter and the start of the next turn are not modelled beyond the timing (seed 004 covers
  the Action phase only): ``advance to next turn`` keeps the hands, resets passes and the
  once-per-turn event record, and starts with Ottoman's impulse.

Extensions to SCENARIO-LANGUAGE.md: player attr ``ruler`` (a name, informative only); card attrs ``event-cp acting-power removal num``; card
flags ``remove-if-event`` (optionally followed by ``yes``/``no``/``true``/``false``) and ``response-only``;
copy flag ``event-played`` (played as an event this turn); player flag ``passed`` (passed
in its latest impulse this phase); player properties ``cp`` (CP from its latest play),
``home-card-played``, and ``deck``/``discard``/``removed`` (the shared
piles' counts, since ``table`` cannot be the subject of an expectation); card properties ``type``, ``powers``, ``remove-if-event``.
"""

from __future__ import annotations

from typing import Any

from adjudicator.core import attrs as T
from adjudicator.core.cards import CardPool
from adjudicator.core.errors import ScenarioError, suggestion_text
from adjudicator.core.game import AdvanceResult, Context, Game
from adjudicator.core.position import Copy, Player, Position
from adjudicator.core.ruling import Procedure, Reason, Rejected
from adjudicator.core.scenario_ast import ActionBody, Obj

from . import impulse as I
from .carddb import load_pool
from .pool import builtin_pool
from .powers import POWERS

_MAX_ADVANCE_STEPS = 500


class HereIStand(Game):
    name = "here-i-stand"
    title = "Here I Stand — Action phase"
    phases = ("action", "winter")
    steps: dict = {}
    card_types = ("home", "mandatory", "event", "response", "combat")
    card_attrs = {"cp": T.INT, "powers": T.KEYWORDS, "event-cp": T.INT, "acting-power": T.WORD,
                  "removal": T.WORD, "num": T.INT}
    card_flags = frozenset({"remove-if-event", "yes", "no", "Yes", "No", "true", "false", "response-only"})
    player_attrs = {"admin-rating": T.INT, "ruler": T.WORD}
    player_flags = frozenset({I.PASSED})
    copy_flags = frozenset({I.EVENT_PLAYED})
    copy_attrs: dict = {}
    zones = {"hand": "plain", "deck": "plain", "discard": "plain", "removed": "plain"}
    shared_zones = frozenset({"deck", "discard", "removed"})
    verbs = ("pass", "play")
    card_properties = ("type", "powers", "remove-if-event", "event-played")
    player_properties = ("cp", "home-card-played")
    min_players = 1
    max_players = 6
    timing_rules = ("HIS-IMPULSE", "HIS-PHASE-END")
    zone_rules = ("HIS-CP", "HIS-EVENT.4")

    # ---- cards ----------------------------------------------------------------------
    def builtin_pool(self) -> CardPool:
        return builtin_pool()

    def load_card_database(self, path) -> CardPool:
        return load_pool(path).pool

    # ---- set-up ------------------------------------------------------------------------
    def finish_setup(self, position: Position) -> None:
        declared = list(position.players)
        names = I.power_order(declared)
        if all(n in POWERS for n in declared):
            names = list(POWERS)  # undeclared powers exist, with empty hands
        players: dict[str, Player] = {}
        for seat, name in enumerate(names):
            player = position.players.get(name) or Player(name, seat)
            player.seat = seat
            players[name] = player
        position.players = players
        t = position.timing
        if not t.active and t.priority:
            t.active = t.priority
        super().finish_setup(position)
        position.memo.setdefault("events", [])
        position.memo.setdefault("cp", {})
        position.memo["declared"] = declared
        t.passes = self._passes_in_succession(position)

    @staticmethod
    def _passes_in_succession(position: Position) -> int:
        order = position.seat_order
        if position.timing.active not in order:
            return 0
        i, count = order.index(position.timing.active), 0
        while count < len(order):
            i = (i - 1) % len(order)
            if I.PASSED not in position.players[order[i]].flags:
                break
            count += 1
        return count

    def validate_setup(self, position: Position, fail) -> None:
        for name in position.memo.get("declared", []):
            if name not in POWERS:
                hint = suggestion_text(name, POWERS)
                fail(f"'{name}' is not one of the six powers ({', '.join(POWERS)})" + (f"; {hint}" if hint else ""))
        t = position.timing
        if t.priority != t.active:
            fail(f"priority {t.priority} differs from the active power {t.active}: in the Action phase only the "
                 "power taking its impulse acts (HIS-IMPULSE)")
        for name, player in position.players.items():
            rating = player.attrs.get("admin-rating")
            if rating is not None and rating < 0:
                fail(f"{name}'s admin-rating {rating} is negative")
            for c in I.hand(position, name):
                owners = I.card_powers(c.card)
                if c.card.type == "home" and owners and name not in owners:
                    fail(f"{name}'s hand holds {c.show()}, the home card of {', '.join(owners)}: a power holds "
                         "only its own home card")
        if t.phase == "action" and I.all_passed(position):
            fail("all six powers are declared 'passed': the Action phase would already be over (HIS-PHASE-END); "
                 "declare 'phase winter' instead")

    # ---- common checks --------------------------------------------------------------------
    def _check_impulse(self, ctx: Context, doing: str) -> None:
        t = ctx.position.timing
        if t.phase != "action":
            raise Rejected("HIS-PHASE-END", f"the Action phase has ended (it is the {t.phase} phase): no power "
                           f"takes impulses, so {ctx.actor} may not {doing}",
                           Reason("HIS-IMPULSE", "impulses are taken only in the Action phase"))
        if ctx.actor != t.active:
            more = self._carrier_note(ctx)
            raise Rejected("HIS-IMPULSE", f"it is {t.active}'s impulse: {ctx.actor} may not {doing} now "
                           f"(powers act in turn: {', '.join(ctx.position.seat_order)})", *more)

    def _carrier_note(self, ctx: Context) -> tuple[Reason, ...]:
        """An out-of-turn play of an event the actor would carry out: say why that gives no impulse."""
        body = ctx.body
        if ctx.body.verb.startswith("pass") or not body.objects or body.objects[0].kind != "card":
            return ()
        name = body.objects[0].text
        for c in ctx.position.copies_named(name):
            if c.card.attrs.get("acting-power") == ctx.actor:
                return (Reason("HIS-EVENT.6", f"{ctx.actor} carries out {c.show()}'s instructions when the power "
                               "playing it resolves the event in its own impulse; that gives "
                               f"{ctx.actor} no impulse of its own"),)
        return ()

    # ---- verbs ------------------------------------------------------------------------------
    def verb_pass(self, ctx: Context) -> None:
        pos, actor = ctx.position, ctx.actor
        if ctx.body.objects:
            raise self._error(ctx, "'pass' takes no objects")
        self._check_impulse(ctx, "pass")
        cards = I.hand(pos, actor)
        if not cards:
            ctx.step("condition", f"{actor} has no cards left: it must pass", "HIS-PASS.4")
        else:
            try:
                blockers = I.pass_blockers(pos, actor)
            except I.RatingUnknown as exc:
                raise self._error(ctx, str(exc)) from None
            if blockers:
                first, *rest = blockers
                raise Rejected(first.rule, first.text, *rest)
            rating = pos.players[actor].attrs.get("admin-rating")
            ctx.step("condition", f"{actor}'s home card is played, it holds no mandatory event and "
                     f"{len(cards)} card(s), not more than its admin rating {rating}: it may pass", "HIS-PASS")
        ctx.step("effect", f"{actor} passes its impulse", "HIS-IMPULSE", "HIS-PASS")
        pos.players[actor].flags.add(I.PASSED)
        pos.timing.passes += 1
        if I.all_passed(pos):
            I.start_winter(pos, ctx.proc)
        else:
            I.begin_impulse(pos, I.next_power(pos, actor), ctx.proc)

    def verb_play(self, ctx: Context) -> None:
        pos, actor, body = ctx.position, ctx.actor, ctx.body
        mode = self._play_mode(ctx)
        if len(body.objects) != 1 or body.objects[0].kind == "number":
            raise self._error(ctx, "play one card: play \"Card\" for cp, or play \"Card\" as event")
        self._check_impulse(ctx, "play a card")
        mode_rule = "HIS-CP" if mode == "cp" else "HIS-EVENT"
        if not I.hand(pos, actor):
            raise Rejected("HIS-PASS.4", f"{actor} has no cards left in hand: it must pass",
                           Reason("HIS-IMPULSE", "a card played in an impulse comes from the power's hand"))
        copy = ctx.card(body.objects[0], where=lambda c: (c.zone_owner, c.zone) == (actor, "hand"),
                        purpose="the one in the player's hand")
        if (copy.zone_owner, copy.zone) != (actor, "hand"):
            where = "the " + copy.zone if copy.zone_owner == "table" else f"{copy.zone_owner}'s {copy.zone}"
            raise Rejected(mode_rule, f"{copy.show()} is not in {actor}'s hand (it is in {where})",
                           Reason("HIS-IMPULSE", "a card played in an impulse comes from the power's hand"))
        had_passed = I.PASSED in pos.players[actor].flags
        if mode == "cp":
            self._play_for_cp(ctx, copy)
        else:
            self._play_as_event(ctx, copy)
        if had_passed:
            ctx.step("note", f"{actor} passed in an earlier impulse and may still play a card", "HIS-PASS.5")
        pos.players[actor].flags.discard(I.PASSED)
        pos.timing.passes = 0
        I.begin_impulse(pos, I.next_power(pos, actor), ctx.proc)

    def _play_mode(self, ctx: Context) -> str:
        body = ctx.body
        cp = body.for_ is not None
        event = body.as_ is not None
        if cp and body.for_ != "cp":
            raise self._error(ctx, f"'for {body.for_}': a card is played 'for cp' or 'as event'")
        if event and body.as_ != "event":
            raise self._error(ctx, f"'as {body.as_}': a card is played 'for cp' or 'as event'")
        if cp == event:
            raise self._error(ctx, "say how the card is played: 'for cp' or 'as event' (HIS-IMPULSE)")
        return "cp" if cp else "event"

    def _play_for_cp(self, ctx: Context, copy: Copy) -> None:
        card, actor = copy.card, ctx.actor
        if card.type == "mandatory":
            raise Rejected("HIS-CP", f"{copy.show()} is a mandatory event: it may not be played for CP, only as an "
                           "event", Reason("HIS-EVENT.1", "mandatory events are played as events"))
        cp = ctx.position.stat(copy, "cp", 0) or 0
        ctx.step("announce", f"{actor} plays {copy.show()} for CP", "HIS-IMPULSE", "HIS-CP")
        ctx.step("effect", f"{actor} gains {cp} CP from {copy.show()} to spend on actions", "HIS-CP")
        ctx.position.memo.setdefault("cp", {})[actor] = cp
        I.discard(ctx.position, copy)
        ctx.step("cleanup", f"discard {copy.show()} to the discard pile", "HIS-CP")

    def _play_as_event(self, ctx: Context, copy: Copy) -> None:
        pos, card, actor = ctx.position, copy.card, ctx.actor
        if card.type == "combat":
            raise Rejected("HIS-EVENT.1", f"{copy.show()} is a combat card: combat cards are never played as events "
                           "(play it for CP instead)")
        if card.type == "response" and "response-only" in card.flags:
            raise Rejected("HIS-EVENT.1", f"{copy.show()} is a response card that is not one of those playable as "
                           "an event in one's impulse")
        owners = I.card_powers(card)
        if owners and actor not in owners:
            what = "home card" if card.type == "home" else "event"
            raise Rejected("HIS-EVENT.2", f"{copy.show()} may be played as an event only by "
                           f"{', '.join(owners)}; {actor} is not named on this {what}")
        if I.event_played_this_turn(pos, card.name):
            raise Rejected("HIS-EVENT.5", f"{copy.show()} has already been played as an event this turn "
                           f"(turn {pos.timing.turn}): each card is played as an event only once per turn")
        ctx.step("announce", f"{actor} plays {copy.show()} as an event", "HIS-IMPULSE", "HIS-EVENT.1")
        carrier = card.attrs.get("acting-power")
        if carrier and carrier != actor:
            ctx.step("effect", f"{carrier} carries out the event of {copy.show()} (the power it names acts, "
                     f"not {actor})", "HIS-EVENT.6")
        else:
            ctx.step("effect", f"{actor} resolves the event of {copy.show()} as the card instructs", "HIS-EVENT")
        gained = I.event_cp(card)
        if gained:
            ctx.step("effect", f"{actor} gains {gained} CP alongside the event of {copy.show()}", "HIS-EVENT.3")
        pos.memo.setdefault("cp", {})[actor] = gained
        pos.memo.setdefault("events", []).append(card.name)
        copy.flags.add(I.EVENT_PLAYED)
        if I.removed_if_event(card):
            I.remove_from_deck(pos, copy)
            ctx.step("cleanup", f"remove {copy.show()} from the deck: it says to when played as an event",
                     "HIS-EVENT.4")
        else:
            I.discard(pos, copy)
            ctx.step("cleanup", f"discard {copy.show()} to the discard pile", "HIS-EVENT.4")

    @staticmethod
    def _error(ctx: Context, message: str) -> ScenarioError:
        p = ctx.body.pos
        line = ctx.lines[p.line - 1] if 0 < p.line <= len(ctx.lines) else None
        return ScenarioError(message, p.file, p.line, p.column, line)

    # ---- advance --------------------------------------------------------------------------------
    def advance(self, position: Position, kind: str, target: str | None, lines=()) -> AdvanceResult:
        pos = position.clone()
        proc = Procedure()
        start_turn = pos.timing.turn
        moved = False

        def reached() -> bool:
            if kind == "turn":
                return pos.timing.turn > start_turn
            return moved and pos.timing.phase == target

        for _ in range(_MAX_ADVANCE_STEPS):
            if reached():
                return AdvanceResult(pos, proc.steps)
            phase_before = pos.timing.phase
            if pos.timing.phase == "winter":
                I.start_next_turn(pos, proc)
            else:
                pos, stopped = self._advance_impulse(pos, proc, lines)
                if stopped:
                    proc.add("note", stopped, *self._stop_rules(stopped))
                    return AdvanceResult(pos, proc.steps, stopped)
            if pos.timing.phase != phase_before:
                moved = True
        return AdvanceResult(pos, proc.steps, "advancing made no progress (an internal limit was reached)")

    @staticmethod
    def _stop_rules(text: str) -> tuple[str, ...]:
        found = [r for r in ("HIS-PASS.1", "HIS-PASS.2", "HIS-PASS.3") if r in text]
        return tuple(found) or ("HIS-PASS",)

    def _advance_impulse(self, pos: Position, proc: Procedure, lines) -> tuple[Position, str | None]:
        """Carry out the active power's "do nothing more" choice: the new position, and a reason
        to stop (None when the impulse was taken)."""
        actor = pos.timing.active
        try:
            blockers = I.pass_blockers(pos, actor)
        except I.RatingUnknown as exc:
            return pos, f"advancing stops at {actor}'s impulse: {exc}"
        if not blockers:
            return self._apply(pos, proc, actor, ActionBody("pass"), lines, "")
        options = self._play_options(pos, actor, lines)
        why = "; ".join(r.show() for r in blockers)
        if len(options) == 1:
            body, label = options[0]
            return self._apply(pos, proc, actor, body, lines,
                               f"{actor} may not pass ({why}); its only legal play is made: {label}")
        if not options:
            return pos, f"advancing stops at {actor}'s impulse: it may not pass ({why}) and has no legal play"
        shown = ", ".join(label for _, label in options)
        return pos, (f"advancing stops at {actor}'s impulse (turn {pos.timing.turn}): it may not pass ({why}); "
                     f"it must choose among {len(options)} plays: {shown}")

    def _apply(self, pos: Position, proc: Procedure, actor: str, body: ActionBody, lines,
               note: str) -> tuple[Position, str | None]:
        ruling = self.attempt(pos, actor, body, tuple(lines))
        if not ruling.accepted:
            return pos, f"advancing stops at {actor}'s impulse: {ruling.reason_text()}"
        if note:
            proc.add("note", note, "HIS-PASS")
        proc.steps.extend(ruling.steps)
        return ruling.position, None  # type: ignore[return-value]

    def _play_options(self, pos: Position, actor: str, lines) -> list[tuple[ActionBody, str]]:
        options = []
        seen: set[str] = set()
        for c in I.hand(pos, actor):
            key = c.label or c.name
            if key in seen:
                continue
            seen.add(key)
            obj = Obj("word", c.label) if c.label else Obj("card", c.name)
            for body, label in ((ActionBody("play", (obj,), for_="cp"), f"{c.show()} for CP"),
                                (ActionBody("play", (obj,), as_="event"), f"{c.show()} as an event")):
                if self.attempt(pos, actor, body, tuple(lines)).accepted:
                    options.append((body, label))
        return options

    # ---- properties ---------------------------------------------------------------------------------
    def card_property(self, position: Position, copy: Copy, prop: str) -> Any:
        if prop == "type":
            return copy.card.type
        if prop == "powers":
            return list(I.card_powers(copy.card))
        if prop == "remove-if-event":
            return I.removed_if_event(copy.card)
        if prop == I.EVENT_PLAYED:
            return I.EVENT_PLAYED in copy.flags or copy.name in position.memo.get("events", [])
        if prop == "event-cp":
            return I.event_cp(copy.card)
        return super().card_property(position, copy, prop)

    def player_property(self, position: Position, player: str, prop: str) -> Any:
        if prop == "cp":
            return position.memo.get("cp", {}).get(player, 0)
        if prop == "home-card-played":
            return not I.unplayed_home_cards(position, player)
        if prop in self.shared_zones:  # "expect Papacy discard 3": the one shared pile
            return position.zone_size("table", prop)
        return super().player_property(position, player, prop)

    def property_rules(self, prop: str) -> tuple[str, ...]:
        return {"cp": ("HIS-CP", "HIS-EVENT.3"), "hand": ("HIS-CP", "HIS-EVENT"),
                "passed": ("HIS-PASS",), "home-card-played": ("HIS-PASS.1",),
                "event-played": ("HIS-EVENT.5",), "remove-if-event": ("HIS-EVENT.4",),
                "admin-rating": ("HIS-PASS.3",)}.get(prop, ())
