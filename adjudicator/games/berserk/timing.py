"""The sequence of battle: preliminary steps, then turns of Start, Opening, Main and Final
phases (B-408.2); passing priority and ending steps (B-408.3, B-401.3, B-415.3)."""

from __future__ import annotations

from adjudicator.core.position import Position
from adjudicator.core.ruling import Rejected

from . import state as S
from .stack import resolve_top, turn_triggers

PRELIM_STEPS = ("roll", "shuffle", "deal", "mulligan", "placement", "after-placement", "reveal", "seating",
                "start-of-battle", "vanguard")
#: steps in which players alternate using abilities of one kind (B-401.3)
ALTERNATING = {"after-placement": ("after-placement", "B-404.2"), "start-of-battle": ("start-of-battle", "B-406.1"),
               "vanguard": ("vanguard", "B-407.1")}
STAGE_RULE = {"roll": "B-402.1", "shuffle": "B-402.2", "deal": "B-402.3", "mulligan": "B-402.4",
              "placement": "B-404.1", "after-placement": "B-404.2", "reveal": "B-REVEAL", "seating": "B-405.2",
              "start-of-battle": "B-406.1", "vanguard": "B-407.1", "start": "B-409.1", "preparation": "B-410.1",
              "opening": "B-410.2", "choice": "B-412.2", "movement": "B-413", "action": "B-414", "final": "B-415.1"}


def stage(position: Position) -> str:
    """The current step, or the phase when the phase has no steps (start, final)."""
    t = position.timing
    return t.step or t.phase


def is_alternating(position: Position) -> bool:
    return stage(position) in ALTERNATING or position.timing.phase == "start"


def alternation_leader(position: Position) -> str:
    return position.timing.active if position.timing.phase == "start" else S.first_player(position)


# ---- entering steps ----------------------------------------------------------------------
def enter(position: Position, phase: str, step: str | None, rec) -> None:
    t = position.timing
    t.phase, t.step, t.passes = phase, step, 0
    for key in ("out", "done", "seat_stage", "reveal_done", "passing_turn"):
        position.memo.pop(key, None)
    t.priority = S.first_player(position) if phase == "preliminary" else t.active
    name = step or phase
    rules = (STAGE_RULE[name],) if phase == "preliminary" else ("B-408.2", STAGE_RULE[name])
    rec("timing", f"{'step' if step else 'phase'} {name} begins; {t.priority} receives priority", *rules)
    begin = _BEGIN.get(name)
    if begin:
        begin(position, rec)


def _begin_deal(position: Position, rec) -> None:
    size = 12 if S.is_draft(position) else 15
    for player in (S.first_player(position), S.second_player(position)):
        deck = position.zones.get((player, "deck"), [])
        taken = deck[:size]
        for uid in taken:
            position.move(uid, player, "deal", top=False)
        rec("effect", f"{player} takes the top {len(taken)} cards of the deck as the deal"
            + (" (draft)" if size == 12 else ""), "B-402.3")


def _begin_shuffle(position: Position, rec) -> None:
    rec("note", "each player shuffles their deck (and may shuffle or cut the opponent's); the order is random "
        "and unknown, so the engine keeps the listed order as that unknown order", "B-402.2")


def _begin_reveal(position: Position, rec) -> None:
    position.memo["reveal_done"] = []


def _begin_seating(position: Position, rec) -> None:
    position.memo["seat_stage"] = 0


def _begin_start(position: Position, rec) -> None:
    """B-409.1: values effects fix "at the start of turn" are fixed now."""
    fixed = {}
    for copy in S.cards_in_play(position):
        if any(isinstance(e.get("amount"), dict) for ab in S.abilities(position, copy) for e in ab["effects"]):
            fixed[str(copy.uid)] = {"tokens": copy.counters.get("tokens", 0),
                                    "wounds": copy.counters.get("wounds", 0)}
            rec("note", f"X of \"{copy.name}\" is fixed at {fixed[str(copy.uid)]['tokens']} (its tokens now)",
                "B-409.1")
    position.memo["fixed_x"] = fixed


def _begin_opening(position: Position, rec) -> None:
    t = position.timing
    kept = set(position.memo.get("kept_closed", []))
    opened = set()
    skip = position.memo.get("skip_opening", [])
    for copy in S.cards_in_play(position, t.active):
        if copy.uid in skip:
            # «не открывается в начале своего следующего хода» (effects._one): this is that opening
            while copy.uid in skip:
                skip.remove(copy.uid)
            if "closed" in copy.flags:
                rec("note", f"\"{copy.name}\" does not open: an effect forbids it at this opening", "B-410.2")
                continue
        if "closed" in copy.flags and S.restricted(position, copy, "no-open"):
            rec("note", f"\"{copy.name}\" does not open: an ability or effect forbids it", "B-410.2")
            continue
        if "closed" in copy.flags and copy.uid not in kept:
            copy.flags.discard("closed")
            opened.add(copy.uid)
    position.memo.pop("kept_closed", None)
    names = ", ".join(f'"{position.copies[u].name}"' for u in sorted(opened)) or "nothing"
    rec("effect", f"{t.active} opens all closed cards at once, without the stack: {names}", "B-410.2")
    turn_triggers(position, "start-of-turn", "B-410.2", rec, opened)


