"""Amounts worked out from values of cards: "a Force bonus equal to his Chi", "Fear equal to
the number of Undead cards in this unit", "Produce 1 Gold for each Holding you control",
"loses Honor equal to his printed Personal Honor, or 3, whichever is lower", "..., plus 1 if
he is Earth".

The grammar writes such an amount as the clause that needs it (``modify-stat``, ``fear``,
``produce-gold``, ``lose-honor``, ``give-token``, ``pay-gold`` ...) followed by a *chain* of
``amount-*`` clauses:

* ``amount-equal-to`` -- a value (``stat``) of one card (``target``), times ``amount`` (-1 for
  a penalty, 2 for "twice"); ``stat`` ``count`` counts the cards fitting ``target``;
* ``amount-for-each`` -- the clause's own amount times the number of cards fitting ``target``;
* ``amount-plus`` -- add ``amount`` (or another value of the same card, "his Force plus Chi");
  a condition the grammar attached to it ("plus 1 if he is Earth") decides whether it counts;
* ``amount-at-most`` / ``amount-at-least`` -- "or 3, whichever is lower/higher".

Values besides a card's stats: ``count-done`` "the number you discarded" (the cards the latest
such cost or effect changed, procedure.Bindings.done), ``gold-paid`` "the amount of Gold you paid
for this action" (its "Pay X Gold"), ``total-gold-cost`` "a target unit's total Gold Cost"; two
``amount-equal-to`` clauses of one card ("his Force or Chi") are the acting player's choice
(``choosing chi``).

The value is read on the declared position when the effect resolves (L5R-ACT-EFFECT); a stat
change with a worked-out amount is then an ordinary lasting change (L5R-DURATION). In traits
without a trigger the amount is worked out afresh whenever the value is asked for (L5R-TRAIT,
continuous.py), from values no lasting trait changes (printed values, Personal Honor, counts).

:func:`chain_executes` says yes exactly for the chains :func:`work_out` carries out.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...core.ability import Effect, TargetSpec

#: a stat word of the grammar -> (card attribute, printed value?)
STATS = {
    "force": ("force", False), "chi": ("chi", False), "personal-honor": ("personal-honor", False),
    "focus": ("focus", True), "gold-cost": ("gold-cost", True),
    "printed-force": ("force", True), "printed-chi": ("chi", True),
    "printed-personal-honor": ("personal-honor", True), "printed-gold-cost": ("gold-cost", True),
    "base-force": ("force", True), "base-chi": ("chi", True), "base-personal-honor": ("personal-honor", True),
    "base-gold-cost": ("gold-cost", True), "base-base-gold-cost": ("gold-cost", True),
    "printed-focus": ("focus", True),
}

#: "a target unit's total Gold Cost": the Gold costs of the cards in its unit added up
UNIT_COST = "total-gold-cost"
#: "the amount of Gold you paid for this action": the X of its "Pay X Gold" cost
X_PAID = "gold-paid"


def _x_words(spec: TargetSpec | None) -> bool:
    # "the Gold paid" / "the amount you paid" (read as "the amount paid") name no other payment
    # than the action's own; reads_x with paid_x then insists the action has a "Pay X Gold" cost
    # (not "the amount of Gold you paid for it": a purchase's price is not kept)
    text = (spec.text or "").lower() if spec is not None else ""
    return spec is not None and spec.ref == "you" and (text.endswith("you paid for this action")
                                                       or text == "the amount paid")


def reads_x(ability) -> bool:
    """Does an effect of ``ability`` read the X its "Pay X Gold" cost paid?"""
    return any(isinstance(c, Effect) and c.kind == "amount-equal-to" and c.stat == X_PAID and _x_words(c.target)
               for c in ability.effects)

#: "strength equal to the current battlefield's province's strength": the Defender's province the
#: battle is fought over, with every change (effects_engine.province_strength)
PROVINCE_STRENGTH = "strength"
#: "half your starting Honor, rounded down": the acting player's starting Family Honor -- his
#: Stronghold's Starting Family Honor, modified by his Sensei (Comprehensive Rules, "Starting
#: Family Honor", "Sensei")
STARTING_HONOR = {"half-starting-family-honor-rounded-up": "up", "half-starting-family-honor-rounded-down": "down"}


def _current_province_words(spec: TargetSpec | None) -> bool:
    from .effects_engine import _CURRENT_PROVINCE

    return spec is not None and spec.ref == "possessed" and tuple(spec.card_types) == ("province",) \
        and _CURRENT_PROVINCE.fullmatch((spec.text or "").strip()) is not None


def starting_honor(pos, player: str) -> int | None:
    """The player's starting Family Honor: his Stronghold's Starting Honor plus his Sensei's change
    (a Sensei with no such stat changes nothing); None without a Stronghold in play."""
    strongholds = [c for c in pos.zone(player, "stronghold") if c.card.type == "stronghold"]
    value = strongholds[0].card.attrs.get("starting-honor") if len(strongholds) == 1 else None
    if not isinstance(value, int):
        return None
    senseis = [c for c in pos.all_copies() if c.card.type == "sensei" and c.controller == player]
    changes = [c.card.attrs.get("starting-honor", 0) for c in senseis]
    return value + sum(changes) if all(isinstance(v, int) for v in changes) else None


#: "His controller loses Honor equal to the difference": the gap between the two values a target's
#: own comparison names ("a Personality whose Personal Honor is less than printed")
DIFFERENCE = "difference"
_OWN_PRINTED = re.compile(r"^cmp:(force|chi|personal-honor|gold-cost)(?:!=|<=|>=|<|>|=)it\.(?:printed|base)-\1$")


def names_no_card(clause) -> bool:
    """"equal to the difference": the grammar writes its words as a target spec, but they name a gap
    between two values, no card (procedure.target_specs asks no target for it)."""
    return isinstance(clause, Effect) and clause.kind.startswith("amount-") and clause.stat == DIFFERENCE


def compared_target(ability) -> tuple[TargetSpec, str] | None:
    """(the target spec, the stat) of the one target of ``ability`` compared with its own printed value
    ("a Personality with lower Personal Honor than printed"), which "the difference" is read from;
    None when there is not exactly one such target and comparison (which gap would it be?)."""
    return _compared([getattr(c, "target", None) for c in (*ability.costs, *ability.effects)])


def _compared(specs) -> tuple[TargetSpec, str] | None:
    found, seen = [], []
    for spec in specs:
        if spec is None or spec.ref != "target" or any(spec is s for s in seen):
            continue
        seen.append(spec)
        own = [(spec, m.group(1)) for m in map(_OWN_PRINTED.match, spec.states) if m]
        if any(s.startswith(("cmp:", "unit-cmp:")) for s in spec.states) and len(own) != 1:
            return None  # another comparison: the gap between other values
        found += own
    return found[0] if len(found) == 1 else None


#: "half his Chi, rounded up"
HALF = {"half-chi-rounded-up": ("chi", "up"), "half-chi-rounded-down": ("chi", "down"),
        "half-force-rounded-up": ("force", "up"), "half-force-rounded-down": ("force", "down"),
        # "Ranged Attack equal to half its Gold Cost, rounded up": the printed Gold Cost (STATS)
        "half-gold-cost-rounded-up": ("gold-cost", "up"), "half-gold-cost-rounded-down": ("gold-cost", "down")}

#: other stats an action's change may take a worked-out amount for: a card's Gold Cost or Gold
#: Production ("Increase his Gold Cost by half this Shugenja's Chi") and a Province's strength
#: ("Raise or lower this Province's strength by Etsuki's Personal Honor": :func:`province_taker`)
WORKED_STATS = ("gold-cost", "gold-production", "strength")


def province_taker(clause) -> bool:
    """A change of Province strength the engine carries out (effects_engine.province_effect_applies)
    whose amount is worked out as it resolves (the procedure works it out before giving it)."""
    from .effects_engine import province_effect_applies

    # ("Give your Provinces +2 strength for each Ring you control": the +2 times the count)
    return isinstance(clause, Effect) and clause.kind == "modify-stat" and clause.stat == "strength" \
        and province_effect_applies(replace(clause, amount=1 if clause.amount is None else clause.amount))


#: the clauses an amount can be given to (their amount is ``amount``; a token count is ``values``)
#: (not "produce-gold": Gold sources pay with their printed Gold Production, game.pay_gold)
TAKERS = frozenset({"modify-stat", "fear", "ranged-attack", "melee-attack", "gain-honor",
                    "lose-honor", "give-token", "pay-gold", "draw", *("set-stat", "raise-stat-to", "reduce-stat-to")})
#: "Set his Force equal to his Chi", "Raise his Force to equal his Chi": the value the card's Force
#: or Chi is brought to is the amount (effects_battle.set_stat, effects_player.raise_stat_to)
STAT_TO = ("set-stat", "raise-stat-to", "reduce-stat-to")
MILITARY = ("fear", "ranged-attack", "melee-attack")

#: "the number you discarded": the clause kinds whose cards such words count (``count-done``)
DONE = {"discarded": ("discard",), "put at the bottom": ("put-on-bottom",), "shuffled in": ("shuffle-into-deck",),
        "showed": ("reveal",)}


def done_kinds(spec: TargetSpec | None) -> tuple[str, ...] | None:
    """"the number you put at the bottom" -> ("put-on-bottom",); None for other words."""
    if spec is None or spec.ref != "it":
        return None
    import re

    m = re.fullmatch(r"the number you (discarded|put at the bottom|shuffled in|showed)", (spec.text or "").strip(),
                     re.IGNORECASE)
    return DONE[m.group(1).lower()] if m else None


#: "for each card this bowed", "the number this bowed": the cards this action's effects of that kind
#: changed (procedure.Bindings.done), as they resolved before the clause taking the amount
_DID = {"bowed": "bow", "destroyed": "destroy", "discarded": "discard", "dishonored": "dishonor",
        "straightened": "straighten"}


def did_kind(spec: TargetSpec | None) -> str | None:
    """The effect kind of "card(s) this bowed" words, or None for other words."""
    if spec is None or spec.ref != "each" or tuple(spec.card_types) not in ((), ("card",)) or spec.keywords \
            or spec.tests or spec.zone is not None or len(spec.states) != 1 or not spec.states[0].startswith("this-did:"):
        return None
    return _DID.get(spec.states[0].split(":", 1)[1])


def _did_count(bind, spec: TargetSpec) -> int:
    kind = did_kind(spec)
    return sum(n for done, n in getattr(bind, "done", []) if done == kind)


#: describing words of a counted card the engine checks (continuous.fits)
COUNT_STATES = frozenset({"other", "in-unit", "bowed", "unbowed", "dishonored", "honorable", "attacking",
                          "defending", "non-unique", "unique"})

#: how the card an amount is read from is named
CARD_REFS = ("this", "attached", "it", "target", "choice")


def highest_of(stat: str | None, spec: TargetSpec | None) -> TargetSpec | None:
    """"the highest Focus Value among Spells in its unit": the cards compared (``spec`` without its
    ``highest:<stat>`` word), when they are counted as :func:`count` counts and the word is the
    value's own; None for other words."""
    if spec is None or stat not in STATS or f"highest:{stat}" not in spec.states:
        return None
    from .tokens import counted_tokens

    rest = replace(spec, states=tuple(s for s in spec.states if s != f"highest:{stat}"))
    plain = counted_tokens(rest) is None and not _own_attached(rest)  # cards in play (:func:`fitting`)
    return rest if plain and _count_spec_ok(rest) else None


