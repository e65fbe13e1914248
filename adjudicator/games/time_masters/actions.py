"""The verbs of a mage's turn: pass, extend, end, play, discard, skip, take.

Each function gets the core's Context (a working copy of the position); ``ctx.reject``
stops the attempt with the rule that forbids it, ``ctx.step`` records the procedure.
"""

from __future__ import annotations

from ...core.errors import ScenarioError
from ...core.game import Context
from ...core.position import Copy, Position
from ...core.ruling import Reason, Rejected
from ...core.scenario_ast import Obj
from . import state as S
from .effects import carry_out, split_timer_text
from .turn import PHASE_TITLES, begin_phase, finish_phase


# ---- shared checks -------------------------------------------------------------------------

def check_turn(ctx: Context) -> None:
    pos = ctx.position
    if pos.game_over:
        ctx.reject("TM-GAMEEND", "the game is over: no more actions are taken")
    if ctx.actor != pos.timing.active:
        ctx.reject("TM-TURN", f"it is {pos.timing.active}'s turn; only the active mage acts, not {ctx.actor}")


def phase_title(pos: Position) -> str:
    return PHASE_TITLES.get(pos.timing.phase, pos.timing.phase)


def wrong_phase(ctx: Context, rule: str, text: str):
    """Reject an action taken in the wrong phase; in the End phase TM-END is cited too."""
    more = ()
    if ctx.position.timing.phase == "end":
        more = (Reason("TM-END", "the End phase offers no choices: the chain is discarded and the hand refilled "
                       "by themselves, so the mage can only pass"),)
    raise Rejected(rule, text, *more)


def need_main(ctx: Context, rule: str, what: str) -> None:
    if ctx.position.timing.phase != "main":
        wrong_phase(ctx, rule, f"{what} is a Main-phase action; it is the {phase_title(ctx.position)} phase")
    S.turn_memo(ctx.position)["main_acted"] = True


def own_timer(ctx: Context, obj, rule: str) -> Copy:
    me = ctx.actor
    timer = ctx.card(obj, where=lambda c: c.card.type == "timer" and (c.zone_owner, c.zone) == (me, "timers"),
                     purpose="a timer in play")
    if timer.card.type != "timer":
        ctx.reject(rule, f"{timer.show()} is a {timer.card.type} card, not a timer")
    if (timer.zone_owner, timer.zone) != (me, "timers"):
        ctx.reject(rule, f"{timer.show()} is not in {me}'s timer zone (it is in {timer.zone_owner} {timer.zone})")
    return timer


def end_timer(pos: Position, timer: Copy, rec, rule: str) -> None:
    """TM-TIMERS.2 / TM-MAIN.4: timer and extensions to discard; knowledge stays, rotated."""
    me = timer.zone_owner
    under = S.cards_under(pos, timer)
    on = S.cards_on(pos, timer)
    for c in under:
        c.flags.discard("face-down")
        pos.move(c.uid, me, "discard")
    pos.move(timer.uid, me, "discard")
    rec("effect", f"end {timer.name}: the timer and {len(under)} extension card(s) go to the discard pile", rule)
    for c in on:
        pos.move(c.uid, me, "timers", top=False)
        c.flags.add(S.RELEASED)
    if on:
        names = ", ".join(c.show() for c in on)
        rec("effect", f"{names} stay(s) in the timer zone, rotated, usable this turn", rule)


# ---- pass and skip -------------------------------------------------------------------------

def verb_pass(ctx: Context) -> None:
    check_turn(ctx)
    pos = ctx.position
    if pos.timing.phase == "timers":
        pending = S.pending_full_timers(pos, ctx.actor)
        if pending:
            names = ", ".join(c.show() for c in pending)
            ctx.reject("TM-TIMERS", f"{names} is fully filled: {ctx.actor} must extend or end it before the "
                       "Timers phase can end")
    ctx.step("timing", f"{ctx.actor} passes: the {phase_title(pos)} phase ends", "TM-TURN")
    finish_phase(pos, ctx.step)


def verb_skip(ctx: Context) -> None:
    check_turn(ctx)
    pos, me = ctx.position, ctx.actor
    phase = pos.timing.phase
    if phase == "timers":
        pending = S.pending_full_timers(pos, me)
        if pending:
            ctx.reject("TM-TIMERS", f"{pending[0].show()} is fully filled: extend or end it before skipping")
    elif phase != "main":
        wrong_phase(ctx, "TM-SKIP", f"only the Main phase (with the Sphere-access phase) may be skipped; it is the "
                   f"{phase_title(pos)} phase")
    elif S.turn_memo(pos)["main_acted"]:
        ctx.reject("TM-SKIP", f"{me} has already acted in this Main phase, so it can no longer be skipped")
    attrs = pos.players[me].attrs
    spent = int(attrs.get("spent-time", 0))
    attrs["time"] = int(attrs.get("time", 0)) + spent
    attrs["spent-time"] = 0
    ctx.step("effect", f"{me} skips the Main and Sphere-access phases and restores all {spent} spent time",
             "TM-SKIP")
    begin_phase(pos, "end", ctx.step)


