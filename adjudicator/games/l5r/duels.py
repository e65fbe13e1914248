"""Challenges and duels, carried out inside the action that creates them (L5R-ACT-EFFECT.5).

RULES.md has no duel rule; the readings are pinned from the Comprehensive Rules ("Challenge",
"Duel", "Duelist", "Duel Stat", "Focus Value", "Focusing Area", "Refuse") as the sub-rules
L5R-ACT-EFFECT.5 and .5.1 to .5.6 of adjudicator/rules/l5r.toml.

The ability grammar writes "Makoto challenges a target enemy Personality" (or "Makoto duels
him") as two clauses, ``duel-challenger`` (who challenges) then ``duel`` (who is challenged);
"the loser", "the duel's winner", "its winner" are targets with the state ``duel-loser`` /
``duel-winner``. The procedure hands the pair to :func:`carry_out` when it reaches it; the
duel is fought there, choice by choice:

* the focus turns come from the action line's ``focusing`` clause, in order from the
  challenged player: a card name from that player's hand, ``top`` (the top card of that
  player's Fate deck) or ``strike``. Without the clause, or once its turns run out, the player
  whose turn it is takes the "do nothing more" choice the scenario language gives ``advance``:
  he or she strikes (so with no clause the challenged player strikes at once);
* the result (winners, losers, the focused cards) is kept in the position's memo while the
  action's later clauses -- the duel's consequences -- resolve; :func:`finish` then discards
  the focused cards (L5R-ACT-EFFECT.5.6).
"""

from __future__ import annotations

from ...core.ability import Effect
from ...core.position import Copy
from .effects import Outcome, discard_copy, in_play
from .triggers_events import raise_event

CHALLENGE = "L5R-ACT-EFFECT.5"
REFUSE = "L5R-ACT-EFFECT.5.1"
FOCUS = "L5R-ACT-EFFECT.5.2"
STRIKE = "L5R-ACT-EFFECT.5.3"
RESOLUTION = "L5R-ACT-EFFECT.5.4"
DUELIST = "L5R-ACT-EFFECT.5.5"
CONSEQUENCES = "L5R-ACT-EFFECT.5.6"

#: memo key of the duel fought by the action now resolving: {"winners": [uid], "losers": [uid],
#: "focused": [uid], "happened": bool}; removed by :func:`finish` when the action's effects end
CURRENT = "_duel"
#: memo key: [turn, uid] of every Personality that issued a challenge that happened (refused or not)
CHALLENGED = "challenges-issued"
#: memo key: uids of the two Personalities in the duel being fought, from the challenge to the end
#: of the resolution ("while they are not involved in a duel")
INVOLVED = "_in-duel"
#: memo key: [turn, uid] of every Personality that won a duel ("if he has won a duel this turn")
WON = "duels-won"
#: the zone focused cards wait in: out of play, one per player (Comprehensive Rules, "Focusing Area")
FOCUSING = "focusing"

#: the most focuses one player makes in a duel (L5R-ACT-EFFECT.5.2)
MOST_FOCUSES = 4

#: the sides of a duel a target can name
SIDES = ("duel-winner", "duel-loser")

#: duel stats a "duel of X" names that the engine reads as a card's stat
_STATS = ("chi", "force", "personal-honor")


def _not_here(game, position, copy, effect, *, as_cost, source) -> Outcome:
    # a challenge is fought by carry_out from the procedure; any other path cannot run one
    return Outcome(False, f"{effect.kind} {copy.show()}", "a duel is fought only inside the action creating it")


CARD_KINDS = {"duel-challenger": _not_here, "duel": _not_here, "must-focus": _not_here, "refuse-duel": _not_here,
              "duel-stat": _not_here, "lose-duel": _not_here}
PLAYER_KINDS: dict = {}
def _loses_against_applies(effect, ref) -> bool:
    """"Tametaka loses any duel against Yoritomo Hiromi": the card's own trait, read in every duel
    it fights (:func:`_loses_against`)."""
    return ref == "this" and len(effect.values) == 1 and str(effect.values[0]).startswith("against:") \
        and not effect.target.states and not effect.target.keywords


CONTINUOUS_KINDS: dict = {"lose-duel": _loses_against_applies}


# ---- what the engine claims (effects.executes) -------------------------------------------


def _pairs(ability) -> list[int]:
    """Indexes of the ``duel-challenger`` clauses of ``ability``."""
    return [i for i, c in enumerate(ability.effects) if isinstance(c, Effect) and c.kind == "duel-challenger"]


def _guarded(ability, index: int) -> bool:
    return any(c.args[:1] == (f"effect {index}",) for c in ability.conditions)


def _side_read(ability, index: int) -> bool:
    """Can :func:`_side` tell which Personality the clause at ``index`` names?"""
    spec = ability.effects[index].target
    if spec is None:
        return False
    if spec.ref in ("this", "target", "it", "attached"):
        return True
    if spec.ref == "choice" and spec.owner != "you":  # "Your Samurai duels the Personality": the one target
        return not spec.states and not spec.keywords and len(_card_targets(ability)) == 1
    # "Choose your performing Personality ...: Your Personality duels the target": the card chosen
    return spec.ref == "choice" and spec.owner == "you" and not spec.states and _one_chosen(ability)


def _card_targets(ability) -> list:
    return [c.target for c in (*ability.costs, *ability.effects) if isinstance(c, Effect) and c.target is not None
            and c.target.ref == "target" and c.target.card_types != ("player",)]


def _one_chosen(ability) -> bool:
    chosen = [c for c in (*ability.costs, *ability.effects) if isinstance(c, Effect) and c.kind == "choose"]
    return len(chosen) == 1 and chosen[0].target is not None and chosen[0].target.count == 1 \
        and chosen[0].target.ref == "choice"


def executes(ability) -> bool:
    """For effects.executes: every challenge of ``ability`` is one :func:`carry_out` fights, and
    every "the winner" / "the loser" names a duel fought before it in the same ability."""
    pairs = _pairs(ability)
    named = [i for i, c in enumerate(ability.effects) if isinstance(c, Effect) and c.target is not None
             and set(c.target.states) & set(SIDES)]
    duels = [i for i, c in enumerate(ability.effects) if isinstance(c, Effect) and c.kind == "duel"]
    if not pairs and not duels:
        return not named  # "Give the winner +2F" with no duel: a duel fought elsewhere
    if ability.kind not in ("action", "reaction") or len(pairs) != 1 or len(duels) != 1:
        return False
    i = pairs[0]
    if duels[0] != i + 1 or _guarded(ability, i) or _guarded(ability, i + 1):
        return False
    duel = ability.effects[i + 1]
    if duel.keyword not in (None, "unrefusable") or (duel.stat is not None and duel.stat not in _STATS):
        return False
    refusal = _refusal(ability, i)
    if any(isinstance(c, Effect) and c.kind == "refuse-duel" for c in ability.effects) and (
            refusal is None or duel.keyword == "unrefusable" or not _refusal_consequences_read(ability, refusal[1])):
        return False  # a refusal in another form ("His controller may bow him; if he is now bowed, ...")
    extras = _extras(ability, i)
    if any(isinstance(c, Effect) and c.kind == "must-focus" and n not in extras
           for n, c in enumerate(ability.effects)) or any(_guarded(ability, n) and not _in_this_duel(ability, n)
                                                          for n in extras):
        return False  # ("must focus" elsewhere than right after the challenge: not read)
    if refusal is not None:
        extras = [*extras, *refusal[0], refusal[1]]
    if any(_focus_rule(ability.effects[n]) is None for n in extras if ability.effects[n].kind == "must-focus"):
        return False
    if any(_duel_stat(ability.effects[n]) is None for n in extras if ability.effects[n].kind == "duel-stat"):
        return False
    if any(isinstance(c, Effect) and c.kind == "duel-stat" and n not in extras for n, c in enumerate(ability.effects)):
        return False
    if _loser_pronoun_tested(ability, named):
        return False
    return _side_read(ability, i) and _side_read(ability, i + 1) and all(
        n > i + 1 + len(extras) and names_side(ability.effects[n].target) for n in named)


def _loser_pronoun_tested(ability, named: list[int]) -> bool:
    """"Bow the loser, and destroy him if he is dishonorable": after a tie "him" is both losers,
    but the procedure tests "he" on the first of them only, so such a test is not claimed -- unless
    it follows the loser's clause at once (:func:`_per_loser`, carried out here for each loser)."""
    from .conditions import PRONOUNS

    losers = [n for n in named if "duel-loser" in ability.effects[n].target.states]
    for m, clause in enumerate(ability.effects):
        if not losers or m <= losers[0] or not isinstance(clause, Effect) or clause.target is None \
                or clause.target.ref != "it" or clause.target.states or _per_loser(ability, m):
            continue
        if any(len(c.args) > 1 and str(c.args[1]).lower() in PRONOUNS for c in _conds(ability, m)):
            return True
    return False


#: the tests "he" may take in a clause on the duel's loser(s) (:func:`_per_loser`)
_LOSER_TESTS = ("effect-if:is",)


def _per_loser(ability, index: int) -> bool:
    """"Bow the loser, and destroy him if he is dishonorable", "Give the loser -2F, and bow him if he is
    dishonorable": a clause on "him" right after a clause on the duel's loser, whose every test is a
    state of "he" -- carried out for each loser (a tie makes both lose: L5R-ACT-EFFECT.5.4), each
    tested on his own (:func:`carry_out`)."""
    from .conditions import PRONOUNS

    if index < 1 or not isinstance(ability.effects[index], Effect):
        return False
    clause, before = ability.effects[index], ability.effects[index - 1]
    if clause.target is None or clause.target.ref != "it" or clause.target.states or not isinstance(before, Effect) \
            or before.target is None or "duel-loser" not in before.target.states:
        return False
    tests = _conds(ability, index)
    return bool(tests) and all(c.kind in _LOSER_TESTS and len(c.args) == 3 and str(c.args[1]).lower() in PRONOUNS
                               for c in tests)


