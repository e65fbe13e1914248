"""Berserk CCG battle: the game module (rules B-401.1 … B-415.3, B-STACK of RULES.md).

The tables below are the scenario vocabulary of SCENARIO-LANGUAGE.md for berserk; the
verbs delegate to ``prelim`` (the Preliminary phase) and ``battle`` (turns with a stack
and priority); ``timing`` holds the sequence of steps and ``advance`` plays "do nothing
more" until a phase or step begins.
"""

from __future__ import annotations

from typing import Any

from adjudicator.core import attrs as A
from adjudicator.core.game import AdvanceResult, Game
from adjudicator.core.position import Position

from . import battle, prelim
from . import state as S
from . import timing as T
from .advance import advance as _advance


class Berserk(Game):
    name = "berserk"
    title = "Berserk CCG"
    phases = ("preliminary", "start", "opening", "main", "final")
    steps = {"preliminary": T.PRELIM_STEPS, "opening": ("preparation", "opening"),
             "main": ("choice", "movement", "action")}
    card_types = ("creature", "terrain", "equipment", "artifact", "symbiote", "parasite")
    card_attrs = {"gold-cost": A.ANY, "silver-cost": A.ANY, "life": A.INT, "movement": A.INT, "strike": A.DASHED,
                  "keywords": A.KEYWORDS, "text": A.TEXT, "element": A.WORD}
    copy_flags = frozenset({"closed", "hidden"})
    copy_attrs = {"tokens": A.INT, "wounds": A.INT, "attached-to": A.STRING}
    player_attrs = {"gold-crystals": A.INT, "silver-crystals": A.INT, "forbidden-cells": A.STRING}
    #: ``draft`` on any player makes the game a draft (a 12-card deal, B-402.3)
    player_flags = frozenset({"draft"})
    zones = {"deck": "plain", "deal": "plain", "hand": "plain", "squad": "plain", "cell": "cell",
             "auxiliary": "plain", "graveyard": "plain"}
    verbs = ("pass", "roll", "choose", "mulligan", "keep", "place", "use", "move", "act", "pass-turn", "keep-closed",
             "seat", "reveal", "defend")
    card_properties = ("life", "movement", "attached-to", "status")
    player_properties = ("first", "second", "mulligan-right")
    timing_rules = ("B-408.2", "B-408.3", "B-411", "B-415.1", "B-415.3")
    stack_rules = ("B-STACK", "B-408.3")
    zone_rules = ("B-404.1", "B-REVEAL", "B-405.2")

    # ---- cards -------------------------------------------------------------------------
    def builtin_pool(self):
        from .pool import builtin_pool

        return builtin_pool()

    def parse_card_text(self, text: str) -> list:
        from .ability import parse_card_text

        return parse_card_text(text)

    def load_card_database(self, path):
        try:
            from .carddb import load_pool  # the card base loader (another module's job)
        except ImportError:
            return super().load_card_database(path)
        return load_pool(path).pool  # the loader returns a LoadResult (pool + skipped records)

    # ---- set-up -------------------------------------------------------------------------
    def finish_setup(self, position: Position) -> None:
        super().finish_setup(position)
        t = position.timing
        if t.phase == "start" and "fixed_x" not in position.memo:
            T._begin_start(position, lambda *a: None)

    def validate_setup(self, position: Position, fail) -> None:
        for player in position.players:
            seen: dict[tuple[int, int], str] = {}
            for copy in S.cards_in_play(position, player):
                cell = S.cell_of(copy)
                if cell is None or copy.attached_to is not None:
                    continue
                if not (1 <= cell[0] <= S.ROWS and 1 <= cell[1] <= S.COLUMNS):
                    fail(f"{player} cell {cell[0]}.{cell[1]}: a side of the field has rows 1-{S.ROWS} and "
                         f"columns 1-{S.COLUMNS}")
                if cell in seen:
                    fail(f"{player} cell {cell[0]}.{cell[1]} holds both \"{seen[cell]}\" and \"{copy.name}\"")
                seen[cell] = copy.name

    # ---- verbs --------------------------------------------------------------------------
    def verb_roll(self, ctx):
        prelim.roll(ctx)

    def verb_choose(self, ctx):
        prelim.choose(ctx)

    def verb_mulligan(self, ctx):
        prelim.declare_mulligan(ctx, True)

    def verb_keep(self, ctx):
        prelim.declare_mulligan(ctx, False)

    def verb_place(self, ctx):
        prelim.place(ctx)

    def verb_seat(self, ctx):
        prelim.seat(ctx)

    def verb_reveal(self, ctx):
        battle.reveal(ctx)

    def verb_use(self, ctx):
        battle.use(ctx)

    def verb_move(self, ctx):
        battle.move(ctx)

    def verb_act(self, ctx):
        battle.act(ctx)

    def verb_defend(self, ctx):
        from .defenders import defend

        defend(ctx)

    def verb_pass_turn(self, ctx):
        battle.pass_turn(ctx)

    def verb_keep_closed(self, ctx):
        battle.keep_closed(ctx)

    def verb_pass(self, ctx):
        do_pass(ctx.position, ctx.actor, ctx.step, ctx.reject)

    # ---- advance ------------------------------------------------------------------------
    def advance(self, position: Position, kind: str, target: str | None, lines=()) -> AdvanceResult:
        return _advance(position, kind, target)

    # ---- properties ---------------------------------------------------------------------
    def card_property(self, position: Position, copy, prop: str) -> Any:
        if prop == "life":
            return S.life_now(position, copy)
        if prop == "movement":
            return S.movement_left(position, copy)
        if prop == "attached-to":
            host = position.copies.get(copy.attached_to) if copy.attached_to else None
            return host.name if host else None
        if prop == "keyword":
            return S.keywords(position, copy)
        if prop == "status":
            return [f"{k} {v}" if v != 1 else k for k, v in S.statuses(position, copy).items()] + \
                [k for k, v in S.statuses(position, copy).items() if v != 1]
        if prop == "strike":
            return S.strike_now(position, copy)
        return super().card_property(position, copy, prop)

    def player_property(self, position: Position, player: str, prop: str) -> Any:
        # a scenario that begins after the Preliminary phase has no roll: the first seat is the
        # First player (B-MAIN: the Main phase starts with the First player active), as S.first_player reads it
        known = "first" in position.memo or position.timing.phase != "preliminary"
        if prop == "first":
            return known and S.first_player(position) == player
        if prop == "second":
            return known and S.second_player(position) == player
        if prop == "mulligan-right":
            return player not in position.memo.get("mulligan", {}).get("lost", [])
        return super().player_property(position, player, prop)

    def property_rules(self, prop: str) -> tuple[str, ...]:
        return {"closed": ("B-410.2", "B-414"), "hidden": ("B-404.1", "B-REVEAL"), "wounds": ("B-STACK",),
                "tokens": ("B-STACK",), "life": ("B-STACK",), "movement": ("B-413",),
                "attached-to": ("B-405.2",), "status": ("B-410.2",), "keyword": ("B-STACK",), "gold-crystals": ("B-402.1", "B-402.4"),
                "silver-crystals": ("B-402.1",), "first": ("B-402.1",), "second": ("B-402.1",),
                "mulligan-right": ("B-402.4.1",), "deal": ("B-402.3",)}.get(prop, ())


