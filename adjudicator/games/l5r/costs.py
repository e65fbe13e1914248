"""Gold cost changes of real cards: what a purchase costs after the cards' own reductions.

Three forms are carried out, each where the engine buys or equips a card:

* a card's trait on itself ("Enters play for 1 less Gold if you are a Mantis Clan player",
  "Ririko enters play ignoring Honor Requirement if …"), read when it is bought in the Dynasty
  phase (L5R-DYNASTY, L5R-GOLD, L5R-HONOR-REQ);
* an attachment's discount for some bearers ("Attaches to a Phoenix Clan Personality for 1 less
  Gold", "Equips to a Nonhuman Fudo Personality ignoring Gold cost"), read when it is equipped
  (L5R-EQUIP). It is a discount, not a restriction: other Personalities pay full price;
* a trait of a card in play on its controller's purchases ("Your Holdings enter play for 1 less
  Gold", "Your other Ronin cards enter play paying 1 less Gold"), read in both;
* a card that bows to lower one purchase ("Bow this card: When paying for a Follower, it enters
  play for 3 less Gold"), named among the ``with`` sources of the purchase it lowers, as Gold
  sources are (L5R-GOLD, L5R-ACT-COST).

A price never goes below 0. :func:`ability_verdict` and :func:`condition_executes` tell
:func:`adjudicator.games.l5r.effects.executes` which forms these are.
"""

from __future__ import annotations

import dataclasses
import re

from ...core.ability import Effect

#: effect-cost words: how a discount changes the Gold paid
_FREE = ("ignoring-gold-cost", "ignoring-costs")
#: "When paying for a Follower": the purchases a bowed card can lower, as the engine makes them
_PAYING_FOR = {"follower": ("follower", None), "item": ("item", None), "holding": ("holding", None),
               "personality": ("personality", None), "monk": (None, "Monk")}
_OTHERS = ("another player", "any other player")


# ---- which forms (for executes) ---------------------------------------------------------

def _cost_conditions(ability, index: int) -> list:
    return [c for c in ability.conditions if c.kind == "effect-cost" and c.args[:1] == (f"effect {index}",)]


def _discount_words(cond) -> int | str | None:
    """"less-gold", "2" -> 2; "ignoring-gold-cost" -> "free"; other effect-cost words -> None."""
    words = cond.args[1:]
    if words[:1] == ("less-gold",) and len(words) == 2 and words[1].isdigit():
        return int(words[1])
    if len(words) == 1 and words[0] in _FREE:
        return "free"
    return None


#: "a Ruby Champion", "an Obsidian Champion": a Personality's title keyword of two words (Oracle
#: keywords "Ruby Champion", "Topaz Champion"); the grammar keeps the two words apart
_CHAMPION = re.compile(r"an? ([A-Z][a-z]+) Champion")


def bearer_test(spec) -> tuple[str, tuple[str, ...]] | None:
    """How the engine tells a bearer a discount is for: ("spec", ()) the target test reads the words
    ("a Phoenix Clan Personality", "a Nonhuman Fudo Personality", "a Courtier", "an Earth Shugenja",
    "a Fire or Void Shugenja"); ("title", (K,)) a title keyword of two words ("a Ruby Champion");
    ("any", (K, ...)) either keyword ("a Paragon or Kensai"); None for words it cannot tell (a name,
    lost by the grammar; "a Clan Champion or Magistrate")."""
    if spec is None or spec.ref != "choice" or spec.tests or not (spec.keywords or spec.states):
        return None
    from .states import checked

    text = (spec.text or "").strip()
    if spec.states:
        # "a Fire or Void Shugenja", "a Paragon or Kensai": either keyword (on the Shugenja), which
        # the target test reads
        if spec.card_types or len(spec.keywords) > 1 or len(spec.states) != 1 \
                or not spec.states[0].startswith("any-keyword:") or not checked(spec.states[0]):
            return None
        return ("spec", ())
    title = _CHAMPION.fullmatch(text)
    if title is not None and spec.keywords == (title.group(1), "Champion") and not spec.card_types:
        return ("title", (f"{title.group(1)} Champion",))
    if re.search(r"\bor\b", text):
        either = re.fullmatch(r"an? ([A-Z][a-z]+) or ([A-Z][a-z]+)", text)
        if either is not None and not spec.card_types and spec.keywords == either.groups():
            return ("any", spec.keywords)
        return None
    if "Champion" in text:
        return None
    if spec.card_types == ("personality",):
        return ("spec", ())
    if not spec.card_types and (len(spec.keywords) == 1 or spec.keywords[-1] == "Shugenja"):
        return ("spec", ())
    return None


def bearer_spec_ok(spec) -> bool:
    """A bearer the engine can tell (:func:`bearer_test`)."""
    return bearer_test(spec) is not None


def _bearer_misfit(ctx, host, spec) -> str | None:
    """Why ``host`` is not the bearer ``spec`` names, or None when it is."""
    from .procedure import target_ok

    how, words = bearer_test(spec)
    if how == "spec":
        return target_ok(ctx, host, spec)
    if host.card.type != "personality":
        return f"it is a {host.card.type}, not a Personality"
    if how == "title":
        return None if ctx.position.has_keyword(host, words[0]) else f"it lacks the {words[0]} keyword"
    if any(ctx.position.has_keyword(host, k) for k in words):
        return None
    return f"it has none of the keywords {' or '.join(words)}"


_NAME = re.compile(r"[A-Z][a-z'\-]+(?: [A-Z][a-z'\-]+)?")


def named_bearer(spec) -> str | None:
    """"Attaches to Yotsu Ueda paying 2 less Gold": the bearer's name (the grammar keeps it as the
    text of a "this" reference), or None."""
    if spec is None or spec.ref != "this" or spec.card_types or spec.keywords or spec.states or spec.tests:
        return None
    text = (spec.text or "").strip()
    if not _NAME.fullmatch(text) or text.split()[0].lower() in ("this", "the", "a", "an"):
        return None
    return text


def bears_name(copy, name: str) -> bool:
    """A card called ``name``: its full name ("Yotsu Ueda", "Yotsu Ueda (Experienced)"), or the one
    name L5R text calls a Personality by ("Kataoka" for "Kakita Kataoka")."""
    full = copy.name.split(" (")[0]
    # ("Hida Kozan, Voice of the Empress": the words of the name without its punctuation)
    return full == name or (" " not in name and name in re.findall(r"[\w'-]+", full))


def _attach_discount(ability) -> list[tuple[int, object]]:
    """(index, amount) of the attach-restriction clauses that are discounts, of the forms carried out."""
    out = []
    for i, clause in enumerate(ability.effects):
        if not isinstance(clause, Effect) or clause.kind != "attach-restriction":
            continue
        conds = _cost_conditions(ability, i)
        if len(conds) == 1 and _discount_words(conds[0]) is not None and (
                bearer_spec_ok(clause.target) or named_bearer(clause.target) is not None):
            out.append((i, _discount_words(conds[0])))
    return out


def is_discount(ability, clause) -> bool:
    """An "Attaches to X for 1 less Gold" clause: a discount, never a restriction (L5R-EQUIP)."""
    if clause not in ability.effects:
        return False
    return bool(_cost_conditions(ability, ability.effects.index(clause)))


def _self_condition_ok(cond, ability=None) -> bool:
    head, _, test = cond.kind.partition(":")
    args = cond.args[1:]
    if head != "effect-if":
        return False
    if test == "any-of" and ability is not None:
        # "if you are Crab Clan or have Compassion or Courtesy. (Compassion takes effect while ...)": each
        # part a test read here, or a designation whose reminder the line states (conditions.py)
        from .conditions import _designation, _designations_stated

        parts = _parts(cond)
        return bool(parts) and _designations_stated(ability, cond) and all(
            _designation(p.args[1:]) is not None if p.kind == "effect-if:you-have" else _self_condition_ok(p)
            for p in parts)
    if test == "clan-player":
        return bool(args) and all(re.fullmatch(r"[A-Z][a-z]+", a) for a in args)
    if test == "is-clan":
        return len(args) == 2 and args[0].lower() in _OTHERS
    if test == "you-are" and len(args) == 1:  # "if you are the Defender"
        return args[0].lower() in ("defender", "the defender", "attacker", "the attacker")
    if test == "is" and len(args) == 2 and args[0] == "your Allegiance":
        return re.fullmatch(r"[A-Z][a-z]+", args[1]) is not None  # "if your Allegiance is Progressive"
    if test == "you-control" and len(args) == 1 and _TITLE.fullmatch(args[0]):
        return True  # "if you control the Ring of Earth": a card of that title in play
    if test in ("did", "did-not"):
        from . import history  # "if another of your Dojos entered play this turn": the turn's record

        return bool(history.reads(test, tuple(args))) and args[0].startswith("another of your ")
    if test == "you-control":
        from .conditions import _kind_words

        return len(args) == 1 and re.match(r"(a|an|any) ", args[0]) is not None and _kind_words(
            re.sub(r"^(a|an|any) ", "", args[0])) is not None
    return False


def _parts(cond) -> list:
    """The parts of a joined "any-of" test, each as an "effect-if" condition on the same effect."""
    from .conditions import _decoder

    return [type(cond)(kind="effect-if:" + c.kind, args=(cond.args[0], *c.args), text=cond.text)
            for c in _decoder()(cond.args[1:]) or ()]


#: "the Ring of Earth", "the Ring of the Void": a card named by its title
_TITLE = re.compile(r"the ((?:Ring|Ring of(?: the)?) [A-Z][a-z]+|Ring of [A-Z][a-z]+)")


def _titled(name: str, title: str) -> bool:
    return name == title or name.startswith(title + " (")


