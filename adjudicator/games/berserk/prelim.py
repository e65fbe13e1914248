"""The Preliminary phase: roll-off, crystals, deal, mulligans, placement, reveal, seating
(B-401.1 … B-407.1). Each function carries out one verb on ``ctx`` or rejects it."""

from __future__ import annotations

from adjudicator.core.position import Position

from . import state as S
from . import timing as T

GOLD, SILVER = 24, 22


def need_step(ctx, step: str, rule: str, what: str) -> None:
    t = ctx.position.timing
    if t.phase != "preliminary" or t.step != step:
        where = f"the {t.step or t.phase} {'step' if t.step else 'phase'}"
        ctx.reject(rule, f"{what} only in the {step} step of the Preliminary phase, not in {where}")


# ---- B-402.1 roll and choice ------------------------------------------------------------------
def roll(ctx) -> None:
    need_step(ctx, "roll", "B-402.1", "dice are rolled for turn order")
    pos, me = ctx.position, ctx.actor
    nums = [o.number for o in ctx.body.objects if o.kind == "number"]
    if len(nums) != 1 or not 1 <= nums[0] <= 6:
        ctx.reject("B-402.1", "say the number rolled on the die, 1 to 6 (Alice rolls 4)")
    rolls = pos.memo.setdefault("rolls", {})
    if pos.memo.get("roll_winner"):
        ctx.reject("B-402.1", f"the roll-off is decided: {pos.memo['roll_winner']} chooses First or Second")
    if me in rolls:
        ctx.reject("B-402.1", f"{me} has already rolled {rolls[me]}; only a tie is rolled again")
    rolls[me] = nums[0]
    ctx.step("effect", f"{me} rolls {nums[0]}", "B-402.1")
    if len(rolls) < len(pos.players):
        pos.timing.priority = S.other(pos, me)
        return
    (a, ra), (b, rb) = rolls.items()
    if ra == rb:
        pos.memo["rolls"] = {}
        ctx.step("event", f"both rolled {ra}: a tie, the dice are rolled again", "B-402.1")
        return
    winner = a if ra > rb else b
    pos.memo["roll_winner"] = winner
    pos.timing.priority = winner
    ctx.step("event", f"{winner} rolled higher and chooses to be the First or the Second player", "B-402.1")


def choose(ctx) -> None:
    need_step(ctx, "roll", "B-402.1", "First/Second is chosen")
    pos, me = ctx.position, ctx.actor
    winner = pos.memo.get("roll_winner")
    if winner is None:
        ctx.reject("B-402.1", "nobody has won the roll yet: both players roll first (ties are rolled again)")
    if winner != me:
        ctx.reject("B-402.1", f"only the player with the higher roll ({winner}) chooses First or Second")
    words = [o.text for o in ctx.body.objects if o.kind == "word"] + list(ctx.body.flags)
    if words not in (["first"], ["second"]):
        ctx.reject("B-402.1", "choose 'first' or 'second'")
    first = me if words[0] == "first" else S.other(pos, me)
    second = S.other(pos, first)
    pos.memo["first"] = first
    pos.memo.pop("rolls", None)
    pos.memo.pop("roll_winner", None)
    ctx.step("effect", f"{me} chooses to be {words[0]}: {first} is the First player", "B-402.1")
    for player, extra in ((first, 0), (second, 1)):
        attrs = pos.players[player].attrs
        attrs["gold-crystals"], attrs["silver-crystals"] = GOLD + extra, SILVER + extra
        ctx.step("effect", f"{player} gets {GOLD + extra} gold and {SILVER + extra} silver crystals", "B-402.1")
    pos.timing.active = first
    T.end_stage(pos, ctx.step)


# ---- B-402.4 mulligan -------------------------------------------------------------------------
def _mull(pos: Position) -> dict:
    return pos.memo.setdefault("mulligan", {"lost": [], "declared": {}})