#: what the challenged side may do to refuse ("who may move home to refuse", "whose controller can
#: dishonor him and move him home to refuse")
_REFUSAL_COSTS = ("move-home", "dishonor")
#: "If he is unbowed, he may refuse", "If the target is honorable, his controller may ... refuse"
_REFUSAL_TESTS = {("effect-if:is", (who, state)): state for who in ("he", "the target")
                  for state in ("unbowed", "honorable")}


def _conds(ability, n: int) -> list:
    return [c for c in ability.conditions if c.args[:1] == (f"effect {n}",)]


def _chooser_optional(c) -> bool:
    """"He may refuse": an optional effect whose chooser the text names (not the acting player)."""
    return c.kind == "effect-optional" and len(c.args) == 2


def _refusal(ability, i: int) -> tuple[list[int], int] | None:
    """(indexes of the refusal's price, index of the refusal) of the challenge at ``i``: right after
    the duel, the challenged side may pay (move home, be dishonored) and refuse; None if the text
    offers no refusal in a form read here."""
    n = i + 2
    costs = []
    while n < len(ability.effects) and getattr(ability.effects[n], "kind", "") in _REFUSAL_COSTS:
        c = ability.effects[n]
        if c.target is None or c.target.ref not in ("it", "target") or not _refusal_guards(_conds(ability, n)):
            return None
        costs.append(n)
        n += 1
    if n >= len(ability.effects) or getattr(ability.effects[n], "kind", "") != "refuse-duel":
        return None
    refuse = ability.effects[n]
    if refuse.target is None or refuse.target.ref not in ("it", "target") or not _refusal_guards(_conds(ability, n)):
        return None
    return costs, n


def _refusal_guards(guards: list) -> bool:
    """The challenged side's own "may" and, at most, the test the text puts on refusing."""
    return sum(_chooser_optional(c) for c in guards) == 1 and sum(
        (c.kind, tuple(c.args[1:])) in _REFUSAL_TESTS for c in guards) == len(guards) - 1


#: "if he does" / "If he refuses" (refusal_verdict): refused; "if he does not refuse": accepted
_REFUSED_WORDS = ("he does", "he did", "she does", "she did", "he refuses", "he does refuse")
_ACCEPTED_WORDS = ("he does not", "he did not", "he does not refuse")


def _refusal_word(cond) -> bool | None:
    """True for "if he does / if he refuses", False for "if he does not refuse"; None otherwise."""
    head, _, test = cond.kind.partition(":")
    text = (cond.text or "").strip().lower()
    if head != "effect-if" or len(cond.args) != 1:
        return None
    if test == "refused" or (test == "did" and text in _REFUSED_WORDS):
        return True
    if test == "not-refused" or (test == "did-not" and text in _ACCEPTED_WORDS):
        return False
    return None


def _refusal_consequences_read(ability, r: int) -> bool:
    """After the refusal, the effects up to the duel's consequences ("Destroy the duel's loser")
    each hang on the refusal ("if he does, give Niwa +3F"): an unguarded one in between ("dishonor
    him and gain 2 Honor", whose second half loses the "if") is not read."""
    for n in range(r + 1, len(ability.effects)):
        clause = ability.effects[n]
        guards = _conds(ability, n)
        on_refusal = [g for g in guards if _refusal_word(g) is not None]
        if isinstance(clause, Effect) and names_side(clause.target) and not guards:
            return True
        if len(on_refusal) != 1 or len(guards) != 1:
            return False
    return True


def _extras(ability, i: int) -> list[int]:
    """Indexes of the clauses after the challenge at ``i`` that shape its duel: "Both players must
    focus at least once in the duel"."""
    n = i + 2
    out = []
    while n < len(ability.effects) and getattr(ability.effects[n], "kind", "") in ("must-focus", "duel-stat"):
        out.append(n)
        n += 1
    return out


def _in_this_duel(ability, n: int) -> bool:
    """"In this duel, each Personality uses Personal Honor as his duel stat": scoped to the duel."""
    conds = _conds(ability, n)
    return ability.effects[n].kind == "duel-stat" and len(conds) == 1 and conds[0].kind == "effect-during" \
        and tuple(conds[0].args[1:]) == ("duel",)


def _duel_stat(clause) -> str | None:
    """The stat "each Personality uses ... as his duel stat" names, or None when not read."""
    spec = clause.target
    if spec is None or spec.ref != "each" or spec.card_types != ("personality",) or spec.states or spec.tests:
        return None
    return clause.stat if clause.stat in _STATS else None


#: "must focus" forms read: who (both players / the challenged's controller), how often, from where
_MUST = {("each", ("player",), None): ("both", 1, False),
         ("each", ("personality",), "exactly-once-if-possible"): ("both", 1, True),
         ("it", ("controller",), "from-hand"): ("challenged", 1, False)}


def _focus_rule(clause) -> tuple | None:
    """(who, at least, exactly) of a "must focus" clause, or None when not read; "from hand" is
    the third form's (only a focus from hand counts, and one is owed only if the hand holds one)."""
    spec = clause.target
    if spec is None or clause.amount != 1 or spec.states or spec.tests:
        return None
    return _MUST.get((spec.ref, tuple(spec.card_types), clause.keyword))


def handles(ability, index: int) -> bool:
    """Is the clause at ``index`` one :func:`carry_out` resolves (the challenge and the duel)?"""
    clause = ability.effects[index]
    if not isinstance(clause, Effect):
        return False
    if clause.kind == "duel-challenger" or _per_loser(ability, index):
        return True
    if clause.kind == "duel" and index > 0 and getattr(ability.effects[index - 1], "kind", "") == "duel-challenger":
        return True
    if any(index in _extras(ability, i) for i in _pairs(ability)):
        return True
    refusals = [_refusal(ability, i) for i in _pairs(ability)]
    return any(r is not None and (index in r[0] or index == r[1]) for r in refusals)


# ---- fighting the duel (procedure.resolve_effects) ---------------------------------------


def _side(ctx, source: Copy, clause: Effect, bind) -> list[Copy]:
    """The Personality a challenge clause names."""
    spec = clause.target
    if spec.ref == "choice" and spec.owner != "you":  # "Your Samurai duels the Personality": the target
        return [c for chosen in bind.targets.values() for c in chosen if not isinstance(c, str)][:1]
    if spec.ref == "choice":  # "Your Personality duels the target": the card chosen before
        return list(bind.chosen[-1:])
    from .procedure import subjects

    return [c for c in subjects(ctx, source, clause, bind, as_cost=False) if not isinstance(c, str)]


def carry_out(ctx, source: Copy, ability, index: int, bind) -> None:
    """Fight the duel the clauses at ``index`` (challenger) and ``index + 1`` (challenged) create."""
    pos = ctx.position
    if _per_loser(ability, index):
        _on_each_loser(ctx, source, ability, index, bind)
        return
    if ability.effects[index].kind != "duel-challenger":
        return  # the challenged side: carried out with its challenger
    result = {"winners": [], "losers": [], "focused": [], "happened": False}
    pos.memo[CURRENT] = result
    challengers = _side(ctx, source, ability.effects[index], bind)
    challenged = _side(ctx, source, ability.effects[index + 1], bind)
    bind.last = challenged or bind.last  # "Daisuke duels him. Destroy him if ...": the challenged
    if len(challengers) != 1 or len(challenged) != 1:
        ctx.step("effect", f"{ability.effects[index].text}: the challenge does not happen (it names no "
                 "single Personality on each side)", CHALLENGE)
        return
    a, b = challengers[0], challenged[0]
    why = None
    for card in (a, b):
        if card.card.type != "personality":
            why = f"{card.show()} is not a Personality"
        elif not in_play(pos, card):
            why = f"{card.show()} is not in play"
    if why is None and a.controller == b.controller:
        why = f"both Personalities are {a.controller}'s"
    if why is not None:
        ctx.step("effect", f"{a.name} challenges {b.name}: the challenge does not happen ({why})", CHALLENGE)
        return
    duel = ability.effects[index + 1]
    stat = duel.stat or "chi"
    for n in _extras(ability, index):  # "In this duel, each Personality uses Personal Honor as his duel stat"
        if ability.effects[n].kind == "duel-stat" and _duel_stat(ability.effects[n]):
            stat = _duel_stat(ability.effects[n])
    stat_words = stat.replace("-", " ").title()
    ctx.step("effect", f"{a.name} challenges {b.name} to a duel of {stat_words}; {b.controller} is the "
             f"challenged player", CHALLENGE)
    pos.memo.setdefault(CHALLENGED, []).append([pos.timing.turn, a.uid])  # "has challenged ... this turn"
    if _refuses(ctx, ability, index, b, duel, result):
        return
    result["happened"] = True
    pos.memo[INVOLVED] = [a.uid, b.uid]
    _entering(ctx, a, b)  # "After this Personality enters a duel, ..." (its triggered trait, L5R-TRAIT)
    owed = _owed(ctx, ability, index, b.controller, a.controller)
    from_hand = {uid for uid in pos.zones.get((a.controller, "hand"), []) + pos.zones.get((b.controller, "hand"), [])}
    focused = _focus_turns(ctx, [b.controller, a.controller], owed)
    result["focused"] = [uid for uids in focused.values() for uid in uids]
    result["from_hand"] = {p: sum(uid in from_hand for uid in uids) for p, uids in focused.items()}
    waiting = _strike(ctx, focused, (a, b))
    _resolve(ctx, a, b, stat, focused, result, [w for w in waiting if _both_lose(w[1])])
    pos.memo.pop(INVOLVED, None)  # the duel ends with its resolution step (Comprehensive Rules, Duel)
    _after_resolution(ctx, [w for w in waiting if not _both_lose(w[1])], (a, b), result)