def _per_card(ability):
    """The counted cards of "This Holding enters play paying 1 less Gold for each Personality you
    control" (an ``amount-for-each`` after the reduction), or None for a reduction by a number."""
    if len(ability.effects) != 2:
        return None
    each = ability.effects[1]
    return each.target if isinstance(each, Effect) and each.kind == "amount-for-each" else None


def _each_reduction(ability) -> bool:
    """"Ujirou enters play for 2 less Gold if any other player is Mantis Clan. Ujirou enters play for 4 less
    Gold if you are the Defender": two (or more) reductions of the card's own price, each with its own
    conditions (:func:`_self_condition_ok`); each applies when its conditions hold."""
    effects = list(ability.effects)
    if ability.kind != "continuous" or ability.costs or ability.designators or len(effects) < 2:
        return False
    if not all(isinstance(c, Effect) and c.kind == "cost-reduction" and c.keyword == "less-gold" and c.amount
               and c.target is not None and c.target.ref == "this" and not c.target.keywords
               and not c.target.states and not c.target.tests for c in effects):
        return False
    return all(_index_of(c) is not None and _index_of(c) < len(effects) and _self_condition_ok(c, ability)
               for c in ability.conditions)


def _index_of(cond) -> int | None:
    kind, _, number = (cond.args[0] if cond.args else "").partition(" ")
    return int(number) if kind == "effect" and number.isdigit() else None


def _self_reduction_ok(ability) -> bool:
    if _each_reduction(ability):
        return True
    if ability.kind != "continuous" or ability.costs or ability.designators or len(ability.effects) not in (1, 2):
        return False
    clause = ability.effects[0]
    if len(ability.effects) == 2:
        from .amounts import _count_spec_ok

        counted = _per_card(ability)
        if counted is None or clause.kind != "cost-reduction" or clause.keyword != "less-gold" \
                or ability.effects[1].amount not in (None, 1) or not _count_spec_ok(counted):
            return False  # (counted as amounts.count does: the cards in play fitting the words)
    if not isinstance(clause, Effect) or clause.kind != "cost-reduction" or clause.target is None or clause.target.ref != "this":
        return False
    if clause.target.keywords or clause.target.states or clause.target.tests:
        return False
    if not (clause.keyword in ("less-gold", "recruit-less-gold") and clause.amount) and clause.keyword not in (
            "ignoring-honor-requirement", "ignoring-gold-cost"):
        return False
    if clause.keyword == "recruit-less-gold" and len(ability.effects) != 1:
        return False
    return all(_self_condition_ok(c, ability) for c in ability.conditions)


def _recruiting(ctx, copy) -> bool:
    """Is ``copy`` being Recruited -- bought from its province in the Dynasty phase (L5R-DYNASTY) --
    rather than brought into play by an action (whose purchase the procedure marks) or equipped?"""
    return getattr(ctx, "_purchase", None) is None and copy.zone.startswith("province") \
        and ctx.position.timing.phase == "dynasty"


def _bowed_reducer(ability) -> tuple[str | None, str | None, int] | None:
    """("follower", None, 3) for "Bow this card: When paying for a Follower, it enters play for 3 less Gold"."""
    if ability.kind != "action" or ability.designators or len(ability.costs) != 1 or len(ability.effects) != 1:
        return None
    cost, clause = ability.costs[0], ability.effects[0]
    if not isinstance(cost, Effect) or not isinstance(clause, Effect):
        return None
    if cost.kind != "bow" or cost.target is None or cost.target.ref != "this":
        return None
    if clause.kind != "cost-reduction" or clause.keyword != "less-gold" or not clause.amount:
        return None
    if len(ability.conditions) != 1 or ability.conditions[0].kind != "effect-if:paying-for":
        return None
    what = re.fullmatch(r"an? ([A-Z][a-z]+)", ability.conditions[0].args[-1])
    if what is None or what.group(1).lower() not in _PAYING_FOR:
        return None
    kind, keyword = _PAYING_FOR[what.group(1).lower()]
    return kind, keyword, clause.amount


_BOUGHT_TYPES = {"personality", "holding", "follower", "item", "spell", "card"}
#: "with a base Gold Cost of 5 or higher": the card's printed Gold cost, read here (board_reductions)
_PRINTED_COST = ("base-gold-cost", "printed-gold-cost")


def _less_gold_trait(ability, *, while_ok: bool = False) -> Effect | None:
    """The one "… paying N less Gold" clause of a plain trait (no costs, designators or
    conditions), or None: what board and attachment discounts are read from. ``while_ok``: "While you
    control three or fewer Personalities, your ... enter play for 1 less Gold" -- tests the engine reads
    (:func:`_while_read`), asked when the purchase is made (:func:`board_reductions`)."""
    if ability.kind != "continuous" or ability.costs or ability.designators or len(ability.effects) != 1:
        return None
    if ability.conditions and not (while_ok and _while_read(ability)):
        return None
    clause = ability.effects[0]
    if not isinstance(clause, Effect) or clause.kind != "cost-reduction" or clause.keyword != "less-gold" \
            or not clause.amount:
        return None
    return clause


def _while_read(ability) -> bool:
    """Every condition of the trait is a "while" on its one effect that conditions.py reads about the
    player ("while you control three or fewer Personalities")."""
    from .conditions import readable

    return all(c.kind.startswith("effect-while:") and c.args[:1] == ("effect 0",) and readable(c)
               and c.kind.partition(":")[2] in _WHILE_TESTS for c in ability.conditions)


#: "while" tests of a board discount: about the player's cards in play (their controller's, at the purchase)
_WHILE_TESTS = ("you-control", "control-at-least", "control-at-most", "control-none")


def _among_traits(ability):
    """"Your Stronghold has no abilities. Your Geisha enter play for 1 less Gold": the one Gold-cost
    clause of a plain line of several traits (no costs, designators or conditions; the other traits
    judged by effects.executes on their own), or None."""
    if ability.kind != "continuous" or ability.costs or ability.designators or ability.conditions \
            or len(ability.effects) < 2:
        return None
    found = [c for c in ability.effects if isinstance(c, Effect) and c.kind == "cost-reduction"]
    if len(found) != 1 or found[0].keyword != "less-gold" or not found[0].amount:
        return None
    return found[0]


def _board_reduction(ability):
    """The spec and amount of "Your Holdings enter play for 1 less Gold", "Your other Ronin cards
    enter play paying 1 less Gold": a trait of a card in play on its controller's purchases."""
    clause = _less_gold_trait(ability, while_ok=True) or _among_traits(ability)
    if clause is None:
        return None
    spec = clause.target
    # ("Your Geisha": cards of any type with the keyword)
    if spec is None or spec.ref != "choice" or spec.owner != "you" or not set(spec.states) <= {"other"} \
            or not all(t.stat in _PRINTED_COST for t in spec.tests) \
            or not (spec.card_types or spec.keywords) or not set(spec.card_types) <= _BOUGHT_TYPES \
            or not re.match(r"[Yy]our (other )?[A-Z]", spec.text or ""):  # ("While ..., your other Nonhuman ...")
        return None
    return spec, clause.amount


_ATTACHING = "attaching-to:"


def host_discount(ability):
    """(spec, amount, host words) of a Personality's trait lowering the price of attachments going
    to it or to its controller's Personalities: "Followers attaching to Misaki enter play paying 2
    less Gold", "Non-Unique Weapons attaching to Katagi from your hand enter play paying 4 less
    Gold", "Cavalry Followers attach to your Personalities paying 2 less Gold"; None otherwise."""
    clause = _less_gold_trait(ability)
    if clause is None:
        return None
    spec = clause.target
    if spec is None or spec.ref != "choice" or spec.tests or spec.zone not in (None, "hand"):
        return None
    host = [s[len(_ATTACHING):] for s in spec.states if s.startswith(_ATTACHING)]
    if len(host) != 1 or not set(spec.states) - {_ATTACHING + host[0]} <= {"non-unique"}:
        return None
    if not (set(spec.card_types) <= {"follower", "item", "spell"} and (spec.card_types or spec.keywords)) \
            or len(spec.keywords) > 1:
        return None
    if host[0] != "your Personalities" and not _NAME.fullmatch(host[0]):
        return None
    if re.search(r"\bor\b", spec.text or ""):
        return None  # "attaching to Misaki or Kisada": the grammar keeps one of the two
    return spec, clause.amount, host[0]


def host_discount_applies(clause) -> bool:
    """effects.executes: the words of such a trait are read here, not by a target test: the host
    (:func:`host_discount`), a printed Gold cost (:func:`board_reductions`)."""
    return clause.kind == "cost-reduction" and clause.target is not None and (
        any(s.startswith(_ATTACHING) for s in clause.target.states)
        or bool(clause.target.tests) and all(t.stat in _PRINTED_COST for t in clause.target.tests))


def _host_discounts(game, ctx, item, host) -> int:
    """Gold less for ``item`` going to ``host`` from :func:`host_discount` traits of ``host`` (naming
    him) or of any card its controller has in play ("your Personalities"), with steps (L5R-GOLD)."""
    from .effects import in_play

    pos, less = ctx.position, 0
    for card in pos.all_copies():
        if card.controller != host.controller or not in_play(pos, card):
            continue
        for ability in game.abilities(card):
            found = host_discount(ability)
            if found is None:
                continue
            spec, amount, words = found
            if words == "your Personalities":
                if host.card.type != "personality":
                    continue
            elif card.uid != host.uid or not bears_name(card, words):
                continue  # "attaching to Misaki": to the card of that name whose trait it is
            if spec.card_types and item.card.type not in spec.card_types:
                continue
            if any(not (pos.has_keyword(item, k) or (k.endswith("s") and pos.has_keyword(item, k[:-1])))
                   for k in spec.keywords):
                continue
            unique = "unique" in item.card.flags or pos.has_keyword(item, "Unique")
            if "non-unique" in spec.states and unique:
                continue
            if spec.zone == "hand" and item.zone != "hand":
                continue
            less += amount
            what = spec.text if words in (spec.text or "") else f"{spec.text} attaching to {words}"
            ctx.step("condition", f"{card.name}: {what} enter play paying {amount} less Gold, and {item.name} going "
                     f"to {host.name} is one", "L5R-GOLD", "L5R-EQUIP")
    return less