def _begin_final(position: Position, rec) -> None:
    turn_triggers(position, "end-of-turn", "B-415.1", rec)


def _begin_start_of_battle(position: Position, rec) -> None:
    """«Начинает бой с [:cnt]» / «… с N дополнительными [:tgh]» / «… с N ранами»: the card is
    in that state when the battle starts, so the engine applies it as the start-of-battle
    step begins (B-406.1), before anyone uses an "at the start of battle" ability; the First
    player's cards first. Tokens and wounds are counters; additional lives are the glossary's
    «Дополнительные жизни»: «Эффект, увеличивающий уровень жизней карты. Нанесение на карту
    ран не снимает дополнительные жизни» — a lasting +N to life. A card still hidden (B-REVEAL
    lets the Second player keep 3rd-row cards hidden) shows nothing yet: it starts so when it
    is revealed (``reveal_card``)."""
    position.memo["battle_started"] = True
    for player in (S.first_player(position), S.second_player(position)):
        for copy in sorted(S.cards_in_play(position, player), key=S.board_order):
            if "hidden" in copy.flags:
                continue
            start_with(position, copy, rec, "B-406.1")


def start_with(position: Position, copy, rec, rule: str) -> None:
    from adjudicator.core.position import Modifier

    done = position.memo.setdefault("started_with", [])
    if copy.uid in done:
        return
    for ab in S.abilities(position, copy):
        if ab.get("static") != "start-with" or ab["unknown"]:
            continue
        if copy.uid not in done:
            done.append(copy.uid)
        for eff in ab["effects"]:
            n = S.amount(position, copy, eff["amount"])  # a number, or X counted from the squad
            if eff["stat"] == "life":
                position.modifiers.append(Modifier(copy.uid, stat="life", delta=n, duration="permanent",
                                                   source=copy.name, rule=rule, created_turn=position.timing.turn))
                rec("effect", f"\"{copy.name}\" starts the battle with {n} additional li{'ves' if n != 1 else 'fe'} "
                    f"(+{n} life)", rule)
            else:
                if eff["stat"] == "tokens":
                    n, _ = S.tokens_room(position, copy, n)  # «Максимум N [:cnt]»
                copy.counters[eff["stat"]] = copy.counters.get(eff["stat"], 0) + n
                word = {"tokens": "token", "wounds": "wound"}[eff["stat"]]
                rec("effect", f"\"{copy.name}\" starts the battle with {n} {word}{'s' if n != 1 else ''}", rule)


_BEGIN = {"start-of-battle": _begin_start_of_battle, "deal": _begin_deal, "shuffle": _begin_shuffle, "reveal": _begin_reveal, "seating": _begin_seating,
          "start": _begin_start, "opening": _begin_opening, "final": _begin_final}


# ---- leaving steps -----------------------------------------------------------------------
def end_stage(position: Position, rec) -> None:
    """The current step or phase is over: go to the next one (B-408.3)."""
    t = position.timing
    name = stage(position)
    if t.phase == "preliminary":
        i = PRELIM_STEPS.index(name)
        if i + 1 < len(PRELIM_STEPS):
            enter(position, "preliminary", PRELIM_STEPS[i + 1], rec)
            return
        t.active = S.first_player(position)
        t.turn = 1
        rec("timing", f"the Preliminary phase is over: the Main phase of battle begins, {t.active} (First "
            "player) is active", "B-MAIN")
        _turn_begins(position, t.active, rec)
        enter(position, "start", None, rec)
    elif name == "start":
        enter(position, "opening", "preparation", rec)
    elif name == "preparation":
        enter(position, "opening", "opening", rec)
    elif name == "opening":
        enter(position, "main", "choice", rec)
    elif name in ("movement", "action"):
        rec("timing", f"the {name} subphase is over: back to the Choice subphase", "B-413" if name == "movement"
            else "B-414")
        enter(position, "main", "choice", rec)
    elif name == "choice":
        enter(position, "final", None, rec)
    elif name == "final":
        end_turn(position, rec)