def do_pass(position: Position, player: str, rec, reject) -> None:
    """A pass — what it means depends on the step (B-408.3, B-401.3, B-402.4.1, B-412.2 …)."""
    t = position.timing
    step = T.stage(position)
    from .stack import awaiting_target

    pending = awaiting_target(position)
    if pending is not None and pending.payload.get("needs_tier"):
        reject("B-STACK", f"{pending.controller} must first state the result of \"{pending.source}\"'s triggered "
               f"ability ({pending.controller} uses \"{pending.source}\" … choosing weak|medium|strong): the engine "
               "does not roll the die")
    if pending is not None:
        reject("B-STACK", f"{pending.controller} must first name the target of \"{pending.source}\"'s triggered "
               f"ability ({pending.controller} uses \"{pending.source}\" targeting …): a triggered ability is "
               "declared with its target as it goes onto the stack")
    if t.phase == "preliminary":
        if step == "roll":
            reject("B-402.1", "the roll step cannot be passed: both players roll, and the higher roll chooses")
        if step == "mulligan":
            nxt = prelim.mulligan_declarer(position)
            if nxt != player:
                reject("B-402.4.1", f"{nxt} declares now (the First player first, then the Second)")
            prelim._mull(position)["declared"][player] = "keep"
            prelim._mull(position)["lost"].append(player)
            rec("effect", f"{player} takes no mulligan and loses the right to one", "B-402.4.1")
            prelim._mulligan_round(position, rec)
            return
        if step == "placement":
            if player in position.memo.get("done", []):
                reject("B-404.1", f"{player} has already finished placing")
            prelim.placement_pass(position, player, rec, reject)
            return
        if step == "reveal":
            if prelim.revealer(position) != player:
                reject("B-REVEAL", f"{prelim.revealer(position)} reveals now (the First player first)")
            prelim.reveal_all(position, player, rec)
            return
        if step == "seating":
            if prelim.seater(position) != player:
                reject("B-405.2", f"it is {prelim.seater(position)}'s turn to seat cards")
            prelim.seating_pass(position, player, rec, reject)
            return
    if t.priority != player:
        reject("B-411" if step == "choice" else "B-408.2", f"{player} does not have priority ({t.priority} has it)")
    if T.is_alternating(position):
        T.alternating_pass(position, player, rec)
        return
    if step == "choice":
        if not position.memo.get("passing_turn"):
            reject("B-412.2", "the Choice subphase cannot be passed: the active player declares a movement, an "
                   "action, or passes the turn (pass-turn)")
        T.choice_opponent_pass(position, player, rec)
        return
    T.generic_pass(position, player, rec)