def _on_each_loser(ctx, source: Copy, ability, index: int, bind) -> None:
    """The clause of :func:`_per_loser`: for each loser of the duel, its tests on "he" checked on him,
    then the clause applied to him (L5R-ACT-EFFECT.5.6)."""
    from . import conditions
    from .effects import apply_to_card

    pos = ctx.position
    clause = ability.effects[index]
    result = pos.memo.get(CURRENT) or {}
    losers = [pos.copies[u] for u in result.get("losers", []) if u in pos.copies]
    if not losers:
        ctx.step("effect", f"{clause.text}: the duel has no loser", CONSEQUENCES)
    for loser in losers:
        verdicts = [conditions.evaluate(c, game=ctx.game, pos=pos, actor=ctx.actor, source=source,
                                        subject_of=lambda word, card=loser: card if word.lower() in conditions.PRONOUNS
                                        else None) for c in _conds(ability, index)]
        if not all(v is True for v in verdicts):
            why = "a condition the engine cannot check" if None in verdicts else "its condition does not hold"
            ctx.step("effect", f"{clause.text} ({loser.name}, a loser): not carried out ({why})", CONSEQUENCES)
            continue
        out = apply_to_card(ctx.game, pos, loser, clause, as_cost=False, source=source.name)
        ctx.step("effect", f"{out.description}" if out.changed else f"{out.description}: no change ({out.why})",
                 CONSEQUENCES, "L5R-ACT-EFFECT")
    bind.last = losers or bind.last


#: the trigger of a Personality's own trait on entering a duel
ENTERS = ("after", "this-personality-enters-duel")
#: what such a trait may do, and to whom: the other Personality in the duel, itself, its player
_ENTERING_KINDS = ("lose-keyword", "grant-keyword", "bow", "straighten", "modify-stat", "dishonor")


def _other_duelist(spec) -> bool:
    return spec is not None and spec.ref == "choice" and set(spec.states) == {"other", "in-duel"} \
        and spec.card_types == ("personality",) and not spec.keywords and not spec.tests


def entering_executes(ability) -> bool:
    """"After this Personality enters a duel, the other Personality in the duel loses Duelist": a trait
    of the Personality (or of an attachment: "this Personality" is its bearer), no costs, conditions or
    limit, each effect one of :data:`_ENTERING_KINDS` on the other Personality in the duel, or on its
    player's Honor or hand ("this" is not read: on an attachment it might be the attachment)."""
    trigger = ability.trigger
    if trigger is None or (trigger.timing, trigger.event) != ENTERS or ability.costs or ability.conditions \
            or ability.limit is not None or not ability.effects:
        return False

    def read(c) -> bool:
        if not isinstance(c, Effect):
            return False
        if c.kind in _PLAYER_KINDS:
            return c.target is None or c.target.ref == "you"
        if c.kind == "modify-stat" and (c.stat not in ("force", "chi") or not c.amount):
            return False
        return c.kind in _ENTERING_KINDS and _other_duelist(c.target)

    return all(read(c) for c in ability.effects)


def _entering(ctx, a: Copy, b: Copy) -> None:
    """The two Personalities have entered the duel (L5R-ACT-EFFECT.5.1): the trait of each on that
    resolves now, before any focusing (L5R-TRAIT: mandatory, as its trigger occurs)."""
    pos = ctx.position
    for card, other in ((a, b), (b, a)):
        # the Personality's own traits, and those of his attachments ("this Personality": their bearer)
        for holder in (card, *pos.attachments_of(card.uid)):
            for ability in ctx.game.abilities(holder):
                if ability.kind == "trait" and entering_executes(ability):
                    _enter_trait(ctx, holder, card, other, ability)


def _enter_trait(ctx, holder: Copy, card: Copy, other: Copy, ability) -> None:
    from .effects import apply_to_card, apply_to_player

    pos = ctx.position
    ctx.step("effect", f"{holder.name}'s trait triggers ({ability.trigger.text}); it is mandatory", "L5R-TRAIT",
             CHALLENGE)
    for clause in ability.effects:
        if clause.kind in _PLAYER_KINDS:
            out = apply_to_player(ctx.game, pos, holder.controller, clause, as_cost=False)
        else:
            out = apply_to_card(ctx.game, pos, other, clause, as_cost=False, source=holder.name)
        ctx.step("effect", out.description if out.changed else f"{out.description}: no change ({out.why})",
                 "L5R-TRAIT", "L5R-ACT-EFFECT")


def _refuses(ctx, ability, index: int, challenged: Copy, duel: Effect, result: dict) -> bool:
    """The challenged player refuses (the action line's flag ``refusing``) or accepts -- not
    refusing is the "do nothing more" choice (L5R-ACT-EFFECT.5.1). True when the duel is refused."""
    pos = ctx.position
    refusal = _refusal(ability, index)
    wants = "refusing" in getattr(ctx.body, "flags", ())
    player = challenged.controller
    if refusal is None or duel.keyword == "unrefusable":
        if wants:
            ctx.reject(REFUSE, "this challenge offers no refusal" + (" (it is unrefusable)"
                                                                      if duel.keyword == "unrefusable" else ""))
        return False
    costs, r = refusal
    result["refusal_at"] = r
    result["refused"] = False
    if not wants:
        ctx.step("effect", f"{player} accepts the challenge (not refusing is the 'do nothing more' choice; the "
                 "flag 'refusing' refuses)", REFUSE)
        return False
    from .effects import apply_to_card
    from .states import fits

    for guard in _conds(ability, r):
        state = _REFUSAL_TESTS.get((guard.kind, tuple(guard.args[1:])))
        if state is not None and fits(ctx.game, pos, None, challenged, state) is not True:
            ctx.reject(REFUSE, f"{player} may not refuse: {challenged.name} is not {state} ({guard.text})")
    for n in costs:
        out = apply_to_card(ctx.game, pos, challenged, ability.effects[n], as_cost=True, source=challenged.name)
        if not out.changed:
            ctx.reject(REFUSE, f"{player} cannot refuse: '{ability.effects[n].text}' cannot be done ({out.why})")
        ctx.step("effect", f"{player} refuses the challenge: {out.description}", REFUSE, "L5R-ACT-EFFECT")
    result["refused"] = True
    ctx.step("effect", f"{player} refuses the challenge: the duel does not happen", REFUSE)
    return True


def refusal_verdict(pos, cond) -> bool | None:
    """For conditions.evaluate: "if he does" / "If he refuses" / "If he does not refuse" after the
    refusal the action just offered; None for any other condition."""
    result = pos.memo.get(CURRENT) or {}
    word = _refusal_word(cond)
    _, _, number = (cond.args[0] if cond.args else "").partition(" ")
    if word is None or "refused" not in result or not number.isdigit() or int(number) <= result["refusal_at"]:
        return None
    return result["refused"] if word else not result["refused"]


def _owed(ctx, ability, index: int, challenged: str, challenger: str) -> dict[str, tuple[bool, bool]]:
    """What the action's "must focus" clauses ask of each player: {player: (exactly once, from
    hand only)}; a step says so."""
    owed: dict[str, tuple[bool, bool]] = {}
    for n in _extras(ability, index):
        clause = ability.effects[n]
        rule = _focus_rule(clause)
        if clause.kind != "must-focus" or rule is None:
            continue
        who, _, exactly = rule
        from_hand = clause.keyword == "from-hand"
        for player in ((challenged, challenger) if who == "both" else (challenged,)):
            owed[player] = (exactly, from_hand)
        ctx.step("effect", f"{clause.text}: " + (" and ".join(owed) if who == "both" else challenged)
                 + " must focus " + ("exactly once, if possible" if exactly else "at least once"
                                     + (" from hand" if from_hand else "") + " (if able)"),
                 FOCUS, "L5R-ACT-EFFECT")
    return owed


def _options(pos, player: str, from_hand: bool) -> list:
    """The focuses open to ``player``: hand cards, and the top Fate card unless only the hand counts."""
    hand = [pos.copies[u] for u in pos.zones.get((player, "hand"), [])]
    deck = pos.zones.get((player, "fate-deck"), [])
    return hand + ([pos.copies[deck[0]]] if deck and not from_hand else [])


