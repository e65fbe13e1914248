"""Transformer methods for ``grammar/l5r_ability_player.lark``: players: Honor, Gold, costs, actions taken, the Imperial Favor, worked-out amounts.

Each method is named after an alias (``-> name``) of that grammar file and has the base
transformer's signature ``(self, meta, ch)``; see :func:`adjudicator.games.l5r.ability._build_transformer_class`.
"""

from __future__ import annotations

import re
from dataclasses import replace

from adjudicator.core.ability import Effect, TargetSpec

from .ability import constant, token


def it_target(children):
    from .ability import it_target as f

    return f(children)

#: Effect kinds this topic emits (added to ``ability.EFFECT_KINDS``)
KINDS: frozenset[str] = frozenset({
    "modify-honor-change",  # "Reduce all Honor losses from your cards by 1": keyword gain/loss/gain-or-loss
    "set-honor-change",     # "Reduce the gain to 1": keyword gain/loss, amount the new size
    "negate-honor-change",  # "Negate the loss", "Negate any Honor losses": keyword gain/loss
    "cost-increase",        # "... cost 2 more Gold": amount N, keyword more-gold / equip-more-gold ...
    "end-phase",            # "End the Action Phase": keyword the phase
    "name-choice",          # "Name a card / a number / a Clan Alignment": keyword what is named
    "commit-seppuku",       # "Erdene commits Seppuku": target who
    "become-honorably-dead",  # "He becomes honorably dead"
    "may-remain-bowed",     # "This Spell may remain bowed"
    "amount-at-most",       # "..., or 3, whichever is lower": the amount before is at most N
    "amount-at-least",      # "..., whichever is greater"
    "amount-plus",          # "..., plus 1 if ...", "... minus one": the amount before, adjusted by N
    "raise-stat-to",        # "Raise his Force to 6": stat, amount (or an amount-equal-to after it)
    "switch-stats",         # "Switch his Force and Chi": stat and keyword the two values
    "switch-stat-values",   # "Switch the target's and this Follower's Force": one per card
    "negate-stat-changes",  # "Negate all current Force penalties on him": keyword bonuses/penalties/both
    "rules-action-timing",  # "Dainagon may Lobby as an Open action": keyword "Lobby:Open"
    "switch-locations",     # "Switch their locations"
    "need-not-bow",         # "Kozan need not bow to Lobby": keyword the rules action ...
    "need-not-bow-for",     # ... or, after it, the cards he performs for without bowing
    "stat-minimum",         # "A target Personality has a minimum Chi of 1": stat, amount the floor
    "give-control",         # "Give control of him to his owner": target the card, values the new controller
    "cost-set",             # "He enters play for 0 Gold": amount the price, keyword "gold"
    "lobby-bonus",          # "You have a +5 Lobby Bonus": target the player, amount (or an amount-equal-to after it)
    "modify-stat-change",   # "Kano's Force bonuses ... are increased by 2": stat, keyword bonuses/penalties, amount, target whose
    "use-traits-as-controller",  # "You ... may use its Gold-producing traits as if you controlled it": keyword which traits
    "lose-game",            # "you lose the game": target the player
    "lose-keyword-choice",  # "remove from him Cavalry, Naval, or Tactician": one keyword of the list, picked
    "modify-numeral",       # "Increase a positive numeral on your target Spell by 1": target the card, amount
    "action-designator",    # "This action has Home": target the action, keyword the designator it gains
    "honor-victory-threshold",  # "Players need 10 more Honor to win an Honor Victory": target who, amount N more
})


#: what a player does with no target named ("take an additional action"): the subject does it
_PLAYER_DOINGS = frozenset({"additional-action", "produce-gold", "pay-gold", "name-choice", "end-phase"})


def _A():
    from . import ability

    return ability