# ---- the Timers phase ----------------------------------------------------------------------

def _decision_timer(ctx: Context, verb: str) -> Copy:
    pos = ctx.position
    if not ctx.body.objects:
        raise _scenario_error(ctx, f"'{verb}' needs the timer: {verb} \"Timer\"")
    rule = "TM-TIMERS.1" if verb == "extend" else "TM-TIMERS.2"
    timer = own_timer(ctx, ctx.body.objects[0], rule)
    if not S.is_full(pos, timer):
        return timer
    if timer.uid in S.turn_memo(pos)["handled_timers"]:
        ctx.reject(rule, f"{timer.show()} was already extended this turn; its Timers-phase decision is made")
    return timer


def verb_extend(ctx: Context) -> None:
    check_turn(ctx)
    pos, me = ctx.position, ctx.actor
    if pos.timing.phase != "timers":
        wrong_phase(ctx, "TM-TIMERS.1", f"timers are extended only in the Timers phase at the start of the turn; it is "
                   f"the {phase_title(pos)} phase")
    timer = _decision_timer(ctx, "extend")
    if not S.is_full(pos, timer):
        ctx.reject("TM-TIMERS.1", f"{timer.show()} is not fully filled ({S.free_slots(pos, timer)} free slot(s)); "
                   "only a full timer is extended")
    card = _extension_card(ctx, timer)
    pos.move(card.uid, me, S.under_key(timer), top=False)
    card.flags.add("face-down")
    ctx.step("effect", f"extend {timer.name}: put {card.name} from hand face down under it", "TM-TIMERS.1")
    ctx.step("note", f"{me}'s hand limit is now {S.hand_limit(pos, me)} ({S.extension_count(pos, me)} card(s) "
             "under timers)", "TM-TIMERS.1", "TM-END.2")
    S.turn_memo(pos)["handled_timers"].append(timer.uid)


def _extension_card(ctx: Context, timer: Copy) -> Copy:
    pos, me = ctx.position, ctx.actor
    named = list(ctx.body.paying or ctx.body.with_ or ctx.body.objects[1:])
    in_hand = lambda c: (c.zone_owner, c.zone) == (me, "hand")  # noqa: E731
    if not named:
        hand = pos.zone(me, "hand")
        if not hand:
            ctx.reject("TM-TIMERS.1", f"{me} has no card in hand to put under {timer.show()}")
        if len({c.name for c in hand}) > 1:
            # any card will do for the rules; name one (``paying "Card"``) to choose it
            ctx.step("note", f"no card named: {hand[0].show()}, the first in hand, is used", "TM-TIMERS.1")
        return hand[0]
    if len(named) > 1:
        ctx.reject("TM-TIMERS.1", "a timer is extended with exactly one card from hand")
    card = ctx.card(named[0], where=in_hand, purpose="a card in hand")
    if not in_hand(card):
        ctx.reject("TM-TIMERS.1", f"{card.show()} is not in {me}'s hand; extensions come from the hand")
    return card


def verb_end(ctx: Context) -> None:
    check_turn(ctx)
    pos = ctx.position
    phase = pos.timing.phase
    if phase == "timers":
        timer = _decision_timer(ctx, "end")
        if not S.is_full(pos, timer):
            ctx.reject("TM-MAIN.4", f"{timer.show()} is not fully filled: the Timers phase decides only full "
                       "timers; a timer that is not full may be ended in the Main phase")
        end_timer(pos, timer, ctx.step, "TM-TIMERS.2")
        S.turn_memo(pos)["handled_timers"].append(timer.uid)
        return
    if phase != "main":
        wrong_phase(ctx, "TM-MAIN.4", f"a timer is ended in the Timers phase (when full) or in the Main phase; it is "
                   f"the {phase_title(pos)} phase")
    if not ctx.body.objects:
        raise _scenario_error(ctx, "'end' needs the timer: end \"Timer\"")
    timer = own_timer(ctx, ctx.body.objects[0], "TM-MAIN.4")
    S.turn_memo(pos)["main_acted"] = True
    end_timer(pos, timer, ctx.step, "TM-MAIN.4")


# ---- the Main phase ------------------------------------------------------------------------