def highest(game, pos, source, stat: str, spec: TargetSpec) -> tuple[int, str]:
    """The highest ``stat`` among the cards in play fitting :func:`highest_of` (0 when none does),
    and the name of the card it was read from (or "none")."""
    best, name = 0, "none"
    for copy in fitting(game, pos, source, highest_of(stat, spec)):
        value = card_value(game, pos, copy, stat)
        if isinstance(value, int) and (name == "none" or value > best):
            best, name = value, copy.name
    return best, name


def chain(effects, index: int) -> list[Effect]:
    """The ``amount-*`` clauses right after clause ``index``."""
    found = []
    for clause in effects[index + 1:]:
        if not (isinstance(clause, Effect) and clause.kind.startswith("amount-")):
            break
        found.append(clause)
    return found


# ---------------------------------------------------------------------------- what executes

def _card_spec_ok(spec: TargetSpec | None, *, lasting: bool) -> bool:
    if spec is None or spec.ref not in CARD_REFS:
        return False
    if spec.ref == "choice":
        # "the discarded card", "the Courtier": a card the ability has named before; in a
        # Follower's lasting trait "its Personality", the one it is attached to
        if lasting:
            return spec.text.lower() == "its personality"
        return spec.text.lower().startswith(("the ", "your "))  # "your ..." needs a target it names
    if spec.ref == "target":
        return not lasting and spec.count == 1 and not spec.up_to
    return True


#: the card types "the number of Hirakura's Spirit Followers" may count among the cards attached to him
_OWN_ATTACHED = {"follower", "item", "spell"}