def ability_verdict(ability) -> bool | None:
    """For executes(): True/False for an ability with a Gold cost change, None for any other."""
    kinds = [c.kind for c in [*ability.costs, *ability.effects] if isinstance(c, Effect)]
    costed = any(c.kind == "effect-cost" for c in ability.conditions)
    if "cost-reduction" not in kinds and not costed:
        return None
    if "cost-reduction" in kinds:
        return _self_reduction_ok(ability) or _bowed_reducer(ability) is not None \
            or _board_reduction(ability) is not None or host_discount(ability) is not None
    if ability.kind != "continuous":
        # a card an effect brings into play, paying for it; "Pay X Gold: Equip ... for 2 less Gold"
        return purchases_execute(ability) or x_equips_priced(ability)
    discounts = {i for i, _ in _attach_discount(ability)}
    return all(c.kind != "effect-cost" or int(c.args[0].split()[1]) in discounts for c in ability.conditions)


def condition_executes(ability, cond) -> bool:
    """The conditions :func:`ability_verdict` accepted that conditions.readable does not read."""
    if cond.kind == "effect-cost":
        return ability_verdict(ability) is True
    if cond.kind == "effect-if:pays-for-single":
        return pays_for_single(ability) is not None  # read as the card pays (tier_bonus)
    if allegiance(cond) is not None and cond.args[0].startswith("effect "):
        # "plus one if your Allegiance is Traditionalist": the condition of an amount's addition
        # (amounts.work_out asks allegiance_holds)
        index = int(cond.args[0].split()[1])
        clause = ability.effects[index] if index < len(ability.effects) else None
        if isinstance(clause, Effect) and clause.kind == "amount-plus":
            return True
    if _self_reduction_ok(ability) and _self_condition_ok(cond, ability):
        return True  # "if your Allegiance is Progressive": checked for the buyer (_self_condition)
    if cond.kind == "effect-if:paying-for" and _bowed_reducer(ability) is not None:
        return True
    if cond.kind == "effect-if:paying-for" and gold_when_paying_for(ability) is not None:
        return True  # "When paying for a Spell or Shugenja, produce 5 Gold": _take_unprinted_gold
    if cond.kind in ("effect-if:paying-for", "effect-unless:paying-for"):
        return tiered_gold(ability) is not None  # "Produce 2 Gold, or 4 Gold if paying for a Holding"
    return False


def allegiance(cond) -> str | None:
    """"Progressive" of the condition "if your Allegiance is Progressive", or None."""
    if cond.kind != "effect-if:is" or len(cond.args) != 3 or cond.args[1] != "your Allegiance":
        return None
    return cond.args[2] if re.fullmatch(r"[A-Z][a-z]+", cond.args[2]) else None


def allegiance_holds(pos, player: str, title: str) -> bool:
    """Is ``player``'s Allegiance ``title``: the Allegiance card of that title in play under her
    control (an Allegiance Strategy puts itself into play: "Political Open: Put this Strategy into play")."""
    from .effects import in_play

    return any(c.controller == player and in_play(pos, c) and _titled(c.name, title)
               and pos.has_keyword(c, "Allegiance") for c in pos.all_copies())


def continuous_applies(effect, ref) -> bool:
    """CONTINUOUS_KINDS entry: a card's reduction on itself, read when it is bought."""
    return ref in ("this", "choice")  # the exact forms: ability_verdict


# ---- carrying out ------------------------------------------------------------------------

def _self_condition(game, pos, actor, copy, cond) -> bool | None:
    test = cond.kind.partition(":")[2]
    args = cond.args[1:]
    if test == "any-of":  # one part holding is enough; a designation as the line's reminder states it
        from .conditions import _designation, _test

        verdicts = [_test("you-have", p.args[1:], game, pos, actor, copy, lambda word: None)
                    if p.kind == "effect-if:you-have" and _designation(p.args[1:]) is not None
                    else _self_condition(game, pos, actor, copy, p) for p in _parts(cond)]
        return True if True in verdicts else (None if None in verdicts else False)
    if test == "clan-player":
        clan = str(pos.players[actor].attrs.get("clan", "")).casefold()
        return clan in {a.casefold() for a in args}
    if test == "is-clan":
        return any(str(pos.players[p].attrs.get("clan", "")).casefold() == args[1].casefold()
                   for p in pos.players if p != actor)
    from .conditions import _kind_words, _matches
    from .effects import in_play

    if test in ("did", "did-not"):  # "if another of your Dojos entered play this turn" (history.py)
        from . import history

        return history.test(test, tuple(args), pos=pos, actor=actor,
                            subject=lambda word: copy if word == "this card" else None)
    if test == "you-are":  # "if you are the Defender": a battle's sides (L5R-ATTACK)
        attacking = pos.timing.phase == "attack" and actor == pos.timing.active
        return attacking if "attacker" in args[0].lower() else (pos.timing.phase == "attack" and not attacking)
    if test == "is":  # "your Allegiance is Progressive"
        return allegiance_holds(pos, actor, args[1])
    if test == "you-control" and _TITLE.fullmatch(args[0]):
        title = args[0][len("the "):]
        return any(c.controller == actor and in_play(pos, c) and _titled(c.name, title) for c in pos.all_copies())
    found = _kind_words(re.sub(r"^(a|an|any) ", "", args[0]))
    return any(c.controller == actor and in_play(pos, c) and _matches(pos, c, found) for c in pos.all_copies())


def own_reductions(game, ctx, copy) -> tuple[int, bool]:
    """(Gold less, Honor Requirement ignored) from ``copy``'s traits on itself, with steps."""
    less, ignore_req = 0, False
    for ability in game.abilities(copy):
        if _each_reduction(ability):
            for i, clause in enumerate(ability.effects):  # each with the conditions on it
                one = dataclasses.replace(ability, effects=(clause,), conditions=tuple(
                    c for c in ability.conditions if _index_of(c) == i))
                if _own_trait_holds(game, ctx, copy, one):
                    less += clause.amount
                    ctx.step("condition", f"{copy.name}'s own trait: it enters play for {clause.amount} less Gold "
                             f"('{clause.text}')", "L5R-GOLD", "L5R-DYNASTY")
            continue
        if not _self_reduction_ok(ability):
            continue
        clause = ability.effects[0]
        if not _own_trait_holds(game, ctx, copy, ability):
            continue
        if clause.keyword == "ignoring-gold-cost":
            continue  # ignores_gold_cost says so
        if clause.keyword == "recruit-less-gold" and not _recruiting(ctx, copy):
            ctx.step("condition", f"{copy.name}'s own trait lowers its price only when it is Recruited "
                     f"('{clause.text}')", "L5R-GOLD", "L5R-DYNASTY")
            continue
        if clause.keyword == "ignoring-honor-requirement":
            ignore_req = True
            ctx.step("condition", f"{copy.name}'s own trait: it enters play ignoring its Honor Requirement",
                     "L5R-HONOR-REQ")
        elif _per_card(ability) is not None:
            from .amounts import count

            counted = _per_card(ability)
            found = count(game, ctx.position, copy, counted)  # judged as its buyer's card (fits: "you control")
            less += clause.amount * found
            ctx.step("condition", f"{copy.name}'s own trait: it enters play for {clause.amount} less Gold for each "
                     f"{counted.text}: {found} in play, {clause.amount * found} less", "L5R-GOLD", "L5R-DYNASTY")
        else:
            less += clause.amount
            ctx.step("condition", f"{copy.name}'s own trait: it enters play for {clause.amount} less Gold",
                     "L5R-GOLD", "L5R-DYNASTY")
    return less, ignore_req


def _own_trait_holds(game, ctx, copy, ability) -> bool:
    """Do the conditions of ``copy``'s own cost trait hold for the buyer? A step says why not."""
    name = named_bearer(ability.effects[0].target)
    if name is not None and not bears_name(copy, name):
        # "Doji Natsuyo enters play for 1 less Gold" printed on another card: not a trait on itself
        ctx.step("condition", f"{copy.name}'s '{ability.effects[0].text}' names {name}, not this card: it does not "
                 "lower this card's price", "L5R-GOLD")
        return False
    verdicts = [(c, _self_condition(game, ctx.position, ctx.actor, copy, c)) for c in ability.conditions]
    unknown = [c for c, v in verdicts if v is None]
    if unknown:  # ("this turn" in a turn the engine did not see from its start: not guessed)
        ctx.reject("L5R-GOLD", f"the engine cannot tell whether {unknown[0].text} (the turn was not played from its "
                   f"start), so it cannot work out {copy.name}'s price")
    unmet = [c for c, v in verdicts if not v]
    if unmet:
        ctx.step("condition", f"{copy.name}'s '{ability.effects[0].text}' does not apply: not so that "
                 f"{unmet[0].text}", "L5R-GOLD", "L5R-ACT-EFFECT")
    return not unmet


def ignores_gold_cost(game, ctx, copy) -> bool:
    """"Nishoji enters play ignoring Gold Cost if you control the Ring of Earth": its own trait,
    its condition holding for the buyer, makes its Gold cost count as 0 (L5R-GOLD), with a step."""
    for ability in game.abilities(copy):
        if not _self_reduction_ok(ability) or ability.effects[0].keyword != "ignoring-gold-cost":
            continue
        if not _own_trait_holds(game, ctx, copy, ability):
            continue
        ctx.step("condition", f"{copy.name}'s own trait: it enters play ignoring its Gold cost", "L5R-GOLD",
                 "L5R-DYNASTY")
        return True
    return False