def verb_play(ctx: Context) -> None:
    check_turn(ctx)
    pos, me = ctx.position, ctx.actor
    if len(ctx.body.objects) != 1:
        raise _scenario_error(ctx, "'play' takes one card: play \"Card\"")
    playable = lambda c: c.owner == me and c.zone_owner == me and c.zone in ("hand", "timers")  # noqa: E731
    card = ctx.card(ctx.body.objects[0], where=playable, purpose="a card in hand")
    if card.zone_owner == me and card.zone == "timers" and card.card.type == "knowledge":
        return _play_released(ctx, card)
    if card.zone.startswith("on ") and card.zone_owner == me:
        ctx.reject("TM-MAIN.4", f"{card.show()} lies on a timer ({card.zone}); it can be used only after that "
                   "timer is ended")
    if (card.zone_owner, card.zone) != (me, "hand"):
        ctx.reject("TM-MAIN", f"{card.show()} is not in {me}'s hand (it is in {card.zone_owner} {card.zone}); "
                   "cards are played from hand")
    kind = card.card.type
    rule = {"timer": "TM-MAIN.1", "trick": "TM-MAIN.2", "knowledge": "TM-MAIN.3"}[kind]
    need_main(ctx, rule, f"playing {card.show()} from hand")
    if kind == "timer":
        _refuse_clauses(ctx, rule, "a timer goes into the timer zone")
        pos.move(card.uid, me, "timers", top=False)
        ctx.step("event", f"{card.name} is played free into {me}'s timer zone", rule)
    elif kind == "trick":
        _refuse_clauses(ctx, rule, "a trick goes to the discard pile")
        ctx.step("event", f"{card.name} is played free", rule)
        carry_out(ctx, card, card.card.text, rule)
        pos.move(card.uid, me, "discard")
        ctx.step("cleanup", f"{card.name} goes face up onto {me}'s discard pile", rule)
    else:
        _play_knowledge(ctx, card)


def _refuse_clauses(ctx: Context, rule: str, why: str) -> None:
    body = ctx.body
    if body.onto is not None or body.to_zone is not None or body.paying:
        ctx.reject(rule, f"{why}; it costs nothing and goes nowhere else")


def _play_knowledge(ctx: Context, card: Copy) -> None:
    pos, me, body = ctx.position, ctx.actor, ctx.body
    timer = None
    onto = body.onto
    if onto is None and body.to_zone is not None and body.to_zone.name == "on":
        onto = Obj("card", body.to_zone.card or "", pos=body.to_zone.pos)  # 'to on "Timer"' = 'onto "Timer"'
    if onto is not None:
        timer = own_timer(ctx, onto, "TM-MAIN.3")
        if S.free_slots(pos, timer) == 0:
            ctx.reject("TM-MAIN.3", f"{timer.show()} has no free black slot ({S.slots(pos, timer)} slot(s), all "
                       "filled)")
    elif body.to_zone is not None and body.to_zone.name != "chain":
        ctx.reject("TM-MAIN.3", "a knowledge card goes onto a timer with a free slot or into the chain, not to "
                   f"{body.to_zone.key}")
    _pay_time(ctx, card)
    if timer is not None:
        pos.move(card.uid, me, S.on_key(timer), top=False)
        ctx.step("event", f"{card.name} is put on {timer.name}; its effect does not happen yet", "TM-MAIN.3")
        if S.is_full(pos, timer):
            ctx.step("note", f"{timer.name} is now fully filled", "TM-TIMERS")
        return
    pos.move(card.uid, me, "chain")
    ctx.step("event", f"{card.name} joins {me}'s chain (length {pos.zone_size(me, 'chain')})", "TM-MAIN.3")
    carry_out(ctx, card, card.card.text, "TM-MAIN.3")


def _pay_time(ctx: Context, card: Copy) -> None:
    """TM-MAIN.3: spend the time cost with regular time (flipped) and/or imaginary time (returned)."""
    pos, me = ctx.position, ctx.actor
    attrs = pos.players[me].attrs
    cost = int(pos.stat(card, "time-cost") or 0)
    have_regular, have_imaginary = int(attrs.get("time", 0)), int(attrs.get("imaginary-time", 0))
    regular, imaginary = _split_payment(ctx, cost, have_regular, have_imaginary)
    if regular + imaginary != cost:
        ctx.reject("TM-MAIN.3", f"{card.show()} costs {cost} time; the payment named comes to {regular + imaginary}")
    if regular > have_regular or imaginary > have_imaginary:
        ctx.reject("TM-MAIN.3", f"{card.show()} costs {cost} time ({regular} regular, {imaginary} imaginary) but "
                   f"{me} has {have_regular} regular and {have_imaginary} imaginary time")
    if regular:
        attrs["time"] = have_regular - regular
        attrs["spent-time"] = int(attrs.get("spent-time", 0)) + regular
        ctx.step("cost", f"{card.name}: spend {regular} time (token(s) turned grey side up)", "TM-MAIN.3")
    if imaginary:
        attrs["imaginary-time"] = have_imaginary - imaginary
        ctx.step("cost", f"{card.name}: spend {imaginary} imaginary time (token(s) returned to the supply)",
                 "TM-MAIN.3")