def _focus_turns(ctx, order: list[str], owed: dict | None = None) -> dict[str, list[int]]:
    """The players take turns focusing, the challenged player first, until one strikes
    (L5R-ACT-EFFECT.5.2); each focused card goes face down to its player's focusing area. A player
    the action says must focus (``owed``) may not strike before focusing while able to."""
    pos = ctx.position
    owed = owed or {}
    choices = list(getattr(ctx.body, "focusing", ()) or ())
    focused: dict[str, list[int]] = {player: [] for player in order}
    from_hand_done: dict[str, int] = {player: 0 for player in order}
    turn = 0
    while True:
        player = order[turn % 2]
        exactly, from_hand = owed.get(player, (False, False))
        owing = player in owed and not (from_hand_done[player] if from_hand else focused[player]) \
            and bool(_options(pos, player, from_hand))
        done_once = exactly and len(focused[player]) >= 1
        if not choices and (not owing or done_once):
            ctx.step("effect", f"{player} strikes (no further focus turn named: the 'do nothing more' choice)",
                     FOCUS)
            break
        if not choices:
            options = _options(pos, player, from_hand)
            if len(options) > 1:
                ctx.reject(FOCUS, f"{player} must focus in this duel and has {len(options)} cards to choose "
                           "from: name the focus with 'focusing'")
            obj = None  # the one card there is to focus
        else:
            obj = choices.pop(0)
        word = obj.text.lower() if obj is not None and obj.kind == "word" else ""
        if word == "strike":
            if owing and not done_once:
                ctx.reject(FOCUS, f"{player} must focus" + (" from hand" if from_hand else "") + " in this duel "
                           "before striking, and is able to")
            ctx.step("effect", f"{player} strikes", FOCUS)
            break
        if len(focused[player]) >= MOST_FOCUSES:
            ctx.reject(FOCUS, f"{player} has focused four times and may not focus any more in this duel: "
                       "the next choice must be 'strike'")
        if done_once:
            ctx.reject(FOCUS, f"{player} must focus exactly once in this duel: the next choice must be 'strike'")
        if obj is None:
            card = _options(pos, player, from_hand)[0]
            what = f"{card.show()}, the only card there is to focus,"
        elif word == "top":
            deck = pos.zones.get((player, "fate-deck"), [])
            if not deck:
                ctx.reject(FOCUS, f"{player}'s Fate deck is empty: there is no top card to focus")
            card = pos.copies[deck[0]]
            what = "the top card of the Fate deck"
        else:
            card = ctx.card(obj, where=lambda c, p=player: c.zone == "hand" and c.zone_owner == p, purpose="focus")
            if card.zone != "hand" or card.zone_owner != player:
                ctx.reject(FOCUS, f"{card.show()} is not in {player}'s hand: a player focuses a card from his or "
                           "her own hand or the top card of his or her Fate deck")
            what = f"{card.show()} from hand"
        if card.zone == "hand":
            from_hand_done[player] += 1
        pos.move(card.uid, player, FOCUSING, top=False)
        card.flags.add("face-down")
        focused[player].append(card.uid)
        ctx.step("effect", f"{player} focuses {what}, face down (focus {len(focused[player])})", FOCUS)
        turn += 1
    if choices:
        ctx.reject(FOCUS, f"the duel ended with {player}'s strike, but {len(choices)} more focus choice(s) were "
                   f"named ({', '.join(o.show() for o in choices)})")
    return focused


def _now(ability) -> bool:
    """A Focus Effect that acts at once ("bow the other Personality"), not after the resolution."""
    return (ability.trigger.timing, ability.trigger.event) == ("when", "card-focused") and not any(
        _after_it_ends(c) for c in ability.conditions) and not _consequence(ability)


def _outcome_condition(cond) -> bool:
    """"if you win this duel", "if your Personality won it": a condition on the duel's outcome."""
    return (cond.kind, tuple(cond.args[1:])) in _FOCUS_CONDITIONS


def _consequence(ability) -> bool:
    """"As a Focus Effect, the winner gains 2 Honor", "As a Focus Effect, if you win this duel, draw a
    card": a Focus Effect with no trigger of its own each of whose effects names a side of the duel
    or holds only on its outcome. It gives a consequence for the winner or the loser, which is
    applied once the duel has resolved (L5R-ACT-EFFECT.5.6), so it waits for the resolution."""
    if (ability.trigger.timing, ability.trigger.event) != ("when", "card-focused") or not ability.effects:
        return False
    if any(not _outcome_condition(c) for c in ability.conditions):
        return False

    def consequence(n: int, c) -> bool:
        return isinstance(c, Effect) and (_side_spec(c.target) is not None or any(
            g.args[:1] == (f"effect {n}",) for g in ability.conditions))

    return all(consequence(n, c) for n, c in enumerate(ability.effects))


def _strike(ctx, focused: dict[str, list[int]], sides: tuple) -> list:
    """The focused cards are turned face up and their "As a Focus Effect:" traits resolve
    (L5R-ACT-EFFECT.5.3): those the engine carries out (:func:`focus_effect_executes`) all wait
    for the duel's end or its winner, so they are returned, (card, ability) in the order the
    cards were focused, for :func:`_after_resolution`; the others are not carried out, and a
    step says so."""
    pos = ctx.position
    shown = []
    for player, uids in focused.items():
        for uid in uids:
            card = pos.copies[uid]
            card.flags.discard("face-down")
            shown.append(f"{card.name} ({player}, Focus Value {_focus_value(pos, card)})")
    if shown:
        ctx.step("effect", "strike: the focused cards are turned face up: " + ", ".join(shown), STRIKE)
    waiting = []
    for uid in sorted((u for uids in focused.values() for u in uids), key=_focus_order(focused)):
        card = pos.copies[uid]
        for ability in ctx.game.abilities(card):
            if "Focus Effect" not in getattr(ability, "designators", ()):
                continue
            if focus_effect_executes(ability) and _now(ability):
                ctx.step("effect", f"{card.name}'s Focus Effect resolves", STRIKE)
                _apply_focus(ctx, card, ability, sides, {"winners": [], "losers": []})
            elif focus_effect_executes(ability):
                ctx.step("effect", f"{card.name}'s Focus Effect resolves: '{ability.trigger.text}' waits for the "
                         "duel's resolution", STRIKE)
                waiting.append((card, ability))
            else:
                ctx.step("effect", f"not carried out: {card.name}'s Focus Effect '{ability.text}' (the engine "
                         "does not resolve this Focus Effect)", STRIKE)
    return waiting


def _focus_order(focused: dict[str, list[int]]):
    """Focused cards in the order they were focused: the players alternate, the first player of
    ``focused`` (the challenged) first."""
    rank = {}
    for player_index, uids in enumerate(focused.values()):
        for turn, uid in enumerate(uids):
            rank[uid] = 2 * turn + player_index
    return lambda uid: rank[uid]


#: memo key: {uid: change} -- Focus Value changes Focus Effects gave focused cards in the duel being
#: fought ("give +1 Focus Value to each of your focused cards"); they end with it (L5R-ACT-EFFECT.5.6)
FOCUS_BONUS = "_focus-bonus"


def _focus_value(pos, card: Copy) -> int:
    value = pos.stat(card, "focus", 0)
    value = value if isinstance(value, int) else 0
    return value + pos.memo.get(FOCUS_BONUS, {}).get(str(card.uid), 0)


def _focus_bonus(clause) -> bool:
    """"Give +1 Focus Value to each of your focused cards": every card its player has focused in
    this duel (none other is focused), changed at once -- before the resolution totals them."""
    spec = clause.target
    return isinstance(clause, Effect) and clause.kind == "modify-stat" and clause.stat == "focus" \
        and bool(clause.amount) and spec is not None and spec.ref == "each" and spec.owner == "you" \
        and spec.card_types == ("card",) and spec.states == ("focused",) and not spec.keywords and not spec.tests


def _give_focus_bonus(pos, you: str, clause) -> list:
    """The Focus Value change of :func:`_focus_bonus` on each card ``you`` focused in this duel."""
    result = pos.memo.get(CURRENT) or {}
    mine = [pos.copies[u] for u in result.get("focused", []) if u in pos.copies and pos.copies[u].owner == you]
    bonus = pos.memo.setdefault(FOCUS_BONUS, {})
    outs = []
    for card in mine:
        bonus[str(card.uid)] = bonus.get(str(card.uid), 0) + clause.amount
        outs.append(Outcome(True, f"{card.name} gets {clause.amount:+d} Focus Value (now {_focus_value(pos, card)})"))
    return outs


def _resolve(ctx, a: Copy, b: Copy, stat: str, focused: dict[str, list[int]], result: dict,
             both_lose: list = ()) -> None:
    """Totals, winner and loser (L5R-ACT-EFFECT.5.4); a tie goes to a lone Duelist (.5.5)."""
    pos = ctx.position
    totals = {}
    parts = []
    for card in (a, b):
        # the card's current value, as every other Force/Chi reading takes it: printed plus the
        # lasting traits that reach it ("Your Crane Personalities have +1C") and, for Force, its Items
        base = ctx.game.card_property(pos, card, stat)
        base = base if isinstance(base, int) else 0
        values = [_focus_value(pos, pos.copies[u]) for u in focused[card.controller]]
        totals[card.uid] = base + sum(values)
        word = stat.replace("-", " ").title()
        parts.append(f"{card.name} {base} {word} + {sum(values)} Focus = {totals[card.uid]}")
    ctx.step("effect", "duel resolution: " + "; ".join(parts), RESOLUTION)
    if totals[a.uid] != totals[b.uid]:
        winner, loser = (a, b) if totals[a.uid] > totals[b.uid] else (b, a)
        ctx.step("effect", f"{winner.name} wins the duel and {loser.name} loses it", RESOLUTION)
        winners, losers = [winner], [loser]
    else:
        duelists = [c for c in (a, b) if pos.has_keyword(c, "Duelist")]
        if len(duelists) == 1:
            winner = duelists[0]
            loser = b if winner is a else a
            ctx.step("effect", f"the totals are tied and only {winner.name} is a Duelist: {winner.name} wins "
                     f"the duel and {loser.name} loses it", DUELIST)
            winners, losers = [winner], [loser]
        else:
            ctx.step("effect", f"the totals are tied: both {a.name} and {b.name} lose the duel", RESOLUTION)
            winners, losers = [], [a, b]
    for card, other in ((a, b), (b, a)):  # "Tametaka loses any duel against Yoritomo Hiromi"
        trait = _loses_against(ctx.game, card, other)
        if trait is not None:
            ctx.step("effect", f"{card.name}'s trait '{trait}': {card.name} loses the duel and {other.name} wins it",
                     RESOLUTION, "L5R-TRAIT")
            winners, losers = [other], [card]
            if _loses_against(ctx.game, other, card) is not None:  # each loses against the other
                winners, losers = [], [a, b]
            break
    for card, _ in both_lose[:1]:  # an outcome-altering consequence, applied first (Comprehensive Rules, Duel)
        ctx.step("effect", f"{card.name}'s Focus Effect: both {a.name} and {b.name} lose the duel (this is not a "
                 "tie)", STRIKE, RESOLUTION)
        winners, losers = [], [a, b]
    result["totals"] = {str(uid): total for uid, total in totals.items()}
    result["winners"] = [c.uid for c in winners]
    result["losers"] = [c.uid for c in losers]
    for card in winners:
        pos.memo.setdefault(WON, []).append([pos.timing.turn, card.uid])
        # "After an action resolves during which Kenta won a duel" (triggers: the action's "did")
        pos.memo.setdefault("_done", []).append((card.uid, "won-duel"))
        raise_event(pos, "wins-duel", card)  # "After Hideo wins a duel" (triggers)