def mulligan_declarer(pos: Position) -> str | None:
    """Whose declaration comes next (B-402.4.1): First, then Second; lost rights are skipped."""
    m = _mull(pos)
    for p in (S.first_player(pos), S.second_player(pos)):
        if p not in m["lost"] and p not in m["declared"]:
            return p
    return None


def declare_mulligan(ctx, wants: bool) -> None:
    need_step(ctx, "mulligan", "B-402.4", "mulligans are declared")
    pos, me = ctx.position, ctx.actor
    m = _mull(pos)
    if me in m["lost"]:
        ctx.reject("B-402.4.1", f"{me} declined a mulligan earlier and has lost the right for good")
    nxt = mulligan_declarer(pos)
    if nxt != me:
        ctx.reject("B-402.4.1", f"{nxt} declares first (the First player declares, then the Second)")
    if wants and pos.players[me].attrs.get("gold-crystals", 0) < 1:
        ctx.reject("B-402.4", f"{me} has no gold crystal left to pay for a mulligan")
    m["declared"][me] = "mulligan" if wants else "keep"
    if not wants:
        m["lost"].append(me)
        ctx.step("effect", f"{me} keeps the deal and loses the right to mulligan", "B-402.4.1")
    else:
        ctx.step("announce", f"{me} declares a mulligan", "B-402.4.1")
    _mulligan_round(pos, ctx.step)


def _mulligan_round(pos: Position, rec) -> None:
    m = _mull(pos)
    nxt = mulligan_declarer(pos)
    if nxt is not None:
        pos.timing.priority = nxt
        return
    for p in (S.first_player(pos), S.second_player(pos)):
        if m["declared"].get(p) == "mulligan":
            take_mulligan(pos, p, rec)
    m["declared"] = {}
    if len(m["lost"]) == len(pos.players):
        T.end_stage(pos, rec)
    else:
        pos.timing.priority = mulligan_declarer(pos)


def take_mulligan(pos: Position, player: str, rec) -> None:
    attrs = pos.players[player].attrs
    attrs["gold-crystals"] = attrs.get("gold-crystals", 0) - 1
    rec("cost", f"{player} pays 1 gold crystal", "B-402.4")
    deal = list(pos.zones.get((player, "deal"), []))
    for uid in deal:
        pos.move(uid, player, "deck", top=False)
    size = 12 if S.is_draft(pos) else 15
    for uid in list(pos.zones.get((player, "deck"), []))[:size]:
        pos.move(uid, player, "deal", top=False)
    rec("effect", f"{player} shuffles the deal back into the deck and deals {size} new cards", "B-402.4")


# ---- B-404.1 placement ---------------------------------------------------------------------------
def place(ctx) -> None:
    need_step(ctx, "placement", "B-404.1", "cards are placed")
    pos, me = ctx.position, ctx.actor
    if me in pos.memo.get("done", []):
        ctx.reject("B-404.1", f"{me} has finished placing")
    if not ctx.body.objects or ctx.body.to_zone is None or ctx.body.to_zone.cell is None:
        ctx.reject("B-404.1", "say which card goes to which cell: place \"Card\" to cell 1.2")
    copy = ctx.card(ctx.body.objects[0], where=lambda c: c.controller == me and not S.in_play(c),
                    purpose="the card to place")
    if copy.controller != me or copy.zone not in ("squad", "deal", "hand"):
        ctx.reject("B-404.1", f"\"{copy.name}\" is not in {me}'s squad waiting to be placed")
    cell = ctx.body.to_zone.cell
    if not (1 <= cell[0] <= S.ROWS and 1 <= cell[1] <= S.COLUMNS):
        ctx.reject("B-404.1", f"there is no cell {cell[0]}.{cell[1]} on {me}'s side of the field")
    if cell in S.forbidden_cells(pos, me):
        ctx.reject("B-404.1", f"cell {cell[0]}.{cell[1]} is forbidden to {me} for placement by an effect, so it "
                   "counts as occupied")
    if S.occupant(pos, me, cell):
        ctx.reject("B-404.1", f"cell {cell[0]}.{cell[1]} is occupied by \"{S.occupant(pos, me, cell).name}\"")
    pos.move(copy.uid, me, f"cell {cell[0]}.{cell[1]}")
    copy.flags.add("hidden")
    ctx.step("effect", f"{me} places \"{copy.name}\" face down on cell {cell[0]}.{cell[1]}", "B-404.1")