def board_reductions(game, ctx, bought) -> int:
    """Gold less for ``bought`` from the traits of its buyer's cards in play ("Your Holdings
    enter play for 1 less Gold"), with steps (L5R-GOLD)."""
    from .effects import in_play
    from .states import compare

    pos, actor, less = ctx.position, ctx.actor, 0
    for copy in pos.all_copies():
        if copy.uid == bought.uid or copy.controller != actor or not in_play(pos, copy):
            continue
        for ability in game.abilities(copy):
            found = _board_reduction(ability)
            if found is None:
                continue
            spec, amount = found
            typed = not spec.card_types or "card" in spec.card_types or bought.card.type in spec.card_types
            printed = bought.card.attrs.get("gold-cost", 0)
            if not all(isinstance(printed, int) and compare(printed, t.op, t.value) for t in spec.tests):
                continue  # "with a base Gold Cost of 5 or higher"
            if typed and all(pos.has_keyword(bought, k) for k in spec.keywords):
                if not _while_holds(game, ctx, copy, ability):
                    continue
                less += amount
                ctx.step("condition", f"{copy.name}: {spec.text} enter play for {amount} less Gold, and "
                         f"{bought.name} is one", "L5R-GOLD")
    return less


def _while_holds(game, ctx, copy, ability) -> bool:
    """The "while" tests of a board discount, asked for its card's controller as the purchase is made
    (a card being bought is not yet in play, so it is not counted); a step says when one does not hold.
    A test the engine cannot decide refuses the purchase (its price is not guessed)."""
    from .conditions import evaluate

    for cond in ability.conditions:
        verdict = evaluate(cond, game=game, pos=ctx.position, actor=copy.controller, source=copy,
                           subject_of=lambda word: None)
        if verdict is None:
            ctx.reject("L5R-GOLD", f"the engine cannot tell whether {cond.text}, so it cannot work out the price")
        if not verdict:
            ctx.step("condition", f"{copy.name}'s '{ability.effects[0].text}' does not apply: not so that "
                     f"{cond.text}", "L5R-GOLD", "L5R-TRAIT")
            return False
    return True


def attach_discount(game, ctx, item, host) -> int | str:
    """Gold less (or "free") for equipping ``item`` to ``host`` (its own "Attaches to X for N less Gold")."""
    total: int | str = 0
    for ability in game.abilities(item):
        for index, amount in _attach_discount(ability):
            spec = ability.effects[index].target
            name = named_bearer(spec)
            if name is not None:
                why = None if bears_name(host, name) else f"it is not {name}"
            else:
                why = _bearer_misfit(ctx, host, spec)
            if why:
                ctx.step("condition", f"{item.name} is discounted only for {spec.text}; {host.name} is not one "
                         f"({why}): full cost", "L5R-EQUIP", "L5R-GOLD")
                continue
            if amount == "free":
                ctx.step("condition", f"{item.name} attaches to {host.name} ignoring its Gold cost", "L5R-EQUIP",
                         "L5R-GOLD")
                total = "free"
            elif total != "free":
                ctx.step("condition", f"{item.name} attaches to {host.name} for {amount} less Gold", "L5R-EQUIP",
                         "L5R-GOLD")
                total += amount
    if total != "free":
        total += _host_discounts(game, ctx, item, host)
    return total


def _reducer_of(game, pos, copy, reducing: bool):
    """The bowed-card reduction of a ``with`` card: always for a card producing no Gold; for one
    that also produces Gold ("Bow: Produce 2 Gold. Bow: When paying for a Follower …") only when
    the action says ``reducing`` (its controller chooses which ability bowing it uses)."""
    if (pos.stat(copy, "gold-production", 0) or 0) > 0 and not reducing:
        return None
    for ability in game.abilities(copy):
        found = _bowed_reducer(ability)
        if found is not None:
            return found
    return None


def pay(game, ctx, price: int, what: str, bought) -> None:
    """Pay ``price`` Gold for ``bought``: the ``with`` cards that bow to lower it first, then the
    Gold sources (L5R-GOLD). A lowering card must fit the purchase and be able to bow (L5R-ACT-COST)."""
    from .effects import in_play

    pos, actor = ctx.position, ctx.actor
    # what Gold only for some purchases checks (game.pay_gold): the card, and the action paid for
    # with it, if any (an action's effect bringing it into play; Equip, passed in by turn.equip)
    earlier = getattr(ctx, "_purchase", None)
    ctx._purchase = Purchase(card=bought, action=earlier.action if earlier is not None else None, bought=True)
    sources, reducers = [], []
    for obj in ctx.body.with_:
        copy = ctx.card(obj, where=lambda c: c.controller == actor, purpose="gold source")
        found = _reducer_of(game, pos, copy, "reducing" in ctx.body.flags)
        (reducers if found is not None else sources).append((obj, copy, found))
    for _, copy, (kind, keyword, amount) in reducers:
        noun = keyword or kind.title()
        noun = ("an " if noun[0] in "AEIOU" else "a ") + noun
        if (kind and bought.card.type != kind) or (keyword and not pos.has_keyword(bought, keyword)):
            ctx.reject("L5R-GOLD", f"{copy.show()} lowers the price of {noun} only; {bought.name} is not one")
        if copy.controller != actor:
            ctx.reject("L5R-ACT-COST.4", f"{copy.show()} belongs to {copy.controller}")
        if not in_play(pos, copy):
            ctx.reject("L5R-ACT-COST", f"{copy.show()} is not in play")
        if "bowed" in copy.flags:
            ctx.reject("L5R-ACT-COST.3", f"{copy.show()} is already bowed, so its ability cannot be used")
        copy.flags.add("bowed")
        from .triggers_events import raise_event

        raise_event(pos, "bowed", copy)  # "After this card bows" must fire (triggers.fires)
        ctx.step("cost", f"bow {copy.name}: paying for {noun}, {bought.name} costs {amount} less Gold",
                 "L5R-ACT-COST", "L5R-GOLD")
        before, price = price, max(price - amount, 0)
        if before - price < amount:
            ctx.step("note", f"the price cannot go below 0: {amount - (before - price)} of the reduction is "
                     "unused", "L5R-GOLD")
    if price <= 0:
        if sources:
            ctx.step("note", f"{what} is now 0 Gold: no Gold source is bowed", "L5R-GOLD")
        return
    if reducers:
        body = dataclasses.replace(ctx.body, with_=tuple(obj for obj, _, _ in sources))
        saved, ctx.body = ctx.body, body
        try:
            game.pay_gold(ctx, price, what)
        finally:
            ctx.body = saved
    else:
        game.pay_gold(ctx, price, what)


# ---- a card an action's effect brings into play, paying its costs --------------------------
#
# "Target a Holding in your discard pile: Bring it into play, paying all costs", "Attach it to
# Haruto, paying 2 less Gold", "… ignoring Gold cost": bringing a card into play requires paying
# its Gold cost (and other costs) or it does not enter (L5R-ACT-EFFECT). The Gold comes from the
# action's ``with`` sources that its own costs did not use (L5R-GOLD); naming none left, the
# player pays nothing and the card stays where it is.

#: words of the cards' location for put-into-play the engine does not carry out ("in your home or
#: at the current battlefield", "into one of your provinces", "under this card")
_ELSEWHERE = re.compile(r"battlefield|\bhome\b|province|\bunder\b|\bthere\b|location", re.I)


def purchase_words(ability, index: int) -> tuple[str, int, int] | None:
    """How effect ``index`` pays: ("all", 0, 0) as printed; ("less", N, floor) "paying N less Gold
    [, to a minimum of 1]"; ("more", N, 0); ("free", 0, 0) "ignoring (Gold) cost(s)". None for
    words the engine does not read."""
    conds = _cost_conditions(ability, index)
    if not conds:
        return ("all", 0, 0)
    if len(conds) != 1:
        return None
    words = conds[0].args[1:]
    if words == ("paying-all-costs",):
        return ("all", 0, 0)
    if len(words) == 1 and words[0] in _FREE:
        return ("free", 0, 0)
    if len(words) in (2, 3) and words[0] in ("less-gold", "more-gold") and words[1].isdigit():
        floor = 0
        if len(words) == 3:
            if words[2] != "minimum-1":
                return None
            floor = 1
        return ("less" if words[0] == "less-gold" else "more", int(words[1]), floor)
    return None


def _bring_ok(clause) -> bool:
    spec = clause.target
    return spec is not None and spec.ref in ("it", "target") and not clause.duration \
        and not _ELSEWHERE.search(clause.text or "")


def _attach_pair_ok(ability, index: int) -> bool:
    """"Attach it to Haruto, paying …": the card attached is one the action named ("it", a target),
    the Personality it goes to this card, "him" or a target."""
    effects = ability.effects
    if index + 1 >= len(effects) or getattr(effects[index + 1], "kind", "") != "attach-to":
        return False
    what, host = effects[index].target, effects[index + 1].target
    chosen = what is not None and what.ref == "choice" and what.zone is not None  # "an attachment in your hand"
    if chosen and what.zone not in ("hand", "discard", "fate-discard", "fate-deck"):
        return False
    # a host "this" is named; a target's or chosen card's words were checked when it was picked
    bare = not host.states and not host.keywords and not host.card_types
    chosen = chosen or _names_target(ability, what)  # "Equip the Weapon to him": the target so named
    # ("Target a Follower in your hand and one of your Personalities: Attach the Follower to the Personality":
    # the host named so is that target too)
    named_host = host is not None and host.ref == "choice" and _names_target(ability, host)
    return what is not None and host is not None and (what.ref in ("it", "target") or chosen) \
        and (host.ref in ("it", "target") or host.ref == "this" and bare or named_host) and not effects[index].duration


def _names_target(ability, spec) -> bool:
    """"the Weapon": the one target of the ability named so (states.the_target_spec)."""
    from .states import the_target_spec

    specs = [c.target for c in (*ability.costs, *ability.effects) if getattr(c, "target", None) is not None]
    return spec is not None and the_target_spec(specs, spec) is not None