_REGULAR_WORDS = ("time", "regular", "regular-time")
_IMAGINARY_WORDS = ("imaginary", "imaginary-time")


def _split_payment(ctx: Context, cost: int, have_regular: int, have_imaginary: int) -> tuple[int, int]:
    """``paying time 1, imaginary 2`` / ``paying imaginary`` / flag ``imaginary`` / nothing.

    Our pin: with no payment named, regular time is spent first and imaginary time only for
    the rest (the only way left to pay); a bare ``paying imaginary`` pays all in imaginary time.
    """
    words = {}
    for obj in ctx.body.paying:
        if obj.kind != "word" or obj.text not in _REGULAR_WORDS + _IMAGINARY_WORDS:
            raise _scenario_error(ctx, f"'paying {obj.show()}': pay time with 'paying time N, imaginary N'")
        words["imaginary" if obj.text in _IMAGINARY_WORDS else "time"] = obj.number
    if "imaginary" in ctx.body.flags:
        words.setdefault("imaginary", None)
    if not words:
        regular = min(cost, have_regular)
        return regular, cost - regular
    reg, imag = words.get("time", 0 if "time" not in words else None), words.get("imaginary", 0)
    if "time" in words and reg is None and "imaginary" in words and imag is None:
        reg = min(cost, have_regular)
        return reg, cost - reg
    if reg is None:
        reg = cost - (imag or 0)
    if imag is None:
        imag = cost - reg
    return reg, imag


def _play_released(ctx: Context, card: Copy) -> None:
    """A knowledge card left by an ended timer: into the chain with its effects, no new cost."""
    pos, me = ctx.position, ctx.actor
    if pos.timing.phase == "end":
        ctx.reject("TM-END", "the End phase has no actions; knowledge cards released by a timer are used in the "
                   "Timers, Main or Sphere-access phase")
    if ctx.body.onto is not None or ctx.body.paying:
        ctx.reject("TM-MAIN.4", f"{card.show()} was released by an ended timer: it is paid for and goes into "
                   "the chain, not onto a timer")
    if pos.timing.phase == "main":
        S.turn_memo(pos)["main_acted"] = True
    card.flags.discard(S.RELEASED)
    pos.move(card.uid, me, "chain")
    ctx.step("event", f"{card.name} moves from the timer zone into {me}'s chain (length "
             f"{pos.zone_size(me, 'chain')}); its time was paid when it went onto the timer", "TM-MAIN.4")
    carry_out(ctx, card, card.card.text, "TM-MAIN.4")


def verb_discard(ctx: Context) -> None:
    check_turn(ctx)
    pos, me = ctx.position, ctx.actor
    objs = ctx.body.objects
    if not objs:
        raise _scenario_error(ctx, "'discard' needs cards: discard \"A\", \"B\" or discard \"Timer\"")
    mine = lambda c: c.zone_owner == me and c.zone in ("hand", "timers")  # noqa: E731
    cards = [ctx.card(o, where=mine, purpose="a card in hand or a timer in play") for o in objs]
    if len(cards) == 1 and cards[0].card.type == "timer" and cards[0].zone == "timers":
        return _discard_timer(ctx, cards[0])
    for c in cards:
        if (c.zone_owner, c.zone) != (me, "hand"):
            ctx.reject("TM-MAIN.6", f"{c.show()} is not in {me}'s hand; time is restored by discarding 2 cards "
                       "from hand")
    if len({c.uid for c in cards}) != 2:
        ctx.reject("TM-MAIN.6", f"exactly 2 cards from hand are discarded to restore 1 time, not {len(cards)}")
    need_main(ctx, "TM-MAIN.6", "discarding 2 cards to restore time")
    attrs = pos.players[me].attrs
    if int(attrs.get("spent-time", 0)) < 1:
        ctx.reject("TM-MAIN.6", f"{me} has no spent time to restore")
    for c in cards:
        pos.move(c.uid, me, "discard")
    ctx.step("cost", f"discard {cards[0].name} and {cards[1].name} from hand", "TM-MAIN.6")
    attrs["spent-time"] = int(attrs["spent-time"]) - 1
    attrs["time"] = int(attrs.get("time", 0)) + 1
    ctx.step("effect", f"{me} restores 1 time (a token turned face up)", "TM-MAIN.6")