def _own_attached(spec: TargetSpec | None) -> bool:
    """"Hirakura's Spirit Followers": the cards of a type attached to this card (or its bearer)."""
    return spec is not None and spec.ref == "possessed" and tuple(spec.states) == ("of-this",) \
        and len(spec.card_types) == 1 and spec.card_types[0] in _OWN_ATTACHED and not spec.tests \
        and spec.zone is None and len(spec.keywords) <= 1


def on_read(spec: TargetSpec | None) -> bool:
    """"the number of Spells he has": cards of a type attached to the card whose value the amount
    read just before (:func:`work_out`'s ``read_from``)."""
    return spec is not None and spec.ref in ("choice", "each") and tuple(spec.states) == ("on:it",) \
        and len(spec.card_types) == 1 and spec.card_types[0] in _OWN_ATTACHED and not spec.tests \
        and spec.zone is None and not spec.keywords and spec.owner == "any"


def _count_spec_ok(spec: TargetSpec | None, *, lasting: bool = False) -> bool:
    if _own_attached(spec):
        return True
    from .tokens import counted_tokens

    tokens = counted_tokens(spec)  # "the number of Madness tokens he has", "Atsushi's Infamy tokens"
    if tokens is not None:
        return not lasting or tokens[1] != "it"  # (in a lasting trait "he" is no card named before)
    if spec is None or spec.ref not in ("choice", "each") or spec.zone is not None or spec.tests:
        return False
    if spec.text.lower().startswith(("the ", "a ", "an ", "equal ")):
        return False
    if len(spec.keywords) > 1:  # "a Market or Port": which of the words is meant is not kept
        return False
    states = set(spec.states) - {"in-army"}
    if "at-battlefield" in states and "the current battlefield" in spec.text.lower():
        states.discard("at-battlefield")  # "at the current battlefield" (not "at this battlefield")
    if "not-at-battlefield" in states and "not at the current battlefield" in spec.text.lower():
        states.discard("not-at-battlefield")  # "you control not at the current battlefield": elsewhere in play
    return states <= COUNT_STATES and bool(spec.card_types or spec.keywords)


def _value_ok(stat: str | None, spec, *, lasting: bool) -> bool:
    if stat == "count":
        return _count_spec_ok(spec, lasting=lasting) or (not lasting and did_kind(spec) is not None)
    if stat == "count-done":
        return not lasting and done_kinds(spec) is not None
    if stat in HALF:
        return not lasting and _card_spec_ok(spec, lasting=lasting)
    if stat == DIFFERENCE:  # (ability_executes asks for the one comparison it is read from)
        return not lasting and spec is not None and spec.ref == "target" and spec.text == "the difference"
    if stat == X_PAID:  # (not "the amount of Gold you paid for it": a purchase's price is not kept)
        return not lasting and _x_words(spec)
    if stat == PROVINCE_STRENGTH:
        return not lasting and _current_province_words(spec)
    if stat in STARTING_HONOR:
        return not lasting and spec is not None and spec.ref == "you"
    if stat == UNIT_COST:  # (not "a target Personality or unit's": which of the two was targeted?)
        return not lasting and _card_spec_ok(spec, lasting=False) and spec.ref == "target" \
            and tuple(spec.card_types) == ("unit",)
    if stat not in STATS:
        return False
    if lasting and not (STATS[stat][1] or stat == "personal-honor"):
        return False  # a current Force or Chi may itself come from lasting traits
    if spec is not None and any(s.startswith("highest:") for s in spec.states):
        return highest_of(stat, spec) is not None  # "the highest Focus Value among Spells in its unit"
    return _card_spec_ok(spec, lasting=lasting)


def chain_executes(taker, amounts: list[Effect], *, lasting: bool = False) -> bool:
    """Does :func:`work_out` carry out this amount (``taker`` followed by ``amounts``)?"""
    if not isinstance(taker, Effect) or taker.kind not in TAKERS or not amounts:
        return False
    if lasting and taker.kind != "modify-stat":
        return False
    stat_taker = taker.kind in MILITARY and taker.stat is not None  # "Fear equal to this Shugenja's Chi"
    if stat_taker and (lasting or not _value_ok(taker.stat, taker.target, lasting=False)):
        return False
    if taker.kind in STAT_TO and (lasting or taker.stat not in ("force", "chi")):
        return False
    if taker.kind == "modify-stat" and taker.stat not in ("force", "chi", "personal-honor") and (
            lasting or taker.stat not in WORKED_STATS or (taker.stat == "strength" and not province_taker(taker))):
        return False
    equal = [a for a in amounts if a.kind == "amount-equal-to"]
    each = [a for a in amounts if a.kind == "amount-for-each"]
    if either_value(amounts) is not None:
        return not lasting and not stat_taker and all(_value_ok(a.stat, a.target, lasting=False) for a in amounts)
    if len(equal) + len(each) + stat_taker != 1:
        return False  # two values with more besides; nothing to start from
    if each and (taker.amount is None or equal):
        return False
    if equal and taker.amount is not None and not stat_taker and taker.kind != "give-token":
        return False
    for a in amounts:
        if a.kind == "amount-equal-to":
            if not _value_ok(a.stat, a.target, lasting=lasting):
                return False
        elif a.kind == "amount-for-each":
            if not (_count_spec_ok(a.target, lasting=lasting) or (not lasting and did_kind(a.target) is not None)):
                return False
        elif a.kind == "amount-plus":
            if a.stat == "count" and on_read(a.target):  # "Dai-ketsu's Force plus the number of Spells he has"
                if lasting or not any(b.kind == "amount-equal-to" and b.stat in STATS and b.target is not None
                                      and b.target.ref in ("this", "attached") for b in amounts[:amounts.index(a)]):
                    return False  # ("he": the card whose value was read just before, this card)
            elif a.stat is not None:
                if lasting or not _value_ok(a.stat, a.target, lasting=False):
                    return False
            elif a.amount is None:
                return False
        elif a.kind in ("amount-at-most", "amount-at-least"):
            if a.amount is None or lasting:
                return False
        else:
            return False
    return True


def attack_bonus_each(attack, bonus, amounts: list[Effect]) -> bool:
    """"Ranged 3 Attack with +1 strength for each other Follower in this unit": a strength bonus the
    procedure adds to the attack before it (effects_engine.attack_bonus), times a count of cards in
    play judged from this card (:func:`count`), worked out as the attack resolves."""
    from .effects_engine import attack_bonus

    return attack_bonus(attack, bonus) and [a.kind for a in amounts] == ["amount-for-each"] \
        and amounts[0].amount in (None, 1) and (_count_spec_ok(amounts[0].target) or targets_unit(amounts[0].target)
                                                or tokens_on_named(amounts[0].target) is not None)