def purchases(ability) -> list[int]:
    """Indexes of the effects that bring a card into play paying for it (put-into-play of a card
    other than this one; attach ... paying), as the engine carries them out; [] for none."""
    out = []
    for i, clause in enumerate(ability.effects):
        kind = getattr(clause, "kind", "")
        if kind == "put-into-play" and clause.target is not None and clause.target.ref != "this":
            out.append(i)
        elif kind == "attach" and (_cost_conditions(ability, i) or _plain_attach(ability, i)):
            out.append(i)
    return out


def _plain_attach(ability, index: int) -> bool:
    """"Target a Follower in your discard pile: Attach it to Jun-Ni": a card out of play attached
    without "paying" words still enters play only paying its Gold cost (L5R-ACT-EFFECT); not a card
    the ability has just created, nor a "Pay X Gold: Equip …" (:func:`equips_for_x`)."""
    clause = ability.effects[index]
    spec = clause.target
    if spec is None or spec.ref == "this" or index + 1 >= len(ability.effects) \
            or getattr(ability.effects[index + 1], "kind", "") != "attach-to":
        return False
    if spec.ref == "it" and any(getattr(c, "kind", "") == "create" for c in ability.effects[:index]):
        return False
    if (clause.text or "").lower().startswith("equip") and x_cost(ability):
        return False
    return spec.ref in ("it", "target") or (spec.ref == "choice" and spec.zone is not None)


def purchases_execute(ability) -> bool:
    """For executes(): every purchase effect is of a form :func:`carry_out_purchase` makes, in an
    action or Reaction whose own Gold cost is a number (not "Pay X Gold", which would be the price)."""
    if ability.kind not in ("action", "reaction"):
        return False
    if any(isinstance(c, Effect) and c.kind == "pay-gold" and c.amount is None for c in ability.costs):
        return False
    found = purchases(ability)
    for i in found:
        clause = ability.effects[i]
        if purchase_words(ability, i) is None:
            return False
        if clause.kind == "put-into-play" and not _bring_ok(clause):
            return False
        if clause.kind == "attach" and not _attach_pair_ok(ability, i):
            return False
    # every "paying …" condition belongs to one of them (or to the attach-to after one); no other
    # condition does ("paying 4 less Gold if he is defending" reads the "if" onto the whole effect)
    covered = set(found) | {i + 1 for i in found if ability.effects[i].kind == "attach"}
    for c in ability.conditions:
        index = c.args[0].split()[1] if c.args and c.args[0].startswith("effect ") else None
        on_purchase = index is not None and index.isdigit() and int(index) in covered
        if c.kind == "effect-cost" and not on_purchase:
            return False
        if on_purchase and c.kind not in ("effect-cost", "effect-optional"):
            return False
    return True


def effect_price(game, ctx, card, host, words) -> tuple[int, list[str]]:
    """Gold to pay for ``card`` (to ``host`` when attached): its Gold cost with its own and its
    controller's reductions (as when bought or equipped: L5R-GOLD, L5R-EQUIP), then the effect's words."""
    mode, amount, floor = words
    if mode == "free":
        return 0, ["ignoring its Gold cost"]
    cost = card.card.attrs.get("gold-cost", 0) or 0
    notes = [f"Gold cost {cost}"]
    if cost and ignores_gold_cost(game, ctx, card):
        return 0, notes + ["its own trait: ignoring its Gold cost"]
    less = 0
    if host is not None and cost:
        found = attach_discount(game, ctx, card, host)
        if found == "free":
            return 0, notes + ["ignoring its Gold cost"]
        less += found
    if cost:
        less += own_reductions(game, ctx, card)[0] + board_reductions(game, ctx, card)
    if mode == "less":
        less += amount
        notes.append(f"{amount} less")
    elif mode == "more":
        less -= amount
        notes.append(f"{amount} more")
    price = cost - less
    if floor and price < floor:
        notes.append(f"to a minimum of {floor}")
    return max(price, floor, 0), notes


def sources_used(ctx) -> list[int]:
    """Indexes of the ``with`` sources of this action (of ``ctx.body`` as it is now) that have paid
    already. Kept on the attempt itself, since a rejected attempt leaves nothing behind."""
    book = ctx.__dict__.setdefault("_gold_used", [])  # [(body, [indexes])]: a body stands for itself
    for body, used in book:
        if body is ctx.body:
            return used
    used: list[int] = []
    book.append((ctx.body, used))
    return used


def _unused_sources(ctx) -> tuple:
    used = sources_used(ctx)
    return tuple(o for i, o in enumerate(ctx.body.with_) if i not in used)


def pay_for_effect(game, ctx, card, host, words, what: str) -> bool:
    """Pay for ``card`` an effect brings into play, from the ``with`` sources the action has not
    used; False (with a step) when nothing is paid, so the card does not enter (L5R-ACT-EFFECT)."""
    price, notes = effect_price(game, ctx, card, host, words)
    if price <= 0:
        ctx.step("effect", f"{card.name} costs nothing to bring into play ({', '.join(notes)})", "L5R-ACT-EFFECT",
                 "L5R-GOLD")
        return True
    rest = _unused_sources(ctx)
    if not rest:
        ctx.step("effect", f"{card.name} costs {price} Gold ({', '.join(notes)}); {ctx.actor} pays no Gold for it, "
                 "so it does not enter play", "L5R-ACT-EFFECT", "L5R-GOLD")
        return False
    saved, ctx.body = ctx.body, dataclasses.replace(ctx.body, with_=rest)
    try:
        pay(game, ctx, price, f"{what} ({', '.join(notes)})", card)
    finally:
        ctx.body = saved
    sources_used(ctx)[:] = range(len(ctx.body.with_))
    return True


# ---- Gold sources for some purchases only ------------------------------------------------
#
# "Bow this card: Produce 5 Gold, which can only pay for a single Jade card" (a Holding named in
# ``with`` pays only for such a purchase) and "Reaction: When paying for a Farm: Produce 1 Gold" /
# "Reaction: When paying a Gold cost, bow Washi: Produce 2 Gold" (a Reaction taken when its trigger
# fires, the payment: naming the card in ``with`` takes it, L5R-REACTION; its costs are paid and it
# is once per turn, L5R-ACT-COST, L5R-ACT-COND). Gold from one source pays for the one purchase it
# was produced for (L5R-GOLD), so "which may only pay for that card" adds nothing more.

@dataclasses.dataclass(frozen=True)
class Purchase:
    """What a payment is for: a card bought, equipped or brought into play, or an action's cost."""

    card: object = None  # the Copy paid for (for an action's own cost: the card whose action it is)
    action: object = None  # the action (anything with ``designators``) the Gold pays for, if any
    bought: bool = False  # ``card`` is the card brought into play, not the action's own card


#: the Equip action (L5R-EQUIP: "Limited"): Gold paid for it pays for the action and the card
EQUIP_ACTION = dataclasses.make_dataclass("RulebookAction", [("designators", tuple)], frozen=True)(("Limited",))


_PAYING_RE = re.compile(r"when paying (?:for )?(an action's gold cost|a gold cost|an action|an? ([A-Za-z]+))", re.I)
_ATTACHMENT_TYPES = ("follower", "item", "spell")
_NOUNS = {"holding": ("holding",), "personality": ("personality",), "follower": ("follower",),
          "item": ("item",), "spell": ("spell",), "attachment": _ATTACHMENT_TYPES}


#: "When paying for a Personality with a Clan alignment different than your own": a Personality
#: with a Clan keyword ("Crab Clan") other than the payer's clan (an Unaligned one has none)
_OTHER_CLAN = re.compile(r"when paying for a Personality with a Clan alignment different than your own", re.I)


def _paying_for(trigger) -> tuple[str, str | None] | None:
    """("any", None) "When paying a Gold cost"; ("action", None) "for an action" / "an action's Gold
    cost"; ("type", "holding") "for a Holding"; ("keyword", "Farm") "for a Farm"; None otherwise."""
    if _OTHER_CLAN.fullmatch((trigger.text or "").strip()):
        return ("other-clan", "personality")
    m = _PAYING_RE.fullmatch((trigger.text or "").strip())
    if m is None:
        return None
    words = m.group(1).lower()
    if words == "a gold cost":
        return ("any", None)
    if words in ("an action", "an action's gold cost"):
        return ("action", None)
    noun = m.group(2)
    if noun.lower() in _NOUNS:
        return ("type", noun.lower())
    if noun[0].isupper() and noun.lower() not in ("card", "cost", "gold"):
        return ("keyword", noun)
    return None


def _self_bow(clause) -> bool:
    spec = clause.target
    return isinstance(clause, Effect) and clause.kind == "bow" and spec is not None and spec.ref == "this" \
        and not spec.states and not spec.keywords


def _same_purchase(clause) -> bool:
    """"which may only pay for that card / that action": the purchase the Gold is produced for."""
    return isinstance(clause, Effect) and clause.kind == "gold-only-for" and clause.target is not None \
        and clause.target.ref == "it"


def _even_if_bowed_trigger(ability):
    """"Reaction: Even if this card is bowed, when paying for a Spell: ...": the grammar keeps the moment
    as a ``paying-for`` condition after the "even if" one. The Trigger it stands for, or None."""
    from ...core.ability import Trigger

    conds = list(ability.conditions)
    if ability.trigger is not None or len(conds) != 2 or not _bowed_even_if(conds[0]):
        return None
    moment = conds[1]
    if moment.kind != "paying-for" or len(moment.args) != 1:
        return None
    return Trigger(timing="when", event="paying-for", text=f"when paying for {moment.args[0]}")


def _bowed_even_if(cond) -> bool:
    """"Even if this card is bowed": the Reaction may be taken while its card is bowed."""
    return cond.kind == "even-if" and tuple(cond.args) == ("is", "this card", "bowed")