class Rules:
    # ----- players as noun phrases
    def pl_another_player(self, meta, ch):
        # "another player" (in a two-player game, the opponent); post-modifiers restrict him
        spec = self.np_desc(meta, [self._pl_mod("q", ("one", 1)), self._pl_mod("head", "player"), *ch])
        return replace(spec, ref="opponent", owner="opponent")

    def pl_each_player_with(self, meta, ch):
        return self.np_desc(meta, [self._pl_mod("q", ("each", 1)), self._pl_mod("head", "player"), *ch])

    def _pl_mod(self, kind, value=None):
        return _A()._Mod(kind, value)

    def pl_poss_desc(self, meta, ch):
        # "Zansho's target unbowed Follower": a card of another card's, described
        owner, rest = ch[0], [c for c in ch[1:] if getattr(c, "type", "") != "POSS"]
        spec = self.np_desc(meta, rest)
        # (a "target" among the modifiers stays a state: ref "possessed" says whose card it is)
        marks = ("target",) if spec.ref == "target" else ()
        states = (f"of-{owner.ref}", *owner.states, *marks, *spec.states)
        return replace(spec, ref="possessed", states=states)

    def pl_poss_keyword(self, meta, ch):
        # "Sora's Weapon": the keyword names the possessed card
        owner = ch[0]
        word = next(str(c) for c in ch[1:] if getattr(c, "type", "") == "CAPWORD")
        mods = [c for c in ch[1:] if isinstance(c, _A()._Mod)]
        spec = self.np_desc(meta, [self._pl_mod("q", ("the", 1)), self._pl_mod("head", "card"), *mods])
        return replace(spec, ref="possessed", keywords=(word,),
                       states=(f"of-{owner.ref}", *owner.states, *spec.states))

    def pl_pn_controller(self, meta, ch):
        return "controller"

    def pl_pn_spell(self, meta, ch):
        return "spell"

    def pl_pn_ring(self, meta, ch):
        return "ring"

    # ----- limits
    def pl_times_per(self, meta, ch):
        words = self._text(meta).lower().split()
        n = "twice" if words[0] == "twice" else f"{words[0]} times"
        return _A()._Limit(f"{n} per {str(ch[-1]).lower()}")

    def pl_any_times_per(self, meta, ch):
        return _A()._Limit(f"any number of times per {str(ch[-1]).lower()}")

    def pl_subj_may(self, meta, ch):
        # "His controller may pay 4 Gold": what "you" would do, the subject does
        who = ch[0]

        def own(e):
            if isinstance(e, list):
                return [own(x) for x in e]
            if isinstance(e, Effect) and e.target is not None and e.target.ref == "you" and not e.target.text:
                return replace(e, target=who)
            if isinstance(e, Effect) and e.target is None and e.kind in _PLAYER_DOINGS:
                return replace(e, target=who)
            return e

        return self.subj_optional(meta, [who, own(ch[1])])

    # ----- Honor gains and losses changed
    def pl_hc_gain(self, meta, ch):
        return "gain"

    def pl_hc_loss(self, meta, ch):
        return "loss"

    def pl_hc_both(self, meta, ch):
        return "gain-or-loss"

    def pl_hc_from(self, meta, ch):
        return _HcFrom(ch[-1])

    def pl_hc_next(self, meta, ch):
        return _HcNext(_A().amount(ch[0]) or 1)

    def pl_honor_changes(self, meta, ch):
        which = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        source = next((c.spec for c in ch if isinstance(c, _HcFrom)), None)
        whose = next((c for c in ch if isinstance(c, TargetSpec)), None)
        text = self._text(meta).lower()
        nxt = next((c.n for c in ch if isinstance(c, _HcNext)), 1 if text.startswith("the next") else None)
        owner = "you" if text.startswith(("your", "all your")) else "any"
        if text.startswith("one of"):  # "one of the Honor gains or losses": only one, chosen
            which = f"one-{which}"
        return _HonorChanges(which, source, whose, nxt, owner)

    def _pl_honor_change_effect(self, meta, hc, n, sign, minimum=None):
        # the changed gains/losses: keyword says which, target where they come from (None: any
        # source), amount the change (negative: reduced), values the floor "to a minimum of N";
        # "the next (two) ..." only changes that many, kept as the duration "next N"
        target = hc.source
        if hc.whose is not None:
            target = replace(hc.whose, states=(*hc.whose.states, "source-of-honor-change"))
        if hc.owner == "you":
            target = replace(target or TargetSpec(ref="each", text="your"), owner="you")
        return self._eff(meta, "modify-honor-change", keyword=hc.which, amount=sign * (n or 0),
                         target=target, values=(minimum,) if minimum is not None else (),
                         duration=f"next {hc.next}" if hc.next else None)

    def pl_reduce_honor_changes(self, meta, ch):
        hc = next(c for c in ch if isinstance(c, _HonorChanges))
        n = _A().amount(next(c for c in ch if isinstance(c, _A()._Amount)))
        tok = next((c for c in ch if getattr(c, "type", "") == "TO_MINIMUM"), None)
        minimum = int(re.search(r"[0-9]+", str(tok)).group(0)) if tok is not None else None
        return self._pl_honor_change_effect(meta, hc, n, -1, minimum)

    def pl_increase_honor_changes(self, meta, ch):
        hc = next(c for c in ch if isinstance(c, _HonorChanges))
        n = _A().amount(next(c for c in ch if isinstance(c, _A()._Amount)))
        return self._pl_honor_change_effect(meta, hc, n, 1)

    def pl_set_honor_changes(self, meta, ch):
        # "Reduce the gain to 1": the gain/loss becomes N ("set-honor-change", amount N)
        hc = next(c for c in ch if isinstance(c, _HonorChanges))
        n = _A().amount(next(c for c in ch if isinstance(c, _A()._Amount)))
        e = self._pl_honor_change_effect(meta, hc, n, 1)
        return replace(e, kind="set-honor-change", amount=n)

    def pl_negate_honor_changes(self, meta, ch):
        # "Negate the loss": the gain/loss does not happen ("negate-honor-change")
        hc = next(c for c in ch if isinstance(c, _HonorChanges))
        return replace(self._pl_honor_change_effect(meta, hc, 0, 1), kind="negate-honor-change", amount=None)

    pl_reduce_honor_changes_pre = pl_reduce_honor_changes
    pl_increase_honor_changes_pre = pl_increase_honor_changes
    pl_honor_changes_increased = pl_increase_honor_changes
    pl_honor_changes_reduced = pl_reduce_honor_changes

    # ----- Gold produced, costs
    def pl_less(self, meta, ch):
        return -1

    def pl_more(self, meta, ch):
        return 1

    def pl_when_produce(self, meta, ch):
        verb = token(ch, "EVERB", lower=True)
        return verb in ("bows", "bow")

    def pl_produces_more_less(self, meta, ch):
        # "It produces 1 less Gold (when it bows to produce Gold)": its Gold Production changes
        n = _A().amount(ch[1])
        sign = next(c for c in ch[2:] if isinstance(c, int) and not isinstance(c, bool))
        if any(c is False for c in ch):
            return _A().Unparsed(self._text(meta), "produces Gold on another event", self._span(meta))
        return self._eff(meta, "modify-stat", target=ch[0], stat="gold-production", amount=sign * (n or 0))

    def pl_costs_more_less(self, meta, ch):
        # "Actions on your Strategies cost 1 less Gold": what they cost to use or play changes
        n = _A().amount(ch[1])
        sign = ch[2]
        return self._eff(meta, "cost-reduction" if sign < 0 else "cost-increase", target=ch[0], amount=n,
                         keyword="less-gold" if sign < 0 else "more-gold")

    def pl_bv_equip(self, meta, ch):
        return "equip"

    def pl_bv_recruit(self, meta, ch):
        return "recruit"

    def pl_buy_for(self, meta, ch):
        # "You Equip non-Water Spells for 1 more Gold": the cost of doing that, for that player
        who, verb, what, n, sign = ch[0], ch[1], ch[2], _A().amount(ch[3]), ch[4]
        kind = "cost-reduction" if sign < 0 else "cost-increase"
        if who.ref != "you":  # "Hibana Equips Fire Spells ...": equipped to that card
            what = replace(what, states=(*what.states, f"bearer:{who.text}"))
        return self._eff(meta, kind, target=replace(what, owner=what.owner if who.ref != "you" else "you"),
                         amount=n, keyword=f"{verb}-{'less' if sign < 0 else 'more'}-gold")

    def pl_buy_for_less(self, meta, ch):
        # "You Recruit Natsuyo for 1 less Gold": the LESS_GOLD token holds the amount
        tok = ch[-1]
        m = re.search(r"([0-9]+|one|two|three|four|five)\s+less", str(tok), re.I)
        n = _A()._NUMBER_WORDS.get(m.group(1).lower()) or int(m.group(1))
        return self.pl_buy_for(meta, [ch[0], ch[1], ch[2], _A()._Amount(n), -1])

    def pl_enters_for_more(self, meta, ch):
        target = it_target(ch) or TargetSpec(ref="this", text="")
        n = next(_A().amount(c) for c in ch if isinstance(c, _A()._Amount))
        return self._eff(meta, "cost-increase", target=target, amount=n, keyword="more-gold")

    def pl_enters_for_more_self(self, meta, ch):
        return self.pl_enters_for_more(meta, [TargetSpec(ref="this", text=""), *ch])

    def pl_pay_gold_ref(self, meta, ch):
        return self._measured(meta, self._eff(meta, "pay-gold", target=TargetSpec(ref="you")), ch[-1])

    def pl_gc_mod(self, meta, ch):
        return [("gold-cost", int(str(ch[0])))]

    def pl_gifts_gc(self, meta, ch):
        return self._gift_list(meta, ch)

    # ----- actions taken
    def pl_stat_mod2(self, meta, ch):
        m = re.fullmatch(r"([+\-])([0-9]+)(HR|GC|FV)", str(ch[0]))
        stat = {"HR": "honor-requirement", "GC": "gold-cost", "FV": "focus"}[m.group(3)]
        return [(stat, int(m.group(2)) * (-1 if m.group(1) == "-" else 1))]

    def pl_scope_phase(self, meta, ch):
        return ("phase-appropriate", None)

    def pl_scope_from(self, meta, ch):
        return ("from", ch[-1])

    def pl_scope_use(self, meta, ch):
        return ("use", ch[-1])

    def pl_scope_cast(self, meta, ch):
        return ("cast", ch[-1])

    def pl_scope_equip(self, meta, ch):
        return ("equip", ch[0])

    def pl_extra_action(self, meta, ch):
        # "Take an additional (Limited or Open) action (to cast Spells / granted by it ...)":
        # keyword the kind(s) of action ("Limited|Open") or what it is for, target what it uses
        kinds = [str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"]
        words = self._text(meta).lower().split()
        n = {"two": 2, "three": 3}.get(words[1] if len(words) > 1 else "", 1)
        if words[1:4] == ["one", "or", "two"]:
            n = 2
        scope = next((c for c in ch if isinstance(c, tuple)), None)
        keyword = "|".join(kinds) if kinds else None
        target = None
        if scope is not None:
            keyword = f"{keyword}:{scope[0]}" if keyword else scope[0]
            target = scope[1]
        text = self._text(meta).lower()
        if n == 2 and " or two " in f" {text} ":
            return self._eff(meta, "additional-action", keyword=keyword, amount=2, target=target, values=(1, 2))
        return self._eff(meta, "additional-action", keyword=keyword, amount=n, target=target)

    def pl_end_phase(self, meta, ch):
        phase = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        return self._eff(meta, "end-phase", keyword=phase)

    def pl_name_card(self, meta, ch):
        return self._eff(meta, "name-choice", keyword="card", target=ch[-1])

    def pl_name_number(self, meta, ch):
        return self._eff(meta, "name-choice", keyword="number")

    def pl_name_alignment(self, meta, ch):
        other = "other-than-own" if any(isinstance(c, _OtherThanOwn) for c in ch) else None
        return self._eff(meta, "name-choice", keyword="clan-alignment",
                         target=TargetSpec(ref="choice", states=(other,) if other else (), text=""))

    def pl_other_than_own(self, meta, ch):
        return _OtherThanOwn()

    def pl_seppuku(self, meta, ch):
        return self._eff(meta, "commit-seppuku", target=ch[0])

    def pl_honorably_dead(self, meta, ch):
        return self._eff(meta, "become-honorably-dead", target=ch[0])

    def pl_may_remain(self, meta, ch):
        state = str(ch[-1]).lower()
        if state != "bowed":
            return _A().Unparsed(self._text(meta), "may remain in another state", self._span(meta))
        return self._eff(meta, "may-remain-bowed", target=ch[0])

    def pl_has_self(self, meta, ch):
        return self._gift_effects(meta, TargetSpec(ref="this", text=""), ch[-1].items)


class _HcFrom:
    def __init__(self, spec):
        self.spec = spec


class _HcNext:
    def __init__(self, n):
        self.n = n


class _OtherThanOwn:
    pass


class _HonorChanges:
    """"all Honor losses from your cards": which changes, from what, whose, how many."""

    def __init__(self, which, source, whose, nxt, owner):
        self.which, self.source, self.whose, self.next, self.owner = which, source, whose, nxt, owner


class Rules2:
    # ----- amounts worked out from values
    def pl_ar_half(self, meta, ch):
        whose, stat = next(c for c in ch if isinstance(c, tuple))
        tok = next((c for c in ch if getattr(c, "type", "") == "ROUNDING"), None)
        rounding = "up" if tok is not None and "up" in str(tok) else ("down" if tok is not None else None)
        # half a value: its own stat name, so nothing reads it as the whole value
        return _A()._AmountRef(f"half-{stat}" + (f"-rounded-{rounding}" if rounding else ""), whose, 1)

    def pl_ar_amount(self, meta, ch):
        whose, stat = ch[-1]
        return _A()._AmountRef(stat, whose, 1)

    def pl_s_starting(self, meta, ch):
        return "starting-family-honor"

    def pl_s_base_gc(self, meta, ch):
        return "base-gold-cost"

    def pl_whichever(self, meta, ch):
        m = re.search(r"or\s+(\w+),?\s+whichever\s+is\s+(\w+)", str(ch[-1]))
        n = _A()._NUMBER_WORDS.get(m.group(1)) or int(m.group(1))
        kind = "amount-at-most" if m.group(2) in ("lower", "less") else "amount-at-least"
        first = ch[0] if isinstance(ch[0], list) else [ch[0]]
        return [*first, self._eff(meta, kind, amount=n)]

    def pl_gain_capped_each(self, meta, ch):
        toks = [c for c in ch if getattr(c, "type", "") in ("PL_OR_N_HONOR", "PL_WHICHEVER_TAIL")]
        cap = _A().amount(ch[0])
        w = re.search(r"or\s+(\w+)", str(toks[0])).group(1)
        per = _A()._NUMBER_WORDS.get(w) or int(w)
        counted = next(c for c in ch if isinstance(c, TargetSpec))
        bound = "amount-at-most" if re.search(r"lower|less", str(toks[1])) else "amount-at-least"
        return [self._eff(meta, "gain-honor", amount=per, target=TargetSpec(ref="you")),
                self._eff(meta, "amount-for-each", target=replace(counted, ref="each", count=1), amount=1),
                self._eff(meta, bound, amount=cap)]

    def pl_amount_plus(self, meta, ch):
        return self._eff(meta, "amount-plus", amount=_A().amount(ch[-1]))

    def pl_amount_plus_post(self, meta, ch):
        first = ch[0] if isinstance(ch[0], list) else [ch[0]]
        return [*first, self._eff(meta, "amount-plus", amount=_A().amount(ch[-1]))]

    def pl_amount_minus_post(self, meta, ch):
        first = ch[0] if isinstance(ch[0], list) else [ch[0]]
        n = _A().amount(ch[-1])
        return [*first, self._eff(meta, "amount-plus", amount=-n if n is not None else None)]

    def pl_raise_to(self, meta, ch):
        whose, stat = ch[0]
        return self._eff(meta, "raise-stat-to", target=whose, stat=stat, amount=int(ch[-1]))

    def pl_raise_to_pre(self, meta, ch):
        n, stat, target = int(ch[0]), ch[1], ch[-1]
        return self._eff(meta, "raise-stat-to", target=target, stat=stat, amount=n)

    def pl_raise_by(self, meta, ch):
        (whose, stat), (by_whose, by_stat) = ch[0], ch[-1]
        return self._measured(meta, self._eff(meta, "modify-stat", target=whose, stat=stat),
                              _A()._AmountRef(by_stat, by_whose, 1))

    def pl_raise_to_ref(self, meta, ch):
        (whose, stat), (by_whose, by_stat) = ch[0], ch[-1]
        return self._measured(meta, self._eff(meta, "raise-stat-to", target=whose, stat=stat),
                              _A()._AmountRef(by_stat, by_whose, 1))



    def pl_reduce_of_by(self, meta, ch):
        stat, target, (by_whose, by_stat) = ch[0], ch[1], ch[-1]
        return self._measured(meta, self._eff(meta, "modify-stat", target=target, stat=stat),
                              _A()._AmountRef(by_stat, by_whose, 1), -1)

    def pl_reduce_of_to(self, meta, ch):
        stat, target, n = ch[0], ch[1], int(ch[-1])
        return self._eff(meta, "reduce-stat-to", target=target, stat=stat, amount=n)

    def pl_switch_stats(self, meta, ch):
        # "Switch his Force and Chi": the two values trade places (stat and keyword)
        whose, stat = ch[0]
        return self._eff(meta, "switch-stats", target=whose, stat=stat, keyword=ch[-1])

    def pl_switch_values(self, meta, ch):
        # "Switch the target's and this Follower's Force": two cards trade one value
        first = ch[0]
        whose, stat = ch[-1]
        return [self._eff(meta, "switch-stat-values", target=first, stat=stat),
                self._eff(meta, "switch-stat-values", target=whose, stat=stat)]

    # ----- negation of stat changes
    def pl_sc_current(self, meta, ch):
        return _ScAge("current")

    def pl_sc_current_new(self, meta, ch):
        return _ScAge("current-and-new")

    def pl_sc_bonuses(self, meta, ch):
        return _ScKind("bonuses")

    def pl_sc_penalties(self, meta, ch):
        return _ScKind("penalties")

    def pl_sc_both(self, meta, ch):
        return _ScKind("bonuses-and-penalties")

    def pl_sc_from(self, meta, ch):
        return _HcFrom(ch[-1])

    def pl_stat_changes(self, meta, ch):
        age = next((c.value for c in ch if isinstance(c, _ScAge)), None)
        kind = next(c.value for c in ch if isinstance(c, _ScKind))
        stats = [c for c in ch if isinstance(c, str) and not hasattr(c, "type")]
        return _StatChanges(stats, kind, age)

    def _pl_negate_changes(self, meta, target, ch):
        # "Negate all current Force penalties on him": stat the value, keyword which changes;
        # "current and new" also stops new ones (duration: the default), "current" only those now
        sc = next(c for c in ch if isinstance(c, _StatChanges))
        source = next((c.spec for c in ch if isinstance(c, _HcFrom)), None)
        if source is not None:
            target = replace(target, states=(*target.states, f"changes-from:{source.text}"))
        out = [self._eff(meta, "negate-stat-changes", target=target, stat=stat, keyword=sc.kind,
                         duration="instant" if sc.age == "current" else None) for stat in sc.stats]
        return out[0] if len(out) == 1 else out

    def pl_negate_changes(self, meta, ch):
        return self._pl_negate_changes(meta, next(c for c in ch if isinstance(c, TargetSpec)), ch)

    def pl_negate_changes_of(self, meta, ch):
        return self._pl_negate_changes(meta, ch[0], ch[1:])

    def pl_negate_changes_his(self, meta, ch):
        return self._pl_negate_changes(meta, TargetSpec(ref="it", text=self._text(meta).split()[1]), ch)

    def pl_negate_changes_any(self, meta, ch):
        return self._pl_negate_changes(meta, TargetSpec(ref="each", card_types=("card",), text=""), ch)

    def pl_negate_next_action(self, meta, ch):
        performer = ch[-1]
        return self._eff(meta, "negate", target=TargetSpec(
            ref="it", card_types=("effect",), states=("next-action", f"performed-by:{performer.text}"),
            text=self._text(meta)[7:]))

    def pl_pn_next(self, meta, ch):
        return f"next-{ch[-1]}"

    def pl_pn_dishonoring(self, meta, ch):
        return "dishonoring"

    # ----- noun phrases
    def pl_q_one_or_more_of_your(self, meta, ch):
        return [self._pl_mod("q", ("at-least", 1)), self._pl_mod("owner", "you")]


    def pl_q_two_or_three_of_your(self, meta, ch):
        return [self._pl_mod("q", ("up-to", 3)), self._pl_mod("owner", "you"), self._pl_mod("post-state", "at-least:2")]

    def pl_q_zero_or_more_of_your(self, meta, ch):
        return [self._pl_mod("q", ("up-to", 0)), self._pl_mod("owner", "you")]


    def pl_p_with_keyword(self, meta, ch):
        kw = token(ch, "CAPWORD")
        return self._pl_mod("post-state", f"has:{kw}")

    def pl_p_without_keyword(self, meta, ch):
        kw = token(ch, "CAPWORD")
        return self._pl_mod("post-state", f"has-no:{kw}")

    def pl_p_with_attachment(self, meta, ch):
        return self._pl_mod("post-state", "has:attachment")


class Rules3:
    def pl_np_or_one_of(self, meta, ch):
        # "Shigemitsu or one of his Spells": two descriptions, kept as one "either:" state
        first = ch[0]
        tok = next(c for c in ch if getattr(c, "type", "") == "OR_ONE_OF")
        second_text = self._piece[tok.start_pos + 2 : meta.end_pos].strip()
        second = self.np_desc(meta, [self._pl_mod("q", ("one", 1))] + [c for c in ch[1:] if c is not tok])
        return _A().either_target(first, second, second_text, self._text(meta), count=1)

    def pl_m_keyword_or(self, meta, ch):
        words = [str(c) for c in ch]
        return self._pl_mod("post-state", f"any-keyword:{words[0]}|{words[1]}")

    def pl_p_test_le3(self, meta, ch):
        return self._pl_mod("test", _A().StatTest(stat=ch[1], op="<=", value=int(ch[0])))

    def pl_p_test_ge3(self, meta, ch):
        return self._pl_mod("test", _A().StatTest(stat=ch[1], op=">=", value=int(ch[0])))

    def pl_p_test_ge_base(self, meta, ch):
        word = "printed" if "printed" in self._text(meta).lower() else "base"
        return self._pl_mod("test", _A().StatTest(stat=f"{word}-{ch[-1]}", op=">=", value=int(ch[0])))

    def pl_p_in_and_out(self, meta, ch):
        return self._pl_mod("post-state", "in-and-out-of-play")

    def pl_rel_paid(self, meta, ch):
        return ("paid", "gold")

    def pl_this_action_noun(self, meta, ch):
        return self._text(meta)

    def pl_has_your_alignment(self, meta, ch):
        return self._eff(meta, "grant-keyword", target=ch[0], keyword="your-clan-alignment")

    def pl_c_controls(self, meta, ch):
        return _A().Condition(kind="controls", args=(ch[0].text, ch[-1].text), text=self._text(meta))

    def pl_has_alt(self, meta, ch):
        # "This Shugenja has +1F, or +2F if he is Water": as "Give X +1F, or +2F if ..."
        return self.give_alt(meta, ch)

    def pl_alt_while(self, meta, ch):
        return self.alt_amount_branch(meta, ch)


class Rules5:
    def pl_target_two(self, meta, ch):
        specs = [c for c in ch if isinstance(c, TargetSpec)]
        return [self.target_decl(meta, [specs[0]]), self.target_decl(meta, [specs[1]])]

    def pl_choose_two(self, meta, ch):
        specs = [c for c in ch if isinstance(c, TargetSpec)]
        return [self.choose_decl(meta, [specs[0]]), self.choose_decl(meta, [specs[1]])]

    def pl_give_last_keyword(self, meta, ch):
        spec = ch[-1]
        words = spec.text.split()
        m = re.fullmatch(r"([A-Z][\w\-]*) ([A-Z][\w\-]*) or ([A-Z][\w\-]*)", spec.text)
        if m and not spec.card_types and not spec.states and spec.ref in ("this", "choice"):
            # "Give Tetsaka Cavalry or Naval": a name, then one of two keywords (as the base
            # "Give Aya Cavalry, Duelist, or Tactician" reads the name: the card itself)
            target = TargetSpec(ref="this", text=m.group(1))
            return self._eff(meta, "grant-keyword-choice", target=target, keyword=f"{m.group(2)}|{m.group(3)}")
        if not (spec.keywords and len(words) >= 2 and words[-1] == spec.keywords[-1] and not spec.card_types
                and len(spec.keywords) >= 2 and " or " not in spec.text):
            return _A().Unparsed(self._text(meta), "give what", self._span(meta))
        keyword = spec.keywords[-1]
        target = replace(spec, keywords=spec.keywords[:-1], text=" ".join(words[:-1]))
        return self._eff(meta, "grant-keyword", target=target, keyword=keyword)


class Rules6:
    def pl_enemy_leader(self, meta, ch):
        return TargetSpec(ref="opponent", owner="opponent", card_types=("player",), text=self._text(meta))

    def pl_switch_locations(self, meta, ch):
        # "Switch their locations": the cards named before trade places
        return self._eff(meta, "switch-locations", target=TargetSpec(ref="it", text=self._text(meta).split()[1]))

    def pl_need_not_bow(self, meta, ch):
        # "Kozan need not bow to Lobby" / "... for his Spells": keyword the rules action, or the
        # target what he performs without bowing
        who = ch[0]
        if token(ch, "VERB", lower=True) != "bow":
            return _A().Unparsed(self._text(meta), "need not do something else", self._span(meta))
        word = next((str(c) for c in ch[1:] if getattr(c, "type", "") == "CAPWORD"), None)
        if word is None and self._text(meta).lower().endswith("lobby"):
            word = "Lobby"
        what = next((c for c in ch[1:] if isinstance(c, TargetSpec)), None)
        return self._eff(meta, "need-not-bow", target=who, keyword=word,
                         values=(), stat=None) if what is None else [
            self._eff(meta, "need-not-bow", target=who), self._eff(meta, "need-not-bow-for", target=what)]


class Rules4:
    def pl_p_in_it(self, meta, ch):
        return self._pl_mod("post-state", "in:it")

    def pl_verb_choice(self, meta, ch):
        # "Bow or destroy X": the player picks one verb at resolution ("bow or straighten" keeps
        # its own kind); as a cost, the one paid
        verbs = [_A()._VERB_KINDS[str(c).lower()] for c in ch if getattr(c, "type", "") == "VERB"]
        target = ch[-1]
        if set(verbs) == {"bow", "straighten"}:
            return self._eff(meta, "bow-or-straighten", target=target)
        options = [self._eff(meta, verbs[0], target=target),
                   self._eff(meta, verbs[1], target=target if target.ref != "target" else replace(target, ref="it"))]
        for i, e in enumerate(options):
            options[i] = replace(e, text=f"{verbs[i]} ({self._text(meta)})")
        return self.choice_of(meta, options)

    def pl_keyword_cost(self, meta, ch):
        # "Discipline Pay 2 Gold": as the whole-line form, kind "keyword" with the Gold to pay
        word = str(ch[0])
        return self._eff(meta, "keyword", keyword=word, amount=_A().amount(ch[1]))

    def pl_as_action2(self, meta, ch):
        words = [str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"]
        return _A()._Scoped(ch[0], "effect-as-action", (" ".join(words[-2:]),), self._text(meta))

    def pl_as_action_short(self, meta, ch):
        word = next(str(c) for c in reversed(ch) if getattr(c, "type", "") == "CAPWORD")
        return _A()._Scoped(ch[0], "effect-as-action", (word,), self._text(meta))

    def pl_may_rules_action_as(self, meta, ch):
        # "Dainagon may Lobby as an Open action": keyword "<rules action>:<timing>"
        action, timing = [str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"][-2:]
        return self._eff(meta, "rules-action-timing", target=ch[0], keyword=f"{action}:{timing}")

    def pl_has_honor_keyword(self, meta, ch):
        return self._eff(meta, "grant-keyword", target=ch[0], keyword="Honor")

    def pl_pay_any_gold(self, meta, ch):
        return self._eff(meta, "pay-gold", target=TargetSpec(ref="you"), amount=None, values=(0,))

    def pl_p_this_did(self, meta, ch):
        return self._pl_mod("post-state", f"this-did:{str(ch[-1]).lower()}")

    def pl_p_with_n_cards(self, meta, ch):
        words = self._text(meta).lower().split()
        n = _A()._NUMBER_WORDS.get(words[1]) or int(words[1])
        head = next(c for c in ch if isinstance(c, _A()._Mod))
        return self._pl_mod("post-state", f"controls-at-least:{n}:{head.value}")

    def pl_ar_number_this(self, meta, ch):
        verb = str(ch[-1]).lower()
        return _A()._AmountRef("count", TargetSpec(ref="each", card_types=("card",), states=(f"this-did:{verb}",),
                                                   text=self._text(meta)), 1)

    def pl_cm_ignoring_hr(self, meta, ch):
        return ("ignoring-honor-requirement",)

    def pl_named_ring_the(self, meta, ch):
        return TargetSpec(ref="choice", card_types=("ring",), keywords=(f"Ring of the {ch[-1]}",),
                          text=self._text(meta))

    def pl_his_or_her_controller(self, meta, ch):
        return self.np_controller(meta, ch)

    def pl_sr_his_or_her(self, meta, ch):
        return (TargetSpec(ref="it", text="his or her"), self._stat_kind(meta, ch[-1]))

    def pl_r_not_targeted_by(self, meta, ch):
        return self._pl_mod("post-state", f"not-targeted-by:{ch[-1].text}")


class Rules7:
    def pl_per_each_of(self, meta, ch):
        # "for each of his Weapons": the base "for each" reading, counting that group
        return self.per_each(meta, ch)

    def pl_remove_keyword(self, meta, ch):
        # "Remove Ninja and Shadowlands from him": one lose-keyword per keyword
        words = [w for w in re.split(r"\s+and\s+", str(ch[0]))]
        return self._keywords(meta, "lose-keyword", ch[-1], words)


for _name, _value in [*vars(Rules2).items(), *vars(Rules3).items(), *vars(Rules4).items(),
                      *vars(Rules5).items(), *vars(Rules6).items(), *vars(Rules7).items()]:
    if not _name.startswith("__"):
        setattr(Rules, _name, _value)


class _ScAge:
    def __init__(self, value):
        self.value = value


class _ScKind(_ScAge):
    pass


class _StatChanges:
    def __init__(self, stats, kind, age):
        self.stats, self.kind, self.age = stats, kind, age


class Rules8:
    # ----- round 4
    def pl_icon_bow(self, meta, ch):
        # "[bow]": the bow icon, "Bow this card"
        return self._eff(meta, "bow", target=TargetSpec(ref="this", text="this card"))

    def pl_icon_pay_x(self, meta, ch):
        # "[*]": the Gold icon with a star, "Pay X Gold"
        return self._eff(meta, "pay-gold", amount=None, target=TargetSpec(ref="you"))


for _name, _value in vars(Rules8).items():
    if not _name.startswith("__"):
        setattr(Rules, _name, _value)


class Rules9:
    def pl_h_kw_or_type(self, meta, ch):
        # "Monk or Shugenja Personality": either keyword, on that card type (the any-keyword
        # state the target tests read); the type's own modifiers follow
        words, clan = [], False
        for c in ch:
            t = getattr(c, "type", "")
            if t == "CAPWORD":
                words.append(str(c))
            elif t == "STATE":
                words.append(str(c).capitalize())
        text = self._text(meta)
        first, second = re.split(r"\s+or\s+", text, maxsplit=1)
        first_kw = words[0] + (" Clan" if re.search(r"\bclan$", first, re.I) else "")
        second_kw = words[1] + (" Clan" if re.match(r"\S+\s+clan\b", second, re.I) else "")
        head = [c for c in ch if isinstance(c, (_A()._Mod, list))]
        flat = []
        for h in head:
            flat.extend(h if isinstance(h, list) else [h])
        if len(words) == 3:  # "Earth or Water Shugenja": the last keyword names the card
            flat.append(self._pl_mod("head-keyword", words[2]))
        return [self._pl_mod("post-state", f"any-keyword:{first_kw}|{second_kw}"), *flat]

    def pl_h_or_name(self, meta, ch):
        # "Holding or Shosuro Kameyoi": a card of that description or the named card, kept as
        # one "either:" state (one TargetSpec cannot say both)
        text = self._text(meta)
        first, second = re.split(r"\s+or\s+", text, maxsplit=1)
        return [self._pl_mod("post-state", f"either:{first}|{second}")]


for _name, _value in vars(Rules9).items():
    if not _name.startswith("__"):
        setattr(Rules, _name, _value)


#: what a player who picks then does ("targets and bows"): EVERB word -> effect kind
_PICK_VERBS = {"bows": "bow", "destroys": "destroy", "straightens": "straighten"}


class Rules10:
    # ----- players who pick
    def _pl_picked_by(self, who, spec, ref):
        # the subject, not the player using the ability, picks: kept as the state "chosen-by:"
        # (no target test reads it: the engine does not let another player pick)
        return replace(spec, ref=ref, states=(*spec.states, f"chosen-by:{who.text or who.ref}"))

    def pl_subj_picks(self, meta, ch):
        # "Each player targets an unbowed Personality he controls", "Another player chooses one of them"
        who, spec = ch[0], ch[-1]
        verb = token(ch, "EVERB", "chooses", lower=True)
        if verb not in ("targets", "chooses"):
            return _A().Unparsed(self._text(meta), "a player does something else", self._span(meta))
        kind = "target" if verb == "targets" else "choose"
        return self._eff(meta, kind, target=self._pl_picked_by(who, spec, "target" if kind == "target" else "choice"))

    def pl_subj_picks_and(self, meta, ch):
        # "He chooses and bows one of his unbowed Personalities": the pick, then the verb on it
        who, spec = ch[0], ch[-1]
        verbs = [str(c).lower() for c in ch if getattr(c, "type", "") == "EVERB"]
        pick = "chooses" if len(verbs) == 1 else verbs[0]
        if pick not in ("targets", "chooses") or verbs[-1] not in _PICK_VERBS:
            return _A().Unparsed(self._text(meta), "a player does something else", self._span(meta))
        kind = "target" if pick == "targets" else "choose"
        picked = self._pl_picked_by(who, spec, "target" if kind == "target" else "choice")
        return [self._eff(meta, kind, target=picked),
                self._eff(meta, _PICK_VERBS[verbs[-1]], target=TargetSpec(ref="it", text=spec.text))]

    def pl_subj_picks_removes(self, meta, ch):
        # "Another player chooses one of them and removes it from the game"
        who, spec = ch[0], next(c for c in ch[1:] if isinstance(c, TargetSpec))
        picked = self._pl_picked_by(who, spec, "choice")
        return [self._eff(meta, "choose", target=picked),
                self._eff(meta, "remove-from-game", target=TargetSpec(ref="it", text=spec.text))]

    # ----- a card and his cards
    def pl_np_and_his(self, meta, ch):
        # "him and each of his Followers": the first card, with the state "and-his:<rest>" (one
        # TargetSpec cannot name both; no target test reads it)
        first = ch[0]
        tok = next(c for c in ch if getattr(c, "type", "") == "PL_AND_HIS")
        rest = self._piece[tok.start_pos:meta.end_pos].split(None, 1)[1].strip()
        return replace(first, states=(*first.states, f"and-his:{rest}"), text=self._text(meta))

    pl_np_and_his_kw = pl_np_and_his

    def pl_np_and(self, meta, ch):
        return ch[0]

    def pl_give_and_his_kw(self, meta, ch):
        return self.give_gifts(meta, ch)

    # ----- abilities removed ("lose-abilities": amount 1 when one ability is chosen)
    def pl_remove_one_ability(self, meta, ch):
        return self._eff(meta, "lose-abilities", target=ch[-1], amount=1)

    def pl_remove_abilities(self, meta, ch):
        return self._eff(meta, "lose-abilities", target=ch[-1])

    def pl_remove_abilities_traits(self, meta, ch):
        return self._eff(meta, "lose-abilities", target=ch[-1], keyword="traits")

    def pl_remove_possessed_abilities(self, meta, ch):
        # "Remove a target Personality's abilities", "Remove one of his abilities": the
        # abilities (a possessed target); anything else removed is not read here
        spec = ch[-1]
        if spec.ref != "possessed" or spec.card_types != ("abilities",):
            return _A().Unparsed(self._text(meta), "remove what", self._span(meta))
        return self._eff(meta, "lose-abilities", target=spec, amount=1 if spec.count == 1 and
                         re.match(r"remove\s+one\b", self._text(meta), re.I) else None)

    # ----- sources, event nouns
    def pl_p_from_source(self, meta, ch):
        return self._pl_mod("post-state", f"from:{ch[-1].text}")

    def pl_event_of(self, meta, ch):
        # "the destruction of your Followers": the event, of those cards
        noun, owner = ch[0], ch[-1]
        return replace(self._possessed(meta, owner.ref, owner.states, noun, []),
                       states=(f"of-{owner.ref}", f"of:{owner.text}", *owner.states))

    def pl_pn_remaining_effects(self, meta, ch):
        return "remaining-effects"

    def pl_p_and(self, meta, ch):
        return ch[-1]

    def _pl_and_rel(op):
        def f(self, meta, ch):
            # "... and lower Force (than X)": the base comparison, without the "and" token
            rest = [c for c in ch if getattr(c, "type", "") != "PL_AND_PM"]
            return getattr(self, {"<": "p_rel_lt", ">": "p_rel_gt", "<=": "p_rel_le", ">=": "p_rel_ge"}[op])(meta, rest)

        return f

    pl_p_and_lt = _pl_and_rel("<")
    pl_p_and_gt = _pl_and_rel(">")
    pl_p_and_le = _pl_and_rel("<=")
    pl_p_and_ge = _pl_and_rel(">=")

    def pl_p_he_controls(self, meta, ch):
        return self._pl_mod("post-state", "controlled-by:he")


for _name, _value in vars(Rules10).items():
    if not _name.startswith("__"):
        setattr(Rules, _name, _value)


class Rules11:
    # ----- a player named, then what he does
    def pl_wv_gain(self, meta, ch):
        return ("gain-honor", _A().amount(ch[-1]), None)

    def pl_wv_lose(self, meta, ch):
        return ("lose-honor", _A().amount(ch[-1]), None)

    def pl_wv_gain_or_lose(self, meta, ch):
        return ("gain-or-lose-honor", _A().amount(ch[-1]), None)

    def pl_wv_may(self, meta, ch):
        return ("may", None, ch[-1])

    def pl_pick_who(self, meta, ch):
        # "Choose a player, who gains or loses 2 Honor": the pick, then that player does it
        spec, (kind, n, then) = next(c for c in ch if isinstance(c, TargetSpec)), ch[-1]
        verb = self._text(meta).split()[0].lower()
        pick = self.target_decl(meta, [spec]) if verb == "target" else self.choose_decl(meta, [spec])
        who = TargetSpec(ref="it", card_types=spec.card_types, text=spec.text)
        if kind != "may":
            return [pick, self._eff(meta, kind, amount=n, target=who)]
        # "who may (choose to) lose 2 Honor": his choice, what "you" would do he does
        return [pick, *_A()._flatten([self.pl_subj_may(meta, [who, then])])]

    # ----- targets named again
    def pl_np_all_targets(self, meta, ch):
        # "both targets": every card this ability targeted (no test reads "all-targets")
        return TargetSpec(ref="it", count=2 if self._text(meta).lower().startswith("both") else 1,
                          states=("all-targets",), text=self._text(meta))

    def pl_np_nth_target(self, meta, ch):
        word = self._text(meta).split()[1].lower()
        return TargetSpec(ref="it", states=(f"{word}-target",), text=self._text(meta))

    # ----- values tested
    def _pl_stat_name(self, meta, stat):
        text = self._text(meta).lower()
        for word in ("printed", "base"):
            if f" {word} " in f" {text} ":
                return f"{word}-{stat}"
        return stat

    def pl_p_stat_of(self, meta, ch):
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        op, value = ch[-1]
        return self._pl_mod("test", _A().StatTest(stat=self._pl_stat_name(meta, stat), op=op, value=value))

    def pl_p_stat_eq(self, meta, ch):
        return self._pl_mod("test", _A().StatTest(stat=ch[0], op="=", value=int(ch[-1])))

    def pl_p_stat_range(self, meta, ch):
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        lo, hi = [int(c) for c in ch if getattr(c, "type", "") == "NUMBER"]
        name = self._pl_stat_name(meta, stat)
        return [self._pl_mod("test", _A().StatTest(stat=name, op=">=", value=lo)),
                self._pl_mod("test", _A().StatTest(stat=name, op="<=", value=hi))]

    def pl_p_stat_n(self, meta, ch):
        n = int(next(c for c in ch if getattr(c, "type", "") == "NUMBER"))
        return self._pl_mod("test", _A().StatTest(stat=ch[-1], op="=", value=n))

    def pl_p_stat_le_n(self, meta, ch):
        return self._pl_mod("test", _A().StatTest(stat=ch[0], op="<=", value=int(ch[-1])))

    def pl_p_stat_ge_n(self, meta, ch):
        return self._pl_mod("test", _A().StatTest(stat=ch[0], op=">=", value=int(ch[-1])))

    def pl_sr_current(self, meta, ch):
        # "his current Force": the value now (what the plain stat reads)
        return (TargetSpec(ref="it", text=self._text(meta).split()[0]), ch[-1])

    # ----- abilities used again
    def pl_np_kind_abilities(self, meta, ch):
        # "Favor abilities", "rulebook Favor abilities": the abilities of that kind
        word = token(ch, "CAPWORD")
        states = (f"ability-kind:{word}",) + (("rulebook",) if "rulebook" in self._text(meta).lower() else ())
        return TargetSpec(ref="each", card_types=("abilities",), states=states, text=self._text(meta))

    def pl_may_be_used_again(self, meta, ch):
        return self.reuse_ability(meta, [ch[0], ch[-1]])

    def pl_may_lobby_as(self, meta, ch):
        # "This Personality may Lobby as an Open action" ("lobby" is a vocabulary word)
        timing = re.search(r"\bas\s+an?\s+(\S+)\s+action\b", self._text(meta), re.I).group(1).capitalize()
        return self._eff(meta, "rules-action-timing", target=ch[0], keyword=f"Lobby:{timing}")

    def pl_reduce_by_amount(self, meta, ch):
        (whose, stat), (by_whose, by_stat) = ch[0], ch[-1]
        return self._measured(meta, self._eff(meta, "modify-stat", target=whose, stat=stat),
                              _A()._AmountRef(by_stat, by_whose, 1), -1)


for _name, _value in vars(Rules11).items():
    if not _name.startswith("__"):
        setattr(Rules, _name, _value)


class Rules12:
    def pl_p_printed_keyword(self, meta, ch):
        # "with the base Ninja keyword": printed on the card ("printed-keyword:A|B" for a list)
        tok = ch[-1]
        printed = self._piece[tok.start_pos:tok.end_pos] if tok.end_pos else str(tok)
        words = [w.strip() for w in re.split(r",\s*(?:or\s+)?|\s+or\s+", printed) if w.strip()]
        return self._pl_mod("post-state", "printed-keyword:" + "|".join(words))

    def pl_p_without_state_attachments(self, meta, ch):
        state = token(ch, "STATE", lower=True)
        return self._pl_mod("post-state", f"no-{state}-attachments")

    def pl_p_fewer_keyword(self, meta, ch):
        # "with fewer Weapons": fewer such cards than the card the ability names
        word = token(ch, "CAPWORD")
        return self._pl_mod("post-state", f"cmp-count:{word}<this")

    def pl_m_not_clan(self, meta, ch):
        word = token(ch, "CAPWORD")
        return self._pl_mod("not-keyword", f"{word} Clan")


for _name, _value in vars(Rules12).items():
    if not _name.startswith("__"):
        setattr(Rules, _name, _value)


class Rules13:
    def pl_transfer_between(self, meta, ch):
        # "Transfer a Follower from one to the other": between the two cards named before
        what = next(c for c in ch if isinstance(c, TargetSpec))
        return [self._eff(meta, "transfer", target=replace(what, states=(*what.states, "from:one"))),
                self._eff(meta, "attach-to", target=TargetSpec(ref="it", states=("the-other",), text="the other"))]

    def pl_transfer_from(self, meta, ch):
        what, source, dest = [c for c in ch if isinstance(c, TargetSpec)]
        return [self._eff(meta, "transfer", target=replace(what, states=(*what.states, f"from:{source.text}"))),
                self._eff(meta, "attach-to", target=dest)]

    def pl_transfer_from_to_another(self, meta, ch):
        what, source = [c for c in ch if isinstance(c, TargetSpec)]
        dest = replace(source, ref="choice", states=(*source.states, "another"), text="another")
        return [self._eff(meta, "transfer", target=replace(what, states=(*what.states, f"from:{source.text}"))),
                self._eff(meta, "attach-to", target=dest)]


for _name, _value in vars(Rules13).items():
    if not _name.startswith("__"):
        setattr(Rules, _name, _value)


class Rules14:
    # ----- "a Force bonus or penalty equal to ...", "a Force or Chi bonus equal to ..."
    def _pl_measured_option(self, meta, target, stat, ref, sign, label):
        effects = self._measured(meta, self._eff(meta, "modify-stat", target=target, stat=stat), ref, sign)
        # each option its own text, so the choice scoping tells the two apart
        return [replace(e, text=f"{label} ({e.text})") for e in effects]

    def pl_give_bonus_or_penalty(self, meta, ch):
        target, stat, ref = ch[0], next(c for c in ch if isinstance(c, str)), ch[-1]
        options = [self._pl_measured_option(meta, target, stat, ref, 1, f"{stat} bonus"),
                   self._pl_measured_option(meta, target, stat, ref, -1, f"{stat} penalty")]
        return self.choice_of(meta, options)

    def pl_give_either_stat_bonus(self, meta, ch):
        target, ref = ch[0], ch[-1]
        stats = [c for c in ch if isinstance(c, str)][:2]
        sign = -1 if re.search(r"\bpenalty\b", self._text(meta), re.I) else 1
        options = [self._pl_measured_option(meta, target, s, ref, sign, f"{s} {'penalty' if sign < 0 else 'bonus'}")
                   for s in stats]
        return self.choice_of(meta, options)


    # ----- "Increase his Gold Cost by half this Shugenja's Chi, rounded up"
    def _pl_by_half(self, meta, ch, sign):
        whose, stat = ch[0]
        return self._measured(meta, self._eff(meta, "modify-stat", target=whose, stat=stat), ch[-1], sign)

    def pl_increase_by_half(self, meta, ch):
        return self._pl_by_half(meta, ch, 1)

    def pl_reduce_by_half(self, meta, ch):
        return self._pl_by_half(meta, ch, -1)

    def pl_raise_or_lower_by_half(self, meta, ch):
        whose, stat = ch[0]
        options = [self._pl_measured_option(meta, whose, stat, ch[-1], sign, word)
                   for sign, word in ((1, "increase"), (-1, "decrease"))]
        return self.choice_of(meta, options)

    # ----- "Produce 2 Gold, or lose 1 Honor to produce 3 Gold": the second option paid for
    def pl_choice_paid(self, meta, ch):
        first, cost, effect = [c for c in ch if getattr(c, "type", "") != "PL_COMMA_OR"]
        return self.choice_of(meta, [first, self.cost_then(meta, [cost, effect])])

    def pl_reduce_honor_changes_by_half(self, meta, ch):
        # the change's size is worked out when it resolves: an "amount-equal-to" follows it
        hc = next(c for c in ch if isinstance(c, _HonorChanges))
        e = replace(self._pl_honor_change_effect(meta, hc, 0, -1), amount=None)
        return self._measured(meta, e, ch[-1], -1)

for _name, _value in vars(Rules14).items():
    if not _name.startswith("__"):
        setattr(Rules, _name, _value)


class _LimitAndNameRules:
    """Limits on a value, one of two clauses, family names, abilities without a cost,
    element keywords copied, control given away."""

    # ----- "a maximum Personal Honor of 4", "a minimum of 1 Chi"
    def _pl_stat_limit(kind):
        def f(self, meta, ch):
            stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
            n = int(next(c for c in ch if getattr(c, "type", "") in ("NUMBER",)))
            return (kind, stat, n)

        return f

    pl_sl_max = _pl_stat_limit("stat-maximum")
    pl_sl_min = _pl_stat_limit("stat-minimum")

    def _pl_limit_effects(self, meta, target, limit, gifts=None):
        kind, stat, n = limit
        out = [self._eff(meta, kind, target=target, stat=stat, amount=n)]
        if gifts is not None:
            more = self._gift_effects(meta, target, gifts.items)
            out += more if isinstance(more, list) else [more]
        return out[0] if len(out) == 1 else out

    def pl_has_limit(self, meta, ch):
        gifts = ch[2] if len(ch) > 2 else None
        return self._pl_limit_effects(meta, ch[0], ch[1], gifts)

    def pl_give_limit(self, meta, ch):
        return self.pl_has_limit(meta, ch)

    def pl_has_kw_limit(self, meta, ch):
        tok = next(c for c in ch if getattr(c, "type", "") in ("CAPWORD", "STATE"))
        word = str(tok) if tok.type == "CAPWORD" else str(tok).capitalize()  # "fallen" -> Fallen
        limit = next(c for c in ch if isinstance(c, tuple))
        return [self._eff(meta, "grant-keyword", target=ch[0], keyword=word),
                self._pl_limit_effects(meta, ch[0], limit)]

    def pl_give_either_keyword(self, meta, ch):
        words = [str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"]
        return self._eff(meta, "grant-keyword-choice", target=ch[0], keyword="|".join(words))

    # ----- family names, locations
    def pl_p_same_family(self, meta, ch):
        return self._pl_mod("post-state", "same-family-name")

    def pl_p_family_of(self, meta, ch):
        who = next(c for c in ch if isinstance(c, TargetSpec))
        return self._pl_mod("post-state", f"family-name-of:{who.text}")

    def pl_p_family_of_this(self, meta, ch):
        return self._pl_mod("post-state", "family-name-of:this")

    def pl_p_different_locations(self, meta, ch):
        return self._pl_mod("post-state", "different-locations")

    # ----- abilities without a cost
    def pl_ck_gold(self, meta, ch):
        return "gold"

    def pl_ck_bow(self, meta, ch):
        verb = str(next(c for c in ch if getattr(c, "type", "") == "VERB")).lower()
        return "bowing" if verb == "bow" else None

    def pl_ability_no_cost(self, meta, ch):
        # the cost the ability's own text asks is not paid ("ignore-cost": gold / bowing)
        what, owner = ch[-1], ch[0]
        types = set(getattr(owner, "card_types", ()) or ())
        if what is None or not types & {"abilities", "printed-abilities", "ability"}:
            return _A().Unparsed(self._text(meta), "only an ability's bow or Gold cost is read", self._span(meta))
        printed = "printed-abilities" in types
        return self._eff(meta, "ignore-cost", target=owner, keyword=what,
                         values=("printed-ability" if printed else "ability",))

    def pl_own_ability_no_cost(self, meta, ch):
        owner = replace(ch[0], card_types=("abilities",), text=self._text(meta).split(" has ")[0])
        return self.pl_ability_no_cost(meta, [owner, ch[-1]])

    # ----- element keywords copied
    def pl_has_element_keywords(self, meta, ch):
        source = ch[-1]
        return self._eff(meta, "copy-keyword", target=source, keyword="element", values=(ch[0].text,))

    def pl_np_his_owner(self, meta, ch):
        return TargetSpec(ref="it", card_types=("owner",), text=self._text(meta))

    # ----- control given away
    def pl_give_control(self, meta, ch):
        card, to = ch[0], ch[1]
        return self._eff(meta, "give-control", target=card, values=(to.text,))


for _name, _f in list(vars(_LimitAndNameRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


#: condition kinds this topic writes (documentation; see ability_conditions.CONDITION_KINDS)
CONDITION_KINDS: frozenset[str] = frozenset({
    "stat-compare",  # "if his Chi is greater than or equal to the attachment's Force": (who, stat, op, other)
    "dueling",       # "while this Personality is dueling a Personality with lower Force": (who, whom)
})

_PL_STATE_WORDS = frozenset({"dishonorable", "honorable", "dishonored", "non-unique", "unique", "bowed", "unbowed"})
_PL_TYPES = {"follower": "follower", "personalit": "personality", "item": "item", "holding": "holding",
             "spell": "spell", "attachment": "attachment", "ring": "ring", "region": "region", "event": "event",
             "strateg": "strategy"}


class _CompareAndListRules:
    """Values compared, lists of describing words and of card types."""

    pl_le = constant("<=")
    pl_ge = constant(">=")
    pl_lt = constant("<")
    pl_ne = constant("!=")

    def pl_c_stat_compare(self, meta, ch):
        from adjudicator.core.ability import Condition

        (whose, stat), op = ch[0], ch[-2]
        # the value compared with, as written ("the attachment's Force", "the amount paid")
        other = re.split(r"\b(?:than|to|from)\s+", self._text(meta))[-1]
        return Condition(kind="stat-compare", args=(whose.text, stat, op, other), text=self._text(meta))

    def pl_p_whose_differs(self, meta, ch):
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        other, other_stat = ch[-1]
        return self._pl_mod("post-state", f"cmp:{stat}!={other}" + (f".{other_stat}" if other_stat else ""))

    def _pl_words(self, tok):
        printed = self._piece[tok.start_pos : tok.end_pos] if tok.end_pos else str(tok)
        return [w.strip() for w in re.split(r",\s*(?:or\s+)?|\s+or\s+", printed) if w.strip()]

    def _pl_word_state(self, word):
        # a state word written in lower case is the state; capitalised ("Fallen") the keyword
        low = word.lower()
        if word == low and low in _PL_STATE_WORDS:
            return f"state:{low}"
        if low.startswith("non-"):
            return f"not-keyword:{word[4:]}"
        return f"keyword:{word[0].upper()}{word[1:]}"

    def pl_m_any_of(self, meta, ch):
        # one post-state naming every alternative: the card needs any one of them (keywords only:
        # the base "any-keyword" state, which the engine reads)
        words = self._pl_words(ch[0])
        alts = [self._pl_word_state(w) for w in words]
        if all(a.startswith("keyword:") for a in alts):
            return self._pl_mod("post-state", "any-keyword:" + "|".join(a[len("keyword:"):] for a in alts))
        return self._pl_mod("post-state", "any-of:" + "|".join(alts))

    def pl_m_all_of(self, meta, ch):
        mods = []
        for w in self._pl_words(ch[0]):
            if w.lower().startswith("non-"):
                mods.append(self._pl_mod("not-keyword", w[4:]))
            else:
                mods.append(self._pl_mod("keyword", w))
        return mods

    def pl_h_or_poss(self, meta, ch):
        # the token between the two types carries no meaning of its own: the same either-type
        # head as "Follower or Personality"
        return self.h_or(meta, [c for c in ch if getattr(c, "type", "") != "PL_POSS_OR"])

    def pl_h_types(self, meta, ch):
        words = self._pl_words(ch[0])
        return [self._pl_mod("head", next(v for k, v in _PL_TYPES.items() if w.lower().startswith(k))) for w in words]


for _name, _f in list(vars(_CompareAndListRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


class _PriceAndHonorRules:
    """Prices, Honor changes set to a value, the dead, Holdings that produced."""

    def pl_enters_for_gold(self, meta, ch):
        tok = next(c for c in ch if getattr(c, "type", "") == "PL_FOR_N_GOLD")
        n = re.search(r"for\s+(\S+)", str(tok)).group(1)
        target = next((c for c in ch if isinstance(c, TargetSpec)), None) or TargetSpec(ref="this", text="")
        # the price paid is N ("cost-set", amount N): no Gold Cost reduction the engine reads
        return self._eff(meta, "cost-set", target=target, amount=0 if n == "zero" else int(n), keyword="gold")

    pl_enters_for_gold_self = pl_enters_for_gold

    def _pl_set_to_ref(self, meta, ch, ref):
        hc = next(c for c in ch if isinstance(c, _HonorChanges))
        e = replace(self._pl_honor_change_effect(meta, hc, 0, 1), kind="set-honor-change", amount=None)
        return [e, self._eff(meta, "amount-equal-to", target=ref[0], stat=ref[1], amount=1)]

    def pl_set_honor_change_ref(self, meta, ch):
        whose, stat = next(c for c in ch if isinstance(c, tuple))
        return self._pl_set_to_ref(meta, ch, (whose, stat))

    def pl_set_honor_change_count(self, meta, ch):
        counted = next(c for c in ch if isinstance(c, TargetSpec))
        out = self._pl_set_to_ref(meta, ch, (replace(counted, ref="each", count=1), "count"))
        cap = next((c for c in ch if isinstance(c, _A()._Amount)), None)
        if cap is not None:
            out.append(self._eff(meta, "amount-at-most", amount=_A().amount(cap)))
        return out

    def pl_m_honorably_dead(self, meta, ch):
        return [self._pl_mod("state", "dead"), self._pl_mod("post-state", "died-honorably")]

    def pl_m_dishonorably_dead(self, meta, ch):
        return [self._pl_mod("state", "dead"), self._pl_mod("post-state", "died-dishonorably")]

    def pl_np_or(self, meta, ch):
        # the two phrases differ in more than a card type ("your", "all of his"): the second one is
        # kept whole as an "either:" state (no target test of the engine reads it)
        a, b = [c for c in ch if getattr(c, "type", "") != "PL_OR_NP"]
        return replace(self.np_or(meta, [a, b]), states=(*a.states, f"either:{b.text}"))

    def pl_with_cost_mode_and(self, meta, ch):
        return self.with_cost_mode(meta, [c for c in ch if getattr(c, "type", "") != "PL_AND_COST"])

    def pl_r_not_produced(self, meta, ch):
        return self._pl_mod("post-state", "not-produced-gold")


for _name, _f in list(vars(_PriceAndHonorRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


class _MoreNounPhraseRules:
    """More noun phrases."""

    def pl_np_favor_abilities(self, meta, ch):
        return TargetSpec(ref="each", count=1, card_types=("abilities",), keywords=("Favor",), text=self._text(meta))

    def pl_np_each_of_abilities(self, meta, ch):
        return TargetSpec(ref="it", count=1, card_types=("abilities",), states=("each",), text=self._text(meta))

    def pl_pn_performer(self, meta, ch):
        return "performer"


for _name, _f in list(vars(_MoreNounPhraseRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


def _pl_c_resolving(self, meta, ch):
    from adjudicator.core.ability import Condition

    return Condition(kind="resolving", args=(ch[0].text,), text=self._text(meta))


Rules.pl_c_resolving = _pl_c_resolving
CONDITION_KINDS = CONDITION_KINDS | {"resolving"}  # "while other players' actions are resolving": (what)


class _R6eRules:
    """numbers of cards, a restriction on each of them."""

    def pl_q_your_n(self, meta, ch):
        n = _A()._NUMBER_WORDS[self._text(meta).split()[-1].lower()]
        return [self._pl_mod("q", ("n", n)), self._pl_mod("owner", "you")]

    def pl_p_different_alignment(self, meta, ch):
        return self._pl_mod("post-state", "different-clan-alignments")

    def pl_give_each_with(self, meta, ch):
        spec = ch[0]
        mod = next(c for c in ch if isinstance(c, _A()._Mod))
        gifts = next(c for c in ch if hasattr(c, "items"))
        if mod.kind != "post-state":
            return _A().Unparsed(self._text(meta), "each with what", self._span(meta))
        spec = replace(spec, states=(*spec.states, mod.value))
        return self._gift_effects(meta, spec, gifts.items)


for _name, _f in list(vars(_R6eRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


class _EitherRestrictionRules:
    """restrictions joined by "or", values against the printed value."""

    def pl_p_or(self, meta, ch):
        # "with Shadowlands or without attachments": one "either-of:" state naming both
        # restrictions as states ("test:<stat><op><n>" for a number test), the card meets one
        parts = []
        for m in (c for c in ch if isinstance(c, _A()._Mod)):
            if m.kind == "post-state" and isinstance(m.value, str):
                parts.extend(m.value[len("either-of:"):].split("||") if m.value.startswith("either-of:") else [m.value])
            elif m.kind == "test":
                parts.append(f"test:{m.value.stat}{m.value.op}{m.value.value}")
            else:
                return _A().Unparsed(self._text(meta), "either restriction", self._span(meta))
        return self._pl_mod("post-state", "either-of:" + "||".join(parts))

    def pl_p_below_printed(self, meta, ch):
        # "lower Personal Honor than printed": the card's own value below its printed one
        stat = next(c for c in ch if isinstance(c, str))
        return self._pl_mod("post-state", f"cmp:{stat}<it.printed-{stat}")


for _name, _f in list(vars(_EitherRestrictionRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


KINDS = KINDS | {"put-into-play-at"}  # "Bring him into play at this card's location": values (whose location,)


class _ValueHeldAndPlaceRules:
    """into play at a card's location; one of another card's cards."""

    def pl_bring_into_play_at(self, meta, ch):
        # the card enters play at the location of the card named (its home or battlefield)
        where = re.search(r"\binto\s+play\s+at\s+(.+?)'s?\s+location\b", self._text(meta), re.I).group(1)
        return self._eff(meta, "put-into-play-at", target=it_target(ch[:1]), values=(where,))

    def _pl_one_of_poss(self, meta, ch, spec):
        return replace(spec, ref="choice", count=1, up_to=False)

    def pl_one_of_poss_keyword(self, meta, ch):
        return self._pl_one_of_poss(meta, ch, self.pl_poss_keyword(meta, ch))

    def pl_one_of_poss_desc(self, meta, ch):
        return self._pl_one_of_poss(meta, ch, self.pl_poss_desc(meta, ch))


for _name, _f in list(vars(_ValueHeldAndPlaceRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


class _MoreRestrictionRules:
    """values held now, counts of cards, owners, a permanent bonus, one clause or another."""

    def pl_r_now_value(self, meta, ch):
        # "that now has 0 Force": its value at resolution is N
        n, stat = next(c for c in ch if getattr(c, "type", "") == "NUMBER"), ch[-1]
        return _A()._Mod("test", _A().StatTest(stat=stat, op="=", value=int(n)))

    def pl_q_n_or_more(self, meta, ch):
        return self._pl_mod("q", ("at-least", _A()._NUMBER_WORDS[self._text(meta).split()[0].lower()]))

    def pl_p_owned_by(self, meta, ch):
        # the card's owner (who brought it into the game), not its controller
        return self._pl_mod("post-state", f"owned-by:{ch[-1].ref}")

    def pl_p_you_own_control(self, meta, ch):
        return [self._pl_mod("owner", "you"), self._pl_mod("post-state", "owned-by:you")]

    def pl_s_total_chi(self, meta, ch):
        return "total-chi"

    def pl_give_permanent_bonus_ref(self, meta, ch):
        out = self.give_bonus_ref(meta, [c for c in ch])
        def permanent(e):
            return replace(e, duration="permanent") if isinstance(e, Effect) and e.kind == "modify-stat" else e
        return [permanent(e) for e in out] if isinstance(out, list) else permanent(out)

    def pl_need_not_bow_self(self, meta, ch):
        return self.pl_need_not_bow(meta, [TargetSpec(ref="this", text="this card"), *ch])

    def pl_choice_comma(self, meta, ch):
        return self.choice_of(meta, [c for c in ch if getattr(c, "type", "") != "PL_COMMA_OR_VERB"])


for _name, _f in list(vars(_MoreRestrictionRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


class _ChoiceAndEnemyRules:
    """the enemy named before, cards other players control, one of two gifts."""

    def pl_np_the_enemy(self, meta, ch):
        # "the enemy" after "the enemy Personality": the same card
        return TargetSpec(ref="it", owner="opponent", text=self._text(meta))

    def pl_with_cost_each(self, meta, ch):
        # "paying 4 less Gold each": the base cost mode, for each card the clause puts into play
        tok = next(c for c in ch if getattr(c, "type", "") == "LESS_GOLD")
        return self.with_cost_mode(meta, [ch[0], self.cm_less(meta, [tok])])

    def pl_give_mods_or_gc(self, meta, ch):
        # the first option the stat modifiers, the second a Gold Cost modifier (as "+2 Gold Cost")
        target, mods, gc = ch[0], ch[1], ch[-1]
        out = []
        options = [mods, gc]  # (pl_gc_mod: [("gold-cost", N)])
        for i, option in enumerate(options, 1):
            for stat, value in option:
                e = self._eff(meta, "modify-stat", target=target, stat=stat, amount=value)
                out.append(_A()._Scoped(e, "effect-choice", (f"option {i} of 2",), self._text(meta)))
        return out

    def pl_p_you_have_in_play(self, meta, ch):
        return self._pl_mod("owner", "you")

    def pl_p_others_control(self, meta, ch):
        return self._pl_mod("owner", "opponent")

    def pl_give_either_to(self, meta, ch):
        # each option its own modify-stat effects, scoped "effect-choice" like the base choice_of
        targets = [c for c in ch if isinstance(c, TargetSpec)]
        mods = [c for c in ch if isinstance(c, list)]
        out = []
        for i, (target, stat_mods) in enumerate(zip(targets, mods), 1):
            for stat, value in stat_mods:
                e = self._eff(meta, "modify-stat", target=target, stat=stat, amount=value)
                out.append(_A()._Scoped(e, "effect-choice", (f"option {i} of 2",), self._text(meta)))
        return out


for _name, _f in list(vars(_ChoiceAndEnemyRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


class _UsesAndLobbyRules:
    """cards put back, keywords given from a list, uses counted, Lobby bonuses, Honor Victory."""

    def pl_give_keyword_choice_np(self, meta, ch):
        # "Give your target Monk or Shugenja Air, Earth, Fire, or Water": the base
        # grant-keyword-choice, on the card the noun phrase names
        tok = next(c for c in ch if getattr(c, "type", "") == "PL_KW_LIST_END")
        return self._eff(meta, "grant-keyword-choice", target=ch[0], keyword="|".join(self._kw_words(tok)))

    def pl_eu_two(self, meta, ch):
        # "three times per turn": two uses beyond the one every ability has
        return 2

    def pl_optional_per_each_of(self, meta, ch):
        return _A()._Optional(self.per_each(meta, ch))

    def pl_lobby_bonus(self, meta, ch):
        # "You have a +5 Lobby Bonus": amount added when the player Lobbies
        tok = next(c for c in ch if getattr(c, "type", "") == "SIGNED")
        who = next((c for c in ch if isinstance(c, TargetSpec)), TargetSpec(ref="you", text="you"))
        return self._eff(meta, "lobby-bonus", target=who, amount=int(str(tok)))

    def pl_lobby_bonus_ref(self, meta, ch):
        # "... a Lobby Bonus of three times Kozan's Personal Honor": the amount read from that card
        factor, (whose, stat) = ch[-1]
        return [self._eff(meta, "lobby-bonus", target=ch[0]),
                self._eff(meta, "amount-equal-to", target=whose, stat=stat, amount=factor)]

    def pl_tr_three(self, meta, ch):
        return (3, ch[-1])

    def pl_tr_two(self, meta, ch):
        return (2, ch[-1])

    def pl_honor_victory_more(self, meta, ch):
        # "Players need 10 more Honor to win an Honor Victory": the Honor a player needs to win
        # goes up by N for the players named
        n = int(str(next(c for c in ch if getattr(c, "type", "") == "NUMBER")))
        who = ch[0]
        if who.ref == "choice" and self._text(meta).lower().startswith("players "):
            who = replace(who, ref="each")  # "Players need ...": every player
        return self._eff(meta, "honor-victory-threshold", target=who, amount=n)


for _name, _f in list(vars(_UsesAndLobbyRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


class _PickAndPhaseRules:
    """picked then paid for or tested, once per turn without a comma, Favor held, phases, transfers."""

    def pl_optional_pick_then(self, meta, ch):
        # the picked card's clause is the cost, what follows "to" the effect (base cost_then)
        return _A()._Optional([self._picked(meta, ch[0]), ch[1]])

    def pl_optional_pick_if(self, meta, ch):
        return _A()._Optional(_A()._Guarded(self._picked(meta, ch[0]), ch[1], self._text(meta)))

    def pl_once_per_then(self, meta, ch):
        rest = ch[-1]
        return [self.once_per(meta, ch[:1]), *(rest if isinstance(rest, list) else [rest])]

    def pl_c_control_and_favor(self, meta, ch):
        # two you-control tests, both needed (the conditions topic's all-of)
        from .ability_conditions import encode

        Condition = _A().Condition
        subs = [Condition(kind="you-control", args=(ch[0].text,)),
                Condition(kind="you-control", args=("the Imperial Favor",))]
        return Condition(kind="all-of", args=encode(subs), text=self._text(meta))

    def pl_remove_poss_ability(self, meta, ch):
        # "Remove your Stronghold's ability": the card's abilities, as "Remove all abilities from X"
        return self._eff(meta, "lose-abilities", target=ch[0])

    def pl_ev_any_phase(self, meta, ch):
        verb = token(ch, "EVERB", "begins", lower=True)
        return f"phase-{verb.rstrip('s')}s"

    def pl_ev_transfers(self, meta, ch):
        return _A()._event_name(ch[0], "transferred")

    def pl_dl_your_next_phase(self, meta, ch):
        phase = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        verb = token(ch, "EVERB", lower=True)
        timing = "after-next" if self._text(meta).lower().startswith("after") else "before-next"
        return (timing, f"your-{phase}-phase-{verb.rstrip('s')}s", self._text(meta))


for _name, _f in list(vars(_PickAndPhaseRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


class _DuelAndTypeRules:
    """duels with a named card, card types together, Focus Values given, the count first, Imperial."""

    def pl_c_dueling(self, meta, ch):
        # (who, whom): the first card is in a duel against the second
        return _A().Condition(kind="dueling", args=(ch[0].text, ch[-1].text), text=self._text(meta))

    def pl_c_self_dueling(self, meta, ch):
        return _A().Condition(kind="dueling", args=("this card", ch[-1].text), text=self._text(meta))

    def pl_give_signed_stat_to(self, meta, ch):
        tok = next(c for c in ch if getattr(c, "type", "") == "SIGNED")
        return self._eff(meta, "modify-stat", target=ch[-1], stat="focus", amount=int(str(tok)))

    def pl_m_focused(self, meta, ch):
        return self._pl_mod("state", "focused")

    def pl_per_each_pre(self, meta, ch):
        # "For each X, <clause>" = "<clause> for each X"
        return self.per_each(meta, [ch[-1], ch[0]])

    def pl_imperial_kw(self, meta, ch):
        return _A()._Mod("gift-keyword", "Imperial")


for _name, _f in list(vars(_DuelAndTypeRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


class _TwoTargetsAndNamesRules:
    """either description, two targets after a comma, clan or keyword, quoted names, transfers."""

    def pl_np_or_comma(self, meta, ch):
        a, b = [c for c in ch if isinstance(c, TargetSpec)]
        same = (a.keywords, a.states, a.tests) == (b.keywords, b.states, b.tests)
        if same:
            return replace(a, card_types=tuple(dict.fromkeys(a.card_types + b.card_types)), text=self._text(meta))
        # each description keeps its own restrictions: a state no card has, as the base np_or does
        # when keywords differ (the resolver refuses, not guesses)
        return TargetSpec(ref=a.ref, count=a.count, owner=a.owner,
                          card_types=tuple(dict.fromkeys(a.card_types + b.card_types)),
                          states=(f"either:{a.text}|{b.text}",), text=self._text(meta))

    def pl_c_clan_or_have(self, meta, ch):
        # any-of: the clan-player test, then one you-have test per keyword
        from .ability_conditions import encode

        Condition = _A().Condition
        words = [str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"]
        subs = [Condition(kind="clan-player", args=(words[0],))]
        subs += [Condition(kind="you-have", args=(w,)) for w in words[1:]]
        return Condition(kind="any-of", args=encode(subs), text=self._text(meta))

    def pl_name_quoted(self, meta, ch):
        # (the tokens hold the lower-cased text: take the printed words)
        words = [self._piece[c.start_pos:c.end_pos][1:-1] for c in ch if getattr(c, "type", "") == "QUOTED"]
        return self._eff(meta, "name-choice", keyword="word:" + "|".join(words))

    def pl_transfer_to_other(self, meta, ch):
        # to the other of the two cards named before (as pl_transfer_between)
        return [self._eff(meta, "transfer", target=ch[0]),
                self._eff(meta, "attach-to", target=TargetSpec(ref="it", states=("the-other",), text="the other"))]

    def pl_scope_after(self, meta, ch):
        return ("after", ch[-1])


for _name, _f in list(vars(_TwoTargetsAndNamesRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


class _ChosenAndExceptRules:
    """chosen cards, nth targets, the Home keyword, Lobbying, exceptions, Honor changes chosen."""

    def pl_m_chosen(self, meta, ch):
        return self._pl_mod("state", "chosen")

    def pl_np_nth_different_target(self, meta, ch):
        # one of the action's targets, by its place, not one named before
        n = {"second": 2, "third": 3}[str(next(c for c in ch if getattr(c, "type", "") == "PL_NTH")).lower()]
        head = next(c for c in ch if isinstance(c, _A()._Mod))
        return TargetSpec(ref="it", card_types=(head.value,), states=(f"nth-target:{n}",), text=self._text(meta))

    def pl_has_home(self, meta, ch):
        # "This action has Home": a designator of the action (not a keyword of the card)
        return self._eff(meta, "action-designator", target=ch[0], keyword="Home")

    def pl_negate_except_host(self, meta, ch):
        # the destruction of the card is negated, but not when it comes from its host's destruction
        event = self.pl_event_of(meta, [c for c in ch if isinstance(c, (str, TargetSpec)) and not hasattr(c, "type")])
        return self._eff(meta, "negate", target=replace(event, states=(*event.states, "except:host-destroyed")))

    def pl_choose_set_honor_change(self, meta, ch):
        # "Choose an Honor gain or loss from X and reduce it to 2": one such change becomes N
        amounts = [c for c in ch if isinstance(c, _A()._Amount)]
        changes = self.pl_honor_changes(meta, [c for c in ch if not isinstance(c, _A()._Amount)])
        changes.which = f"one-{changes.which}"  # only the one chosen
        return self.pl_set_honor_changes(meta, [changes, *amounts])

    def pl_r_was_by(self, meta, ch):
        verb = str(next(c for c in ch if getattr(c, "type", "") in ("PASTP", "STATE"))).lower()
        return self._pl_mod("post-state", f"was-{verb}-by:{ch[-1].text}")


for _name, _f in list(vars(_ChosenAndExceptRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


class _StatBonusRules:
    """stat bonuses (or penalties) made bigger, numerals raised, action limits of one card."""

    def _pl_sbg(self, meta, whose, stat, kind, source=None):
        states = (f"from:{source.text}",) if source is not None else ()
        return _StatBonusGroup(replace(whose, states=(*whose.states, *states)), stat, kind)

    def pl_sbg_of(self, meta, ch):
        whose = ch[0]
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        kind = next(c.value for c in ch if isinstance(c, _ScKind))
        source = next((c.spec for c in ch[1:] if isinstance(c, _HcFrom)), None)
        return self._pl_sbg(meta, whose, stat, kind, source)

    def pl_sbg_received(self, meta, ch):
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        kind = next(c.value for c in ch if isinstance(c, _ScKind))
        return self._pl_sbg(meta, next(c for c in ch if isinstance(c, TargetSpec)), stat, kind)

    def pl_sbg_the(self, meta, ch):
        # "the Force penalty": the one the ability gave (the card named before)
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        kind = "penalties" if "penalty" in self._text(meta).lower() else "bonuses"
        return self._pl_sbg(meta, TargetSpec(ref="it", text=self._text(meta)), stat, kind)

    def pl_stat_bonuses_increased(self, meta, ch):
        # keyword bonuses/penalties, stat, amount how much bigger each one is, target whose
        group = next(c for c in ch if isinstance(c, _StatBonusGroup))
        n = _A().amount(next(c for c in ch if isinstance(c, _A()._Amount)))
        return self._eff(meta, "modify-stat-change", target=group.whose, stat=group.stat, keyword=group.kind, amount=n)

    def pl_increase_numeral(self, meta, ch):
        n = _A().amount(next(c for c in ch if isinstance(c, _A()._Amount)))
        return self._eff(meta, "modify-numeral", target=next(c for c in ch if isinstance(c, TargetSpec)), amount=n)

    def pl_perform_limit(self, meta, ch):
        # as the restrictions topic's action-limit: amount how many, keyword the designator, values the period
        word = str(next(c for c in ch if getattr(c, "type", "") == "CAPWORD"))
        period = token(ch, "PERIOD", lower=True)
        n = _A().amount(next(c for c in ch if isinstance(c, _A()._Amount)))
        return self._eff(meta, "action-limit", target=ch[0], amount=n, keyword=word, values=(period,))


class _StatBonusGroup:
    def __init__(self, whose, stat, kind):
        self.whose, self.stat, self.kind = whose, stat, kind


for _name, _f in list(vars(_StatBonusRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


class _TraitsAndGoldRules:
    """traits used as if controlled, Gold produced when paying or on the first turn, capped savings."""

    def pl_use_traits_as_controller(self, meta, ch):
        # keyword which traits ("gold-producing", "gold-producing|cost-reducing"), target the card
        sorts = [str(next(c for c in ch if getattr(c, "type", "") == "CAPWORD")).lower()]
        if any(c == "cost-reducing" for c in ch):
            sorts.append("cost-reducing")
        if sorts[0] != "gold-producing":
            return _A().Unparsed(self._text(meta), "traits of another sort", self._span(meta))
        return self._eff(meta, "use-traits-as-controller", target=TargetSpec(ref="it", text="it"),
                         keyword="|".join(sorts))

    def pl_and_cost_reducing(self, meta, ch):
        return "cost-reducing"

    def pl_s_base_gp(self, meta, ch):
        # the stat; a stat reference ("the Stronghold's base Gold Production") reads the "base"
        # of its own text and makes it "base-gold-production"
        return "gold-production"

    def pl_produces_more_less_for(self, meta, ch):
        # its Gold Production changes only while it pays for such a card (paying-for)
        what = ch[-1]
        effect = self.pl_produces_more_less(meta, ch[:-1])
        cond = _A().Condition(kind="paying-for", args=(what.text,), text=f"paying for {what.text}")
        return _A()._Guarded(effect, cond, self._text(meta))

    def pl_produces_on_first_turn(self, meta, ch):
        # its Gold Production is N during its controller's first turn (set-stat, first-turn)
        n = _A().amount(next(c for c in ch if isinstance(c, _A()._Amount)))
        effect = self._eff(meta, "set-stat", target=ch[0], stat="gold-production", amount=n)
        cond = _A().Condition(kind="first-turn", args=("it",), text="your first turn")
        return _A()._Guarded(effect, cond, self._text(meta))

    def pl_per_each_up_to_less(self, meta, ch):
        # the base per_each, the saving at most N (amount-at-most)
        word = re.search(r"to\s+(\w+)\s+less", str(ch[-1])).group(1)
        n = _A()._NUMBER_WORDS.get(word) or int(word)
        return [*self.per_each(meta, [ch[0], ch[1]]), self._eff(meta, "amount-at-most", amount=n)]


for _name, _f in list(vars(_TraitsAndGoldRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


class _MoreDescribingRules:
    """Imperial and allying cards, cards without abilities, what the action did, another of yours."""

    def pl_m_imperial(self, meta, ch):
        return _A()._Mod("keyword", "Imperial")

    def pl_m_allying(self, meta, ch):
        return self._pl_mod("state", "allying")

    def pl_p_no_abilities(self, meta, ch):
        return self._pl_mod("post-state", "no-abilities")

    def pl_p_action_did(self, meta, ch):
        verb = str(next(c for c in ch if getattr(c, "type", "") == "PASTP")).lower()
        return self._pl_mod("post-state", f"action-did:{verb}")

    def pl_np_different_one_of_yours(self, meta, ch):
        mods = [self._pl_mod("q", ("one", 1)), self._pl_mod("owner", "you"), *ch]
        spec = self.np_desc(meta, mods)
        return replace(spec, ref="choice", states=(*spec.states, "different"))

    def pl_verb_and_remove_abilities(self, meta, ch):
        # the verb's own effect (as the base "simple"), then the abilities removed
        first = self.simple(meta, [self.verbs(meta, [ch[0]]), ch[-1]])
        return [*(first if isinstance(first, list) else [first]), self._eff(meta, "lose-abilities", target=ch[-1])]


for _name, _f in list(vars(_MoreDescribingRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


def _pl_c_controls_or_favor(self, meta, ch):
    # any-of: the subject controls the card, or the Imperial Favor (two "controls" tests)
    from .ability_conditions import encode

    Condition = _A().Condition
    who, what = [c for c in ch if isinstance(c, TargetSpec)]
    subs = [Condition(kind="controls", args=(who.text, what.text)),
            Condition(kind="controls", args=(who.text, "the Imperial Favor"))]
    return Condition(kind="any-of", args=encode(subs), text=self._text(meta))


Rules.pl_c_controls_or_favor = _pl_c_controls_or_favor


class _PlayAndTimingRules:
    """actions played with an extra action, a card's action at another timing, keywords given or taken."""

    def pl_take_action_as(self, meta, ch):
        # as the battle topic's ability-timing: keyword the designator pair, target the card
        first, second = [str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"]
        return self._eff(meta, "ability-timing", target=next(c for c in ch if isinstance(c, TargetSpec)),
                         keyword=f"{first}/{second}")

    def pl_lobbies_without_bowing(self, meta, ch):
        return self._eff(meta, "need-not-bow", target=ch[0], keyword="Lobby")

    def _pl_either(self, meta, effects):
        return [_A()._Scoped(e, "effect-choice", (f"option {i} of 2",), self._text(meta))
                for i, e in enumerate(effects, 1)]

    def pl_give_or_remove_keyword(self, meta, ch):
        give, take = [str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"]
        target = ch[-1]
        return self._pl_either(meta, [self._eff(meta, "grant-keyword", target=target, keyword=give),
                                      self._eff(meta, "lose-keyword", target=target, keyword=take)])

    def pl_give_or_remove_keyword_choice(self, meta, ch):
        tok = next(c for c in ch if getattr(c, "type", "") == "KW_LIST")
        words = "|".join(self._kw_words(tok))
        target = TargetSpec(ref="it", text=self._text(meta).split()[1].rstrip(","))
        return self._pl_either(meta, [self._eff(meta, "grant-keyword-choice", target=target, keyword=words),
                                      self._eff(meta, "lose-keyword-choice", target=target, keyword=words)])


for _name, _f in list(vars(_PlayAndTimingRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


class _ProclaimAndEffectsRules:
    """Honor gains from Proclaiming a card, counts capped mid-phrase, current effects negated."""

    def pl_hc_from_proclaiming(self, meta, ch):
        who = ch[-1]
        return _HcFrom(replace(who, states=(*who.states, "proclaimed"), text=f"Proclaiming {who.text}"))

    def pl_set_honor_change_count_mid(self, meta, ch):
        # the restriction after the cap belongs to the counted cards
        counted = next(c for c in ch if isinstance(c, TargetSpec))
        mods = _A()._flatten([c for c in ch[ch.index(counted) + 1:] if isinstance(c, (_A()._Mod, list))])
        if counted.ref == "this" and not (counted.keywords or counted.card_types):
            # a bare capitalised word ("the number of Ancestors, ..."): the keyword of the counted cards
            counted = replace(counted, keywords=(counted.text,))
        for m in mods:
            if m.kind == "owner":
                counted = replace(counted, owner=m.value)
            elif m.kind in ("state", "post-state"):
                counted = replace(counted, states=(*counted.states, m.value))
            elif m.kind != "zone":  # ("in play": where counted cards are anyway)
                return _A().Unparsed(self._text(meta), "a restriction on the counted cards", self._span(meta))
        cap = int(re.search(r"[0-9]+", str(next(c for c in ch if getattr(c, "type", "") == "PL_UP_TO_N_COMMA"))).group())
        rest = [c for c in ch if not isinstance(c, TargetSpec) and getattr(c, "type", "") != "PL_UP_TO_N_COMMA"
                and not isinstance(c, (_A()._Mod, list))]
        out = self._pl_set_to_ref(meta, [*rest, counted], (replace(counted, ref="each", count=1), "count"))
        out.append(self._eff(meta, "amount-at-most", amount=cap))
        return out

    def pl_negate_current_effects_on(self, meta, ch):
        # the effects now on the card, from that source (the base negate, on effects)
        on, source = [c for c in ch if isinstance(c, TargetSpec)]
        target = TargetSpec(ref="possessed", card_types=("effect",),
                            states=(f"of-{on.ref}", "current", f"from:{source.text}"), text=self._text(meta))
        return self._eff(meta, "negate", target=target)


for _name, _f in list(vars(_ProclaimAndEffectsRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


class _ClanOrRules:
    """a state or a Clan, a Clan or a keyword."""

    def pl_c_state_or_clan(self, meta, ch):
        # any-of: the base "is <state>" and "is <X> Clan" tests
        from .ability_conditions import encode

        Condition = _A().Condition
        who = ch[0]
        state = str(next(c for c in ch if getattr(c, "type", "") == "STATE")).lower()
        clan = str(next(c for c in ch if getattr(c, "type", "") == "CAPWORD"))
        subs = [Condition(kind="is", args=(who.text, state)), Condition(kind="is-clan", args=(who.text, clan))]
        return Condition(kind="any-of", args=encode(subs), text=self._text(meta))

    def pl_r_clan_or_keyword(self, meta, ch):
        # the card has either keyword (a Clan is the keyword "<X> Clan", as a describing word reads it)
        clan, word = [str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"]
        return self._pl_mod("post-state", f"any-keyword:{clan} Clan|{word}")


for _name, _f in list(vars(_ClanOrRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


class _HonorWordRules:
    """the Honor keyword on cards, players' Honor compared."""

    def pl_m_honor_keyword(self, meta, ch):
        return _A()._Mod("keyword", "Honor")

    def pl_c_more_honor(self, meta, ch):
        # (who, stat, op, other), as the other stat-compare tests: a player's Honor is his Family Honor
        who, other = [c for c in ch if isinstance(c, TargetSpec)]
        return _A().Condition(kind="stat-compare", args=(who.text, "family-honor", ">", other.text), text=self._text(meta))


for _name, _f in list(vars(_HonorWordRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


def _pl_lose_game(self, meta, ch):
    # the player named loses the game (lose-game, target the player)
    return self._eff(meta, "lose-game", target=ch[0])


Rules.pl_lose_game = _pl_lose_game


class _ValuesAndEitherRules:
    """values held, "either X or Y", a player made to lose Honor."""

    def _pl_has_value(self, meta, ch, op, value):
        whose = next(c for c in ch if isinstance(c, TargetSpec))
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        # the same condition as the base "if his Force is 0" (stat-value), so it is read alike
        return _A().Condition(kind="stat-value", args=(whose.text, stat, op, str(value)), text=self._text(meta))

    def pl_c_has_value(self, meta, ch):
        n = next(c for c in ch if getattr(c, "type", "") == "NUMBER")
        return self._pl_has_value(meta, ch, "=", int(n))

    def _pl_cmp_parts(self, meta, ch):
        # "3 or more printed Personal Honor" -> ("at-least", "3", "printed-personal-honor")
        tok = next(c for c in ch if getattr(c, "type", "") == "PL_N_OR_CMP")
        n, _, word = str(tok).split()
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        m = re.search(r"\b(printed|base)\s+[A-Za-z ]+$", self._text(meta), re.I)
        stat = f"{m.group(1).lower()}-{stat}" if m else stat
        kind = "stat-at-least" if word.lower() in ("more", "greater", "higher") else "stat-at-most"
        return kind, n, stat

    def pl_r_test_cmp(self, meta, ch):
        # the base r_test_ge / r_test_le StatTest, the number and comparison read from the token
        n, _, word = str(ch[0]).split()
        op = ">=" if word.lower() in ("more", "greater", "higher") else "<="
        return _A()._Mod("test", _A().StatTest(stat=ch[1], op=op, value=int(n)))

    def pl_c_has_value_cmp(self, meta, ch):
        # the base "if he has 3 or more Force" conditions (stat-at-least / stat-at-most)
        kind, n, stat = self._pl_cmp_parts(meta, ch)
        whose = next(c for c in ch if isinstance(c, TargetSpec))
        return _A().Condition(kind=kind, args=(whose.text, n, stat), text=self._text(meta))

    def pl_vp_has_value_cmp(self, meta, ch):
        # one test of the conditions topic's "has ..., or is ..." (as its cd_vp_stat_ge)
        kind, n, stat = self._pl_cmp_parts(meta, ch)
        return [(kind, n, stat)]

    def pl_either_choice(self, meta, ch):
        options = [c for c in ch if not hasattr(c, "type")]
        return self.choice_of(meta, options)

    def pl_triggered_after_if(self, meta, ch):
        event, effect, cond = ch[0], ch[1], ch[2]
        return self.triggered_after(meta, [event, self.guarded(meta, [effect, cond])])

    def pl_triggered_before_if(self, meta, ch):
        event, effect, cond = ch[0], ch[1], ch[2]
        return self.triggered_before(meta, [event, self.guarded(meta, [effect, cond])])

    def pl_make_the_player(self, meta, ch):
        # "the player": the one the line names before (as the base reads "The player loses 2 Honor")
        who = TargetSpec(ref="choice", card_types=("player",), text="the player")
        return self.cc_make(meta, [who, ch[-1]])

    def pl_remove_own_traits(self, meta, ch):
        return self._eff(meta, "lose-abilities", target=TargetSpec(ref="it", text=self._text(meta).split()[1]),
                         keyword="traits")


for _name, _f in list(vars(_ValuesAndEitherRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


class _WorkedOutRules:
    """bonuses and set values worked out from the battle topic's amounts (bt_amount)."""

    def _pl_chain(self, meta, taker, chain, sign):
        # the chain as amounts.py reads it: amount-equal-to (times the sign), amount-plus ...; a
        # penalty negates every part it adds, and a value added to a penalty ("a Force penalty
        # equal to his Chi plus Personal Honor") has no sign the chain can carry: not read
        A = _A()
        parts = chain if isinstance(chain, list) else [chain]

        def signed(e):
            if isinstance(e, A._Scoped):
                return A._Scoped(signed(e.effect), e.kind, e.args, e.text)
            if not isinstance(e, Effect) or sign > 0:
                return e
            if e.kind == "amount-equal-to":
                return replace(e, amount=(e.amount if e.amount is not None else 1) * sign)
            if e.kind == "amount-plus" and e.stat is None and e.amount is not None:
                return replace(e, amount=e.amount * sign)
            return None

        out = [signed(p) for p in parts]
        if any(p is None for p in out):
            return A.Unparsed(self._text(meta), "a penalty with a value added", self._span(meta))
        # "the Chi of this Shugenja or the Samurai": the value of one of two cards, which the
        # chain cannot say (amounts.py would read the first)
        if any(isinstance(p, Effect) and p.target is not None and any(s.startswith("either:") for s in p.target.states)
               for p in out):
            return A.Unparsed(self._text(meta), "the value of one of two cards", self._span(meta))
        return [taker, *out]

    def pl_give_bonus_amount(self, meta, ch):
        target, stat = ch[0], next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        sign = -1 if re.search(r"\bpenalty\b", self._text(meta), re.I) else 1
        return self._pl_chain(meta, self._eff(meta, "modify-stat", target=target, stat=stat), ch[-1], sign)

    def pl_set_stat_amount(self, meta, ch):
        whose, stat = ch[0]
        return self._pl_chain(meta, self._eff(meta, "set-stat", target=whose, stat=stat), ch[-1], 1)


for _name, _f in list(vars(_WorkedOutRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


def _pl_rel_his(self, meta, ch):
    # the card "he" names (as the base rel_np of a pronoun: ref "it"), its value of the same stat
    return ("it", None)


Rules.pl_rel_his = _pl_rel_his


class _FloorAndKeywordRules:
    """a worked-out bonus with a floor; a keyword and a worked-out bonus given together."""

    def pl_has_bonus_at_least(self, meta, ch):
        A = _A()
        target, mods, ref = ch[0], ch[1], ch[-2]
        stat = next(c for c in ch[2:] if isinstance(c, str) and not hasattr(c, "type"))
        tail = str(ch[-1]).lower()
        if len(mods) != 1 or mods[0][0] != stat or "greater" not in tail and "higher" not in tail:
            return A.Unparsed(self._text(meta), "a floor of another stat", self._span(meta))
        chain = self._measured(meta, self._eff(meta, "modify-stat", target=target, stat=stat), ref)
        return [*chain, self._eff(meta, "amount-at-least", amount=mods[0][1])]

    def pl_give_keyword_and_bonus(self, meta, ch):
        target = ch[0]
        word = next(str(c) for c in ch if getattr(c, "type", "") == "CAPWORD")
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        sign = -1 if re.search(r"\bpenalty\b", self._text(meta), re.I) else 1
        bonus = self._measured(meta, self._eff(meta, "modify-stat", target=target, stat=stat), ch[-1], sign)
        return [self._eff(meta, "grant-keyword", target=target, keyword=word), *bonus]


for _name, _f in list(vars(_FloorAndKeywordRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


def _pl_sentence_two_stops(self, meta, ch):
    return self.sentence(meta, ch)


Rules.pl_sentence_two_stops = _pl_sentence_two_stops


class _TwoTypesAndTestsRules:
    """two conditions; "equal to or lower than N"."""

    def pl_c_both(self, meta, ch):
        # the conditions topic's "C and D" (all-of)
        return self.cd_all(meta, [c for c in ch if not hasattr(c, "type")])

    def pl_p_value_at_most(self, meta, ch):
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        n = next(c for c in ch if getattr(c, "type", "") == "NUMBER")
        return self._pl_mod("test", _A().StatTest(stat=stat, op="<=", value=int(n)))


for _name, _f in list(vars(_TwoTypesAndTestsRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


def _pl_hc_you_gain(self, meta, ch):
    # your Honor gains (as "your Honor gain from ..."), from the source named
    source = next((c.spec for c in ch if isinstance(c, _HcFrom)), None)
    return _HonorChanges("gain", source, None, None, "you")


def _pl_hc_from_next_action(self, meta, ch):
    # "your next Proclaim": the next such rules action you take
    word = next(str(c) for c in ch if getattr(c, "type", "") == "CAPWORD")
    period = next((str(c).lower() for c in ch if getattr(c, "type", "") == "PERIOD"), None)
    states = ("next",) if period is None else ("next", f"this-{period}")
    return _HcFrom(TargetSpec(ref="choice", owner="you", card_types=("action",), keywords=(word,), states=states,
                              text=self._text(meta)[len("from "):]))


Rules.pl_hc_you_gain = _pl_hc_you_gain
Rules.pl_hc_from_next_action = _pl_hc_from_next_action


def _pl_subj_picks_if_possible(self, meta, ch):
    picked = self.pl_subj_picks(meta, [c for c in ch if getattr(c, "type", "") != "RS_IF_POSSIBLE"])
    return self._must(meta, ch[0], picked, ch)


def _pl_switch_two_locations(self, meta, ch):
    # the card "he" names and the one named after: target the first, values the second
    other = next(c for c in ch if isinstance(c, TargetSpec))
    return self._eff(meta, "switch-locations", target=TargetSpec(ref="it", text=self._text(meta).split()[1]),
                     values=(other.text,))


Rules.pl_subj_picks_if_possible = _pl_subj_picks_if_possible
Rules.pl_switch_two_locations = _pl_switch_two_locations


def _pl_c_either(self, meta, ch):
    # the conditions topic's "C or D" (any-of)
    return self.cd_any(meta, [c for c in ch if not hasattr(c, "type")])


Rules.pl_c_either = _pl_c_either


def _pl_reduce_two_to(self, meta, ch):
    (whose, stat), stat2, target, n = ch[0], ch[1], ch[2], int(ch[-1])
    return [self._eff(meta, "reduce-stat-to", target=whose, stat=stat, amount=n),
            self._eff(meta, "reduce-stat-to", target=target, stat=stat2, amount=n)]


Rules.pl_reduce_two_to = _pl_reduce_two_to


class _DifferenceRules:
    """the difference between two compared values as an amount; an amount capped."""

    def pl_ar_difference(self, meta, ch):
        # stat "difference": the gap between the two values the ability compared (amounts.py
        # has no reading for it, so no line using it claims execution)
        return _A()._AmountRef("difference", TargetSpec(ref="target", text="the difference"), 1)

    def pl_bt_am_difference(self, meta, ch):
        diff = self._eff(meta, "amount-equal-to", target=TargetSpec(ref="target", text="the difference"),
                         stat="difference", amount=1)
        return [diff, *(c for c in ch if isinstance(c, Effect))]

    def pl_capped(self, meta, ch):
        n = int(re.search(r"([0-9]+)", str(ch[-1])).group(1))
        first = ch[0] if isinstance(ch[0], list) else [ch[0]]
        if not any(isinstance(e, Effect) and e.kind in ("amount-equal-to", "amount-for-each") for e in first):
            # a cap only bounds a worked-out amount ("+2F, to a maximum of 5" is a stat limit)
            return _A().Unparsed(self._text(meta), "a maximum on a fixed amount", self._span(meta))
        return [*first, self._eff(meta, "amount-at-most", amount=n)]


for _name, _f in list(vars(_DifferenceRules).items()):
    if _name.startswith(("pl_", "_pl_")):
        setattr(Rules, _name, _f)


def _pl_p_in_hand_or_provinces(self, meta, ch):
    # the zone as the cards topic writes two places ("play|discard"); "his": the player named before
    return [_A()._Mod("his"), self._pl_mod("zone", "hand|province")]


Rules.pl_p_in_hand_or_provinces = _pl_p_in_hand_or_provinces


def _pl_h_kw_or_type_actions(self, meta, ch):
    # actions; the card they are on has the keyword or is of the type (any-of, as pl_m_any_of)
    word, kind = str(ch[0]), ch[2]
    kind = kind.value if isinstance(kind, _A()._Mod) else str(kind)
    return [self._pl_mod("head", "action"), self._pl_mod("post-state", f"any-of:keyword:{word}|type:{kind}")]


def _pl_p_even_value(self, meta, ch):
    return self._pl_mod("post-state", f"even:{ch[-1]}")


Rules.pl_h_kw_or_type_actions = _pl_h_kw_or_type_actions
Rules.pl_p_even_value = _pl_p_even_value


def _pl_honor_victory_reduced(self, meta, ch):
    # lowered by the amount: every part of the worked-out chain negated (as a penalty's chain)
    parts = ch[-1] if isinstance(ch[-1], list) else [ch[-1]]
    out = []
    for e in parts:
        if isinstance(e, Effect) and e.kind in ("amount-equal-to", "amount-plus") and e.amount is not None \
                and (e.kind == "amount-equal-to" or e.stat is None):
            out.append(replace(e, amount=-e.amount))
        else:
            return _A().Unparsed(self._text(meta), "a reduction the chain cannot negate", self._span(meta))
    return [self._eff(meta, "honor-victory-threshold", target=TargetSpec(ref="you", text="you")), *out]


Rules.pl_honor_victory_reduced = _pl_honor_victory_reduced


def _pl_h_and_types(self, meta, ch):
    # as the base h_and_follower: the card types, either one
    word = str(ch[-1]).split()[-1].lower()
    kind = next(v for k, v in _PL_TYPES.items() if word.startswith(k))
    first = ch[0] if isinstance(ch[0], list) else [ch[0]]
    return [m for m in first if isinstance(m, _A()._Mod)] + [self._pl_mod("head", kind)]


Rules.pl_h_and_types = _pl_h_and_types


def _pl_no_player_can(self, meta, ch):
    every = TargetSpec(ref="each", card_types=("player",), text="no player")
    return self.rs_restrict(meta, [every, ch[-1]])


def _pl_neither_may_perform(self, meta, ch):
    # the cards named before ("it": each of them), as "They may not perform actions"
    return self._eff(meta, "cannot-perform-actions", target=TargetSpec(ref="it", text="neither"))


Rules.pl_no_player_can = _pl_no_player_can
Rules.pl_neither_may_perform = _pl_neither_may_perform


def _pl_two_grants(self, meta, ch):
    # each quoted text as the base grant reads one ("trait" or "ability" by the word used)
    A = _A()
    word = "trait" if re.match(r"the\s+traits\b", self._text(meta), re.I) else "ability"
    grants = []
    for tok in (c for c in ch if getattr(c, "type", "") == "QUOTED"):
        quoted = self._piece[tok.start_pos:tok.end_pos] if tok.end_pos else str(tok)
        grants.append(A._Grant(None, quoted[1:-1].strip(), word, quoted, self._span(meta)))
    return A._GiftList(grants)


Rules.pl_two_grants = _pl_two_grants


def _pl_m_different(self, meta, ch):
    return self._pl_mod("state", "different")


Rules.pl_m_different = _pl_m_different


def _pl_optional_choice_paid(self, meta, ch):
    # each side the base "you may X to Y"; the player picks one (the base choice_of)
    parts = [c for c in ch if getattr(c, "type", "") != "PL_OR_YOU_MAY"]
    first = self.cost_then(meta, parts[:2])
    second = self.cost_then(meta, parts[2:])
    return _A()._Optional(self.choice_of(meta, [first, second]))


Rules.pl_optional_choice_paid = _pl_optional_choice_paid


def _pl_printed_rel(op):
    def f(self, meta, ch):
        # the base comparison (ability._rel), on the printed value of the stat
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        rest = [f"printed-{stat}" if c is stat else c for c in ch]
        return getattr(self, {"<": "p_rel_lt", ">": "p_rel_gt"}[op])(meta, rest)

    return f


Rules.pl_p_rel_printed_lt = _pl_printed_rel("<")
Rules.pl_p_rel_printed_gt = _pl_printed_rel(">")


def _pl_p_either_le(self, meta, ch):
    # each side the base comparison with the card that uses the ability ("cmp:force<=this"), any one
    stats = [c for c in ch if isinstance(c, str) and not hasattr(c, "type")]
    return self._pl_mod("post-state", "any-of:" + "|".join(f"cmp:{s}<=this" for s in stats))


Rules.pl_p_either_le = _pl_p_either_le


def _pl_p_count_le(self, meta, ch):
    head = ch[-1]
    kind = head.value if isinstance(head, _A()._Mod) else str(head)
    return self._pl_mod("post-state", f"cmp:count-{kind}<=this")


Rules.pl_p_count_le = _pl_p_count_le


def _pl_keyword_cost_is(self, meta, ch):
    # as "Invest Pay 2 Gold" on the card (pl_keyword_cost): kind "keyword" with the Gold to pay
    word = next(str(c) for c in ch if getattr(c, "type", "") == "CAPWORD")
    return self._eff(meta, "keyword", keyword=word, amount=_A().amount(ch[-1]), target=ch[0])


Rules.pl_keyword_cost_is = _pl_keyword_cost_is


def _pl_reduce_cost_to_by(self, meta, ch):
    verb, what, (whose, stat) = ch[0], ch[1], ch[-1]
    return [self._eff(meta, "cost-reduction", target=what, keyword=f"{verb}-less-gold"),
            self._eff(meta, "amount-equal-to", target=whose, stat=stat, amount=1)]


Rules.pl_reduce_cost_to_by = _pl_reduce_cost_to_by


def _pl_negate_changes_and(self, meta, ch):
    # the stat changes on the card (pl_negate_changes), then the base "negate X" of the effects named
    specs = [c for c in ch if isinstance(c, TargetSpec)]
    first = self._pl_negate_changes(meta, specs[0], [c for c in ch if c is not specs[1]])
    return [*(first if isinstance(first, list) else [first]), self.negate(meta, [specs[1]])]


Rules.pl_negate_changes_and = _pl_negate_changes_and


def _pl_p_exactly_one_yours(self, meta, ch):
    return self._pl_mod("post-state", "exactly-one-yours")


Rules.pl_p_exactly_one_yours = _pl_p_exactly_one_yours


def _pl_subj_optional_pick(self, meta, ch):
    return self.subj_optional(meta, [ch[0], self._picked(meta, ch[-1])])


Rules.pl_subj_optional_pick = _pl_subj_optional_pick


def _pl_modifier_equals(self, meta, ch):
    # set-stat of the Item's "force-modifier" (no reading in the engine), the amount worked out after it
    item = ch[0]
    ref = ch[-1]
    setter = self._eff(meta, "set-stat", target=item, stat="force-modifier")
    if isinstance(ref, tuple):  # a stat_ref: (whose, stat)
        whose, stat = ref
        return [setter, self._eff(meta, "amount-equal-to", target=whose, stat=stat, amount=1)]
    return [setter, *(ref if isinstance(ref, list) else [ref])]


Rules.pl_modifier_equals = _pl_modifier_equals


def _pl_permanent_raise_to_ref(self, meta, ch):
    # the card given the bonus is the one whose value is raised ("his Force": the same card)
    out = self.pl_raise_to_ref(meta, [ch[-2], ch[-1]])
    return [replace(e, duration="permanent", target=ch[0]) if isinstance(e, Effect) and e.kind == "raise-stat-to"
            else e for e in out]


Rules.pl_permanent_raise_to_ref = _pl_permanent_raise_to_ref


def _pl_np_nth_printed_ability(self, meta, ch):
    owner = ch[0]
    nth = 1 if re.search(r"'s?\s+first\b", self._text(meta), re.I) else 2
    return TargetSpec(ref="possessed", card_types=("ability",), states=(f"of-{owner.ref}", *owner.states,
                                                                         "printed", f"nth:{nth}"),
                      text=self._text(meta))


Rules.pl_np_nth_printed_ability = _pl_np_nth_printed_ability


class _TargetsGiftsChoices:
    def pl_p_may_be_home(self, meta, ch):
        # "who may be at home": the target need not be at the battlefield (as "at any location")
        return self._pl_mod("post-state", "any-location")

    def pl_give_last_keyword_and_grant(self, meta, ch):
        given = self.pl_give_last_keyword(meta, [ch[0]])
        if not isinstance(given, Effect):
            return given
        return [given, replace(ch[-1], target=given.target)]

    def pl_h_or_keyword_type(self, meta, ch):
        # as the base h_or: the keyword binds one side only, kept as an "either:" state no card has
        # (the resolver refuses rather than guesses)
        heads = [m for m in ch if isinstance(m, _A()._Mod) and m.kind == "head"]
        return heads + [self._pl_mod("post-state", f"either:{self._text(meta)}")]

    def pl_play_for_any(self, meta, ch):
        return None  # any of the card's actions: playing it is all that is named

    def pl_choose_keywords(self, meta, ch):
        picked, listed = ch[0], self._piece[ch[-1].start_pos:ch[-1].end_pos]
        if tuple(picked.card_types) != ("keyword",) or picked.ref not in ("choice", "target"):
            return _A().Unparsed(self._text(meta), "choose what", self._span(meta))
        words = tuple(w.strip() for w in listed.lstrip(";").split(","))
        return self._eff(meta, "name-choice", keyword="keyword", amount=picked.count, values=words)

    def pl_delayed_redirect(self, meta, ch):
        timing, event, text = ch[0]
        redirect = self._eff(meta, "redirect-target", target=it_target(ch[1:]))
        return _A()._Scoped(redirect, "effect-delayed", (timing, event), text)


for _name, _f in list(vars(_TargetsGiftsChoices).items()):
    if _name.startswith("pl_"):
        setattr(Rules, _name, _f)


def _pl_has_keywords_and_grant(self, meta, ch):
    subject, words, granted = ch[0], ch[1], ch[-1]
    given = self.subj_gains_keyword(meta, [subject, words])
    given = given if isinstance(given, list) else [given]
    return [*given, replace(granted, target=subject)]


Rules.pl_has_keywords_and_grant = _pl_has_keywords_and_grant


def _pl_may_assign_self(self, meta, ch):
    # as the battle topic's "X may assign even if bowed", the subject the card the trait is on
    return self.bt_may_assign_bowed(meta, [TargetSpec(ref="this", text=""), *ch])


Rules.pl_may_assign_self = _pl_may_assign_self


def _pl_either_simple(self, meta, ch):
    target = it_target(ch)
    if target is None or not re.search(r"\bor\b", target.text or ""):
        return _A().Unparsed(self._text(meta), "either without a choice", self._span(meta))
    return self.simple(meta, ch)


Rules.pl_either_simple = _pl_either_simple


def _pl_grant_bare(self, meta, ch):
    return self.grant(meta, ch)


Rules.pl_grant_bare = _pl_grant_bare


def _pl_grant_permanent(self, meta, ch):
    return replace(self.grant(meta, ch), duration="permanent")


Rules.pl_grant_permanent = _pl_grant_permanent


def _pl_give_tokens_and_grant(self, meta, ch):
    given = self.give_tokens(meta, ch[:3])
    given = given if isinstance(given, list) else [given]
    return [*given, replace(ch[-1], target=ch[0])]


Rules.pl_give_tokens_and_grant = _pl_give_tokens_and_grant


def _pl_give_raise_to(self, meta, ch):
    # the card given the bonus is the one whose value is raised ("his PH": the same card)
    target, (_, stat) = ch[0], ch[2]
    number = next(c for c in ch if getattr(c, "type", "") == "NUMBER")
    out = [self._eff(meta, "raise-stat-to", target=target, stat=stat, amount=int(number))]
    grants = [c for c in ch if isinstance(c, _A()._Grant)]
    return out + [replace(g, target=target) for g in grants]


Rules.pl_give_raise_to = _pl_give_raise_to


def _pl_cw_and_grant(self, meta, ch):
    return ch[-1]  # as the base cw_grant: the created card gets it


Rules.pl_cw_and_grant = _pl_cw_and_grant
