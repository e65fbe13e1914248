"""`advance to phase/step/next turn`: every player takes the "do nothing more" option
(passes, keeps the deal, declines optional abilities, passes the turn in the Choice
subphase), mandatory things happen, and the engine stops where a real choice is needed."""

from __future__ import annotations

from adjudicator.core.game import AdvanceResult
from adjudicator.core.position import Position
from adjudicator.core.ruling import Rejected, Step

from . import prelim
from . import state as S
from . import timing as T

LIMIT = 500


class _Stop(Exception):
    pass


def advance(position: Position, kind: str, target: str | None) -> AdvanceResult:
    from .game import do_pass

    pos = position.clone()
    steps: list[Step] = []
    reached = []

    def rec(k: str, description: str, *rules: str) -> None:
        steps.append(Step(k, description, tuple(rules)))
        if k == "timing" and " begins" in description:
            word = description.split()[0]
            name = description.split()[1]
            if kind == "step" and word == "step" and name == target:
                reached.append(name)
            if kind == "phase" and pos.timing.phase == target and (word == "phase" or pos.timing.step ==
                                                                      _first_step(target)):
                reached.append(name)

    def reject(rule, text):
        raise Rejected(rule, text)

    start_turn = pos.timing.turn
    for _ in range(LIMIT):
        if pos.game_over:
            return AdvanceResult(pos, steps, "the game is over")
        try:
            stop = _default_move(pos, rec, reject, do_pass)
        except Rejected as rej:
            return AdvanceResult(pos, steps, f"stopped: {rej.reasons[0].show()}")
        if stop:
            return AdvanceResult(pos, steps, stop)
        if reached or (kind == "turn" and pos.timing.turn != start_turn):
            return AdvanceResult(pos, steps, None)
    return AdvanceResult(pos, steps, f"stopped after {LIMIT} moves without reaching the target")


def _first_step(phase: str) -> str | None:
    from .game import Berserk

    steps = Berserk.steps.get(phase)
    return steps[0] if steps else None


def _default_move(pos: Position, rec, reject, do_pass) -> str | None:
    """Make one "do nothing more" move, or return why a real choice is needed."""
    t = pos.timing
    step = T.stage(pos)
    if t.phase == "preliminary":
        if step == "roll":
            rolled = pos.memo.get("roll_winner")
            return (f"{rolled} must choose First or Second (B-402.1)" if rolled
                    else "the players must roll the die (B-402.1)")
        if step == "mulligan":
            do_pass(pos, prelim.mulligan_declarer(pos), rec, reject)
            return None
        if step == "placement":
            for player in (S.first_player(pos), S.second_player(pos)):
                if player in pos.memo.get("done", []):
                    continue
                waiting = [c for c in pos.zone(player, "squad") if c.card.type in ("creature", "terrain", "artifact")]
                if waiting:
                    return (f"{player} must place {', '.join(repr(c.name) for c in waiting)} (B-404.1): where is a "
                            "real choice")
                do_pass(pos, player, rec, reject)
                return None
        if step == "reveal":
            do_pass(pos, prelim.revealer(pos), rec, reject)
            return None
        if step == "seating":
            player = prelim.seater(pos)
            if prelim.SEAT_STAGES[pos.memo.get("seat_stage", 0)] == "own":
                for c in prelim.unseated(pos, player, parasites=False):
                    if c.card.type == "equipment":
                        continue
                    hosts = prelim.legal_hosts(pos, c, player)
                    if len(hosts) > 1:
                        return f"{player} must choose where \"{c.name}\" sits (B-405.2.1): {len(hosts)} legal hosts"
                    if len(hosts) == 1:
                        _auto_seat(pos, c, hosts[0], rec)
                        return None
            do_pass(pos, player, rec, reject)
            return None
    if step == "choice" and not pos.memo.get("passing_turn"):
        T.choice_pass_turn(pos, t.active, rec)
        return None
    do_pass(pos, t.priority, rec, reject)
    return None


def _auto_seat(pos: Position, copy, host, rec) -> None:
    copy.attached_to = host.uid
    pos.move(copy.uid, host.controller, host.zone, top=False)
    rec("effect", f"\"{copy.name}\" must be seated and has one legal host: it sits on \"{host.name}\"",
        "B-405.2.1")