def reaction_trigger(ability):
    """The "When paying ..." trigger of a Gold Reaction: its own, or the one an "Even if this card is
    bowed, when paying for a Spell" states (:func:`_even_if_bowed_trigger`)."""
    return ability.trigger if ability.trigger is not None else _even_if_bowed_trigger(ability)


def gold_reaction(ability) -> tuple[str, str | None] | None:
    """The purchases a "When paying for …: Produce N Gold" Reaction is for, as :func:`_paying_for`
    reads them, when the engine takes it as a ``with`` source; None for other forms."""
    trigger = reaction_trigger(ability)
    if ability.kind != "reaction" or trigger is None or trigger.timing != "when":
        return None
    # (no condition but the "Even if this card is bowed" that states the moment)
    bowed_ok = ability.trigger is None
    if trigger.event not in ("paying-for", "paying-for;target=action") or ability.limit \
            or (ability.conditions and not bowed_ok):
        return None
    # ("Kolat Reaction": a keyword of the ability, which changes nothing of how it is taken)
    if not set(ability.designators) <= {"Reaction", "Tireless", "Kolat"} \
            or not all(_self_bow(c) for c in ability.costs):
        return None
    effects = list(ability.effects)
    if not effects or not isinstance(effects[0], Effect) or effects[0].kind != "produce-gold" \
            or not effects[0].amount:
        return None
    if effects[0].target is not None and effects[0].target.ref != "you":
        return None
    if not all(_same_purchase(c) for c in effects[1:]):
        return None
    return _paying_for(trigger)


def _only_for(clause) -> tuple[str, tuple] | None:
    """What a Holding's "which can only pay for …" allows: ("keywords", (K, …)) a card with any of
    them ("a single Jade card", "a single Armor, Mine, or Weapon"); ("action", (K,)) an action with
    that designator ("one Economic action's cost"); None for other words."""
    spec = clause.target
    if spec is None or spec.ref != "choice" or spec.tests or spec.zone:
        return None
    if spec.card_types == ("cost",) and len(spec.keywords) == 1 and not spec.states:
        return ("action", spec.keywords)
    if spec.card_types in ((), ("card",)) and len(spec.keywords) == 1 and not spec.states:
        return ("keywords", spec.keywords)
    if spec.card_types == ("action",) and len(spec.keywords) == 1 and not spec.states \
            and spec.keywords[0] != "Invest":
        return ("action", spec.keywords)  # "a single Economic action": an action with that designator
    if len(spec.card_types) == 1 and spec.card_types[0] in _NOUNS and not spec.keywords and len(spec.states) == 1 \
            and spec.states[0].startswith("any-keyword:"):
        # "a single Air or Maho Spell": a card of that type with either keyword
        return ("typed", (spec.card_types[0], *spec.states[0][len("any-keyword:"):].split("|")))
    if not spec.card_types and not spec.keywords and len(spec.states) == 1 \
            and spec.states[0].startswith("any-keyword:"):
        return ("keywords", tuple(spec.states[0][len("any-keyword:"):].split("|")))
    return None


def gold_only_ok(ability) -> bool:
    """"Bow this card: Produce 5 Gold, which can only pay for a single Jade card": a Gold source
    whose Gold the engine checks against the purchase (executes); also one producing a worked-out
    amount (:func:`worked_gold`)."""
    if worked_gold(ability) is not None or gold_when_paying_for(ability) is not None:
        return True
    if ability.kind != "action" or ability.designators or ability.conditions or ability.limit:
        return False
    if len(ability.costs) != 1 or not _self_bow(ability.costs[0]) or len(ability.effects) != 2:
        return False
    produce, only = ability.effects
    return isinstance(produce, Effect) and produce.kind == "produce-gold" and bool(produce.amount) \
        and isinstance(only, Effect) and only.kind == "gold-only-for" and _only_for(only) is not None


def _fits(pos, purchase: Purchase | None, what: tuple) -> bool:
    kind, words = what
    if purchase is None:
        return False
    if kind == "action":
        return purchase.action is not None and all(w in purchase.action.designators for w in words)
    if kind == "typed":
        noun, *words = words
        return purchase.bought and purchase.card.card.type in _NOUNS[noun] \
            and any(pos.has_keyword(purchase.card, k) for k in words)
    return purchase.bought and any(pos.has_keyword(purchase.card, k) for k in words)


def _plain_gold(ability) -> int | None:
    """N of a plain "Bow this card: Produce N Gold." (what carddb makes a Holding's Gold Production)."""
    if ability.kind != "action" or ability.designators or ability.conditions or ability.limit \
            or len(ability.costs) != 1 or not _self_bow(ability.costs[0]) or len(ability.effects) != 1:
        return None
    clause = ability.effects[0]
    ok = isinstance(clause, Effect) and clause.kind == "produce-gold" and isinstance(clause.amount, int) \
        and (clause.target is None or clause.target.ref == "you")
    return clause.amount if ok else None


def source_restriction(game, ctx, src, what: str) -> str | None:
    """Why the Gold ``src`` produces (its own "which can only pay for …") cannot pay for this
    purchase, or None. A card with a plain Gold line besides ("Produce 3 Gold. / Produce 5 Gold,
    which can only pay for a single Jade card") pays its plain Gold Production unrestricted."""
    produced = ctx.position.stat(src, "gold-production", 0) or 0
    if any(_plain_gold(a) == produced for a in game.abilities(src)):
        return None
    purchase = getattr(ctx, "_purchase", None)
    for ability in game.abilities(src):
        when = gold_when_paying_for(ability)
        if when is not None:  # "When paying for a Spell or Shugenja, produce 5 Gold"
            if not (purchase is not None and purchase.bought and any(
                    purchase.card.card.type in _NOUNS[w] if kind == "type" else ctx.position.has_keyword(purchase.card, w)
                    for kind, w in when[1])):
                return f"{src.show()} produces Gold only when paying for {ability.conditions[0].args[1]}, and {what} " \
                       "is not that"
            continue
        if gold_only_ok(ability) and worked_gold(ability) is None:
            only = ability.effects[1]
            if not _fits(ctx.position, getattr(ctx, "_purchase", None), _only_for(only)):
                return f"{src.show()}'s Gold may only pay for {only.target.text}, and {what} is not that"
    return None


def _reaction_fits(pos, purchase: Purchase | None, spec: tuple[str, str | None], actor: str | None = None) -> bool:
    kind, word = spec
    if purchase is None:
        return False
    if kind == "other-clan":
        if not purchase.bought or purchase.card.card.type != "personality" or actor is None:
            return False
        own = str(pos.players[actor].attrs.get("clan", "")).casefold()
        clans = {k[:-len(" Clan")].casefold() for k in pos.keywords(purchase.card) if k.endswith(" Clan")}
        return bool(clans) and own not in clans
    if kind == "any":
        return True
    if kind == "action":
        return purchase.action is not None
    if not purchase.bought:
        return False
    if kind == "type":
        return purchase.card.card.type in _NOUNS[word]
    return pos.has_keyword(purchase.card, word)


def take_gold_reaction(game, ctx, src, what: str) -> int | None:
    """Take ``src``'s "When paying …: Produce N Gold" Reaction for this payment: its costs paid, once
    per turn; the Gold it produces, or None when it has no such Reaction (the caller refuses)."""
    pos = ctx.position
    for ability in game.abilities(src):
        spec = gold_reaction(ability)
        if spec is None:
            continue
        purchase = getattr(ctx, "_purchase", None)
        trigger = reaction_trigger(ability)
        if not _reaction_fits(pos, purchase, spec, ctx.actor):
            ctx.reject("L5R-REACTION", f"{src.show()}'s Reaction ({trigger.text}) may be taken only when "
                       f"its trigger fires, and {what} is not such a payment")
        key = f"{src.uid}:{ability.text}"
        if pos.memo.get("used", []).count(key):
            ctx.reject("L5R-ACT-COND.3", f"{src.show()} has already used this ability this turn (each ability "
                       "once per turn)")
        if ability.costs and "bowed" in src.flags:
            ctx.reject("L5R-ACT-COST.3", f"{src.show()} is already bowed, so it cannot be bowed for its Reaction")
        even_if_bowed = any(_bowed_even_if(c) for c in ability.conditions)  # "Even if this card is bowed"
        if "bowed" in src.flags and "Tireless" not in ability.designators and not even_if_bowed:
            ctx.reject("L5R-ACT-COND.1", f"{src.show()} is bowed, and abilities of bowed cards cannot be used")
        for _ in ability.costs:
            from .triggers_events import raise_event

            src.flags.add("bowed")
            raise_event(pos, "bowed", src)  # as any bowing does ("After this card bows")
            ctx.step("cost", f"bow {src.name} for its Reaction", "L5R-ACT-COST", "L5R-REACTION")
        pos.memo.setdefault("used", []).append(key)
        amount = ability.effects[0].amount
        ctx.step("cost", f"{src.name}'s Reaction ({trigger.text}): produce {amount} Gold", "L5R-REACTION",
                 "L5R-GOLD")
        return amount
    return take_worked_gold(game, ctx, src, what)


# "Bow this card: Produce Gold equal to Nakura's Chi that can only pay for a single Economic action",
# "Bow this card: Produce 1 Gold, plus 1 additional Gold for each non-Unique Holding you control": a
# Gold source (named in ``with``, as a Holding is: L5R-GOLD) whose Gold is worked out as it bows --
# a value of this card, or a count of cards in play (amounts.py)