def waiting_to_place(pos: Position, player: str) -> list:
    return [c for c in pos.zone(player, "squad") if c.card.type in ("creature", "terrain", "artifact")]


def placement_pass(pos: Position, player: str, rec, reject) -> None:
    waiting = waiting_to_place(pos, player)
    if waiting:
        reject("B-404.2", f"{player} still has {', '.join(repr(c.name) for c in waiting)} to place: the step goes on "
               "until all cards are placed")
    done = pos.memo.setdefault("done", [])
    if player not in done:
        done.append(player)
    rec("timing", f"{player} has finished placing", "B-404.1", "B-408.3")
    if len(done) == len(pos.players):
        T.end_stage(pos, rec)
    else:
        pos.timing.priority = S.other(pos, player)


# ---- B-REVEAL ------------------------------------------------------------------------------
def revealer(pos: Position) -> str | None:
    done = pos.memo.get("reveal_done", [])
    for p in (S.first_player(pos), S.second_player(pos)):
        if p not in done:
            return p
    return None


def keep_hidden(ctx) -> None:
    pos, me = ctx.position, ctx.actor
    if me != S.second_player(pos):
        ctx.reject("B-REVEAL", f"only the Second player may keep cards hidden; {me} is the First player")
    if revealer(pos) != me:
        ctx.reject("B-REVEAL", "the First player reveals first")
    for obj in ctx.body.objects:
        copy = ctx.card(obj, where=lambda c: c.controller == me and S.cell_of(c) is not None)
        cell = S.cell_of(copy)
        if copy.controller != me or cell is None or cell[0] != 3:
            ctx.reject("B-REVEAL", f"\"{copy.name}\" is not in {me}'s 3rd row: only 3rd-row cards may stay hidden")
        if "hidden" not in copy.flags:
            ctx.reject("B-REVEAL", f"\"{copy.name}\" is already revealed")
        kept = pos.memo.setdefault("kept_hidden", [])
        if copy.uid not in kept:
            kept.append(copy.uid)
        ctx.step("effect", f"{me} keeps \"{copy.name}\" hidden until the end of the First player's first turn",
                 "B-REVEAL")


def reveal_all(pos: Position, player: str, rec) -> None:
    kept = set(pos.memo.get("kept_hidden", []))
    for copy in sorted(S.cards_in_play(pos, player), key=lambda c: c.uid):
        if "hidden" in copy.flags and copy.uid not in kept:
            T.reveal_card(pos, copy, rec, "B-REVEAL")
    pos.memo.setdefault("reveal_done", []).append(player)
    nxt = revealer(pos)
    if nxt is None:
        T.end_stage(pos, rec)
    else:
        pos.timing.priority = nxt


# ---- B-405.2 seating ------------------------------------------------------------------------
SEAT_STAGES = ("own", "own", "parasite", "parasite")


def seater(pos: Position) -> str:
    stage = pos.memo.get("seat_stage", 0)
    return S.first_player(pos) if stage % 2 == 0 else S.second_player(pos)


def unseated(pos: Position, player: str, parasites: bool) -> list:
    return [c for c in pos.all_copies() if c.controller == player and c.attached_to is None
            and c.card.type in ("symbiote", "equipment", "parasite") and c.zone not in ("deck", "graveyard", "hand")
            and S.is_parasite(c) == parasites]


def legal_hosts(pos: Position, copy, player: str) -> list:
    if S.is_parasite(copy):
        opp = S.other(pos, player)
        return [c for c in S.cards_in_play(pos, opp) if c.attached_to is None and (S.cell_of(c) or (0,))[0] == 1
                and ("hidden" in c.flags or c.card.type == "creature")]
    return [c for c in S.cards_in_play(pos, player) if c.attached_to is None and c.card.type == "creature"]