def subjects(ctx, clause) -> list | None:
    """The cards (or, for a player-level clause, their controllers) "the winner" / "the duel's
    loser" name; None when the clause names no side of a duel."""
    spec = clause.target
    if not names_side(spec):
        return None  # ("the unit of the duel's loser": not read here)
    side = next(s for s in spec.states if s in SIDES)
    result = ctx.position.memo.get(CURRENT) or {}
    cards = [ctx.position.copies[u] for u in result.get("winners" if side == "duel-winner" else "losers", [])]
    if side == "duel-loser":  # "Delay the effects of losing this duel": set aside for the delaying player's
        cards = _hold_back(ctx, ctx.position.copies.get(ctx.position.memo.get("_source")), clause, cards)
    from .procedure import PLAYER_KINDS

    if clause.kind in PLAYER_KINDS or spec.card_types == ("controller",):
        return list(dict.fromkeys(c.controller for c in cards))  # "The winner gains 2 Honor": its player
    return cards


def finish(ctx) -> None:
    """The action's effects are over: the duel's consequences are applied, so its focused cards
    are discarded (L5R-ACT-EFFECT.5.6)."""
    pos = ctx.position
    result = pos.memo.pop(CURRENT, None)
    pos.memo.pop(FOCUS_BONUS, None)  # changes to the focused cards' Focus Value end with the duel
    if not result:
        return
    gone = []
    for uid in result.get("focused", []):
        card = pos.copies.get(uid)
        if card is not None and card.zone == FOCUSING:
            card.flags.discard("face-down")
            discard_copy(pos, card)
            gone.append(card.name)
    if gone:
        ctx.step("effect", "the duel is over: the focused cards are discarded (" + ", ".join(gone) + ")",
                 CONSEQUENCES)


def names_side(spec) -> bool:
    """"the loser", "the duel's winner", "The winner (gains 2 Honor)", "the winner's controller":
    a side of the duel the ability fought before (:func:`subjects`), with no other describing
    words."""
    if spec is None or spec.tests or spec.keywords:
        return False
    if spec.ref == "possessed":  # "the winner's controller", "The controller of the duel's winner"
        return spec.card_types == ("controller",) and len(spec.states) == 2 and spec.states[0] == "of-it" \
            and spec.states[1] in SIDES
    return spec.ref == "it" and len(spec.states) == 1 and spec.states[0] in SIDES \
        and spec.card_types in ((), ("controller",))


# ---- conditions about duels (conditions.py asks these) -----------------------------------

#: words naming a side of the duel the action fought ("If the winner is a Duelist")
SIDE_WORDS = {"the winner": "winners", "the loser": "losers", "the duel's winner": "winners",
              "the duel's loser": "losers"}
#: "one of your Personalities" (has won a duel this turn)
_ONE_OF_YOURS = "one of your personalities"
_PRONOUNS = ("he", "she", "him", "her")


def _card_word(word: str) -> bool:
    from .conditions import _subject_ok

    return _subject_ok(word) and word.lower() not in ("it", "they", "them", "the target")


def readable(test: str, args: tuple) -> bool | None:
    """For conditions.readable: "if he has won a duel this turn" (``won-duel``; None: not a duel
    test). Every win is recorded as the duel resolves (:data:`WON`)."""
    if test == "challenged":  # "if Ibara has challenged a Personality this turn" (:data:`CHALLENGED`)
        return len(args) == 2 and args[1] == "a Personality this turn" and _card_word(args[0])
    if test in ("in-duel", "not-in-duel"):  # "while they are not involved in a duel" (:data:`INVOLVED`)
        return len(args) == 1 and (args[0].lower() in ("they", "them", *_PRONOUNS) or _card_word(args[0]))
    if test != "won-duel":
        return None
    return len(args) == 2 and args[1] == "this-turn" and (_card_word(args[0]) or args[0].lower() == _ONE_OF_YOURS)


def readable_in(ability, cond) -> bool:
    """For conditions.readable_in: "Give Kudome a +1F token if she won" (``won-contest``: the duel
    this ability fought before the guarded effect). ("If the winner is a Duelist, give him a +1F
    token" is not read: "him" would be the card the clause before named, not the winner.)"""
    from .ability_conditions import decode
    from .conditions import _readable, _split

    if cond.kind == "effect-during":  # "In this duel, each Personality uses Personal Honor as his duel stat"
        return any(cond.args[:1] == (f"effect {n}",) and _in_this_duel(ability, n)
                   for i in _pairs(ability) for n in _extras(ability, i))
    head, test = _split(cond.kind)
    if head not in ("effect-if", "effect-unless") or not cond.args:
        return False
    kind, _, number = cond.args[0].partition(" ")
    refusals = [_refusal(ability, i) for i in _pairs(ability)]
    if _refusal_word(cond) is not None and number.isdigit():  # "if he does", after "He may refuse"
        return any(r is not None and int(number) > r[1] for r in refusals)
    duels = [i for i, c in enumerate(ability.effects) if isinstance(c, Effect) and c.kind == "duel"]
    if kind != "effect" or not number.isdigit() or len(duels) != 1 or duels[0] >= int(number):
        return False
    subs = decode(cond.args[1:]) if test in ("all-of", "any-of") else [type(cond)(kind=test, args=cond.args[1:])]
    return bool(subs) and all(_won_read(s) or _readable(s.kind, tuple(s.args)) for s in subs) \
        and any(_won_read(s) for s in subs)


def _won_read(sub) -> bool:
    if sub.kind in ("won-contest", "lost-contest") and len(sub.args) == 1:
        return sub.args[0].lower() in _PRONOUNS or _card_word(sub.args[0])
    if _won_by(sub.kind, tuple(sub.args)):
        return True  # "you won the duel by three or more"
    # "If the loser did not focus from his or her hand"
    return sub.kind in ("did", "did-not") and tests(sub.kind, tuple(sub.args))


#: "If the loser did not focus from his or her hand": (did / did-not, side word, "focused", "from hand")
_FOCUSED_FROM_HAND = ("focused", "from hand")


def _won_by(test: str, args: tuple) -> bool:
    """"you won the duel by three or more": (``won-by``, "you", "the duel", N)."""
    return test == "won-by" and len(args) == 3 and args[0].lower() == "you" and args[1].lower() == "the duel" \
        and str(args[2]).isdigit()


def tests(test: str, args: tuple) -> bool:
    """Is this a test :func:`test` answers?"""
    return test in ("won-duel", "won-contest", "lost-contest", "in-duel", "not-in-duel", "challenged") or _won_by(test, args) or (
        test in ("did", "did-not") and len(args) == 3 and tuple(args[1:]) == _FOCUSED_FROM_HAND
        and args[0].lower() in SIDE_WORDS)


def test(test: str, args: tuple, pos, actor: str, subject) -> bool | None:
    """For conditions._test: None when ``test`` is no duel test or cannot be told."""
    if test == "won-duel" and len(args) == 2 and args[1] == "this-turn":
        won = {uid for turn, uid in pos.memo.get(WON, []) if turn == pos.timing.turn}
        if args[0].lower() == _ONE_OF_YOURS:
            return any(pos.copies[uid].controller == actor for uid in won if uid in pos.copies)
        card = subject(args[0])
        return None if card is None else card.uid in won
    if test == "challenged" and len(args) == 2 and args[1] == "a Personality this turn":
        card = subject(args[0])
        issued = {uid for turn, uid in pos.memo.get(CHALLENGED, []) if turn == pos.timing.turn}
        return None if card is None else card.uid in issued
    if test in ("in-duel", "not-in-duel") and len(args) == 1:
        card = subject(args[0])
        if card is None:
            return None
        return (card.uid in pos.memo.get(INVOLVED, [])) == (test == "in-duel")
    if _won_by(test, args):  # your Personality won, its total at least N above the other's
        result = pos.memo.get(CURRENT) or {}
        totals = result.get("totals", {})
        mine = [int(u) for u in totals if pos.copies[int(u)].controller == actor]
        theirs = [int(u) for u in totals if pos.copies[int(u)].controller != actor]
        if len(mine) != 1 or len(theirs) != 1:
            return None if not result else (False if not result.get("happened") else None)
        return mine[0] in result["winners"] and totals[str(mine[0])] - totals[str(theirs[0])] >= int(args[2])
    if test in ("did", "did-not") and tuple(args[1:]) == _FOCUSED_FROM_HAND:
        result = pos.memo.get(CURRENT) or {}
        cards = [pos.copies[u] for u in result.get(SIDE_WORDS[args[0].lower()], [])]
        if not result.get("happened"):
            return None
        # (after a tie "the loser" is both Personalities: "did" if either player did)
        hit = any(result.get("from_hand", {}).get(c.controller, 0) > 0 for c in cards)
        return hit if test == "did" else not hit
    if test in ("won-contest", "lost-contest") and len(args) == 1:
        result = pos.memo.get(CURRENT)
        card = subject(args[0])
        if not result or card is None:
            return None
        return card.uid in result["winners" if test == "won-contest" else "losers"]
    return None