def worked_gold(ability):
    """(amount clauses, the "which can only pay for" clause or None) of such a Gold ability, the
    amount clauses being the produce-gold clause(s) and their ``amount-*`` chain; None otherwise."""
    from . import amounts

    if ability.kind != "action" or ability.designators or ability.conditions or ability.limit:
        return None
    if len(ability.costs) != 1 or not _self_bow(ability.costs[0]):
        return None
    effects = list(ability.effects)
    if not effects or not all(isinstance(c, Effect) for c in effects) or effects[0].kind != "produce-gold" \
            or effects[0].target not in (None,) and effects[0].target.ref != "you":
        return None
    only = effects[-1] if effects[-1].kind == "gold-only-for" else None
    body = effects[:-1] if only is not None else effects
    if only is not None and _only_for(only) in (None, ("action", ("Invest",))):
        return None  # (an Invest cost is paid with its card's purchase: not an action the engine names)
    if effects[0].amount is None:  # "Produce Gold equal to Nakura's Chi": a value of this card
        found = amounts.chain(body, 0)
        if len(body) != 2 or [a.kind for a in found] != ["amount-equal-to"]:
            return None
        a = found[0]
        if a.amount not in (None, 1) or a.target is None or a.target.ref not in ("this", "attached") \
                or a.stat not in amounts.STATS:
            return None
        return body, only
    # "Produce 1 Gold, plus 1 additional Gold for each non-Unique Holding you control"
    if only is not None or len(body) != 3 or body[1].kind != "produce-gold" or not body[1].amount \
            or body[1].target is not None and body[1].target.ref != "you":
        return None
    each = amounts.chain(body, 1)
    if [a.kind for a in each] != ["amount-for-each"] or each[0].amount not in (None, 1) \
            or not amounts._count_spec_ok(each[0].target):
        return None
    return body, None


def take_worked_gold(game, ctx, src, what: str) -> int | None:
    """Bow ``src`` for its worked-out Gold (:func:`worked_gold`): the Gold it produces, or None when
    it has no such ability (the caller refuses)."""
    from . import amounts
    from .procedure import Bindings
    from .triggers_events import raise_event

    pos = ctx.position
    for ability in game.abilities(src):
        found = worked_gold(ability)
        if found is None:
            continue
        body, only = found
        if "bowed" in src.flags:
            ctx.reject("L5R-ACT-COST.3", f"{src.show()} is already bowed and cannot bow to produce Gold")
        if only is not None and not _fits(pos, getattr(ctx, "_purchase", None), _only_for(only)):
            ctx.reject("L5R-GOLD", f"{src.show()}'s Gold may only pay for {only.target.text}, and {what} is not that")
        if body[0].amount is None:
            clause, note = amounts.work_out(ctx, src, body[0], body[1:], 1, Bindings(), {})
            amount = clause.amount or 0
        else:
            n = amounts.count(game, pos, src, body[2].target)
            amount = body[0].amount + body[1].amount * n
            note = f"{body[0].amount} plus {body[1].amount} for each of {n} ({body[2].target.text})"
        src.flags.add("bowed")
        raise_event(pos, "bowed", src)  # "After this card bows" must fire (triggers.fires)
        ctx.step("cost", f"bow {src.name} to produce {amount} Gold ({note})", "L5R-GOLD", "L5R-ACT-COST")
        return amount
    return _take_unprinted_gold(game, ctx, src, what)


def gold_when_paying_for(ability) -> tuple[int, tuple] | None:
    """(N, what) of "Bow this card: When paying for a Spell or Shugenja, produce 5 Gold which may
    only pay for that card": Gold only for such a purchase; ``what`` as :func:`pays_for_single`
    reads it (("type", "spell"), ("keyword", "Shugenja")); None for other abilities."""
    if ability.kind != "action" or ability.designators or ability.limit or len(ability.costs) != 1 \
            or not _self_bow(ability.costs[0]) or len(ability.effects) != 2:
        return None
    produce, only = ability.effects
    if not isinstance(produce, Effect) or produce.kind != "produce-gold" or not produce.amount \
            or produce.target is not None and produce.target.ref != "you" or not _same_purchase(only):
        return None
    words = {c.args[1:] for c in ability.conditions}
    if len(ability.conditions) != 2 or any(c.kind != "effect-if:paying-for" for c in ability.conditions) \
            or {c.args[0] for c in ability.conditions} != {"effect 0", "effect 1"} or len(words) != 1:
        return None
    text = next(iter(words))
    if len(text) != 1:
        return None
    what = []
    for word in re.sub(r"^an? ", "", text[0]).split(" or "):
        if word.lower() in _NOUNS:
            what.append(("type", word.lower()))
        elif re.fullmatch(r"[A-Z][a-z]+", word):
            what.append(("keyword", word))
        else:
            return None
    return produce.amount, tuple(what)


def _unprinted_amount(ability) -> int | None:
    """N of a Gold line the card database keeps no Gold Production for (carddb reads only a plain
    "Bow this card: Produce N Gold."): "Produce 2 Gold, or 4 Gold if …", "Produce 2 Gold and lose 1
    Honor", "Produce 5 Gold, which can only pay for a single Jade card"; None for other abilities."""
    tiers = gold_tiers(ability)
    if tiers is not None:
        return tiers[0]
    found = gold_when_paying_for(ability)
    if found is not None:
        return found[0]
    if gold_extras(ability) is not None or (gold_only_ok(ability) and worked_gold(ability) is None):
        return ability.effects[0].amount
    return None


def _take_unprinted_gold(game, ctx, src, what: str) -> int | None:
    """Bow ``src`` for the Gold of such a line when it has no printed Gold Production (a real card
    loaded from a database), as game.pay_gold bows a Holding for its production (L5R-GOLD)."""
    from .triggers_events import raise_event

    if (ctx.position.stat(src, "gold-production", 0) or 0) > 0:
        return None  # its printed production pays (game.pay_gold); named again, nothing more
    for ability in game.abilities(src):
        base = _unprinted_amount(ability)
        if base is None:
            continue
        if "bowed" in src.flags:
            ctx.reject("L5R-ACT-COST.3", f"{src.show()} is already bowed and cannot bow to produce Gold")
        why = source_restriction(game, ctx, src, what)
        if why:
            ctx.reject("L5R-GOLD", why)
        more, words = tier_bonus(game, ctx, src)
        src.flags.add("bowed")
        raise_event(ctx.position, "bowed", src)
        ctx.step("cost", f"bow {src.name} to produce {base + more} Gold" + (f" ({words})" if more else ""),
                 "L5R-GOLD", "L5R-ACT-COST")
        carry_out_gold_extras(game, ctx, src)
        return base + more
    return None


# "Bow this card: Produce 2 Gold, or 4 Gold if paying for a Holding which may only pay for that
# card": the higher amount when the Gold pays for such a card (the Comprehensive Rules' "extra GP
# … only for a certain cost"; L5R-GOLD: Gold from one source pays for one purchase anyway)

_PAID_FOR = re.compile(r"an? (Unique )?([A-Z][A-Za-z]+|attachment)( card)?")


def _paid_for(words: str) -> tuple[bool, str, str] | None:
    """"a Holding" -> (False, "type", "holding"); "a Ninja card" -> (False, "keyword", "Ninja");
    "a Unique Personality" -> (True, "type", "personality"); None for other words."""
    at_least = re.fullmatch(r"a card with a printed Gold Cost of (\d+) or more", words.strip())
    if at_least is not None:
        return (False, "printed-cost-at-least", at_least.group(1))
    m = _PAID_FOR.fullmatch(words.strip())
    if m is None:
        return None
    noun = m.group(2)
    if noun.lower() in _NOUNS:
        return (bool(m.group(1)), "type", noun.lower())
    if m.group(3) is None and noun.lower() in ("card", "action"):
        return None
    return (bool(m.group(1)), "keyword", noun)


def gold_tiers(ability):
    """(base, higher, the "if" Condition) of "Produce 2 Gold, or 4 Gold if …" ("… if paying for a
    Holding [which may only pay for that card]", "… if you are a Lion Clan player"), or None."""
    if ability.kind != "action" or ability.designators or ability.limit:
        return None
    if len(ability.costs) != 1 or not _self_bow(ability.costs[0]):
        return None
    effects = list(ability.effects)
    if len(effects) not in (2, 3) or any(not isinstance(c, Effect) for c in effects):
        return None
    base, more = effects[0], effects[1]
    if base.kind != "produce-gold" or more.kind != "produce-gold" or base.amount is None or not more.amount \
            or more.amount <= base.amount or any(c.target is not None and c.target.ref != "you" for c in (base, more)):
        return None
    if len(effects) == 3 and not _same_purchase(effects[2]):
        return None
    conds = {c.args[0]: c for c in ability.conditions if c.args}
    if len(conds) != len(ability.conditions) or set(conds) != {f"effect {i}" for i in range(len(effects))}:
        return None
    unless, when = conds["effect 0"], conds["effect 1"]
    test = when.kind.partition(":")[2]
    if not when.kind.startswith("effect-if:") or unless.kind != "effect-unless:" + test \
            or unless.args[1:] != when.args[1:] or any(conds[f"effect {i}"] != when and (
                conds[f"effect {i}"].kind, conds[f"effect {i}"].args[1:]) != (when.kind, when.args[1:])
                for i in range(2, len(effects))):
        return None
    if len(effects) == 3 and test != "paying-for":
        return None  # "which may only pay for that card" belongs to a purchase
    return base.amount, more.amount, when


def tiered_gold(ability) -> tuple[int, int, tuple] | None:
    """(base, higher, what) of "Produce 2 Gold, or 4 Gold if paying for a Holding …", or None."""
    found = gold_tiers(ability)
    if found is None or found[2].kind != "effect-if:paying-for" or len(found[2].args) != 2:
        return None
    what = _paid_for(found[2].args[1])
    return (found[0], found[1], what) if what is not None else None


# "This Holding has +2GP when it pays for a single Shugenja only", "… +1GP when it pays to Recruit
# or Equip a single Library or Spell only": Gold Production more when its Gold pays for such a
# purchase (Gold from one source pays for one purchase anyway: L5R-GOLD)