def targets_unit(spec: TargetSpec | None) -> bool:
    """"+1 strength for each Follower in the target's unit": cards of a type in the unit of the card
    the attack targets (its implied target, procedure.MILITARY; :func:`ability_executes` insists
    the ability names no other target "the target" could be)."""
    return spec is not None and spec.ref == "each" and tuple(spec.states) == ("in-unit-of:the target",) \
        and bool(spec.card_types) and set(spec.card_types) <= {"follower", "personality", "item", "spell"} \
        and not spec.keywords and not spec.tests and spec.zone is None and spec.owner == "any"


#: "for each Fire token on your Personality": the card "your Personality" names (one target does)
_ON_YOUR = re.compile(r"^on:(your [A-Z][\w-]*)$")


def tokens_on_named(spec: TargetSpec | None) -> tuple[str, TargetSpec] | None:
    """(token kind, the words naming the card) of "each Fire token on your Personality": tokens of
    one kind on the card a target of the ability names; None for other words."""
    from .tokens import COUNTERS, kind_of

    if spec is None or spec.ref != "each" or tuple(spec.card_types) != ("token",) or len(spec.keywords) != 1 \
            or spec.tests or spec.zone is not None or len(spec.states) != 1:
        return None
    m = _ON_YOUR.match(spec.states[0])
    kind = kind_of(spec.keywords[0])
    if m is None or kind not in COUNTERS:
        return None
    return kind, TargetSpec(ref="choice", text=m.group(1))


def _attacked(bind) -> list:
    """The card(s) the ability's Fear / Melee / Ranged Attack targets (procedure.MILITARY)."""
    from .procedure import MILITARY as implied

    return [c for spec in implied.values() for c in bind.targets.get(id(spec), []) if not isinstance(c, str)]


#: how a player names one of two values ("choosing chi")
_VALUE_WORDS = {"force": "force", "chi": "chi", "honor": "personal-honor", "personal-honor": "personal-honor",
                "ph": "personal-honor"}


def either_value(amounts: list[Effect]) -> tuple[str, str] | None:
    """The two stats of "equal to his Force or Chi" (two ``amount-equal-to`` clauses, nothing else,
    two values of the same card): the acting player chooses one; None for other chains."""
    if len(amounts) != 2 or any(a.kind != "amount-equal-to" for a in amounts):
        return None
    first, second = amounts
    if first.target is None or second.target is None or first.stat == second.stat \
            or (first.target.ref, first.target.text) != (second.target.ref, second.target.text) \
            or first.stat not in _VALUE_WORDS.values() or second.stat not in _VALUE_WORDS.values() \
            or (first.amount, second.amount) not in ((None, None), (1, 1)):
        return None
    return first.stat, second.stat


def _chosen_value(ctx, stats: tuple[str, str]) -> str:
    """The stat the acting player named with ``choosing`` (a stat word, or first/second)."""
    from ...core.ruling import Rejected

    word = str(ctx.game.choice_of(ctx.position) or "").lower()
    picked = {"first": stats[0], "1": stats[0], "one": stats[0], "second": stats[1], "2": stats[1],
              "two": stats[1]}.get(word, _VALUE_WORDS.get(word))
    if picked not in stats:
        names = " or ".join(f"'choosing {s.split('-')[-1] if s != 'personal-honor' else 'honor'}'" for s in stats)
        raise Rejected("L5R-ACT-EFFECT", f"the acting player chooses which value the amount is: say {names}")
    return picked


# ---------------------------------------------------------------------------- values