# ---- Focus Effects ------------------------------------------------------------------------

#: the triggers of the Focus Effects the engine carries out, all after the duel has resolved:
#: "After this duel ends", "After this duel's resolution", "after you win this duel"
_FOCUS_TRIGGERS = ("duel-ends", "duel-resolves", "duel-won")
#: what a Focus Effect does to a side of the duel ("bow its winner", "give its winner +3F")
_SIDE_KINDS = ("bow", "straighten", "dishonor", "modify-stat", "grant-keyword")
#: what it does to a player: you, or the side's controller ("the loser's controller draws a card")
_PLAYER_KINDS = ("gain-honor", "lose-honor", "draw", "take-favor")
#: conditions on a Focus Effect: "if your Personality won it", "if you won it", "if you lost"
_FOCUS_CONDITIONS = {("effect-if:won", ("your Personality", "it")): "winners",
                     ("effect-if:did", ("your Personality", "lost", "it")): "losers",  # "if your Personality lost it"
                     ("effect-if:won", ("you", "it")): "winners",
                     ("effect-if:wins", ("you",)): "winners",  # "if you win this duel"
                     ("effect-if:lost-contest", ("you",)): "losers"}


def _side_spec(spec) -> str | None:
    """"winners" / "losers" for "its winner", "the loser's controller"; None otherwise."""
    if not names_side(spec):
        return None
    return "winners" if "duel-winner" in spec.states else "losers"


def _duelist_word(spec) -> str | None:
    """"your Personality in it" / "... in this duel" (mine), "the other Personality" (theirs): the
    duel's two Personalities as a Focus Effect names them; None otherwise."""
    if spec is None or spec.ref != "choice" or spec.card_types != ("personality",) or spec.keywords or spec.tests:
        return None
    if spec.owner == "you" and spec.states in (("in:it",), ("in-duel",)):
        return "mine"
    if spec.states == ("other",) and (spec.text or "").strip().lower() == "the other personality":
        return "theirs"
    return None


def _loses_against(game, card: Copy, other: Copy) -> str | None:
    """The text of ``card``'s trait "X loses any duel against <other's title>", or None."""
    for ability in game.abilities(card):
        for clause in getattr(ability, "effects", ()):
            if ability.kind == "continuous" and isinstance(clause, Effect) and clause.kind == "lose-duel" \
                    and clause.target is not None and _loses_against_applies(clause, clause.target.ref):
                title = str(clause.values[0])[len("against:"):].strip().casefold()
                if other.name.casefold() == title or other.name.casefold().startswith(title + " "):
                    return ability.text
    return None


#: "Delay ... until the end of the turn" / "until after the next Dynasty Phase begins": the moment the
#: delayed consequences of losing come (delayed.py fires them)
_DELAY_UNTIL = {"turn": ("end-of", "turn-ends"),
                "until after the next dynasty phase begins": ("after-next", "dynasty-phase-begins")}
_DELAY_WORDS = {"turn": "at the end of the turn", "until after the next dynasty phase begins":
                "after the next Dynasty phase begins"}


#: "an attachment on a Personality involved in this duel": the target words the reader keeps
_INVOLVED = ("on:a Personality involved in this duel",)


def _involved_attachment(ability) -> bool:
    """"As a Focus Effect: You may destroy an attachment on a Personality involved in this duel": at
    the strike, an attachment of either Personality in the duel, named by the focusing player with
    ``answering`` (L5R-ACT-EFFECT.5.3, L5R-TRAIT.5)."""
    if (ability.trigger.timing, ability.trigger.event) != ("when", "card-focused") or len(ability.effects) != 1:
        return False
    clause = ability.effects[0]
    spec = getattr(clause, "target", None)
    return isinstance(clause, Effect) and clause.kind == "destroy" and spec is not None and spec.ref == "choice" \
        and spec.card_types == ("attachment",) and tuple(spec.states) == _INVOLVED and not spec.keywords \
        and not spec.tests and all(c.kind == "effect-optional" for c in ability.conditions)


def _destroy_involved_attachment(ctx, card: Copy, ability, sides: tuple) -> None:
    from .effects import apply_to_card

    pos = ctx.position
    if ability.conditions and _declined(ctx):
        ctx.step("effect", f"{card.name}'s Focus Effect: {card.owner} chooses not to destroy an attachment", STRIKE)
        return
    answers = getattr(ctx.game, "answering", None)
    if not answers:
        ctx.step("effect", f"{card.name}'s Focus Effect: no attachment was named for it (name one with 'answering'): "
                 "nothing is destroyed", STRIKE, "L5R-TRAIT.5")
        return
    chosen = ctx.card(answers.pop(0), purpose="attachment to destroy")
    if chosen.attached_to not in {s.uid for s in sides}:
        ctx.reject("L5R-TRAIT.5", f"{chosen.show()} is not an attachment on a Personality involved in this duel")
    out = apply_to_card(ctx.game, pos, chosen, ability.effects[0], as_cost=False, source=card.name)
    text = out.description if out.changed else f"{out.description}: no change ({out.why})"
    ctx.step("effect", f"{card.name}'s Focus Effect: {text}", STRIKE, "L5R-TRAIT.5", "L5R-ACT-EFFECT")


#: what "transfer a Follower (an attachment) from your Personality in this duel" may move
_TRANSFERRED = {("follower",): ("follower",), ("attachment",): ("follower", "item", "spell", "ring", "region")}


def _transfers_away(ability) -> bool:
    """"As a Focus Effect: You may transfer an attachment (a Follower) from your Personality in this
    duel to another of your Personalities": at the strike, the card and the Personality named by
    the focusing player with ``answering``, in that order (L5R-ACT-EFFECT.5.3, L5R-TRAIT.5)."""
    if (ability.trigger.timing, ability.trigger.event) != ("when", "card-focused") or len(ability.effects) != 2:
        return False
    moved, host = ability.effects
    if not all(isinstance(c, Effect) and c.target is not None and c.target.ref == "choice" for c in (moved, host)):
        return False
    return moved.kind == "transfer" and tuple(moved.target.card_types) in _TRANSFERRED \
        and tuple(moved.target.states) == ("on:your Personality", "in-duel") and not moved.target.keywords \
        and host.kind == "attach-to" and host.target.owner == "you" and host.target.card_types == ("personality",) \
        and not host.target.states and not host.target.keywords and not host.target.tests \
        and (host.target.text or "").lower() == "another of your personalities" \
        and all(c.kind == "effect-optional" for c in ability.conditions)


def _transfer_away(ctx, card: Copy, ability, mine: Copy | None) -> None:
    from .effects import in_play
    from .procedure import transfer_to

    pos = ctx.position
    if ability.conditions and _declined(ctx):
        ctx.step("effect", f"{card.name}'s Focus Effect: {card.owner} chooses not to transfer", STRIKE)
        return
    answers = getattr(ctx.game, "answering", None) or []
    if len(answers) < 2 or mine is None:
        ctx.step("effect", f"{card.name}'s Focus Effect: no card and Personality were named for it (name both with "
                 "'answering'): nothing is transferred", STRIKE, "L5R-TRAIT.5")
        return
    thing = ctx.card(answers.pop(0), purpose="card to transfer")
    host = ctx.card(answers.pop(0), purpose="Personality to take it")
    types = _TRANSFERRED[tuple(ability.effects[0].target.card_types)]
    if thing.attached_to != mine.uid or thing.card.type not in types:
        ctx.reject("L5R-TRAIT.5", f"{thing.show()} is not {ability.effects[0].target.text}")
    if host.card.type != "personality" or host.controller != card.owner or host.uid == mine.uid or not in_play(pos, host):
        ctx.reject("L5R-TRAIT.5", f"{host.show()} is not another of {card.owner}'s Personalities in play")
    ctx.step("effect", f"{card.name}'s Focus Effect: {card.owner} transfers {thing.name} to {host.name}", STRIKE,
             "L5R-TRAIT.5")
    transfer_to(ctx, [thing], [host])


#: the conditions "attach this card ..., ignoring Gold cost" may carry, on both its clauses
_ATTACH_CONDITIONS = {("effect-cost", ("ignoring-gold-cost",)), ("effect-cost", ("ignoring-costs",)),
                      ("effect-optional", ()), ("effect-if:won", ("your Personality", "it"))}