def seat(ctx) -> None:
    need_step(ctx, "seating", "B-405.2", "symbiotes, equipment and parasites are seated")
    pos, me = ctx.position, ctx.actor
    stage = pos.memo.get("seat_stage", 0)
    if seater(pos) != me:
        ctx.reject("B-405.2", f"it is {seater(pos)}'s turn to seat cards (First player's symbiotes and equipment, "
                   "then the Second's, then parasites in the same order)")
    if not ctx.body.objects or ctx.body.onto is None:
        ctx.reject("B-405.2", "say which card sits on which: seat \"Symbiote\" onto \"Creature\"")
    copy = ctx.card(ctx.body.objects[0], where=lambda c: c.controller == me and c.attached_to is None)
    host = ctx.card(ctx.body.onto, purpose="the host")
    if copy.controller != me or copy.card.type not in ("symbiote", "equipment", "parasite") or copy.attached_to:
        ctx.reject("B-405.2", f"\"{copy.name}\" is not one of {me}'s unseated symbiotes, parasites or equipment")
    parasite = S.is_parasite(copy)
    if parasite != (SEAT_STAGES[stage] == "parasite"):
        ctx.reject("B-405.2", "parasites are seated after all symbiotes and equipment" if parasite
                   else "symbiotes and equipment are seated before the parasites; that part is over")
    if parasite:
        cell = S.cell_of(host)
        if host.controller == me or cell is None or cell[0] != 1:
            ctx.reject("B-405.2", f"a parasite goes on a creature in the opponent's 1st row; \"{host.name}\" is not")
        if "hidden" not in host.flags and host.card.type != "creature":
            ctx.reject("B-405.2.1", f"\"{host.name}\" is not a creature a parasite can go on")
    else:
        if host.controller != me or not S.in_play(host):
            ctx.reject("B-405.2", f"symbiotes and equipment go on creatures of {me}'s own squad")
        if host.card.type != "creature" or "hidden" in host.flags and host.card.type == "terrain":
            ctx.reject("B-405.2.1", f"\"{host.name}\" is not a legal card for it (only a creature; never a hidden "
                       "terrain)")
        if copy.card.type == "equipment" and S.has_keyword(pos, host, "Не носит экипировку"):
            # the host's own text «Не носит экипировку»: no equipment may be seated on it
            ctx.reject("B-405.2.1", f"\"{host.name}\" is not a legal card for it: its text says «Не носит экипировку» "
                       "(it wears no equipment)")
    copy.attached_to = host.uid
    pos.move(copy.uid, host.controller, host.zone, top=False)
    ctx.step("effect", f"{me} seats \"{copy.name}\" on \"{host.name}\"", "B-405.2")
    if not parasite and "hidden" in host.flags:
        host.flags.discard("hidden")
        ctx.step("effect", f"\"{host.name}\" is revealed: it was given a symbiote", "B-405.2.1")


def seating_pass(pos: Position, player: str, rec, reject) -> None:
    stage = pos.memo.get("seat_stage", 0)
    if SEAT_STAGES[stage] == "own":
        for c in unseated(pos, player, parasites=False):
            if c.card.type != "equipment" and legal_hosts(pos, c, player):
                reject("B-405.2.1", f"\"{c.name}\" has a legal creature to sit on, so it must be seated")
    rec("timing", f"{player} has finished seating", "B-405.2")
    if stage + 1 < len(SEAT_STAGES):
        pos.memo["seat_stage"] = stage + 1
        pos.timing.priority = seater(pos)
        return
    for p in (S.first_player(pos), S.second_player(pos)):
        for c in unseated(pos, p, False) + unseated(pos, p, True):
            pos.move(c.uid, c.owner, "graveyard")
            rec("effect", f"\"{c.name}\" has no host and dies", "B-405.2")
    T.end_stage(pos, rec)