def card_value(game, pos, copy, stat: str) -> int | None:
    """``stat`` of ``copy`` on the position: printed, or current with every change."""
    if stat == UNIT_COST:  # its Personality and the cards attached to him (L5R-RESOLVE: a unit)
        from .effects_engine import unit_cards

        values = [pos.stat(c, "gold-cost", 0) or 0 for c in unit_cards(pos, copy)]
        return sum(values) if all(isinstance(v, int) for v in values) else None
    if stat in HALF:
        base, rounding = HALF[stat]
        value = card_value(game, pos, copy, base)
        if value is None:
            return None
        return -((-value) // 2) if rounding == "up" else value // 2
    if stat not in STATS:
        return None  # a value the engine does not read ("the amount of Gold you paid"): the step refuses
    attr, printed = STATS[stat]
    if printed:
        value = copy.card.attrs.get(attr, 0)
    elif attr in ("force", "chi"):
        value = game.card_property(pos, copy, attr)
    else:
        value = pos.stat(copy, attr, 0)
    return value if isinstance(value, int) else None


def count(game, pos, source, spec: TargetSpec) -> int:
    """How many cards in play fit ``spec``, judged from ``source`` ("other", "in this unit")."""
    from .tokens import count as tokens_on, counted_tokens

    tokens = counted_tokens(spec)
    if tokens is not None and tokens[1].startswith("name:"):  # "Atsushi's Infamy tokens": this card's
        from .states import _named

        bearer = _named(pos, source, tokens[1][len("name:"):])
        return tokens_on(bearer, tokens[0]) if bearer is not None else 0
    if _own_attached(spec):  # "the number of Hirakura's Spirit Followers"
        from .states import _leader

        return sum(1 for c in pos.attachments_of(_leader(pos, source).uid) if c.card.type == spec.card_types[0]
                   and all(pos.has_keyword(c, k) or (k.endswith("s") and pos.has_keyword(c, k[:-1]))
                           for k in spec.keywords))
    return len(fitting(game, pos, source, spec))


def fitting(game, pos, source, spec: TargetSpec) -> list:
    """The cards in play fitting ``spec``, judged from ``source`` (as :func:`count` counts them)."""
    from .continuous import fits
    from .effects import in_play
    from .procedure import current_battlefield

    own = ("unique", "non-unique", "in-army", "at-battlefield", "not-at-battlefield")
    plain = replace(spec, states=tuple(s for s in spec.states if s not in own))
    field = current_battlefield(pos)
    found = []
    for copy in pos.copies.values():
        if not in_play(pos, copy) or not fits(game, pos, source, copy, plain):
            continue
        # "in this army": the cards of this card's controller at its battlefield
        if "in-army" in spec.states and not (copy.controller == source.controller and copy.zone == source.zone
                                             and source.zone.startswith("battlefield")):
            continue
        if "at-battlefield" in spec.states and copy.zone != field:
            continue
        if "not-at-battlefield" in spec.states and copy.zone == field:
            continue
        unique = "unique" in copy.card.flags or pos.has_keyword(copy, "Unique")
        if ("unique" in spec.states and not unique) or ("non-unique" in spec.states and unique):
            continue
        found.append(copy)
    return found


def per_subject(taker: Effect, amounts: list[Effect]) -> bool:
    """"Give each X a bonus equal to his own Personal Honor", "Give each of them a Force bonus equal to
    his printed Personal Honor": worked out for each card changed."""
    each = taker.target is not None and (taker.target.ref == "each" or (
        taker.target.ref == "it" and (taker.target.text or "").strip().lower() == "each of them"))
    return each and any(a.target is not None and a.target.ref == "it" for a in amounts)


def named_card(ctx, source, spec: TargetSpec, bind, holder=None, taker: Effect | None = None):
    """The one card an amount is read from, or None when the engine cannot tell which.

    ``holder``: the card the amount is for, when each card changed has its own ("his own")."""
    pos = ctx.position
    if spec.ref == "it" and holder is not None:
        return holder
    if spec.ref == "this":
        types = [t for t in spec.card_types if t not in ("card",)]
        if types and source.card.type not in types and source.attached_to in pos.copies:
            return pos.copies[source.attached_to]  # "this Shugenja" on his Spell
        return source
    if spec.ref == "attached":
        if source.card.type != "personality" and source.attached_to in pos.copies:
            return pos.copies[source.attached_to]
        return source
    if spec.ref == "target":
        chosen = bind.targets.get(id(spec), [])
        return chosen[0] if len(chosen) == 1 else None
    if spec.ref == "choice":
        # "your Samurai's Force", "the Courtier's Chi": the one target whose words name it
        chosen = [bind.targets.get(id(t), []) for t in _naming_targets(bind.specs, spec)]
        if len(chosen) == 1 and len(chosen[0]) == 1:
            return chosen[0][0]
        if spec.text.lower().startswith("your "):
            # "Choose your performing Paragon ...: ... your Paragon's Force": the one card a "Choose"
            # phrase picked that is the player's and fits the words (procedure.choose_card)
            picked = [c for c in bind.chosen if c.controller == ctx.actor and _fits_words(pos, c, spec)]
            return picked[0] if not chosen and len(picked) == 1 else None
    own = _own_cost_spec(ctx.game, source, spec) if spec.ref == "it" else None
    if own is not None:  # "Bow this Personality unless he is Nonhuman: ... equal to his Force": the card
        return named_card(ctx, source, own, bind)  # the cost names (not the attack's own target)
    if spec.ref in ("it", "choice"):
        # "his Chi", "its Focus Value", "the discarded card's Focus Value", "the Courtier's Chi":
        # the card the latest clause naming a card acted on, else the last target
        from .procedure import MILITARY as implied

        # the targets the text names, not the one a Fear or an attack implies ("Fear equal to his Force")
        named = [c for key, c in bind.targets.items() if c and key not in {id(v) for v in implied.values()}]
        for found in (bind.recent, named[-1] if named else [], bind.last):
            cards = [c for c in found if not isinstance(c, str)]
            if spec.ref == "choice" and cards and not _fits_words(pos, cards[0], spec):
                continue
            if cards:
                return cards[0] if len(cards) == 1 else None
        if spec.ref == "it" and taker is not None and taker.target is not None \
                and taker.target.ref in ("this", "attached"):
            # "Raise this Shugenja's Force by his Chi": nothing else named, so the card changed
            return named_card(ctx, source, taker.target, bind)
        return None
    return None


def _self_cost(clause) -> bool:
    """A cost naming this card or the Personality it is attached to: "Bow this Personality"."""
    return isinstance(clause, Effect) and clause.target is not None and clause.target.ref in ("this", "attached") \
        and "personality" in clause.target.card_types


def _own_cost_spec(game, source, spec: TargetSpec) -> TargetSpec | None:
    """The spec of the one cost naming this card ("Bow this Personality") in the ability whose amount
    reads ``spec`` ("his Force"), where no other card was named before it; else None."""
    for ability in game.abilities(source):
        if not any(isinstance(c, Effect) and c.target is spec for c in ability.effects):
            continue
        own = [c.target for c in ability.costs if _self_cost(c)]
        named = [c for c in (*ability.costs, *ability.effects) if isinstance(c, Effect) and c.target is not None
                 and c.target.ref in ("target", "it", "choice") and c.target is not spec]
        return own[0] if len(own) == 1 and not named else None
    return None


def _naming_targets(specs, spec: TargetSpec) -> list[TargetSpec]:
    """The target descriptions naming the noun of ``spec`` ("your Samurai" -> "your unbowed Samurai")."""
    head = spec.text.split()[-1].lower() if spec.text else ""
    yours = spec.text.lower().startswith("your ")  # "your Personality" is not "an enemy Personality"
    return [t for t in specs if t.ref == "target" and t is not spec and head in t.text.lower().split()
            and not (yours and t.owner == "opponent")]


def _fits_words(pos, copy, spec: TargetSpec) -> bool:
    """"the Courtier", "the discarded card": the card fits the words naming it."""
    types = [t for t in spec.card_types if t not in ("card",)]
    if types and copy.card.type not in types:
        return False
    return all(pos.has_keyword(copy, k) for k in spec.keywords)


def work_out(ctx, source, taker: Effect, amounts: list[Effect], first_index: int, bind, guards,
             holder=None) -> tuple[Effect, str]:
    """``taker`` with its amount worked out from ``amounts`` (clauses ``first_index`` ...), and a
    note of the values read, for the effect's step (L5R-ACT-EFFECT)."""
    from ...core.ruling import Rejected
    from . import conditions
    from .effects import in_play

    game, pos = ctx.game, ctx.position
    read_from = None
    parts = []

    def read(stat, spec):
        nonlocal read_from
        if stat == X_PAID:  # "the amount of Gold you paid for this action": its "Pay X Gold" (procedure)
            if getattr(bind, "x_paid", None) is None:
                raise Rejected("L5R-ACT-EFFECT", f"the engine cannot tell '{spec.text}': no X was paid")
            parts.append(f"X paid {bind.x_paid}")
            return bind.x_paid
        if stat == DIFFERENCE:  # the target's value and its printed one, compared when it was targeted
            found = _compared(bind.specs)  # (the target descriptions of the action, in order)
            chosen = bind.targets.get(id(found[0]), []) if found is not None else []
            if len(chosen) != 1 or isinstance(chosen[0], str):
                raise Rejected("L5R-ACT-EFFECT", f"the engine cannot tell '{spec.text}': no one target was compared")
            now, printed = card_value(game, pos, chosen[0], found[1]), chosen[0].card.attrs.get(found[1], 0)
            if not isinstance(now, int) or not isinstance(printed, int):
                raise Rejected("L5R-ACT-EFFECT", f"the engine cannot tell '{spec.text}' on this position")
            parts.append(f"{chosen[0].name}'s {found[1].replace('-', ' ')} {now}, printed {printed}: "
                         f"difference {abs(now - printed)}")
            return abs(now - printed)
        if stat == "count-done":  # "the number you discarded": the cards the latest such clause changed
            kinds = done_kinds(spec)
            found = [n for kind, n in getattr(bind, "done", []) if kind in kinds]
            if not found:
                raise Rejected("L5R-ACT-EFFECT", f"the engine cannot tell '{spec.text}': no such clause was carried "
                               "out before it")
            parts.append(f"{found[-1]} ({spec.text})")
            return found[-1]
        from .tokens import count as tokens_on, counted_tokens

        tokens = counted_tokens(spec) if stat == "count" else None
        if tokens is not None and tokens[1] == "it":  # "the number of Madness tokens he has": the card named
            bearer = named_card(ctx, source, replace(spec, ref="it"), bind, holder, taker)
            if bearer is None:
                raise Rejected("L5R-ACT-EFFECT", f"the engine cannot tell whose tokens '{spec.text}' are")
            n = tokens_on(bearer, tokens[0])
            parts.append(f"{n} ({tokens[0]} tokens on {bearer.name})")
            return n
        if stat == "count" and on_read(spec) and read_from is not None:  # "the number of Spells he has"
            n = sum(1 for c in pos.attachments_of(read_from.uid) if c.card.type == spec.card_types[0] and in_play(pos, c))
            parts.append(f"{n} ({spec.text}: {read_from.name})")
            return n
        if stat == "count":
            n = _did_count(bind, spec) if did_kind(spec) is not None else count(game, pos, source, spec)
            parts.append(f"{n} ({spec.text})")
            return n
        if stat == PROVINCE_STRENGTH and _current_province_words(spec):
            from .effects_engine import province_strength
            from .procedure import current_battlefield

            field = current_battlefield(pos) if pos.timing.phase == "attack" else None
            if field is None:
                raise Rejected("L5R-ACT-EFFECT", f"the engine cannot tell '{spec.text}': no battle is being fought")
            province = "province " + field.split()[1]
            strength, _ = province_strength(game, pos, game.defender(pos), province)
            parts.append(f"{game.defender(pos)}'s {province} strength {strength} (L5R-RESOLVE)")
            return strength
        if stat in STARTING_HONOR:
            start = starting_honor(pos, ctx.actor)
            if start is None:
                raise Rejected("L5R-ACT-EFFECT", f"the engine cannot tell {ctx.actor}'s starting Family Honor: "
                               "no Stronghold with a Starting Honor stat")
            half = -((-start) // 2) if STARTING_HONOR[stat] == "up" else start // 2
            parts.append(f"half of {ctx.actor}'s starting Family Honor {start}, rounded {STARTING_HONOR[stat]}: {half}")
            return half
        if highest_of(stat, spec) is not None:  # "the highest Focus Value among Spells in its unit"
            value, name = highest(game, pos, source, stat, spec)
            parts.append(f"highest {stat.replace('-', ' ')} {value} ({spec.text}: {name})")
            return value
        copy = named_card(ctx, source, spec, bind, holder, taker)
        value = None if copy is None else card_value(game, pos, copy, stat)
        if value is None:
            raise Rejected("L5R-ACT-EFFECT", f"the engine cannot tell the value '{spec.text}'s {stat}' on "
                           "this position")
        read_from = copy
        parts.append(f"{copy.name}'s {stat.replace('-', ' ')} {value}")
        return value

    value = None
    if taker.kind in MILITARY and taker.stat is not None:
        value = read(taker.stat, taker.target)
        taker = replace(taker, stat=None, target=None)
    both = either_value(amounts)
    if both is not None:  # "equal to his Force or Chi": the one the acting player chose
        picked = _chosen_value(ctx, both)
        amounts = [a for a in amounts if a.stat == picked]
        parts.append(f"{ctx.actor} chose his {picked.replace('-', ' ')}")
    for offset, a in enumerate(amounts):
        if a.kind == "amount-equal-to":
            value = read(a.stat, a.target) * (a.amount if a.amount is not None else 1)
        elif a.kind == "amount-for-each" and tokens_on_named(a.target) is not None:  # "each Fire token on your
            kind, words = tokens_on_named(a.target)  # Personality": on the card the one target so named
            from .tokens import count as tokens_on

            bearer = named_card(ctx, source, words, bind)
            if bearer is None:
                raise Rejected("L5R-ACT-EFFECT", f"the engine cannot tell which card '{words.text}' is")
            n = tokens_on(bearer, kind)
            parts.append(f"{n} ({kind} tokens on {bearer.name})")
            value = taker.amount * n
        elif a.kind == "amount-for-each" and targets_unit(a.target):  # "for each Follower in the target's unit"
            attacked = _attacked(bind)
            if len(attacked) != 1:
                raise Rejected("L5R-ACT-EFFECT", f"the engine cannot tell '{a.target.text}': no one card is attacked")
            from .effects_engine import unit_cards

            n = sum(1 for c in unit_cards(pos, attacked[0]) if c.card.type in a.target.card_types and in_play(pos, c))
            parts.append(f"{n} ({a.target.text}: {attacked[0].name}'s unit)")
            value = taker.amount * n
        elif a.kind == "amount-for-each":
            found = _did_count(bind, a.target) if did_kind(a.target) is not None else count(game, pos, source, a.target)
            n = found // max(1, a.amount or 1)
            parts.append(f"{n} ({a.target.text})")
            value = taker.amount * n
        elif a.kind == "amount-plus":
            held = True
            for guard in guards.get(f"effect {first_index + offset}", ()):
                from .costs import allegiance, allegiance_holds

                title = allegiance(guard)
                verdict = allegiance_holds(pos, ctx.actor, title) if title is not None else conditions.evaluate(
                    guard, game=game, pos=pos, actor=ctx.actor, source=source,
                    subject_of=lambda word: (read_from if word.lower() in conditions.PRONOUNS and read_from
                                             else _subject(ctx, source, word, bind)))
                if verdict is not True:
                    parts.append(f"not plus {a.amount} ({guard.text}: "
                                 f"{'does not hold' if verdict is False else 'cannot be checked'})")
                    held = False
            if held:
                extra = read(a.stat, a.target) if a.stat is not None else a.amount
                parts.append(f"plus {extra}")
                value = (value or 0) + extra
        elif a.kind == "amount-at-most":
            value = min(value or 0, a.amount)
            parts.append(f"at most {a.amount}")
        elif a.kind == "amount-at-least":
            value = max(value or 0, a.amount)
            parts.append(f"at least {a.amount}")
    value = value or 0
    if taker.kind != "modify-stat":
        value = max(0, value)  # no negative strength, Gold, Honor or count
    note = f"amount {value}: " + ", ".join(parts)
    if taker.kind == "give-token":
        return replace(taker, values=(value,)), note
    return replace(taker, amount=value), note


def _subject(ctx, source, word, bind):
    from .procedure import _subject_copy

    return _subject_copy(ctx, source, word, bind)


def lasting_amount(game, pos, source, ability, index: int, holder) -> int | None:
    """The amount of lasting clause ``index`` reaching ``holder`` ("This Follower has a Force bonus
    equal to its Personality's printed Force"), or None when it has no worked-out amount."""
    amounts = chain(ability.effects, index)
    if not amounts or amounts[0].kind != "amount-equal-to":
        return None
    a = amounts[0]
    if not chain_executes(ability.effects[index], amounts, lasting=True):
        return 0  # an amount not worked out in lasting traits changes nothing (effects.executes says no)
    if a.stat == "count":
        value = count(game, pos, source, a.target)
    elif highest_of(a.stat, a.target) is not None:
        value = highest(game, pos, source, a.stat, a.target)[0]
    else:
        if a.target.ref == "it":  # "their Personal Honor": each card reached
            copy = holder
        elif source.attached_to in pos.copies and (a.target.ref == "attached" or source.card.type != "personality"):
            copy = pos.copies[source.attached_to]  # "its Personality", "this Personality" on a Follower
        else:
            copy = source
        if "personality" in a.target.card_types and copy.card.type != "personality":
            return 0  # "its Personality" of a Follower not attached to one
        attr, printed = STATS[a.stat]
        value = copy.card.attrs.get(attr, 0) if printed else pos.stat(copy, attr, 0)
        if not isinstance(value, int):
            return 0
    return value * (a.amount if a.amount is not None else 1)


# ---------------------------------------------------------------------------- a whole ability

#: describing words of a target the engine's target test reads (game.has_state)
TARGET_STATES = frozenset({"bowed", "unbowed", "straightened", "dishonored", "honorable", "attacking",
                           "defending", "at home", "without-followers", "in-current-army"})


def _trait_amounts_ok(ability) -> bool:
    """A triggered trait resolves without the procedure's targets (triggers.resolve_clauses): an
    amount there is read only from this card, the card it is attached to, the card the clause
    changes when that is one of the two ("give this Shugenja ... equal to his Chi"), or a count."""
    if ability.costs:
        return False
    effects = list(ability.effects)
    for index, clause in enumerate(effects):
        if not isinstance(clause, Effect) or clause.kind.startswith("amount-"):
            continue
        found = chain(effects, index)
        if not found:
            continue
        if not chain_executes(clause, found):
            return False
        taker_own = clause.target is not None and clause.target.ref in ("this", "attached")
        for a in found:
            if a.kind not in ("amount-equal-to", "amount-for-each") or did_kind(a.target) is not None:
                return False  # ("for each card this bowed": an action's own count, procedure.Bindings)
            if a.stat == "count" or a.kind == "amount-for-each":
                continue  # counted from this card (continuous.fits), checked by chain_executes
            if a.target is None or not (a.target.ref in ("this", "attached") or (a.target.ref == "it" and taker_own)):
                return False
    return not (effects and isinstance(effects[0], Effect) and effects[0].kind.startswith("amount-"))


def _named_by_choice(ability, spec: TargetSpec) -> bool:
    """"Choose your performing unbowed Paragon and target an enemy Personality: ... your Paragon's
    Force": exactly one "Choose" phrase of a card names the noun, and no target does."""
    if spec.ref != "choice" or not spec.text.lower().startswith("your "):
        return False
    specs = [c.target for c in (*ability.costs, *ability.effects) if isinstance(c, Effect) and c.target is not None]
    if _naming_targets(specs, spec):
        return False
    head = spec.text.split()[-1].lower()
    choosing = [c.target for c in (*ability.costs, *ability.effects) if isinstance(c, Effect) and c.kind == "choose"
                and c.target is not None and c.target.ref == "choice" and c.target.count == 1
                and not c.target.up_to and "player" not in c.target.card_types]
    naming = [t for t in choosing if head in t.text.lower().split() and t.text.lower().startswith("your ")]
    return len(choosing) == 1 and len(naming) == 1


def _chosen_unbound(ability, spec: TargetSpec) -> bool:
    """After a "Choose your ..." clause (not a target: procedure.choose_card makes "he"/"it" the
    chosen card), is the card an amount is read from unclear? "your Personality's Force" looks
    only among the targets for the words naming it, and "his Chi" with a target besides may mean
    either; "Choose your performing Duelist: Give him ... his own base Chi" is the chosen card."""
    chosen = any(isinstance(c, Effect) and c.kind == "choose" and c.target is not None and c.target.ref == "choice"
                 for c in (*ability.costs, *ability.effects))
    if not chosen or _named_by_choice(ability, spec):
        return False
    targeted = any(isinstance(c, Effect) and c.target is not None and c.target.ref == "target"
                   for c in (*ability.costs, *ability.effects))
    return spec.ref == "choice" or targeted


def _target_state_read(state: str) -> bool:
    """A describing word of a target the procedure's target test reads (procedure.target_ok ->
    states.fits), so the card an amount is read from is picked out rightly."""
    from .states import checked

    # ("each card in it": the targeted unit's cards, states.owned_cards; effects.executes decides)
    return state in TARGET_STATES or checked(state) or state in ("in:it", "top")  # ("top": states._top_card)


def _pronoun_before(clauses, spec: TargetSpec) -> bool:
    """"... and target an attacking Personality: Move him home. ... equal to his base Personal Honor":
    "his" after effects on "him" is the card those were carried out on (Bindings.recent), read as
    the procedure read "him" (the last target), not a fresh guess between the chosen and the target."""
    from .conditions import PRONOUNS

    return spec.ref == "it" and (spec.text or "").lower() in ("his", "her", "its") and any(
        isinstance(c, Effect) and c.target is not None and c.target.ref == "it"
        and (c.target.text or "").lower() in PRONOUNS and not c.kind.startswith("amount-") for c in clauses)


def _other_choice(ability, own: set[str]) -> bool:
    """Does the ability ask another choice of the player ("Give him +2F or +2PH") than the options
    ``own`` ("effect N" of the two values)? One ``choosing`` word could not name both."""
    return any(c.kind == "effect-choice" and c.args[:1] and c.args[0] not in own for c in ability.conditions) \
        or any(isinstance(c, Effect) and c.kind.endswith("-choice") for c in (*ability.costs, *ability.effects))


def has_amounts(ability) -> bool:
    return any(isinstance(c, Effect) and c.kind.startswith("amount-") for c in (*ability.costs, *ability.effects))


def ability_executes(ability) -> bool:
    """Every amount of ``ability`` is one the engine works out (for ``effects.executes``): in the
    effects of an action or Reaction, in a Gold cost, or in a lasting trait's stat change."""
    if not has_amounts(ability):
        return True
    from .costs import paid_x, worked_gold

    if reads_x(ability) and not paid_x(ability):
        return False  # "the amount of Gold you paid for this action" with no "Pay X Gold" cost
    if any(isinstance(c, Effect) and c.kind.startswith("amount-") and c.stat == DIFFERENCE
           for c in (*ability.costs, *ability.effects)) and compared_target(ability) is None:
        return False  # "the difference" with no single comparison of a target with its printed value

    if worked_gold(ability) is not None:
        return True  # a Gold source producing a worked-out amount as it bows (costs.take_worked_gold)
    # ("Increase or decrease a target Holding's Gold Production by half Hora's Chi": the two options share
    # one target spec, asked for once -- procedure.target_specs keeps one spec once)
    did = {did_kind(c.target) for c in ability.effects if isinstance(c, Effect) and c.kind.startswith("amount-")}
    if any(isinstance(c, Effect) and c.kind in did for c in ability.costs):
        return False  # "Bow this card: … for each card this bowed": whether the cost's bow counts is not read
    lasting = ability.kind == "continuous"
    if ability.kind == "trait":
        return _trait_amounts_ok(ability)
    if ability.kind not in ("action", "reaction", "continuous"):
        return False
    from .tokens import counted_tokens, removed_token

    if not lasting and any(isinstance(c, Effect) and not c.kind.startswith("amount-") and c.target is not None
                           and removed_token(c.target) is None  # ("Remove one of Tameko's Fire tokens": tokens.py)
                           and c.target.ref in ("target", "choice", "each") and (
                               not all(_target_state_read(s) for s in c.target.states)
                               or (len(c.target.keywords) > 1 and " or " in c.target.text))
                           for c in (*ability.costs, *ability.effects)):
        return False  # an amount read from a card the engine's target test may not pick out rightly
    named = False  # has the ability named a card "its"/"the card" could stand for (Bindings.recent)?
    pronoun = any(isinstance(c, Effect) and c.target is not None and c.target.ref == "target"
                  for c in (*ability.costs, *ability.effects))  # "him" stands for a target (Bindings.last)
    for part, clauses in (("cost", ability.costs), ("effect", ability.effects)):
        clauses = list(clauses)
        for index, clause in enumerate(clauses):
            if not isinstance(clause, Effect):
                continue
            if clause.kind.startswith("amount-"):
                start = index
                while start > 0 and isinstance(clauses[start - 1], Effect) \
                        and clauses[start - 1].kind.startswith("amount-"):
                    start -= 1
                if start == 0:
                    return False  # nothing to give the amount to
                taker = clauses[start - 1]
                if part == "cost" and taker.kind != "pay-gold":
                    return False
                if lasting and part == "cost":
                    return False
                if lasting and [a.kind for a in chain(clauses, start - 1)] == ["amount-for-each"]:
                    continue  # "+1F for each X" in a lasting trait: continuous.executes decides
                if not lasting and part == "effect" and start >= 2 and attack_bonus_each(
                        clauses[start - 2], taker, chain(clauses, start - 1)):
                    if targets_unit(clause.target) and any(
                            isinstance(c, Effect) and c.target is not None and c.target.ref == "target"
                            for c in (*ability.costs, *ability.effects)):
                        return False  # "the target's unit" with a target named besides the attack's
                    on_named = tokens_on_named(clause.target)
                    if on_named is not None and len(_naming_targets(
                            [c.target for c in (*ability.costs, *ability.effects)
                             if isinstance(c, Effect) and c.target is not None], on_named[1])) != 1:
                        return False  # "on your Personality": no one target names the card
                    continue  # "Ranged 3 Attack with +1 strength for each other Follower in this unit"
                if not chain_executes(taker, chain(clauses, start - 1), lasting=lasting):
                    return False
                if either_value(chain(clauses, start - 1)) is not None and (part == "cost" or _other_choice(
                        ability, {f"effect {start}", f"effect {start + 1}"})):
                    return False  # "Give him +2F or +2PH. … his Force or Personal Honor": two choices
                if not lasting and clause.target is not None and clause.target.ref == "choice" \
                        and clause.stat != "count" and clause.target.text.lower().startswith("your ") \
                        and len(_naming_targets(
                            [c.target for c in (*ability.costs, *ability.effects)
                             if isinstance(c, Effect) and c.target is not None], clause.target)) != 1 \
                        and not _named_by_choice(ability, clause.target):
                    return False  # "your Samurai": which card, when no single target names it?
                if not lasting and clause.target is not None and clause.target.ref in ("it", "choice") \
                        and _chosen_unbound(ability, clause.target) and not _pronoun_before(clauses[:index], clause.target):
                    return False  # "Choose your Spider Personality and target ...: ... your Personality's Force"
                self_named = sum(_self_cost(c) for c in ability.costs) == 1 and clause.target is not None \
                    and clause.target.ref == "it" and not any(
                        isinstance(c, Effect) and c.target is not None and c.target.ref in ("target", "it", "choice")
                        and c.target is not clause.target for c in (*ability.costs, *ability.effects))
                whose = counted_tokens(clause.target)
                if whose is not None and whose[1] == "it" and not named and not (
                        taker.target is not None and taker.target.ref in ("this", "attached")):
                    return False  # "the number of Madness tokens he has" with no card named before it
                if not lasting and clause.target is not None and not named and not self_named \
                        and clause.stat not in ("count", "count-done") and (
                        clause.target.ref == "choice" or (clause.target.ref == "it" and (
                            taker.target is None or taker.target.ref not in ("this", "attached", "each")))):
                    return False  # "his Chi" with no card named before it, nor the card changed
                continue
            if not lasting and clause.target is not None and clause.target.ref == "it" and not pronoun \
                    and chain(clauses, index):
                return False  # "give him a bonus equal to ...": who "him" is was never said
            if clause.kind in MILITARY and clause.stat and clause.target is not None \
                    and clause.target.ref == "it" and not named:
                return False
            from .states import owned_spec

            if clause.target is not None and (clause.target.ref in ("target", "it", "choice")
                                              or owned_spec(clause.target) is not None):
                named = True  # ("Bow Misaki's performing Follower: … the Follower's Force": states.owned_cards)
                pronoun = pronoun or part == "cost"
                if clause.kind == "choose" and clause.target.ref == "choice" and "player" not in clause.target.card_types:
                    pronoun = True  # ("Choose one to four of your Personalities. Give each of them ...": the
                    # cards chosen, procedure.choose_card)
    return True