def end_turn(position: Position, rec) -> None:
    """B-415.3: "until the end of turn" effects end together, then the turn passes."""
    t = position.timing
    gone = position.expire(["turn", f"turn-end:{t.active}"])
    rec("effect", f"every \"until the end of turn\" effect ends at once ({len(gone)})", "B-415.3")
    from .death import check

    check(position, rec, "B-415.3")  # a +life that ran out may leave wounds at or above the lives
    if t.turn == 1 and t.active == S.first_player(position):
        position.memo.pop("kept_hidden", None)
        for copy in sorted(S.cards_in_play(position, S.second_player(position)), key=lambda c: c.uid):
            if "hidden" in copy.flags:
                reveal_card(position, copy, rec, "B-REVEAL")
    position.memo.pop("moved", None)
    position.memo.pop("used_turn", None)
    position.memo.pop("fixed_x", None)
    new_active = S.other(position, t.active)
    rec("timing", f"{t.active} becomes inactive; {new_active} takes the turn", "B-415.3")
    t.active = new_active
    t.turn += 1
    _turn_begins(position, new_active, rec)
    enter(position, "start", None, rec)


def _turn_begins(position: Position, player: str, rec) -> None:
    """«до начала вашего хода»: effects lasting until ``player``'s turn end as it begins (B-408.2: with
    its Start phase; the first turn begins as B-MAIN says)."""
    ended = position.expire([f"turn-start:{player}"])
    if ended:
        rec("effect", f"{len(ended)} effect{'s' if len(ended) != 1 else ''} lasting until {player}'s turn "
            "end now", "B-408.2")


def reveal_card(position: Position, copy, rec, rule: str) -> None:
    copy.flags.discard("hidden")
    where = ""
    if S.cell_of(copy) and (copy.card.type == "terrain" or S.is_flyer(position, copy)):
        position.move(copy.uid, copy.controller, "auxiliary", top=False)
        where = " and moves it to the auxiliary zone"
    rec("effect", f"{copy.controller} reveals \"{copy.name}\"{where}", rule)
    if position.memo.get("battle_started") or position.timing.phase != "preliminary":
        start_with(position, copy, rec, "B-406.1")
    if copy.card.type != "creature":
        for att in position.attachments_of(copy.uid):
            if S.is_parasite(att):
                att.attached_to = None
                position.move(att.uid, att.owner, "graveyard")
                rec("effect", f"\"{copy.name}\" proves an illegal host: the parasite \"{att.name}\" dies", "B-405.2.1")


# ---- passing -------------------------------------------------------------------------------
def generic_pass(position: Position, player: str, rec) -> None:
    """Priority passes; two passes in succession resolve the stack's top or end the step."""
    t = position.timing
    t.passes += 1
    rec("timing", f"{player} passes", "B-408.3")
    if t.passes < 2:
        t.priority = S.other(position, player)
        return
    if position.stack:
        resolve_top(position, rec)
        if position.memo.get("passing_turn") and not position.stack:
            _to_final_after_pass_turn(position, rec)
        return
    end_stage(position, rec)


def _to_final_after_pass_turn(position: Position, rec) -> None:
    rec("timing", "the stack has cleared after the turn was passed: the Final phase begins", "B-415.1")
    enter(position, "final", None, rec)


def alternating_pass(position: Position, player: str, rec) -> None:
    """B-401.3 (and B-404.2, B-406.1, B-407.1, B-409.1): who declines is out for the step."""
    t = position.timing
    out = position.memo.setdefault("out", [])
    if player not in out:
        out.append(player)
    rule = "B-409.1" if t.phase == "start" else ALTERNATING[stage(position)][1]
    rec("timing", f"{player} declines and cannot use such an ability later in this step", rule, "B-401.3")
    rest = [p for p in position.players if p not in out]
    if not rest:
        end_stage(position, rec)
    else:
        t.priority = rest[0]


def after_alternating_use(position: Position, player: str) -> None:
    """After a use the other player's turn comes, unless they are out (B-401.3)."""
    out = position.memo.get("out", [])
    opp = S.other(position, player)
    position.timing.priority = player if opp in out else opp
    position.timing.passes = 0


def choice_pass_turn(position: Position, player: str, rec) -> None:
    t = position.timing
    position.memo["passing_turn"] = True
    t.priority = S.other(position, player)
    t.passes = 0
    rec("timing", f"{player} passes the turn; priority goes to {t.priority}", "B-415.1", "B-412.2")


def choice_opponent_pass(position: Position, player: str, rec) -> None:
    rec("timing", f"{player} passes after the turn was passed", "B-415.1")
    if position.stack:
        generic_pass(position, player, rec)
        return
    enter(position, "final", None, rec)


def need_priority(position: Position, player: str, rule: str = "B-408.2") -> None:
    t = position.timing
    if t.priority != player:
        raise Rejected(rule, f"{player} does not have priority now ({t.priority} has it)")