def _attaches_itself(ability) -> bool:
    """"As a Focus Effect: After this duel ends, you may attach this card to one of your
    Personalities, ignoring Gold cost" (or "... if your Personality won it, ... attach this Item to
    him, ignoring costs"): the focused card, out of the focusing area, onto the Personality its
    player names with ``answering`` (or his Personality in the duel), paying nothing; as an Equip
    attaches, so the host's and the card's restrictions apply (L5R-EQUIP, L5R-ACT-EFFECT.5.6)."""
    if (ability.trigger.timing, ability.trigger.event) != ("after", "duel-ends") or len(ability.effects) != 2:
        return False
    attach, host = ability.effects
    if not all(isinstance(c, Effect) and c.target is not None for c in (attach, host)):
        return False
    conds = {(c.kind, tuple(c.args[1:])) for c in ability.conditions}
    if not conds <= _ATTACH_CONDITIONS or not any(k == "effect-cost" for k, _ in conds):
        return False
    won = ("effect-if:won", ("your Personality", "it")) in conds
    if attach.kind != "attach" or attach.target.ref != "this" or host.kind != "attach-to":
        return False
    if won and host.target.ref == "it":  # "attach this Item to him": his Personality in the duel, the winner
        return (host.target.text or "").lower() in ("him", "her")
    spec = host.target
    return not won and spec.ref == "choice" and spec.owner == "you" and spec.card_types in ((), ("personality",)) \
        and (spec.card_types or spec.keywords) and not spec.states and not spec.tests


def _attach_itself(ctx, card: Copy, ability, mine: Copy | None, result: dict) -> None:
    from .effects import in_play
    from .turn import attach_restriction

    pos = ctx.position
    if any(c.kind == "effect-if:won" for c in ability.conditions) and (mine is None or mine.uid not in result["winners"]):
        ctx.step("effect", f"{card.name}'s Focus Effect: {card.owner}'s Personality did not win the duel, so it is not "
                 "attached", STRIKE, CONSEQUENCES)
        return
    if any(c.kind == "effect-optional" for c in ability.conditions) and _declined(ctx):
        ctx.step("effect", f"{card.name}'s Focus Effect: {card.owner} chooses not to attach it", STRIKE)
        return
    spec = ability.effects[1].target
    if spec.ref == "it":
        host = mine
    else:
        answers = getattr(ctx.game, "answering", None) or []
        if not answers:
            ctx.step("effect", f"{card.name}'s Focus Effect: no Personality was named for it (name one with "
                     "'answering'): it is not attached", STRIKE, "L5R-TRAIT.5")
            return
        host = ctx.card(answers.pop(0), purpose="Personality to attach it to")
        if host.card.type != "personality" or host.controller != card.owner or not in_play(pos, host) or not all(
                pos.has_keyword(host, k) for k in spec.keywords):
            ctx.reject("L5R-TRAIT.5", f"{host.show()} is not {spec.text}")
    why = attach_restriction(ctx.game, ctx, card, host) if host is not None else "no Personality"
    if why:
        ctx.step("effect", f"{card.name}'s Focus Effect: attach {card.name}: no change ({why})", STRIKE, "L5R-EQUIP")
        return
    card.flags.discard("face-down")
    pos.move(card.uid, card.owner, host.zone, top=False)
    card.attached_to = host.uid
    ctx.step("effect", f"{card.name}'s Focus Effect: attach {card.name} to {host.name}, paying no Gold cost", STRIKE,
             CONSEQUENCES, "L5R-EQUIP")
    raise_event(pos, "enters-play", card)  # an attachment entering play (L5R-TRAIT)
    raise_event(pos, "attached", card)


def _option(cond) -> int | None:
    """N of an "option N of 2" condition ("gain 2 Honor or draw a card"), else None."""
    if cond.kind != "effect-choice" or len(cond.args) != 2:
        return None
    words = cond.args[1].split()
    return int(words[1]) if len(words) == 4 and words[0] == "option" and words[1].isdigit() else None


def _options_read(ability) -> bool:
    """Every "option N of M" of the ability: one per effect, 1..M in order, for M effects."""
    options = [_option(c) for c in ability.conditions if c.kind == "effect-choice"]
    return options == [] or options == list(range(1, len(ability.effects) + 1))


_ORDINAL = {"first": 1, "1": 1, "one": 1, "second": 2, "2": 2, "two": 2}


def _picked_option(ctx, card: Copy) -> int | None:
    """The option the Focus Effect's player names with ``answering`` ("first" / "second"); a step
    says so when none is named (then neither option happens)."""
    answers = getattr(ctx.game, "answering", None)
    if answers and answers[0].kind == "word" and answers[0].text.lower() in _ORDINAL:
        return _ORDINAL[answers.pop(0).text.lower()]
    ctx.step("effect", f"{card.name}'s Focus Effect: no option was named for it (name one with 'answering': "
             "first or second)", STRIKE, "L5R-TRAIT.5")
    return 0


def _focus_choices(ability) -> bool:
    """"As a Focus Effect, after this duel ends, straighten a Personality", "... choose a player who
    loses 2 Honor": a Focus Effect after the duel (or on the strike) whose effects ask its player
    for a target, a card or player to choose, or a "you may" -- and name no side of the duel."""
    from .triggers import _asks

    if _delays_loss(ability) or _both_lose(ability) or _involved_attachment(ability) or _transfers_away(ability) \
            or _attaches_itself(ability):
        return False  # (their own readings)
    if ability.trigger.event not in ("duel-ends", "duel-resolves", "duel-won", "card-focused") or any(
            c.kind not in ("effect-optional",) and not _outcome_guard(ability, c) for c in ability.conditions):
        return False
    if any(isinstance(c, Effect) and (_side_spec(c.target) or _duelist_word(c.target)) for c in ability.effects):
        return False
    return any(_asks(ability, i, c) for i, c in enumerate(ability.effects))


def _outcome_guard(ability, cond) -> bool:
    """"After this duel ends, if your Personality won it, you may give a Personality -4F": an outcome
    test on the one effect of a Focus Effect that waits for the duel's end (checked as it resolves,
    :func:`_apply_focus`)."""
    return _outcome_condition(cond) and len(ability.effects) == 1 and cond.args[:1] == ("effect 0",) \
        and ability.trigger.event in ("duel-ends", "duel-resolves")


def _without_outcome_guards(ability):
    from dataclasses import replace

    return replace(ability, conditions=tuple(c for c in ability.conditions if not _outcome_guard(ability, c)))


def _focus_choices_execute(ability) -> bool:
    """Carried out as the trait choices are (triggers._resolve_choosing, L5R-TRAIT.5), when the same
    effects are as a Battle action's, with no more than one "you may"."""
    from dataclasses import replace

    from .effects import executes
    from .triggers import _procedure_binds

    if not _procedure_binds(ability) or sum(c.kind == "effect-optional" for c in ability.conditions) > 1:
        return False
    return executes(replace(_without_outcome_guards(ability), kind="action", designators=("Battle",), trigger=None))


def _delays_loss(ability) -> bool:
    """"As a Focus Effect: Delay all consequences of losing this duel until the end of the turn",
    "... You may choose (now) to delay the effects of losing this duel until after the next Dynasty
    Phase begins": the focusing player's Personality, if it loses, takes the consequences of
    losing then, not now (L5R-ACT-EFFECT.5.6)."""
    if len(ability.effects) != 1 or not isinstance(ability.effects[0], Effect):
        return False
    clause = ability.effects[0]
    return clause.kind == "delay-duel-loss" and clause.target is not None and clause.target.ref == "you" \
        and clause.duration in _DELAY_UNTIL and all(c.kind == "effect-optional" for c in ability.conditions)


def _delay_loss(ctx, card: Copy, ability, clause) -> None:
    """The Focus Effect of :func:`_delays_loss`, at the strike: its player chooses now (``answering
    no`` declines a "you may"; by default the player takes it, as an action's player does)."""
    pos = ctx.position
    if ability.conditions and _declined(ctx):
        ctx.step("effect", f"{card.name}'s Focus Effect: {card.owner} chooses not to delay the effects of losing",
                 STRIKE)
        return
    (pos.memo.get(CURRENT) or {}).setdefault("delayed", {})[card.owner] = clause.duration
    ctx.step("effect", f"{card.name}'s Focus Effect: if {card.owner}'s Personality loses, the consequences of "
             f"losing come {_DELAY_WORDS[clause.duration]}, not now", STRIKE, CONSEQUENCES, "L5R-DURATION")


def _declined(ctx) -> bool:
    """The next ``answering`` word of the statement, if it is one, says whether a "you may" is taken."""
    from .triggers import _DECLINE

    answers = getattr(ctx.game, "answering", None)
    if answers and answers[0].kind == "word" and answers[0].text.lower() in (*_DECLINE, "yes"):
        return answers.pop(0).text.lower() != "yes"
    return False


def _hold_back(ctx, source: Copy | None, clause, losers: list) -> list:
    """The losers whose consequences of losing come now; those whose player delayed them
    (:func:`_delay_loss`) are set aside with ``clause`` (delayed.py fires it at the moment:
    L5R-ACT-EFFECT.5.6, L5R-DURATION)."""
    from .delayed import KEY

    pos = ctx.position
    result = pos.memo.get(CURRENT) or {}
    delayed = result.get("delayed") or {}
    later = [c for c in losers if c.controller in delayed]
    if not later or source is None:
        return losers
    index = next((i for a in ctx.game.abilities(source) for i, c in enumerate(a.effects) if c is clause), None)
    text = next((a.text for a in ctx.game.abilities(source) if any(c is clause for c in a.effects)), None)
    if index is None:
        return losers
    for card in later:
        duration = delayed[card.controller]
        pos.memo.setdefault(KEY, []).append({
            "source": source.uid, "text": text, "effect": index, "moment": list(_DELAY_UNTIL[duration]),
            "battlefield": None, "cards": [] if clause.kind in _PLAYER_KINDS else [card.uid],
            "players": [card.controller] if clause.kind in _PLAYER_KINDS else [],
            "controller": card.controller, "turn": pos.timing.turn, "phase": pos.timing.phase})
        ctx.step("effect", f"'{clause.text}' on {card.name}, the loser, comes {_DELAY_WORDS[duration]}: "
                 f"{card.controller} delayed the effects of losing", CONSEQUENCES, "L5R-DURATION")
    return [c for c in losers if c not in later]