def pays_for_single(ability) -> tuple[int, tuple, str | None] | None:
    """(N, what, how) of such a trait: ``what`` a tuple of ("type", noun) / ("keyword", K), any of
    which the card paid for must be; ``how`` "recruit|equip" when only a purchase or an Equip; None
    for other abilities ("a single Kharmic action": which actions are Kharmic is not said)."""
    if ability.kind != "continuous" or ability.costs or ability.designators or len(ability.effects) != 1 \
            or len(ability.conditions) != 1:
        return None
    clause, cond = ability.effects[0], ability.conditions[0]
    if not isinstance(clause, Effect) or clause.kind != "modify-stat" or clause.stat != "gold-production" \
            or not isinstance(clause.amount, int) or clause.amount <= 0:
        return None
    spec = clause.target
    if spec is None or spec.ref != "this" or spec.keywords or spec.states or spec.tests:
        return None
    if cond.kind != "effect-if:pays-for-single" or cond.args[:1] != ("effect 0",) or len(cond.args) not in (2, 3):
        return None
    how = cond.args[2] if len(cond.args) == 3 else None
    if how not in (None, "recruit|equip"):
        return None
    what = []
    for word in cond.args[1].split(" or "):
        if word.lower() in _NOUNS:
            what.append(("type", word.lower()))
        elif re.fullmatch(r"[A-Z][a-z]+", word) and word != "Kharmic":
            what.append(("keyword", word))
        else:
            return None
    return clause.amount, tuple(what), how


def gold_bonus_applies(ability) -> bool:
    """effects.executes: a Gold Production bonus :func:`tier_bonus` adds as the card pays."""
    return pays_for_single(ability) is not None


def _single_bonus(game, ctx, src) -> tuple[int, list[str]]:
    purchase = getattr(ctx, "_purchase", None)
    more, words = 0, []
    for ability in game.abilities(src):
        found = pays_for_single(ability)
        if found is None or purchase is None or not purchase.bought or purchase.card is None:
            continue
        amount, what, how = found
        card = purchase.card
        if how == "recruit|equip" and purchase.action not in (None, EQUIP_ACTION):
            continue  # brought into play by an action's effect: not recruited nor equipped
        if any(card.card.type in _NOUNS[w] if kind == "type" else ctx.position.has_keyword(card, w)
               for kind, w in what):
            more += amount
            words.append(f"+{amount} paying for {card.name}: {ability.effects[0].text}")
    return more, words


def tier_bonus(game, ctx, src) -> tuple[int, str]:
    """Gold more than its Gold Production ``src`` produces for this purchase (its "or 4 Gold if
    paying for a Holding", "or 3 Gold if you are a Lion Clan player", "+2GP when it pays for a
    single Shugenja only"), with the words; (0, "") when none applies (L5R-GOLD)."""
    single, words = _single_bonus(game, ctx, src)
    more, why = _tier_bonus(game, ctx, src)
    return more + single, "; ".join(([why] if why else []) + words)


def _tier_bonus(game, ctx, src) -> tuple[int, str]:
    from .conditions import SELF, evaluate

    purchase = getattr(ctx, "_purchase", None)
    for ability in game.abilities(src):
        found = gold_tiers(ability)
        if found is None:
            continue
        base, more, when = found
        if when.kind == "effect-if:paying-for":
            what = tiered_gold(ability)
            if what is None or purchase is None or not purchase.bought or purchase.card is None:
                continue
            unique, kind, word = what[2]
            card = purchase.card
            if kind == "printed-cost-at-least":  # "a card with a printed Gold Cost of 9 or more"
                printed = card.card.attrs.get("gold-cost", 0)
                fits = isinstance(printed, int) and printed >= int(word)
            else:
                fits = card.card.type in _NOUNS[word] if kind == "type" else ctx.position.has_keyword(card, word)
            fits = fits and (not unique or "unique" in card.card.flags)
            words = f"paying for {card.name}, {when.args[1]}"
        else:
            fits = evaluate(when, game=game, pos=ctx.position, actor=ctx.actor, source=src,
                            subject_of=lambda w: src if w.lower() in SELF else None) is True
            words = when.text
        if fits:
            return more - base, f"{more} instead of {base}: {words}"
    return 0, ""


# "Bow this card: Produce 2 Gold and lose 1 Honor", "… Produce 2 Gold. Discard this Strategy from
# play": bowing the source for Gold (named in ``with``) carries out the rest of its ability too

_EXTRA_PLAYER = ("lose-honor", "gain-honor")
_EXTRA_SELF = ("discard", "destroy")


def gold_extras(ability) -> list | None:
    """The clauses after "Produce N Gold" of a source's own Gold ability, when the engine carries
    them out as it pays (game.pay_gold); None for other forms."""
    if ability.kind != "action" or ability.designators or ability.conditions or ability.limit:
        return None
    if len(ability.costs) != 1 or not _self_bow(ability.costs[0]) or len(ability.effects) < 2:
        return None
    produce, *rest = ability.effects
    if not isinstance(produce, Effect) or produce.kind != "produce-gold" or not produce.amount:
        return None
    for clause in rest:
        if not isinstance(clause, Effect):
            return None
        spec = clause.target
        if clause.kind in _EXTRA_PLAYER and clause.amount and (spec is None or spec.ref == "you"):
            continue
        if clause.kind in _EXTRA_SELF and spec is not None and spec.ref == "this" and not spec.states:
            continue
        return None
    return rest


def carry_out_gold_extras(game, ctx, src) -> None:
    """After ``src`` bowed for Gold: the rest of its Gold ability (L5R-ACT-EFFECT, L5R-GOLD)."""
    from .effects import apply_to_card, apply_to_player

    for ability in game.abilities(src):
        extras = gold_extras(ability)
        if extras is None:
            continue
        for clause in extras:
            if clause.kind in _EXTRA_PLAYER:
                out = apply_to_player(game, ctx.position, ctx.actor, clause, as_cost=False)
            else:
                out = apply_to_card(game, ctx.position, src, clause, as_cost=False, source=src.name)
            text = out.description if out.changed else f"{out.description}: no change ({out.why})"
            ctx.step("effect", f"{src.name} produced Gold: {text}", "L5R-ACT-EFFECT", "L5R-GOLD")
        return


# "Battle, Pay X Gold: Equip a target Weapon in your discard pile to Katagi": the Equip procedure
# as an effect -- the card attaches only if its Gold cost is the amount paid for the action
# (L5R-EQUIP: "paying all costs"; the Comprehensive Rules: "the card's Gold Cost is checked against
# the amount paid for the original action"). X is the ``x N`` the action names.

def paid_x(ability) -> bool:
    """The action's own cost is "Pay X Gold" (no amount it works out)."""
    from . import amounts

    costs = list(ability.costs)
    return any(isinstance(c, Effect) and c.kind == "pay-gold" and c.amount is None and not amounts.chain(costs, i)
               for i, c in enumerate(costs))


def x_cost(ability) -> bool:
    """The action's own cost is "Pay X Gold", and no effect reads X as an amount ("a number of
    Wealth tokens equal to the amount of Gold you paid for this action": amounts.py): X is then
    read only as the price of an Equip (:func:`equips_for_x`)."""
    from . import amounts

    return paid_x(ability) and not amounts.reads_x(ability)


def equips_for_x(ability, index: int) -> bool:
    """Effect ``index`` is "Equip <a card out of play> to <a Personality>" in a "Pay X Gold" action."""
    clause = ability.effects[index]
    if getattr(clause, "kind", "") != "attach" or not (clause.text or "").lower().startswith("equip"):
        return False
    if ability.kind != "action" or not x_cost(ability):
        return False
    if _cost_conditions(ability, index) and not _x_equip_words(ability, index):
        return False
    spec = clause.target
    return spec is not None and (spec.ref in ("it", "target") or spec.zone is not None or _names_target(ability, spec)) \
        and _attach_pair_ok(ability, index)


def _x_equip_words(ability, index: int) -> bool:
    """"Pay X Gold: Equip a Spell to your target Shugenja for 2 less Gold": one Gold-cost change of
    the Equip (:func:`purchase_words`: N less / N more / ignoring its Gold cost) on the attach and
    the attach-to after it alike, and no other condition on either -- the price X must match is then
    the card's Gold cost changed so (procedure.attach_paying, :func:`x_equip_words`)."""
    words = purchase_words(ability, index)
    if words is None or words == ("all", 0, 0):
        return False
    scoped = [c for c in ability.conditions if c.args[:1] in ((f"effect {index}",), (f"effect {index + 1}",))]
    return bool(scoped) and all(c.kind == "effect-cost" and c.args[1:] == scoped[0].args[1:] for c in scoped)


def x_equip_words(ability, index: int) -> tuple[str, int, int]:
    """The price words of the Equip ``index`` of a "Pay X Gold" action (for procedure.attach_paying):
    its Gold-cost change, or the card's Gold cost as printed ("all")."""
    return purchase_words(ability, index) or ("all", 0, 0) if _cost_conditions(ability, index) else ("all", 0, 0)


def x_equips_priced(ability) -> bool:
    """For :func:`ability_verdict`: every Gold-cost condition of the ability belongs to an Equip
    :func:`equips_for_x` carries out (X paid must be the changed price)."""
    conds = [c for c in ability.conditions if c.kind == "effect-cost"]
    for c in conds:
        index = c.args[0].split()[1] if c.args and c.args[0].startswith("effect ") else ""
        if not index.isdigit():
            return False
        i = int(index)
        after_equip = 0 < i < len(ability.effects) and getattr(ability.effects[i], "kind", "") == "attach-to" \
            and equips_for_x(ability, i - 1)
        if not (i < len(ability.effects) and equips_for_x(ability, i)) and not after_equip:
            return False
    return bool(conds)