def _discard_timer(ctx: Context, timer: Copy) -> None:
    pos, me = ctx.position, ctx.actor
    _, effect = split_timer_text(timer.card.text)
    if effect is None:
        ctx.reject("TM-MAIN.5", f"{timer.show()} has no text allowing it to be discarded for an effect "
                   "(only such timers may be discarded; others are ended)")
    need_main(ctx, "TM-MAIN.5", f"discarding {timer.show()} for its effect")
    with_it = S.cards_under(pos, timer) + S.cards_on(pos, timer)
    for c in with_it:
        c.flags.discard("face-down")
        pos.move(c.uid, me, "discard")
    pos.move(timer.uid, me, "discard")
    lost = [c.name for c in with_it if c.card.type == "knowledge"]
    ctx.step("cost", f"discard {timer.name} with its {len(with_it)} card(s)", "TM-MAIN.5")
    if lost:
        ctx.step("note", f"{', '.join(lost)} go(es) to discard without effect and not into the chain", "TM-MAIN.5")
    carry_out(ctx, timer, effect, "TM-MAIN.5")


# ---- the Sphere-access phase ---------------------------------------------------------------

def verb_take(ctx: Context) -> None:
    check_turn(ctx)
    objs = ctx.body.objects
    if not objs or any(o.kind != "word" or o.text != "level" or o.number is None for o in objs):
        raise _scenario_error(ctx, "'take' names levels: take level N [second] / take level 1, level 4")
    second = "second" in ctx.body.flags
    if second and len(objs) > 1:
        raise _scenario_error(ctx, "'second' applies to one level: take level N second")
    for obj in objs:
        _take_one(ctx, obj.number, second)


def _take_one(ctx: Context, level: int, second: bool) -> None:
    pos, me = ctx.position, ctx.actor
    if pos.timing.phase != "access":
        wrong_phase(ctx, "TM-ACCESS", f"cards of the spheres are taken in the Sphere-access phase; it is the "
                   f"{phase_title(pos)} phase")
    if level not in S.LEVELS:
        ctx.reject("TM-ACCESS", f"there is no level {level}; the spheres have levels 1 to 5")
    memo = S.turn_memo(pos)
    if level in memo["levels_taken"]:
        ctx.reject("TM-ACCESS.2", f"{me} has already taken a card of level {level} this turn; at most one card "
                   "per level")
    stack = S.level_stack(pos, level)
    need = 2 if second else 1
    if len(stack) < need:
        what = "second (face-down) card" if second else "card"
        ctx.reject("TM-ACCESS.3" if second else "TM-ACCESS", f"the level {level} stack has no {what} to take")
    cost = level + (1 if second else 0)
    chain = pos.zone_size(me, "chain")
    spent = memo["access_spent"]
    if spent + cost > chain:
        surcharge = " (level {0} +1 for the second card)".format(level) if second else ""
        text = (f"taking level {level}{' second' if second else ''} needs {cost}{surcharge}; the chain has length "
                f"{chain} and {spent} of it is already used")
        if second and spent + level <= chain:
            raise Rejected("TM-ACCESS.3", text, Reason("TM-ACCESS.1", text))
        ctx.reject("TM-ACCESS.1", text)
    card = stack[1] if second else stack[0]
    pos.move(card.uid, me, "hand")
    card.owner = card.controller = me
    card.flags.discard("face-down")
    memo["levels_taken"].append(level)
    memo["access_spent"] = spent + cost
    rules = ("TM-ACCESS.1", "TM-ACCESS.3") if second else ("TM-ACCESS.1",)
    ctx.step("cost", f"level {level}{' second card' if second else ''} uses {cost} of the chain's length {chain} "
             f"({spent + cost} used)", *rules)
    ctx.step("effect", f"{me} takes {card.name} from level {level} into hand", "TM-ACCESS")
    if not S.level_stack(pos, level):
        ctx.step("note", f"the level {level} stack is exhausted", "TM-GAMEEND.1")


def _scenario_error(ctx: Context, message: str) -> ScenarioError:
    pos = ctx.body.pos
    line = ctx.lines[pos.line - 1] if 0 < pos.line <= len(ctx.lines) else None
    return ScenarioError(message, pos.file, pos.line, pos.column, line)


__all__ = ["verb_pass", "verb_skip", "verb_extend", "verb_end", "verb_play", "verb_discard", "verb_take",
           "end_timer"]