def _both_lose(ability) -> bool:
    """"As a Focus Effect, when this duel resolves, both Personalities lose the duel" (not a tie)."""
    spec = ability.effects[0].target if len(ability.effects) == 1 and isinstance(ability.effects[0], Effect) else None
    return ability.trigger is not None and (ability.trigger.timing, ability.trigger.event) == ("when", "duel-resolves") \
        and ability.effects[0].kind == "lose-duel" and spec is not None and spec.ref == "each" \
        and spec.card_types == ("personality",) and not spec.states and not ability.conditions


def _after_it_ends(cond) -> bool:
    """"... after it ends" on a Focus Effect: after the duel (the only thing that ends there)."""
    return cond.kind == "effect-delayed" and tuple(cond.args[1:]) == ("after", "card-ends")


def focus_effect_executes(ability) -> bool:
    """For effects.executes: an "As a Focus Effect:" trait the duel carries out -- one that waits
    for the duel's end (or its winner) and then changes a side of the duel, its player or you,
    or puts the focused card into your hand, with no choices."""
    trigger = ability.trigger
    if trigger is None or ability.costs:
        return False
    if _both_lose(ability) or _delays_loss(ability) or _involved_attachment(ability) or _transfers_away(ability) \
            or _attaches_itself(ability):
        return True
    if _focus_choices(ability):
        return _focus_choices_execute(ability)
    immediate = (trigger.timing, trigger.event) == ("when", "card-focused") and not any(
        _after_it_ends(c) for c in ability.conditions)
    if immediate and _consequence(ability):
        pass  # "the winner gains 2 Honor": waits for the resolution, a consequence (L5R-ACT-EFFECT.5.6)
    elif immediate:
        # "As a Focus Effect, bow the other Personality": now, before the resolution -- so it names
        # no winner or loser yet, and has no condition
        if ability.conditions or any(isinstance(c, Effect) and _side_spec(c.target) for c in ability.effects):
            return False
        if any(isinstance(c, Effect) and c.kind == "modify-stat" and c.stat == "chi" and (c.amount or 0) < 0
               for c in ability.effects):
            return False  # (a Personality at 0 Chi would be destroyed, ending the duel unresolved: not carried out)
    elif (trigger.timing, trigger.event) == ("when", "card-focused"):
        # "As a Focus Effect, this duel's winner gains 1 Honor after it ends": every effect waits for the end
        if not ability.effects or any(not any(c.args[:1] == (f"effect {n}",) and _after_it_ends(c)
                                              for c in ability.conditions) for n in range(len(ability.effects))):
            return False
    elif trigger.timing != "after" or trigger.event not in _FOCUS_TRIGGERS:
        return False
    if any((c.kind, tuple(c.args[1:])) not in _FOCUS_CONDITIONS and not _after_it_ends(c) and not _option(c)
           for c in ability.conditions) or not _options_read(ability):
        return False

    def done(c) -> bool:
        if not isinstance(c, Effect):
            return False
        side = _side_spec(c.target)
        if c.kind in _PLAYER_KINDS:
            return (c.target is None or c.target.ref == "you" or side is not None) and (
                c.kind == "take-favor" or (c.amount or 1) > 0)
        if c.kind in _SIDE_KINDS and (names_side(c.target) and c.target.ref == "it" or _duelist_word(c.target)):
            if c.kind == "grant-keyword":  # "Give your Personality in this duel Tactician"
                return (c.keyword or "")[:1].isupper()
            return c.kind != "modify-stat" or (c.stat in ("force", "chi") and bool(c.amount))
        if _focus_bonus(c):  # "give +1 Focus Value to each of your focused cards"
            return True
        if c.kind == "modify-stat" and c.stat == "strength":  # "give all your provinces +2 strength"
            from .effects_engine import province_effect_applies

            return province_effect_applies(c) and c.target.ref == "each"
        return c.kind == "put-in-hand" and c.target is not None and c.target.ref == "this"

    return bool(ability.effects) and all(done(c) for c in ability.effects)


def _after_resolution(ctx, waiting: list, sides: tuple, result: dict) -> None:
    """The Focus Effects that waited resolve once the duel has (L5R-ACT-EFFECT.5.3), in the order
    their cards were focused."""
    for card, ability in waiting:
        mine = next((s for s in sides if s.controller == card.owner), None)
        if ability.trigger.event == "duel-won" and (mine is None or mine.uid not in result["winners"]):
            ctx.step("effect", f"{card.name}'s Focus Effect: {card.owner}'s Personality did not win the duel, so "
                     f"'{ability.trigger.text}' does not happen", STRIKE)
            continue
        _apply_focus(ctx, card, ability, sides, result)


def _apply_focus(ctx, card: Copy, ability, sides: tuple, result: dict) -> None:
    """Carry out one Focus Effect: "you" is the player who focused the card, "your Personality"
    that player's Personality in the duel, "the other Personality" the other one."""
    from .effects import apply_to_card, apply_to_player

    pos = ctx.position
    you = card.owner
    mine = next((s for s in sides if s.controller == you), None)
    theirs = next((s for s in sides if s.controller != you), None)
    if _involved_attachment(ability):  # "You may destroy an attachment on a Personality involved in this duel"
        _destroy_involved_attachment(ctx, card, ability, sides)
        return
    if _transfers_away(ability):  # "You may transfer a Follower from your Personality in this duel to ..."
        _transfer_away(ctx, card, ability, mine)
        return
    if _attaches_itself(ability):  # "After this duel ends, you may attach this card to one of your Personalities"
        _attach_itself(ctx, card, ability, mine, result)
        return
    if _focus_choices(ability) and focus_effect_executes(ability):  # its player's choices: ``answering``
        from .triggers import _resolve_choosing

        unmet = [c for c in ability.conditions if _outcome_guard(ability, c)
                 and not (mine is not None and mine.uid in result[_FOCUS_CONDITIONS[(c.kind, tuple(c.args[1:]))]])]
        if unmet:  # "if your Personality won it": checked once the duel has resolved (L5R-ACT-EFFECT.5.6)
            ctx.step("effect", f"{card.name}'s Focus Effect: '{ability.effects[0].text}' does not happen, since "
                     f"'{unmet[0].text}' does not hold", STRIKE)
            return
        _resolve_choosing(ctx.game, pos, card, _without_outcome_guards(ability), ctx.proc, None,
                          (STRIKE, "L5R-TRAIT.5"), "effect", f"{card.name}'s Focus Effect: ")
        return
    picked = None  # (the option named for "A or B", asked once)
    for index, clause in enumerate(ability.effects):
        held = True
        for cond in ability.conditions:
            if cond.args[:1] != (f"effect {index}",) or _after_it_ends(cond) or cond.kind == "effect-optional":
                continue  # ("after it ends": it waited for the end like the others; "you may": _delay_loss)
            if _option(cond):  # "gain 2 Honor or draw a card": the option its player names (``answering``)
                picked = picked if picked is not None else _picked_option(ctx, card)
                held = held and picked == _option(cond)
                continue
            side = _FOCUS_CONDITIONS[(cond.kind, tuple(cond.args[1:]))]
            held = held and mine is not None and mine.uid in result[side]
        if not held:
            ctx.step("effect", f"{card.name}'s Focus Effect: '{clause.text}' does not happen, since its "
                     "condition does not hold", STRIKE)
            continue
        side = _side_spec(clause.target)
        cards = [pos.copies[u] for u in result[side]] if side else []
        if side == "losers":  # (a loser whose player delayed the effects of losing: later)
            cards = _hold_back(ctx, card, clause, cards)
        if clause.kind == "delay-duel-loss":  # "You may choose (now) to delay the effects of losing this duel"
            _delay_loss(ctx, card, ability, clause)
            continue
        word = _duelist_word(clause.target)
        if word is not None:
            cards = [c for c in ((mine,) if word == "mine" else (theirs,)) if c is not None]
        if clause.kind in _PLAYER_KINDS:
            players = list(dict.fromkeys(c.controller for c in cards)) if side else [you]
            outs = [apply_to_player(ctx.game, pos, p, clause, as_cost=False) for p in players]
        elif clause.kind == "put-in-hand":
            outs = [apply_to_card(ctx.game, pos, card, clause, as_cost=False, source=card.name)]
        elif _focus_bonus(clause):
            outs = _give_focus_bonus(pos, you, clause)
        elif clause.kind == "modify-stat" and clause.stat == "strength":
            from .effects_engine import give_province_strength

            outs = [give_province_strength(ctx.game, pos, you, clause, card.name)]
        else:
            outs = [apply_to_card(ctx.game, pos, c, clause, as_cost=False, source=card.name) for c in cards]
        if not outs:
            ctx.step("effect", f"{card.name}'s Focus Effect: '{clause.text}' names no card (no duel side "
                     "of that kind)", STRIKE)
        for out in outs:
            text = out.description if out.changed else f"{out.description}: no change ({out.why})"
            ctx.step("effect", f"{card.name}'s Focus Effect: {text}", STRIKE, "L5R-ACT-EFFECT")
