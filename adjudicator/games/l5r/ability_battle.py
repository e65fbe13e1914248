"""Transformer methods for ``grammar/l5r_ability_battle.lark``: battles, duels, attacks, Fear, armies, battlefields, assignment and movement.

Each method is named after an alias (``-> name``) of that grammar file and has the base
transformer's signature ``(self, meta, ch)``; see :func:`adjudicator.games.l5r.ability._build_transformer_class`.

Typed target parts this topic adds (``TargetSpec.zone`` / ``states``):

* ``zone="province"``: a card in a province ("a face-up card in a Province"); with
  ``owner="you"`` for "in your Provinces" / "one of your Provinces", state ``in-province-of:<whose>``
  for "in another player's Province", "in the current battlefield's province";
* ``in-army`` ("in this army"), ``in-army:<side>`` (``enemy``, ``attacking``, ``defending``),
  ``in-army-of:<whose>``, ``in-unit-of:<whose>``, ``same-unit``, ``in-unit`` ("in units"),
  ``at-home-of:<whose>`` ("in the Defender's home", ``any`` for "a player's home"),
  ``in-duel`` ("your Personality in this duel"), ``opposing:<text>`` ("a Personality opposing
  this card"), ``any-battlefield``, ``at-battlefield-of:<whose>`` ("at this card's battlefield"),
  ``same-battlefield``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from adjudicator.core.ability import Condition, Effect, TargetSpec

from .ability import token


def it_target(ch):
    return next((c for c in ch if isinstance(c, TargetSpec)), None)

#: Effect kinds this topic emits (added to ``ability.EFFECT_KINDS``)
KINDS: frozenset[str] = frozenset({
    "attack-may-target", "fear-destroys", "attack-compare", "attack-target", "amount-plus",
    "may-assign-bowed", "cannot-assign", "duel-stat", "delay-duel-loss", "lose-duel",
    "put-in-province", "put-in-province-unfaced", "ability-timing", "enter-duel", "stat-maximum", "move-to-location",
    "move-to-location-of", "attack-bows-any", "first-opportunity", "rulebook-may-target", "rulebook-action", "assign", "fight-battle",
    "move-into-army", "move-to-oppose", "no-attack-phase", "straightens-each-straighten-phase",
})


def _flat(items) -> list:
    from .ability import _flatten

    return _flatten(items)


def _mod(kind: str, value=None):
    from .ability import _Mod

    return _Mod(kind, value)


def _post(value: str):
    return _mod("post-state", value)


def _whose(spec) -> str:
    if isinstance(spec, TargetSpec):
        return spec.text or spec.ref
    return str(spec)


def _without(t: TargetSpec, states) -> TargetSpec:
    return replace(t, states=tuple(s for s in t.states if s not in states))


def _kind_of(t: TargetSpec) -> TargetSpec:
    """A class of cards ("Items", "dishonorable Personalities"): every card that fits."""
    return replace(t, ref="each") if t.ref == "choice" else t


class Rules:
    # ----- locations of cards (post-modifiers of a noun phrase)
    def bt_p_in_province(self, meta, ch):
        return _mod("zone", "province")

    def bt_p_in_your_province(self, meta, ch):
        return [_mod("zone", "province"), _mod("owner", "you")]

    def bt_p_in_his_province(self, meta, ch):
        return [_mod("zone", "province"), _post("in-province-of:it")]

    def bt_p_in_whose_province(self, meta, ch):
        whose = ch[0]
        if isinstance(whose, TargetSpec) and whose.ref == "opponent":
            return [_mod("zone", "province"), _mod("owner", "opponent")]
        return [_mod("zone", "province"), _post(f"in-province-of:{_whose(whose)}")]

    def bt_p_in_enemy_province(self, meta, ch):
        return [_mod("zone", "province"), _mod("owner", "opponent")]

    def bt_p_in_this_army(self, meta, ch):
        return _post("in-army")

    def bt_side_enemy(self, meta, ch):
        return "enemy"

    def bt_side_attacking(self, meta, ch):
        return "attacking"

    def bt_side_defending(self, meta, ch):
        return "defending"

    def bt_p_in_side_army(self, meta, ch):
        return _post(f"in-army:{ch[-1]}")

    def bt_p_in_whose_army(self, meta, ch):
        return _post(f"in-army-of:{_whose(ch[0])}")

    def bt_p_in_whose_unit(self, meta, ch):
        whose = next(c for c in ch if isinstance(c, TargetSpec))
        return _post(f"in-unit-of:{_whose(whose)}")

    def bt_p_same_unit(self, meta, ch):
        return _post("same-unit")

    def bt_p_in_units(self, meta, ch):
        return _post("in-unit")

    def bt_p_in_whose_home(self, meta, ch):
        return _post(f"at-home-of:{_whose(ch[0])}")

    def bt_p_in_enemy_home(self, meta, ch):
        return self.bt_p_in_whose_home(meta, [TargetSpec(ref="opponent", text="another player")])

    def bt_p_in_any_home(self, meta, ch):
        return _post("at-home-of:any")

    def bt_p_in_duel(self, meta, ch):
        return _post("in-duel")

    def bt_p_opposing(self, meta, ch):
        return _post(f"opposing:{_whose(ch[-1])}")

    def bt_p_any_battlefield(self, meta, ch):
        return _post("any-battlefield")

    def bt_p_at_whose_battlefield(self, meta, ch):
        return _post(f"at-battlefield-of:{_whose(ch[0])}")

    def bt_p_at_his_battlefield(self, meta, ch):
        return _post("at-battlefield-of:it")

    def bt_p_same_battlefield(self, meta, ch):
        return _post("same-battlefield")

    # whose: a named card, "your Monk", another player
    def bt_named(self, meta, ch):
        return TargetSpec(ref="this" if len(self._text(meta).split()) == 1 else "it", text=self._text(meta))

    def bt_your_named(self, meta, ch):
        return TargetSpec(ref="choice", owner="you", text=self._text(meta))

    def bt_another_player(self, meta, ch):
        return TargetSpec(ref="opponent", text=self._text(meta))

    # ----- Melee/Ranged Attacks and Fear: strength bonuses and riders of the attack before
    def _bt_attach(self, meta, ch):
        head = ch[0] if isinstance(ch[0], list) else [ch[0]]
        return head + [c for c in ch[1:] if c is not None]

    bt_with_bonus = _bt_attach

    def bt_cost_then_bonus(self, meta, ch):
        # "Bow him to make a Ranged 3 Attack with +2 strength": as the base's cost_then, the attack
        # followed by its bonuses
        cost = ch[0] if isinstance(ch[0], list) else [ch[0]]
        return [*cost, *self._bt_attach(meta, ch[1:])]
    bt_with_rider = _bt_attach

    def bt_rider_clause(self, meta, ch):
        return ch[0]

    def _bt_strength(self, meta, ch):
        # as the base's ", with +1 strength": a strength change of the attack before (no target)
        return self._eff(meta, "modify-stat", stat="strength", amount=int(str(ch[0])))

    def bt_bonus(self, meta, ch):
        return self._bt_strength(meta, ch)

    def bt_bonus_if(self, meta, ch):
        from .ability import _Guarded

        return _Guarded(self._bt_strength(meta, ch), ch[-1], self._text(meta))

    bt_bonus_unless = bt_bonus_while = bt_bonus_if

    def bt_bonus_each(self, meta, ch):
        return self.per_each(meta, [self._bt_strength(meta, ch), ch[-1]])

    def bt_may_target(self, meta, ch):
        return self._eff(meta, "attack-may-target", target=_kind_of(ch[0]))

    def bt_may_target_if(self, meta, ch):
        from .ability import _Guarded

        return _Guarded(self.bt_may_target(meta, ch), ch[-1], self._text(meta))

    def _bt_verbs(self, ch) -> list[str]:
        return [str(c).lower() for c in ch if getattr(c, "type", "") == "EVERB"]

    def bt_destroys_after(self, meta, ch):
        from .ability import Unparsed

        if self._bt_verbs(ch) != ["destroys", "bows"]:
            return Unparsed(self._text(meta), "an attack rider the grammar does not know", self._span(meta))
        t = next(c for c in ch if isinstance(c, TargetSpec))
        return self._eff(meta, "fear-destroys", target=_kind_of(t))

    def bt_destroys_after_if(self, meta, ch):
        from .ability import _Guarded

        cond = next(c for c in ch if isinstance(c, Condition))
        plain = self.bt_destroys_after(meta, [c for c in ch if c is not cond])
        return _Guarded(plain, cond, self._text(meta)) if isinstance(plain, Effect) else plain

    def bt_compare(self, meta, ch):
        from .ability import _Guarded, _Optional

        stat = next(c for c in ch if isinstance(c, str))
        if "printed" in self._text(meta).lower() or "base" in self._text(meta).lower().split():
            stat = "base-" + stat
        e = self._eff(meta, "attack-compare", stat=stat)
        cond = next((c for c in ch if isinstance(c, Condition)), None)
        if cond is not None:
            e = _Guarded(e, cond, self._text(meta))
        return _Optional(e) if " may " in f" {self._text(meta).lower()} " else e

    bt_compare_if = bt_compare

    def bt_rider_targets(self, meta, ch):
        # "Fear equal to his Force that targets the loser": whom the attack targets
        from .ability import Unparsed

        verbs, t = self._bt_verbs(ch), it_target(ch)
        did = [s for s in (t.states if t is not None else ()) if s.startswith("did:it ")]
        if verbs == ["bows"] and did == ["did:it targets"]:
            # "that bows any Undead card it targets": such a target is bowed whatever its Force
            return self._eff(meta, "attack-bows-any", target=_kind_of(_without(t, did)))
        if verbs == ["destroys"] and did == ["did:it bows"]:
            # "that destroys any cards it bows": as "that destroys Followers after it bows them"
            return self._eff(meta, "fear-destroys", target=_kind_of(_without(t, did)))
        if verbs != ["targets"]:
            return Unparsed(self._text(meta), "an attack rider the grammar does not know", self._span(meta))
        return self._eff(meta, "attack-target", target=t)

    # "... with strength equal to <amount>": the attack, then how its strength is read
    def _bt_attack_kind(self, meta) -> str:
        words = self._text(meta).lower().split()[:3]
        return "melee-attack" if "melee" in words else "ranged-attack" if "ranged" in words else "fear"

    def bt_attack_equal(self, meta, ch):
        parts = ch[-1] if isinstance(ch[-1], list) else [ch[-1]]
        return [self._eff(meta, self._bt_attack_kind(meta)), *parts]

    def bt_attack_equal_stat(self, meta, ch):
        whose, stat = ch[-1]
        return self._eff(meta, self._bt_attack_kind(meta), stat=stat, target=whose)

    def _bt_measured(self, meta, whose, stat):
        return self._eff(meta, "amount-equal-to", target=whose, stat=stat, amount=1)

    def _bt_pluses(self, pluses, whose):
        out = []
        for p in pluses:
            if isinstance(p, Effect) and p.stat and p.target is None:
                p = replace(p, target=whose)  # "his Force plus Chi": the same card's
            out.append(p)
        return out

    def bt_am_stat(self, meta, ch):
        whose, stat = ch[0]
        return [self._bt_measured(meta, whose, stat), *self._bt_pluses(ch[1:], whose)]

    def bt_am_count(self, meta, ch):
        counted = ch[0]
        return [self._bt_measured(meta, counted, "count"), *self._bt_pluses(ch[1:], None)]

    def bt_am_stat_of(self, meta, ch):
        stat, whose = ch[0], ch[1]
        m = __import__("re").match(r"the\s+(printed|base)\s", self._text(meta), __import__("re").I)
        if m:
            stat = f"{m.group(1).lower()}-{stat}"
        return [self._bt_measured(meta, whose, stat), *self._bt_pluses(ch[2:], whose)]

    def bt_am_n_plus_stat(self, meta, ch):
        from .ability import amount

        whose, stat = ch[1]
        return [self._bt_measured(meta, whose, stat), self._eff(meta, "amount-plus", amount=amount(ch[0]))]

    def bt_am_n_plus_count(self, meta, ch):
        from .ability import amount

        return [self._bt_measured(meta, ch[1], "count"), self._eff(meta, "amount-plus", amount=amount(ch[0])),
                *self._bt_pluses(ch[2:], None)]

    def bt_am_either(self, meta, ch):
        # "his Force or Chi": the player chooses which value (options as for "Give X +2F or -2F")
        from .ability import _Scoped

        whose, stat = ch[0]
        out = []
        for i, s in enumerate((stat, ch[1]), 1):
            e = replace(self._bt_measured(meta, whose, s), text=f"option {i}: {s}")
            out.append(_Scoped(e, "effect-choice", (f"option {i} of 2",), self._text(meta)))
        return out

    def bt_plus(self, meta, ch):
        from .ability import amount

        return self._eff(meta, "amount-plus", amount=amount(ch[0]))

    def bt_minus(self, meta, ch):
        from .ability import amount

        n = amount(ch[0])
        return self._eff(meta, "amount-plus", amount=-n if n is not None else None)

    def bt_plus_stat(self, meta, ch):
        return self._eff(meta, "amount-plus", stat=ch[0], amount=1)

    # attacks as nouns
    def bt_pn_melee(self, meta, ch):
        return "melee-attack"

    def bt_pn_ranged(self, meta, ch):
        return "ranged-attack"

    def bt_pn_fear(self, meta, ch):
        return "fear"

    def bt_pn_attacks(self, meta, ch):
        return "attack"

    def bt_pn_challenges(self, meta, ch):
        return "challenge"

    def bt_h_attacks(self, meta, ch):
        text = self._text(meta).lower()
        heads = (["fear"] if "fear" in text else []) + ["melee-attack", "ranged-attack"]
        return [_mod("head", h) for h in heads]

    def bt_h_duel(self, meta, ch):
        return _mod("head", "duel")

    def bt_np_one_of_poss(self, meta, ch):
        noun = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        return TargetSpec(ref="possessed", card_types=(noun,), states=("of-action",), text=self._text(meta))

    # ----- assignment: trigger events "<subject>-assigned[-to-attack|-to-defend|...]"
    def bt_dest_attack(self, meta, ch):
        return "-to-attack"

    def bt_dest_defend(self, meta, ch):
        return "-to-defend"

    def bt_dest_here(self, meta, ch):
        return "-to-this-battlefield"

    def bt_dest_battlefield(self, meta, ch):
        return "-to-battlefield"

    def _bt_assigned(self, subject, ch) -> str:
        from .ability import _event_name

        dest = next((c for c in ch if isinstance(c, str) and not hasattr(c, "type")), "")
        return _event_name(subject, "assigned") + dest

    def bt_ev_assigns(self, meta, ch):
        return self._bt_assigned(ch[0], ch[1:])

    def bt_ev_assigns_other(self, meta, ch):
        # "his controller assigns him": the assigned card is the object
        return self._bt_assigned(ch[1], ch[2:])

    def bt_ev_assigned(self, meta, ch):
        from .ability import Unparsed

        if str(ch[1]).lower() != "assigned":
            return Unparsed(self._text(meta), "not an assignment", self._span(meta))
        return self._bt_assigned(ch[0], ch[2:])

    def bt_ev_assigns_or_moves(self, meta, ch):
        from .ability import _event_name

        return _event_name(ch[0], "assigned-or-moved") + "-to-battlefield"

    def bt_c_not_assigned(self, meta, ch):
        dest = next((c for c in ch if isinstance(c, str) and not hasattr(c, "type") and c.startswith("-")), "")
        return Condition(kind="not-assigned", args=(ch[0].text, dest.lstrip("-")), text=self._text(meta))

    def bt_c_assigned(self, meta, ch):
        from .ability import Unparsed

        if str(ch[1]).lower() != "assigned":
            return Unparsed(self._text(meta), "not an assignment", self._span(meta))
        return Condition(kind="assigned", args=(ch[0].text, ch[-1].lstrip("-")), text=self._text(meta))

    def bt_may_assign_bowed(self, meta, ch):
        from .ability import Unparsed

        state = token(ch, "STATE", lower=True)
        if state != "bowed":
            return Unparsed(self._text(meta), "an assignment permission the grammar does not know", self._span(meta))
        return self._eff(meta, "may-assign-bowed", target=ch[0])

    def bt_cannot_assign(self, meta, ch):
        from .ability import Unparsed

        if str(ch[1]).lower() != "assigned":
            return Unparsed(self._text(meta), "not an assignment", self._span(meta))
        return self._eff(meta, "cannot-assign", target=ch[0])

    def bt_cannot_assign_plain(self, meta, ch):
        return self._eff(meta, "cannot-assign", target=ch[0])

    def bt_r_assigned(self, meta, ch):
        from .ability import Unparsed

        if str(ch[0]).lower() != "assigned":
            return Unparsed(self._text(meta), "not an assignment", self._span(meta))
        return _post("assigned" + ch[-1])

    def bt_r_assigned_active(self, meta, ch):
        return _post("assigned" + ch[-1])

    # ----- opposing, armies, duels (conditions)
    def bt_c_opposing(self, meta, ch):
        return Condition(kind="opposing", args=("this", ch[-1].text), text=self._text(meta))

    def bt_c_opposing_subj(self, meta, ch):
        return Condition(kind="opposing", args=(ch[0].text, ch[-1].text), text=self._text(meta))

    def bt_c_army_with(self, meta, ch):
        return Condition(kind="in-army-with", args=("this", ch[-1].text), text=self._text(meta))

    def bt_c_army_with_subj(self, meta, ch):
        return Condition(kind="in-army-with", args=(ch[0].text, ch[-1].text), text=self._text(meta))

    def bt_c_not_in_duel(self, meta, ch):
        return Condition(kind="not-in-duel", args=(ch[0].text,), text=self._text(meta))

    def bt_c_in_duel(self, meta, ch):
        return Condition(kind="in-duel", args=(ch[0].text,), text=self._text(meta))

    def bt_c_states(self, meta, ch):
        # "while attacking and opposed": both states of this card
        return Condition(kind="self-state", args=tuple(str(c).lower() for c in ch), text=self._text(meta))

    def bt_c_won_duel(self, meta, ch):
        return Condition(kind="won-duel", args=(ch[0].text,), text=self._text(meta))

    def bt_c_challenged(self, meta, ch):
        return Condition(kind="challenged", args=(ch[0].text, ch[-1].text), text=self._text(meta))

    # ----- duels
    def _bt_stat_kind(self, meta, stat: str) -> str:
        import re

        m = re.search(r"\b(printed|base)\s+" + stat.split("-")[0], self._text(meta), re.I)
        return f"{m.group(1).lower()}-{stat}" if m else stat

    def bt_duel_stat(self, meta, ch):
        # "X uses his printed Force as his duel stat": the value X compares in duels
        who = next(c for c in ch if isinstance(c, TargetSpec))
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        return self._eff(meta, "duel-stat", target=who, stat=self._bt_stat_kind(meta, stat))

    def bt_duel_stat_of(self, meta, ch):
        stat, who = ch[0], ch[1]
        return self._eff(meta, "duel-stat", target=who, stat=self._bt_stat_kind(meta, stat))

    def bt_duel_of(self, meta, ch):
        challenger, challenged, stat = ch[0], ch[1], ch[-1]
        return [
            self._eff(meta, "duel-challenger", target=challenger),
            self._eff(meta, "duel", target=challenged, stat=stat),
        ]

    def bt_challenge(self, meta, ch):
        # "Challenge a target enemy Personality": the challenger is the card using the ability
        return [self._eff(meta, "duel-challenger", target=TargetSpec(ref="this", text="")),
                self._eff(meta, "duel", target=ch[0])]

    def bt_duel_unrefusable(self, meta, ch):
        challenger, challenged = ch[0], ch[-1]
        return [
            self._eff(meta, "duel-challenger", target=challenger),
            self._eff(meta, "duel", target=challenged, keyword="unrefusable"),
        ]

    def bt_delay_duel_loss(self, meta, ch):
        return self._eff(meta, "delay-duel-loss", target=TargetSpec(ref="you", text=""))

    def bt_lose_duel(self, meta, ch):
        return self._eff(meta, "lose-duel", target=ch[0])

    def bt_q_both(self, meta, ch):
        return [_mod("q", ("each", 1)), _mod("q", ("n", 2)), _mod("q", ("each", 1))]

    # ----- movement: the destination is a kind of battlefield, kept in values (as the base's
    # "move-to-battle" to "an adjacent battlefield")
    def bt_other(self, meta, ch):
        return "other"

    def bt_unresolved(self, meta, ch):
        return "unresolved"

    def bt_where(self, meta, ch):
        state = token(ch, "STATE", lower=True)
        return f"where-{state}"

    def _bt_where_to(self, ch) -> tuple:
        return tuple(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))

    def bt_move_other(self, meta, ch):
        # "to a battlefield" (no other word): any battlefield the acting player chooses
        return self._eff(meta, "move-to-battle", target=it_target(ch), values=self._bt_where_to(ch) or ("any",))

    def bt_move_home_or_where(self, meta, ch):
        home = self._eff(meta, "move-home", target=it_target(ch))
        return self.choice_of(meta, [home, self.bt_move_other(meta, ch)])

    def bt_move_home_or_if(self, meta, ch):
        # "Move X home or, if he would be opposed, to the current battlefield": the player picks;
        # the second option only if the condition holds
        from .ability import _Guarded

        targets = [c for c in ch if isinstance(c, TargetSpec)]
        cond = next(c for c in ch if isinstance(c, Condition))
        home = self._eff(meta, "move-home", target=targets[0])
        there = self._eff(meta, "move-to-battle", target=targets[-1])
        return self.choice_of(meta, [home, _Guarded(there, cond, "if " + cond.text)])

    # ----- Province strength (and any stat) raised, lowered, increased, reduced by an amount
    def bt_s_strength(self, meta, ch):
        return "strength"

    def bt_by_count(self, meta, ch):
        from .ability import amount

        return amount(ch[0])

    def bt_by_stat(self, meta, ch):
        whose, stat = ch[0]
        return [self._bt_measured(meta, whose, stat)]

    def _bt_by(self, meta, target, stat, by, sign: int):
        if isinstance(by, int) or by is None:
            return [self._eff(meta, "modify-stat", target=target, stat=stat,
                              amount=sign * by if by is not None else None)]
        parts = by if isinstance(by, list) else [by]
        # the first part measures the amount: a reduction measures it negatively
        first = replace(parts[0], amount=(parts[0].amount or 1) * sign) if parts and parts[0].kind == "amount-equal-to" \
            else parts[0]
        return [self._eff(meta, "modify-stat", target=target, stat=stat), first, *parts[1:]]

    def bt_increase(self, meta, ch):
        whose, stat = ch[0]
        return self._bt_by(meta, whose, stat, ch[-1], 1)

    def bt_reduce(self, meta, ch):
        whose, stat = ch[0]
        return self._bt_by(meta, whose, stat, ch[-1], -1)

    def bt_raise_or_lower(self, meta, ch):
        from .ability import _Scoped

        whose, stat = ch[0]
        out = []
        for i, sign in enumerate((1, -1), 1):
            for e in self._bt_by(meta, whose, stat, ch[-1], sign):
                e = replace(e, text=f"option {i}: {'raise' if sign > 0 else 'lower'} {e.text}")
                out.append(_Scoped(e, "effect-choice", (f"option {i} of 2",), self._text(meta)))
        return out

    # ----- more noun phrases and scopes
    def bt_np_current_province(self, meta, ch):
        return TargetSpec(ref="it", card_types=("province",), states=("of-current-battlefield",), text=self._text(meta))

    def bt_h_and(self, meta, ch):
        mods = []
        for c in ch:
            if isinstance(c, list):
                mods += c
            elif hasattr(c, "kind"):
                mods.append(c)
        return mods

    def bt_p_with_followers(self, meta, ch):
        return _post("has-followers")

    def bt_dl_after_moves(self, meta, ch):
        return ("after", "card-moves", self._text(meta))

    def bt_in_this_duel(self, meta, ch):
        from .ability import _Scoped

        return _Scoped(ch[-1], "effect-during", ("duel",), self._text(meta))


    # ---------------------------------------------------------------- round 3
    def bt_cw_here(self, meta, ch):
        return _post("at-battlefield")

    def bt_create_battlefield(self, meta, ch):
        return self._eff(meta, "create", target=TargetSpec(ref="created", card_types=("battlefield",),
                                                           text=self._text(meta)))

    def bt_m_battle(self, meta, ch):
        return _mod("keyword", "Battle")

    def bt_dl_after_the_end(self, meta, ch):
        period = token(ch, "PERIOD", lower=True)
        return ("after-end-of", f"{period}-ends", self._text(meta))

    def bt_give_keyword_to(self, meta, ch):
        return self._keywords(meta, "grant-keyword", ch[1], ch[0])

    def bt_delayed_if(self, meta, ch):
        from .ability import _Guarded, _Scoped

        (timing, event, text), cond, eff = ch[0], ch[1], ch[2]
        return _Scoped(_Guarded(eff, cond, self._text(meta)), "effect-delayed", (timing, event), text)

    def bt_delayed_guarded(self, meta, ch):
        from .ability import _Guarded, _Scoped

        (timing, event, text), eff, cond = ch[0], ch[1], ch[2]
        return _Scoped(_Guarded(eff, cond, self._text(meta)), "effect-delayed", (timing, event), text)

    def bt_then_refilling(self, meta, ch):
        face = str(ch[-1]).lower().replace(" ", "-")
        first = ch[0] if isinstance(ch[0], list) else [ch[0]]
        target = next(c for c in ch[1:] if isinstance(c, TargetSpec))
        return first + [self._eff(meta, "refill", target=target, keyword=face)]

    # ---------------------------------------------------------------- round 4
    def _bt_until_battle(self, meta, ch, timing: str):
        from .ability import Unparsed, _Scoped

        period = token(ch, "PERIOD", lower=True)
        verb = token(ch, "EVERB", lower=True)
        if verb not in ("resolves", "ends"):
            return Unparsed(self._text(meta), "an end of a period the grammar does not know", self._span(meta))
        event = f"{period}-resolves" if period == "battle" else f"{period}-ends"
        return _Scoped(ch[0], "effect-trigger", (timing, event), self._text(meta))

    def bt_before_this_post(self, meta, ch):
        return self._bt_until_battle(meta, ch, "before")

    def bt_after_this_post(self, meta, ch):
        return self._bt_until_battle(meta, ch, "after")

    def bt_pd_yours(self, meta, ch):
        return "your-province"

    def bt_pd_that(self, meta, ch):
        return "that-province"

    def bt_put_in_province(self, meta, ch):
        face = next((str(c).lower().lstrip(", ").replace(" ", "-") for c in ch
                     if getattr(c, "type", "") in ("FACE", "BT_COMMA_FACE")), None)
        where = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        # the text must say which way up: no rule in RULES.md gives a default, so a card put into a
        # province without "face-up"/"face-down" is its own kind (structured, not carried out)
        kind = "put-in-province" if face else "put-in-province-unfaced"
        return self._eff(meta, kind, target=it_target(ch), keyword=face, values=(where,))

    def bt_there_cards(self, meta, ch):
        return TargetSpec(ref="each", card_types=("card",), zone="province",
                          states=("in-destination-province",), text=self._text(meta))

    def bt_then_discarding(self, meta, ch):
        first = ch[0] if isinstance(ch[0], list) else [ch[0]]
        last = first[-1]
        if isinstance(last, Effect) and last.kind.startswith("put-in-province"):
            # "put him into one of your Provinces, discarding any card currently there": one effect,
            # the cards already in the province it goes into are discarded as it is put there
            whole = self._eff(meta, last.kind, target=last.target, keyword=last.keyword,
                              values=(*last.values, "discarding-there"))
            return first[:-1] + [whole]
        return first + [self._eff(meta, "discard", target=ch[-1])]

    def bt_an_melee(self, meta, ch):
        return ("melee-attack",)

    def bt_an_ranged(self, meta, ch):
        return ("ranged-attack",)

    def bt_an_fear(self, meta, ch):
        return ("fear",)

    def bt_an_both(self, meta, ch):
        return ("melee-attack", "ranged-attack")

    def bt_negate_action_attacks(self, meta, ch):
        kinds = next(c for c in ch if isinstance(c, tuple))
        return self._eff(meta, "negate", target=TargetSpec(ref="possessed", card_types=kinds, states=("of-action",),
                                                           text=self._text(meta)[7:]))

    def bt_us_force(self, meta, ch):
        return "total-force"

    def bt_us_gc(self, meta, ch):
        return "total-gold-cost"

    def bt_ut_np(self, meta, ch):
        return (ch[0].text or ch[0].ref, None)

    def bt_p_from_here_province(self, meta, ch):
        return [_mod("zone", "province"), _post("in-province-of:the current battlefield")]

    def _bt_unit_cmp(self, ch, op):
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        whose, other = next(c for c in ch if isinstance(c, tuple))
        than = f"{whose}.{other}" if other and other != stat else whose
        return _post(f"unit-cmp:{stat}{op}{than}")

    def bt_p_unit_lt(self, meta, ch):
        return self._bt_unit_cmp(ch, "<")

    def bt_p_unit_gt(self, meta, ch):
        return self._bt_unit_cmp(ch, ">")

    def bt_p_unit_value(self, meta, ch):
        # a value of the card's unit, not of the card: a typed state (a StatTest would be read
        # as the card's own stat by the target check)
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        op, value = ch[-1]
        return _post(f"unit-value:{stat}{op}{value}")

    def bt_pw_here(self, meta, ch):
        return "at-battlefield"

    def bt_pw_home(self, meta, ch):
        return "at-home"

    def bt_pw_home_or_here(self, meta, ch):
        return "at-home-or-battlefield"

    def bt_bring_into_play_at(self, meta, ch):
        return self._eff(meta, "put-into-play", target=it_target(ch), values=(ch[-1],))

    def bt_triggered_after_if(self, meta, ch):
        from .ability import _Guarded, _Scoped

        event, cond, eff = ch[0], ch[1], ch[-1]
        return _Scoped(_Guarded(eff, cond, self._text(meta)), "effect-trigger", ("after", event), self._text(meta))

    def bt_triggered_after_if_optional(self, meta, ch):
        from .ability import _Guarded, _Scoped

        event, cond, eff = ch[0], ch[1], ch[-1]
        return _Scoped(_Guarded(self.optional(meta, [eff]), cond, self._text(meta)), "effect-trigger",
                       ("after", event), self._text(meta))

    def bt_p_in_this_province(self, meta, ch):
        return [_mod("zone", "province"), _post("in-province-of:this")]

    def bt_np_performer(self, meta, ch):
        return TargetSpec(ref="it", states=("performing",), text=self._text(meta))

    def bt_enter_duel(self, meta, ch):
        return self._eff(meta, "enter-duel", target=ch[0])

    def bt_transfer_from(self, meta, ch):
        moved, origin, dest = [c for c in ch if isinstance(c, TargetSpec)]
        return [self._eff(meta, "transfer", target=moved, values=(f"from:{origin.text}",)),
                self._eff(meta, "attach-to", target=dest)]

    def bt_move_both_home(self, meta, ch):
        a, b = [c for c in ch if isinstance(c, TargetSpec)]
        return [self._eff(meta, "move-home", target=a), self._eff(meta, "move-home", target=b)]

    def bt_move_both_adjacent(self, meta, ch):
        a, b = [c for c in ch if isinstance(c, TargetSpec)]
        where = ("adjacent", "same") + (("unresolved",) if "unresolved" in ch else ())
        return [self._eff(meta, "move-to-battle", target=a, values=where),
                self._eff(meta, "move-to-battle", target=b, values=where)]

    def bt_pay_gold_equal(self, meta, ch):
        parts = ch[-1] if isinstance(ch[-1], list) else [ch[-1]]
        return [self._eff(meta, "pay-gold", target=TargetSpec(ref="you", text="")), *parts]

    def bt_s_total_gc(self, meta, ch):
        return "total-gold-cost"

    def bt_sup_highest(self, meta, ch):
        return "highest"

    def bt_sup_lowest(self, meta, ch):
        return "lowest"

    def bt_p_superlative(self, meta, ch):
        return _post(f"{ch[0]}:{ch[1]}")

    def bt_ar_superlative_among(self, meta, ch):
        from .ability import _AmountRef  # the amount holder of the base grammar (defined after this mixin's import)

        group = ch[-1]
        return _AmountRef(ch[1], replace(group, states=group.states + (f"{ch[0]}:{ch[1]}",)), 1)

    def bt_p_from_here(self, meta, ch):
        return _post("at-battlefield")

    def bt_move_home_from(self, meta, ch):
        return self._eff(meta, "move-home", target=replace(ch[0], states=ch[0].states + ("at-battlefield",)))

    def bt_refill_with(self, meta, ch):
        face = next((str(c).lower().replace(" ", "-") for c in ch if getattr(c, "type", "") == "FACE"), None)
        province, card = [c for c in ch if isinstance(c, TargetSpec)]
        return [self._eff(meta, "refill", target=province, keyword=face),
                self._eff(meta, "put-into-play", target=card)]

    def bt_stat_maximum(self, meta, ch):
        stats = [c for c in ch if isinstance(c, str) and not hasattr(c, "type")]
        base = "printed" if "printed" in self._text(meta).lower() else "base"
        return self._eff(meta, "stat-maximum", target=ch[0], stat=stats[0], values=(f"{base}-{stats[-1]}"
                                                                                     if len(stats) > 1 else base,))

    def bt_p_during(self, meta, ch):
        return _post("during:this-battle")

    def bt_c_at_whose_battlefield(self, meta, ch):
        return Condition(kind="at-battlefield-of", args=("this", _whose(ch[0])), text=self._text(meta))

    def bt_p_in_her_army(self, meta, ch):
        return _post("in-army")

    def bt_p_it_moved(self, meta, ch):
        return _post("did:it moved")

    def bt_p_it_did(self, meta, ch):
        verb = token(ch, "EVERB", lower=True)
        return _post(f"did:it {verb}")

    def bt_m_rightmost(self, meta, ch):
        return _mod("state", "rightmost")

    def bt_m_leftmost(self, meta, ch):
        return _mod("state", "leftmost")

    def bt_np_controller_of(self, meta, ch):
        inner = ch[-1]
        return TargetSpec(ref="possessed", card_types=("controller",), states=(f"of-{inner.ref}", *inner.states),
                          text=self._text(meta))

    def bt_p_other_battlefield(self, meta, ch):
        return _post("other-battlefield")

    def bt_p_not_here(self, meta, ch):
        return _post("not-at-battlefield")

    def bt_p_in_side_unit(self, meta, ch):
        return _post(f"in-unit:{ch[-1]}")

    def bt_p_in_keyword_unit(self, meta, ch):
        kw = token(ch, "CAPWORD")
        return _post(f"in-unit-with:{kw}")

    def bt_move_other_location(self, meta, ch):
        return self._eff(meta, "move-to-location", target=it_target(ch), values=("other",))

    def bt_move_to_location_of(self, meta, ch):
        moved, where = [c for c in ch if isinstance(c, TargetSpec)]
        # "to The Shakash's location": another card's location (a kind of its own: the engine
        # carries out only "to another location")
        return self._eff(meta, "move-to-location-of", target=moved, values=(_whose(where),))

    def bt_otherwise(self, meta, ch):
        return self.otherwise(meta, [ch[-1]])

    def bt_after_duel_post(self, meta, ch):
        from .ability import Unparsed, _Scoped

        verb = token(ch, "EVERB", lower=True)
        if verb not in ("ends", "resolves"):
            return Unparsed(self._text(meta), "an end of a duel the grammar does not know", self._span(meta))
        return _Scoped(ch[0], "effect-trigger", ("after", "duel-ends"), self._text(meta))

    def bt_after_duel_pre(self, meta, ch):
        return self.bt_after_duel_post(meta, [ch[-1], *ch[:-1]])

    def bt_after_resolution_post(self, meta, ch):
        from .ability import Unparsed, _Scoped

        if str(ch[1]).lower() != "battle":
            return Unparsed(self._text(meta), "a resolution of what the grammar does not know", self._span(meta))
        return _Scoped(ch[0], "effect-trigger", ("after", "battle-resolves"), self._text(meta))

    def bt_negate_the_action(self, meta, ch):
        return self._eff(meta, "negate", target=TargetSpec(ref="it", card_types=("action",), text="the action"))

    def bt_per_each_capped(self, meta, ch):
        from .ability import amount

        effect, counted = ch[0], next(c for c in ch[1:] if isinstance(c, TargetSpec))
        cap = amount(next(c for c in ch[1:] if not isinstance(c, (TargetSpec, list)) and not hasattr(c, "kind")
                          and not hasattr(c, "type")))
        return self.per_each(meta, [effect, counted]) + [self._eff(meta, "amount-at-most", amount=cap)]

    def bt_c_would_be_there(self, meta, ch):
        state = token(ch, "STATE", lower=True)
        return Condition(kind="would-be-there", args=(ch[0].text, state), text=self._text(meta))

    def bt_give_alt_strength(self, meta, ch):
        from .ability import Span, _Alt, _AltAmount

        target, cond = ch[0], ch[-1]
        first_n, alt_n = [int(str(c)) for c in ch if getattr(c, "type", "") == "SIGNED"]
        first = self._eff(meta, "modify-stat", target=target, stat="strength", amount=first_n)
        text = self._text(meta)
        cut = text.lower().rfind(", or ") + 2
        span = self._span(meta)
        return [first, _Alt(_AltAmount(alt_n), cond, text[cut:], Span(1, span.column + cut, span.end_column))]

    def bt_either(self, meta, ch):
        return self.choice_of(meta, [c for c in ch if getattr(c, "type", "") != "BT_EITHER"])

    def bt_in_turn_order(self, meta, ch):
        from .ability import _Scoped

        return _Scoped(ch[-1], "effect-in-turn-order", (), self._text(meta))

    def bt_subj_picks_moves_home(self, meta, ch):
        from .ability import Unparsed

        if self._bt_verbs(ch) != ["targets", "moves"]:
            return Unparsed(self._text(meta), "a player does something else", self._span(meta))
        who, spec = ch[0], next(c for c in ch[1:] if isinstance(c, TargetSpec))
        picked = replace(spec, ref="target", states=spec.states + (f"chosen-by:{who.text}",))
        return [self._eff(meta, "target", target=picked),
                self._eff(meta, "move-home", target=TargetSpec(ref="it", text=spec.text))]

    def bt_np_created(self, meta, ch):
        return TargetSpec(ref="created", text=self._text(meta))


    def bt_q_one_to_of_your(self, meta, ch):
        from .ability import amount

        # as the cards topic's "one to three": up to N, at least one (a state the check must read)
        return [_mod("q", ("up-to", amount(ch[0]) or 1)), _post("at-least:1"), _mod("owner", "you")]

    def bt_np_challenger(self, meta, ch):
        return TargetSpec(ref="it", states=("challenger",), text=self._text(meta))

    def bt_lose_duel_against(self, meta, ch):
        loser, other = [c for c in ch if isinstance(c, TargetSpec)]
        return self._eff(meta, "lose-duel", target=loser, values=(f"against:{_whose(other)}",))

    def bt_p_same_location_as(self, meta, ch):
        return _post(f"same-location-as:{_whose(ch[-1])}")

    # ---------------------------------------------------------------- round 5
    def bt_ability_timing(self, meta, ch):
        # "This Strategy's ability is Battle/Engage": keyword the designator pair
        from .ability import Unparsed

        second = [str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"][-1]
        if second not in ("Open", "Engage", "Limited"):
            return Unparsed(self._text(meta), "a timing the grammar does not know", self._span(meta))
        card = ch[0]
        if not isinstance(card, TargetSpec) or card.ref != "this":
            return Unparsed(self._text(meta), "only this card's ability", self._span(meta))
        return self._eff(meta, "ability-timing", target=card, keyword=f"Battle/{second}")

    def _bt_action_does_or(self, meta, ch, by: str):
        from .ability_events import _battle_before_action, _kind_of, _name, _past, _subject, _target, _toks

        verbs = _toks(ch, "EVERB")
        if "targets" in verbs:
            from .ability import Unparsed

            return Unparsed(self._text(meta), "targeting is no doing of the action", self._span(meta))
        t = _subject(_target(ch))
        kind = _kind_of(ch) or _battle_before_action(self._text(meta))
        return _name("action-resolves", by=by, kind=kind, did="+".join(f"{t}-{_past(v)}" for v in verbs))

    def bt_ev_your_action_does_or(self, meta, ch):
        return self._bt_action_does_or(meta, ch, "you")

    def bt_ev_theirs_action_does_or(self, meta, ch):
        return self._bt_action_does_or(meta, ch, "opponent")

    # ----- more forms
    def bt_move_here_or_home(self, meta, ch):
        # two options, as "A or B" clauses (as the base's "home or to an adjacent battlefield")
        t = it_target(ch)
        return self.choice_of(meta, [self._eff(meta, "move-to-battle", target=t),
                                     self._eff(meta, "move-home", target=t)])

    def bt_move_both_there(self, meta, ch):
        return self._eff(meta, "move-to-battle", target=TargetSpec(ref="it", text=self._text(meta).split()[1]))

    def bt_move_home_two(self, meta, ch):
        first, second = [c for c in ch if isinstance(c, TargetSpec)]
        return [self._eff(meta, "move-home", target=first), self._eff(meta, "move-home", target=second)]

    def bt_fear_action_destroys(self, meta, ch):
        # "The Fear action destroys any cards it bows": a rider of the action's Fear
        return self.bt_rider_targets(meta, ch)

    # "Equipping Weapons is a Battle/Open action for you": the Equip action at other timings
    def bt_timing(self, meta, ch):
        # "Battle/Open": every timing named (the rule spans just these words)
        return tuple(w.strip().capitalize() for w in self._text(meta).split("/"))

    def _bt_equip(self, meta, ch):
        from .ability import _Scoped

        timing = next(c for c in ch if isinstance(c, tuple))
        cards = [c for c in ch if isinstance(c, TargetSpec)]
        if cards and cards[0].ref == "this" and re.fullmatch(r"[A-Z][a-z]+s", cards[0].text):
            # "Equipping Weapons": a plural keyword names a kind of card, not this card by name
            cards[0] = replace(cards[0], ref="each", keywords=(cards[0].text[:-1],))
        what = [self._eff(meta, "attach", target=_kind_of(cards[0]) if cards else None)]
        if len(cards) > 1:
            what.append(self._eff(meta, "attach-to", target=cards[1]))
        return _Scoped(what, "effect-as-action", timing, self._text(meta))

    bt_equipping_is = _bt_equip

    def bt_as_actions(self, meta, ch):
        from .ability import _Scoped

        timing = ("Battle", *(str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"))
        return _Scoped(ch[0], "effect-as-action", timing, self._text(meta))

    def bt_as_action_to(self, meta, ch):
        # "Equip this Spell as a Battle action to your Earth Shugenja": to whom it is equipped
        from .ability import Unparsed

        if not (isinstance(ch[0], Effect) and ch[0].kind == "attach"):
            return Unparsed(self._text(meta), "only an Equip names its Personality after 'as an action'",
                            self._span(meta))
        timing = tuple(str(c) for c in ch if getattr(c, "type", "") == "CAPWORD") or ("Battle",)
        return self._bt_equip(meta, [ch[0].target, ch[-1], timing])

    def bt_equip_as_action(self, meta, ch):
        from .ability import _Limit, _Optional

        # "You may Equip as a Battle/Open action once per turn": the Equip action itself, limited
        period = token(ch, "PERIOD", None, lower=True)
        equip = _Optional(self._bt_equip(meta, ch))
        return [equip, _Limit("once per " + period)] if period else equip

    # "his movement to the current battlefield": a movement named by where it goes
    def bt_md_here(self, meta, ch):
        return _post("movement-to:here")

    def bt_md_here_both(self, meta, ch):
        return _post("movement-to-or-from:here")

    def bt_md_any_both(self, meta, ch):
        return _post("movement-to-or-from:battlefield")

    def bt_md_into_army(self, meta, ch):
        side = str(ch[-1]).lower()
        return _post(f"movement-into:army-{'enemy' if side == 'opposing' else side}")

    def bt_from_action(self, meta, ch):
        return _post("from-action")

    def _bt_movement(self, meta, owner_ref: str, owner_states: tuple, mods: list) -> TargetSpec:
        return self._possessed(meta, owner_ref, owner_states, "movement", mods)

    def bt_np_movement_his(self, meta, ch):
        return self._bt_movement(meta, "it", (), [c for c in ch if not isinstance(c, TargetSpec)])

    def bt_np_movement_of(self, meta, ch):
        owner = ch[0]
        return self._bt_movement(meta, owner.ref, owner.states, [c for c in ch[1:] if not hasattr(c, "type")])

    def bt_np_movement_all(self, meta, ch):
        if ch[0] != "movement":  # "all bowing to and from battlefields" is no event
            from .ability import Unparsed

            return Unparsed(self._text(meta), "only a movement goes to and from battlefields", self._span(meta))
        t = self._possessed(meta, "any", (), "movement", [_post("movement-to-or-from:battlefield")])
        return replace(t, ref="each")

    def bt_np_movement_the(self, meta, ch):
        owner = ch[-1]
        return self._bt_movement(meta, owner.ref, owner.states, list(ch[:-1]))

    # "You have the first opportunity ... to take a Battle action or pass": who acts first
    def bt_fw_battle(self, meta, ch):
        return ("battle-action",)

    def bt_first_opportunity(self, meta, ch):
        what = next(c for c in ch if isinstance(c, tuple))
        e = self._eff(meta, "first-opportunity", target=ch[0], values=what)
        m = re.search(r"\bin this (battle|turn|phase|duel)\b", self._text(meta), re.I)
        return replace(e, duration=m.group(1).lower()) if m else e

    # "the rulebook Favor Political Battle action": an action of the rules, named
    @staticmethod
    def _bt_rulebook_name(ch) -> str:
        return " ".join(str(c) for c in ch if isinstance(c, str) and getattr(c, "type", "CAPWORD") == "CAPWORD")

    def bt_rb_word(self, meta, ch):
        return str(ch[0]) if ch else self._text(meta).strip().capitalize()

    def bt_np_rulebook(self, meta, ch):
        noun = self._text(meta).split()[-1].lower()
        return TargetSpec(ref="rulebook", card_types=(noun,), states=(f"rulebook:{self._bt_rulebook_name(ch)}",),
                          text=self._text(meta))

    def bt_rulebook_may_target(self, meta, ch):
        # the rulebook action may target these cards (another target than the rules give it)
        return self._eff(meta, "rulebook-may-target", target=_kind_of(it_target(ch)),
                         values=(self._bt_rulebook_name(ch),))

    def bt_take_rulebook(self, meta, ch):
        e = self._eff(meta, "rulebook-action", values=(self._bt_rulebook_name(ch),))
        cond = next((c for c in ch if isinstance(c, Condition)), None)
        if cond is None:
            return e
        # "... even if they control no units at the current battlefield": what the permission overrides
        return [e, Condition(kind="even-if", args=(cond.kind, *cond.args), text=cond.text)]

    # "X challenges Y, who may move home to refuse": the duel, then Y's optional refusal at a cost
    def bt_rc_move_home(self, meta, ch):
        return [("move-home", None)]

    def bt_rc_verb_and_move_home(self, meta, ch):
        return [(str(ch[0]).lower(), None), ("move-home", None)]

    def bt_duel_refusable_cost(self, meta, ch):
        from .ability import _Optional

        challenger, challenged = [c for c in ch if isinstance(c, TargetSpec)]
        steps = next(c for c in ch if isinstance(c, list))
        him = TargetSpec(ref="it", text=challenged.text)
        paid = [self._eff(meta, kind, target=him) for kind, _ in steps]
        refusal = _Optional([*paid, self._eff(meta, "refuse-duel", target=challenged)], chooser=challenged)
        return self.duel(meta, [challenger, challenged]) + [refusal]

    def bt_duel_refusable(self, meta, ch):
        return self.duel_refusable(meta, [c for c in ch if isinstance(c, TargetSpec)])

    # "Assign your Personality to attack there": assigned (not moved, L5R-ATTACK) to the battlefield
    def bt_role_attack(self, meta, ch):
        return "attack"

    def bt_role_defend(self, meta, ch):
        return "defend"

    def _bt_assign(self, meta, who, role, bowed: bool):
        return self._eff(meta, "assign", target=who, values=(role, "there", *(("even-if-bowed",) if bowed else ())))

    def bt_assign_there(self, meta, ch):
        bowed = any(getattr(c, "type", "") == "BT_EVEN_IF_BOWED" for c in ch)
        return self._bt_assign(meta, it_target(ch), next(c for c in ch if c in ("attack", "defend")), bowed)

    def bt_assign_there_two(self, meta, ch):
        who = [c for c in ch if isinstance(c, TargetSpec)]
        roles = [c for c in ch if isinstance(c, str) and c in ("attack", "defend") and not hasattr(c, "type")]
        return [self._bt_assign(meta, w, r, False) for w, r in zip(who, roles)]

    def bt_fight_there(self, meta, ch):
        return self._eff(meta, "fight-battle", values=("there",))

    def bt_fight_there_in_which(self, meta, ch):
        # "..., in which you have the first opportunity ...": an effect for that battle
        inner = ch[-1]
        if isinstance(inner, Effect):
            inner = replace(inner, duration="battle")
        return [self.bt_fight_there(meta, ch), inner]

    # ----- "..., +1 if he is Earth": the amount before adjusted (as "plus 1")
    def bt_signed_plus(self, meta, ch):
        return self._eff(meta, "amount-plus", amount=int(str(ch[0])))

    def bt_plus_count(self, meta, ch):
        # "plus the number of Spells he has": the count of the cards fitting the noun phrase
        return self._eff(meta, "amount-plus", stat="count", target=ch[-1], amount=1)

    # ----- amounts: what was paid, twice a value, what the effect before did
    def bt_am_paid(self, meta, ch):
        # "the Gold paid" (as the cards topic's "the amount of Gold you paid for ..."): read at
        # resolution from what the player paid for this action
        paid = TargetSpec(ref="you", text="the amount paid")
        return [self._eff(meta, "amount-equal-to", target=paid, stat="gold-paid", amount=1),
                *(c for c in ch if isinstance(c, Effect))]

    def bt_am_twice(self, meta, ch):
        parts = ch[-1] if isinstance(ch[-1], list) else [ch[-1]]
        first = parts[0]
        if isinstance(first, Effect) and first.kind == "amount-equal-to":
            parts = [replace(first, amount=(first.amount or 1) * 2), *parts[1:]]
        return parts

    def bt_am_count_done(self, meta, ch):
        # "the number of tokens destroyed": the cards (tokens) the effect before destroyed
        verb = token(ch, "PASTP", lower=True)
        counted = ch[0]
        counted = replace(counted, states=counted.states + (f"did:this {verb}",))
        return [self._bt_measured(meta, counted, "count")]

    def bt_am_count_this_did(self, meta, ch):
        # "the number this bowed": the cards the effect before bowed
        verb = token(ch, "PASTP", lower=True)
        return [self._bt_measured(meta, TargetSpec(ref="each", card_types=("card",), states=(f"did:this {verb}",),
                                                   text=self._text(meta)), "count")]


    # ----- post-modifiers: an exact value, what the cards attack
    def bt_p_test_eq(self, meta, ch):
        from .ability import StatTest

        return _mod("test", StatTest(stat=ch[-1], op="=", value=int(str(ch[0]))))

    def bt_p_attacking(self, meta, ch):
        return _post(f"attacking:{_whose(ch[-1])}")

    def bt_after_the_duel(self, meta, ch):
        from .ability import _Scoped

        effect = ch[0] if len(ch) == 1 else self._bt_attach(meta, ch)
        return _Scoped(effect, "effect-trigger", ("after", "duel-ends"), self._text(meta))

    def bt_rider_targeting(self, meta, ch):
        return self._eff(meta, "attack-target", target=it_target(ch))

    def _bt_c_battle_result(self, meta, ch, result: str):
        return Condition(kind=f"{result}-battle", args=(_whose(ch[0]),), text=self._text(meta))

    def bt_c_won_battle(self, meta, ch):
        return self._bt_c_battle_result(meta, ch, "won")

    def bt_c_lost_battle(self, meta, ch):
        return self._bt_c_battle_result(meta, ch, "lost")

    def bt_pn_battle_abilities(self, meta, ch):
        return "battle-abilities"

    def bt_extra_battle_action(self, meta, ch):
        # as the player topic's additional actions: keyword "Battle:<what it uses>", target the card
        n = 2 if self._text(meta).lower().split()[1] == "two" else 1
        return self._eff(meta, "additional-action", keyword="Battle:from", amount=n, target=it_target(ch))

    def bt_act_from(self, meta, ch):
        return it_target(ch)

    def bt_ev_refuses_yours(self, meta, ch):
        from .ability_events import _name

        return _name("your-challenge-refused", by=_whose(ch[0]))

    def bt_p_in_other_province(self, meta, ch):
        # "all cards in other Provinces": the provinces other than this card's
        return [_mod("zone", "province"), _post("in-other-province")]

    def bt_his_controller(self, meta, ch):
        return TargetSpec(ref="it", text=self._text(meta))

    def bt_c_assigned_there(self, meta, ch):
        from .ability import Unparsed

        if str(ch[1]).lower() != "assigned":
            return Unparsed(self._text(meta), "not an assignment", self._span(meta))
        return Condition(kind="assigned", args=(_whose(ch[0]), "there"), text=self._text(meta))

    def bt_p_battle_resolution(self, meta, ch):
        word = self._text(meta).split()[0].lower()
        return _post(f"{'from' if word == 'from' else 'during'}:battle-resolution")

    def bt_move_into_army(self, meta, ch):
        state = token(ch, "STATE", lower=True)
        return self._eff(meta, "move-into-army", target=it_target(ch), keyword=f"your-{state}")

    def bt_move_to_oppose(self, meta, ch):
        moved, opposed = [c for c in ch if isinstance(c, TargetSpec)][:2]
        return self._eff(meta, "move-to-oppose", target=moved, values=(_whose(opposed),))

    # ----- looking, playing
    def bt_look_at(self, meta, ch):
        return self._eff(meta, "look-at", target=it_target(ch))

    def bt_play_for(self, meta, ch):
        kind = next((str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"), "Battle")
        return kind

    def bt_extra_action_play(self, meta, ch):
        # keyword "play" (the action plays the card named), "play:Battle" when it is played for
        # one of its Battle abilities (the player topic's "<kind>:<use>" scope words, reversed)
        target = it_target(ch)
        kind = next((c for c in ch if isinstance(c, str) and not hasattr(c, "type")), None)
        return self._eff(meta, "additional-action", keyword=f"play:{kind}" if kind else "play", amount=1,
                         target=target)

    def bt_one_player(self, meta, ch):
        return TargetSpec(ref="choice", card_types=("player",), text="one player")

    # ----- attachments, attacks named in conditions
    def bt_p_with_attached(self, meta, ch):
        # "has-attached:<the attachments named>" ("one or more Fortifications")
        words = self._text(meta).split()
        return _post(f"has-attached:{' '.join(words[1:-1])}")

    def bt_c_attack_targets(self, meta, ch):
        words = str(ch[0]).lower().split()[1:]
        attack = "fear" if words == ["fear"] else f"{words[0]}-attack"
        return Condition(kind="attack-targets", args=(attack, it_target(ch).text), text=self._text(meta))

    def bt_c_did_not_attack(self, meta, ch):
        who = [c for c in ch if isinstance(c, TargetSpec)]
        return Condition(kind="did-not-attack", args=tuple(t.text for t in who), text=self._text(meta))

    def bt_triggered_after_optional_pick(self, meta, ch):
        return self.triggered_after_optional(meta, [ch[0], self.pick_then(meta, [ch[-1]])])

    def bt_delayed_optional_pick(self, meta, ch):
        return self.delayed(meta, [ch[0], self.optional(meta, [self.pick_then(meta, [ch[-1]])])])

    def bt_r_moved_or_entered(self, meta, ch):
        return _post("did:moved-or-entered-play")

    def bt_extra_action_printed(self, meta, ch):
        return self._eff(meta, "additional-action", keyword="printed-on", amount=1, target=it_target(ch))

    def bt_p_it_moved_into(self, meta, ch):
        return _post(f"did:it moved into army-of:{_whose(ch[0])}")

    def bt_dd_appropriate(self, meta, ch):
        # each card goes to its owner's deck of its own kind, as the base's "of its owner's deck"
        return ("owner", "deck")

    def bt_p_in_target_unit(self, meta, ch):
        return _post(f"in-unit-of:{self._text(meta)[3:-len(' unit')].rstrip()}".replace("'s", "").replace("’s", ""))

    def bt_ev_action_resolution(self, meta, ch):
        return "!action-resolves"

    def bt_cost_then_give_alt(self, meta, ch):
        # the cost, then the base's "give X +2F, or +3F if C" (its alternative keeps its own span)
        cost, target, mods, alt, cond = ch
        return [cost, self.give_alt(meta, [target, mods, alt, cond])]

    def bt_increase_strength_of(self, meta, ch):
        return self.bt_increase(meta, [(it_target(ch), "strength"), ch[-1]])

    # ----- moved, refilled, transferred cards
    def bt_refill_province_with(self, meta, ch):
        # "your target discarded Personality": the card the ability targeted (as bt_refill_with)
        from .ability import _Mod

        province = ch[0]
        text = self._text(meta)
        mods = [_Mod("target", None), _Mod("owner", "you"), *(c for c in ch[1:] if not hasattr(c, "type"))]
        card = replace(self.np_desc(meta, mods), text=text[text.lower().index(" with your target ") + 6:])
        return self.bt_refill_with(meta, [province, card])

    def bt_r_moved_home(self, meta, ch):
        return _post("did:moved-home" + (":from-here" if "current battlefield" in self._text(meta) else ""))

    def bt_transfer_adjacent(self, meta, ch):
        dest = TargetSpec(ref="choice", card_types=("province",), states=("adjacent",),
                          text=" ".join(self._text(meta).split()[-3:]))
        return self._eff(meta, "transfer", target=it_target(ch), values=(dest.text,))

    def bt_p_in_unit_led_by(self, meta, ch):
        return _post(f"in-unit-of:{it_target(ch).text}")

    def bt_bw_penalties(self, meta, ch):
        return "penalties"

    def bt_bw_bonuses(self, meta, ch):
        return "bonuses"

    def bt_negate_action_force(self, meta, ch):
        which = next(c for c in ch if c in ("penalties", "bonuses"))
        return self._eff(meta, "negate-stat-changes", target=it_target(ch), stat="force",
                         values=(f"action-{which}",))

    def bt_p_you_have_done(self, meta, ch):
        verb = token(ch, "PASTP", lower=True)
        period = next((c for c in ch if isinstance(c, str) and c.startswith("this-")), None)
        return [_post(f"did-by-you:{verb}")] + ([_post(f"during:{period}")] if period else [])

    def bt_r_have_been(self, meta, ch):
        verb = token(ch, "PASTP", lower=True)
        period = next((c for c in ch if isinstance(c, str) and c.startswith("this-")), None)
        return [_post(f"was:{verb}")] + ([_post(f"during:{period}")] if period else [])

    def bt_this_period(self, meta, ch):
        return f"this-{str(ch[-1]).split()[-1].lower()}"

    def bt_even_if(self, meta, ch):
        return f"even-if-{token(ch, 'STATE', lower=True)}"

    def bt_may_perform_rulebook(self, meta, ch):
        overrides = tuple(c for c in ch if isinstance(c, str) and c.startswith("even-if-"))
        # (as bt_take_rulebook: the rulebook action's name first, then what it may be taken despite)
        return self._eff(meta, "rulebook-action", target=ch[0], values=("Equip Battle", *overrides))

    def bt_rulebook_timing(self, meta, ch):
        from .ability import Unparsed

        owner, holder = [c for c in ch if isinstance(c, TargetSpec)]
        second = [str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"][-1]
        if owner.text != holder.text or second not in ("Open", "Engage", "Limited"):
            return Unparsed(self._text(meta), "a rulebook ability of another card", self._span(meta))
        name = " ".join(str(c) for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        return self._eff(meta, "ability-timing", target=owner, keyword=f"Battle/{second}", values=(f"rulebook {name}",))

    def bt_delayed_optional_cost_then(self, meta, ch):
        return self.delayed(meta, [ch[0], self.optional_cost_then(meta, [ch[1], ch[2]])])

    def bt_dl_as_move(self, meta, ch):
        return ("as", "card-moves", self._text(meta))

    # ----- more card descriptions and strength changes
    def bt_c_you_equipped(self, meta, ch):
        period = next((c for c in ch if isinstance(c, str) and c.startswith("this-")), None)
        return Condition(kind="did", args=("you", "equipped", it_target(ch).text, *((period,) if period else ())),
                         text=self._text(meta))

    def bt_p_with_attack_ability(self, meta, ch):
        return _post("has-ability:Melee Attack|Ranged Attack")

    def bt_p_no_other_followers(self, meta, ch):
        return _post(f"no-followers-but:{token(ch, 'CAPWORD')}")

    def bt_raise_or_lower_of(self, meta, ch):
        return self.bt_raise_or_lower(meta, [(it_target(ch), "strength"), ch[-1]])

    def bt_reduce_to_of(self, meta, ch):
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        return self._eff(meta, "reduce-stat-to", target=it_target(ch), stat=stat, amount=int(str(ch[0])))

    def bt_at_this_battlefield(self, meta, ch):
        # every card the clause names is one at this battlefield
        out = []
        for e in ch[-1] if isinstance(ch[-1], list) else [ch[-1]]:
            if isinstance(e, Effect) and e.target is not None and e.target.ref in ("each", "choice"):
                e = replace(e, target=replace(e.target, states=(*e.target.states, "at-battlefield")))
            out.append(e)
        return out

    def bt_p_with_spells(self, meta, ch):
        return _post("has:Spells")

    def bt_p_during_battles_here(self, meta, ch):
        return _post("during-battle-at:this province")

    def bt_h_melee_and_fear(self, meta, ch):
        from .ability import _Mod

        return [_Mod("head", "melee-attack"), _Mod("head", "fear")]

    def bt_c_was_ever(self, meta, ch):
        period = next((c for c in ch if isinstance(c, str) and c.startswith("this-")), None)
        return Condition(kind="was-ever", args=(ch[0].text, token(ch, "STATE", lower=True),
                                               *((period,) if period else ())), text=self._text(meta))

    def bt_dl_after_it_in_resolution(self, meta, ch):
        verb = token(ch, "PASTP", lower=True)
        return ("after", f"card-{verb}-during-battle", self._text(meta))

    def bt_alt_n_cards(self, meta, ch):
        # "Draw a card, or two cards if C": the draw before with the other count (the base's "X, or Y if C")
        from .ability import _Alt, _AltAmount

        word = str(ch[0]).split()[1].lower()
        n = {"two": 2, "three": 3, "four": 4}.get(word) or int(word)
        return _Alt(_AltAmount(n), ch[1], self._text(meta), self._span(meta))

    # ----- riders, refills, reach of a clause
    def bt_p_in_battle_or_duel(self, meta, ch):
        return _post("in-battle-or-duel")

    def bt_may_target_if_pre(self, meta, ch):
        from .ability import _Guarded

        cond = next(c for c in ch if isinstance(c, Condition))
        return _Guarded(self.bt_may_target(meta, [it_target(ch)]), cond, self._text(meta))

    def bt_p_in_owner_unit(self, meta, ch):
        return _post(f"in-unit-of:{it_target(ch).text}")

    def bt_even_if_clause(self, meta, ch):
        c = ch[-1]
        return [ch[0], Condition(kind="even-if", args=(c.kind, *c.args), text=c.text)]

    def bt_c_at_adjacent(self, meta, ch):
        return Condition(kind="at-adjacent-battlefield", args=(ch[0].text,), text=self._text(meta))

    def bt_p_and_adjacent(self, meta, ch):
        return _post("or-at-adjacent-battlefield")

    def bt_refill_from_bottom(self, meta, ch):
        face = token(ch, "FACE", lower=True).replace(" ", "-")
        deck = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        return self._eff(meta, "refill", target=it_target(ch), keyword=face, values=(f"from-bottom:{deck}",))

    def bt_then_refilling_with(self, meta, ch):
        face = token(ch, "FACE", lower=True).replace(" ", "-")
        first = ch[0] if isinstance(ch[0], list) else [ch[0]]
        province, card = [c for c in ch[1:] if isinstance(c, TargetSpec)]
        return first + [self._eff(meta, "refill", target=province, keyword=face),
                        self._eff(meta, "put-into-play", target=card)]

    def bt_assign_here(self, meta, ch):
        return self._eff(meta, "assign", target=it_target(ch), values=("", "here"))

    def bt_negate_bonuses_from_actions(self, meta, ch):
        which = str(ch[0]).split()[2].lower()
        return self._eff(meta, "negate-stat-changes", target=it_target(ch), stat="force",
                         values=(f"action-{which}",))

    def bt_m_battle_or(self, meta, ch):
        from .ability import _Mod

        return _Mod("keyword", f"Battle|{token(ch, 'CAPWORD')}")

    def bt_p_from_the_province(self, meta, ch):
        return [_mod("zone", "province"), _post("in-province-of:it")]

    def bt_np_this_caster(self, meta, ch):
        # as the base's "this Personality" on an attachment: the card it is attached to
        return TargetSpec(ref="attached", card_types=("personality",), text=self._text(meta))

    # ----- choices of others, assignment this turn
    def bt_subj_chooses_either(self, meta, ch):
        from .ability import _Scoped

        chooser = ch[0]
        options = [c for c in ch[1:] if getattr(c, "type", "") not in ("BT_EITHER", "OR_VERB")]
        # (not the base's "effect-choice": that one is the acting player's)
        return [_Scoped(option, "effect-choice-of", (f"option {i} of 2", chooser.text), self._text(meta))
                for i, option in enumerate(options[:2], 1)]

    def bt_c_not_assigned_period(self, meta, ch):
        period = token(ch, "PERIOD", lower=True)
        whom = [c for c in ch[1:] if isinstance(c, TargetSpec)]
        dest = f"to-attack:{whom[0].text}" if whom else "to-attack"
        return Condition(kind="not-assigned", args=(ch[0].text, dest, f"this-{period}"), text=self._text(meta))

    def bt_c_has_not_been(self, meta, ch):
        return Condition(kind="not-was", args=(ch[0].text, token(ch, "PASTP", lower=True)), text=self._text(meta))

    # ----- two kinds of cards, attacks' riders
    def bt_np_and(self, meta, ch):
        first, second = [c for c in ch if isinstance(c, TargetSpec)]
        same = (first.states, first.tests, first.keywords, first.owner, first.zone) == \
            (second.states, second.tests, second.keywords, second.owner, second.zone)
        if same and first.card_types and second.card_types:
            return replace(first, card_types=tuple(dict.fromkeys(first.card_types + second.card_types)),
                           text=self._text(meta))
        # two different descriptions: kept as one state, as the base's "X or a Y" (np_or_art); no card
        # has it, so the resolver refuses rather than guesses
        return TargetSpec(ref=first.ref, card_types=tuple(dict.fromkeys(first.card_types + second.card_types)),
                          states=(f"both:{first.text}|{second.text}",), text=self._text(meta))

    def bt_may_target_and_bonus_if(self, meta, ch):
        from .ability import _Guarded

        signed = next(c for c in ch if getattr(c, "type", "") == "SIGNED")
        cond = next(c for c in ch if isinstance(c, Condition))
        return [self.bt_may_target(meta, [it_target(ch)]),
                _Guarded(self._bt_strength(meta, [signed]), cond, self._text(meta))]

    def bt_vp_strength(self, meta, ch):
        return ("strength", int(str(ch[-1])))

    def bt_vp_may_target(self, meta, ch):
        return ("may-target", ch[-1])

    def bt_vp_destroys_after(self, meta, ch):
        # "destroy X after they bow" / "destroy X after bowing them": only the destroying rider
        verb = token(ch, "VERB", lower=True)
        after = token(ch, "EVERB", "bow", lower=True)
        ok = verb == "destroy" and after == "bow"
        return ("destroys-after", it_target(ch)) if ok else ("unknown", None)

    def _bt_attack_riders(self, meta, attacks: TargetSpec, parts) -> list:
        from .ability import Unparsed

        out = []
        for what, arg in parts:
            if what == "strength":
                out.append(self._eff(meta, "modify-stat", target=attacks, stat="strength", amount=arg))
            elif what == "may-target":
                out.append(self._eff(meta, "attack-may-target", target=_kind_of(arg), values=(attacks.text,)))
            elif what == "destroys-after":
                out.append(self._eff(meta, "fear-destroys", target=_kind_of(arg), values=(attacks.text,)))
            else:
                return [Unparsed(self._text(meta), "an attack rider the grammar does not know", self._span(meta))]
        return out

    def bt_attacks_may(self, meta, ch):
        attacks = TargetSpec(ref="each", card_types=("fear",), text=" ".join(self._text(meta).split()[:4]))
        return self._bt_attack_riders(meta, attacks, [c for c in ch[1:] if isinstance(c, tuple)])

    def bt_has_strength_and_may_target(self, meta, ch):
        attacks = ch[0]
        signed = int(str(next(c for c in ch if getattr(c, "type", "") == "SIGNED")))
        return self._bt_attack_riders(meta, attacks, [("strength", signed), ("may-target", ch[-1])])

    # ----- single attacks, named groups
    def bt_np_one_attack(self, meta, ch):
        kind = "ranged-attack" if "ranged" in str(ch[0]).lower() else "melee-attack"
        return TargetSpec(ref="choice", card_types=(kind,), states=("of-the-action",), text=self._text(meta))

    def bt_that_attack_may_target(self, meta, ch):
        attack = " ".join(self._text(meta).split()[:3])  # (the card's own spelling, not the lexer's)
        return self._eff(meta, "attack-may-target", target=_kind_of(ch[-1]), values=(attack,))

    def bt_p_from_keyword_followers(self, meta, ch):
        return _post(f"from:{token(ch, 'CAPWORD')} Followers")

    def bt_np_one_of_those(self, meta, ch):
        # the cards named before ("Target one or two of your Provinces ... one of those Provinces")
        head = next((m.value for m in ch if getattr(m, "kind", None) == "head"), None)
        return TargetSpec(ref="it", card_types=(head,) if head else (), states=("one-of",), text=self._text(meta))

    def bt_np_unit_of(self, meta, ch):
        return TargetSpec(ref="possessed", card_types=("unit",), states=(f"unit-of:{it_target(ch).text}",),
                          text=self._text(meta))

    def bt_np_each_of_them_who(self, meta, ch):
        base = self.np_each_of_them(meta, [])
        states = [m.value for m in ch if getattr(m, "kind", None) == "post-state"]
        return replace(base, states=(*base.states, *states), text=self._text(meta))

    # ----- unit totals, created battlefields
    def bt_move_two_there(self, meta, ch):
        from .ability import Unparsed

        first, second = [c for c in ch if isinstance(c, TargetSpec)]
        text = self._text(meta)
        if not text.lower().endswith(" there") or "at-battlefield" not in second.states:
            return Unparsed(text, "two cards moved nowhere named", self._span(meta))
        second = replace(second, states=tuple(s for s in second.states if s != "at-battlefield"),
                         text=second.text[: -len(" there")])
        return [self._eff(meta, "move-to-battle", target=first), self._eff(meta, "move-to-battle", target=second)]

    def bt_p_unit_total_lt(self, meta, ch):
        # "with a total Gold Cost less than <card>'s unit's total Gold Cost": the unit's total, against
        # the total named after "than"
        stat = "total-gold-cost"
        than = self._text(meta)
        than = than[than.lower().index(" than ") + 6:]
        return _post(f"unit-cmp:{stat}<{than}")

    # ----- tokens on Provinces, contractions
    def bt_give_strength_token(self, meta, ch):
        value = int(str(next(c for c in ch if getattr(c, "type", "") == "BT_STRENGTH_MOD")).split()[0])
        return self._eff(meta, "give-token", target=it_target(ch), stat="strength", amount=value,
                         keyword=token(ch, "CAPWORD"), values=(1,))

    def bt_c_contracted_state(self, meta, ch):
        who = self._text(meta).split("'")[0]
        return self.c_state(meta, [TargetSpec(ref="it", text=who), ch[-1]])

    # ----- either of two events
    def bt_ev_assigned_or_passive(self, meta, ch):
        # "he is assigned to attack or is destroyed": both events of the one card ("either:A|B")
        from .ability import _event_name

        subject = ch[0]
        assigned = self._bt_assigned(subject, [c for c in ch[2:] if not hasattr(c, "type")])
        verb = str([c for c in ch if getattr(c, "type", None) == "PASTP"][-1]).lower()
        return f"either:{assigned}|{_event_name(subject, verb)}"

    # ----- conditions, pronouns, amounts
    def bt_am_either_whose(self, meta, ch):
        # "this Shugenja's or the Samurai's Chi": the player chooses whose value (options as for
        # "his Force or Chi")
        from .ability import _Scoped

        first, second = [c for c in ch if isinstance(c, TargetSpec)]
        stat = [c for c in ch if isinstance(c, str) and not hasattr(c, "type")][-1]
        if "printed" in self._text(meta).lower().split() or "base" in self._text(meta).lower().split():
            stat = f"printed-{stat}"
        out = []
        for i, whose in enumerate((first, second), 1):
            e = replace(self._bt_measured(meta, whose, stat), text=f"option {i}: {whose.text}")
            out.append(_Scoped(e, "effect-choice", (f"option {i} of 2",), self._text(meta)))
        return out

    def bt_neither_assigned(self, meta, ch):
        # "Neither Personality": each of the cards the ability chose, of that type
        from .ability import _Mod, Unparsed

        if str([c for c in ch if getattr(c, "type", None) == "BT_ASSIGNED"][0]).lower() != "assigned":
            return Unparsed(self._text(meta), "not an assignment", self._span(meta))
        head = next((c.value for c in _flat(ch) if isinstance(c, _Mod) and c.kind == "head"), None)
        target = TargetSpec(ref="it", text=f"each {head}" if head else "each of them",
                            card_types=(head,) if head else ())
        return self._eff(meta, "cannot-assign", target=target)

    def bt_move_both_here(self, meta, ch):
        a, b = [c for c in ch if isinstance(c, TargetSpec)]
        return [self._eff(meta, "move-to-battle", target=a), self._eff(meta, "move-to-battle", target=b)]

    # ----- movers, single attacks, deeds this battle
    def bt_single_attack_may_target(self, meta, ch):
        kind = "Ranged Attack" if "ranged" in str(ch[0]).lower() else "Melee Attack"
        return self._eff(meta, "attack-may-target", target=_kind_of(ch[-1]),
                         values=(f"a single {kind} from the action",))

    def bt_m_otherwise_legal(self, meta, ch):
        return _mod("state", "otherwise-legal")

    def bt_m_future(self, meta, ch):
        return _mod("state", "future")

    # ----- losing duels, former units, refused challenges
    def bt_np_duel_loss_event(self, meta, ch):
        # "any destruction for losing this duel": that event of the duel's loser, caused by the loss
        noun = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        return self._possessed(meta, "duel-loser", ("for-losing-duel",), noun, [])

    def bt_p_in_former_unit(self, meta, ch):
        return _post("in-former-unit-of:it")

    def bt_ev_first_challenge_refused(self, meta, ch):
        # as the base's "the first time each turn ...": only the first refusal of the period counts
        from .ability_events import _name

        period = token(ch, "PERIOD", lower=True)
        return f"first-each-{period}:" + _name("your-challenge-refused", by="any")

    # ----- attack phases, straightening, duels' opponents, first actions
    def bt_no_attack_phase(self, meta, ch):
        # "No Attack Phase may be declared": this turn no player declares an attack
        return self._eff(meta, "no-attack-phase", target=TargetSpec(ref="each-player", text="each player"))

    def bt_straightens_each_phase(self, meta, ch):
        from .ability import Unparsed

        if token(ch, "EVERB", lower=True) != "straightens":
            return Unparsed(self._text(meta), "not a straightening", self._span(meta))
        return self._eff(meta, "straightens-each-straighten-phase", target=it_target(ch))

    def bt_c_took_first_battle_action(self, meta, ch):
        return Condition(kind="took-first-battle-action", args=(it_target(ch).text or it_target(ch).ref, "battle"), text=self._text(meta))

    # ----- attacks made by a named card, quantities, abilities of a card
    def bt_subj_creates_fear(self, meta, ch):
        # "The winner creates Fear 4": the Fear effect itself (L5R Fear: bow a card whose Force is at most N)
        return self.fear(meta, [ch[-1]])

    def bt_np_abilities_of(self, meta, ch):
        # "the Battle abilities of X" is "X's Battle abilities"
        owner = it_target(ch)
        return self._possessed(meta, owner.ref, owner.states, "battle-abilities", [])

    def bt_p_at_any_province(self, meta, ch):
        return _post("at-province:any")

    def bt_am_either_refs(self, meta, ch):
        # "this Shugenja's Chi or the Samurai's Chi": the player chooses which value (options as for
        # "this Shugenja's or the Samurai's Chi")
        from .ability import _Scoped

        out = []
        for i, (whose, stat) in enumerate(ch[:2], 1):
            e = replace(self._bt_measured(meta, whose, stat), text=f"option {i}: {getattr(whose, 'text', whose)}")
            out.append(_Scoped(e, "effect-choice", (f"option {i} of 2",), self._text(meta)))
        return out

    def bt_choice_attack(self, meta, ch):
        # one of two effects (as the base's "X or Y"); a rider ("targeting it") goes with the attack
        first, second, *rider = [c for c in ch if getattr(c, "type", "") not in ("BT_EITHER", "BT_COMMA_OR_ATTACK")]
        if rider and rider[0] is not None:
            second = self._bt_attach(meta, [second, *rider])
        return self.choice_of(meta, [first, second])

    def bt_where_enemy(self, meta, ch):
        # an enemy unit at the battlefield: the card moved there would be opposed (the same test)
        return "where-opposed"

    def bt_am_superlative_of(self, meta, ch):
        # the card of the group with the highest (lowest) value: its value (as bt_ar_superlative_among)
        sup, stat, group = ch[0], ch[1], ch[-1]
        return self._bt_measured(meta, replace(group, states=group.states + (f"{sup}:{stat}",)), stat)

    def bt_whichever_post(self, meta, ch):
        # the two options of "X or Y" (bt_am_either_refs) are the two values compared: each is
        # scoped "amount-whichever" (a test no resolver reads yet, so the line is structured, not
        # executable); without two such options the words are not read
        from .ability import Unparsed, _Scoped

        word = re.search(r"(higher|greater|lower|less)", str(ch[-1])).group(1)
        which = "higher" if word in ("higher", "greater") else "lower"
        items = ch[0] if isinstance(ch[0], list) else [ch[0]]
        options = [c for c in items if isinstance(c, _Scoped) and c.kind == "effect-choice"]
        if len(options) != 2:
            return Unparsed(self._text(meta), "'whichever' without two values", self._span(meta))
        return [_Scoped(c.effect, "amount-whichever", (which, f"value {options.index(c) + 1} of 2"), c.text)
                if c in options else c for c in items]

    def bt_p_side_there(self, meta, ch):
        return [_post(f"in-army:{ch[0]}"), _post("at-battlefield")]

    def bt_h_name_of(self, meta, ch):
        # a name of several words ("Brothers of the Great Lake"): a card's title, not a keyword, so a
        # state of its own ("name:<title>") that no keyword test mistakes for one
        return _post(f"name:{self._text(meta)}")

    def bt_attack_half(self, meta, ch):
        # half a value: its own stat name, so nothing reads it as the whole value (as the player
        # topic's "equal to half his Chi")
        whose, stat = next(c for c in ch if isinstance(c, tuple))
        tok = next((c for c in ch if getattr(c, "type", "") == "ROUNDING"), None)
        rounding = "up" if tok is not None and "up" in str(tok) else ("down" if tok is not None else None)
        half = f"half-{stat}" + (f"-rounded-{rounding}" if rounding else "")
        return [self._eff(meta, self._bt_attack_kind(meta)), self._bt_measured(meta, whose, half)]

    def bt_give_home_to(self, meta, ch):
        return self._eff(meta, "grant-keyword", target=it_target(ch), keyword="Home")

    def bt_give_home_to_capped(self, meta, ch):
        # "up to the number of Koan cards in this unit": at most that many cards get it (a state of
        # the chosen cards naming the count)
        given, counted = [c for c in ch if isinstance(c, TargetSpec)]
        capped = replace(given, states=given.states + (f"at-most-number-of:{counted.text}",))
        return self._eff(meta, "grant-keyword", target=capped, keyword="Home")

    def bt_p_without_ability(self, meta, ch):
        # a card without such an ability (printed: on the card itself, not gained); the negated
        # form of the base's "with a Fear ability"
        kw = token(ch, "CAPWORD") or "Fear"
        printed = re.search(r"\b(printed|base)\b", self._text(meta), re.I) is not None
        return _post(f"lacks-{'printed-' if printed else ''}ability:{kw}")

    def bt_np_both_duelists(self, meta, ch):
        # the winner and the loser: the two Personalities of the duel, each of them
        return TargetSpec(ref="each", count=2, card_types=("personality",), states=("in-duel",),
                          text=self._text(meta))

    def bt_in_duels_from(self, meta, ch):
        from .ability import _Scoped

        # only in the duels the named cards create: a scope of its own (no duel is told apart by
        # its source yet, so the clause is structured, not carried out)
        return _Scoped(ch[0], "effect-in-duels-from", (ch[-1].text,), self._text(meta))

    def bt_duel_stat_is_from(self, meta, ch):
        from .ability import _Scoped

        who, source, stat = [c for c in ch if isinstance(c, (TargetSpec, str)) and not hasattr(c, "type")]
        effect = self._eff(meta, "duel-stat", target=who, stat=self._bt_stat_kind(meta, stat))
        return _Scoped(effect, "effect-in-duels-from", (source.text,), self._text(meta))

    def bt_until_leaves_play(self, meta, ch):
        from .ability import _Scoped

        # until that card leaves play: a scope, never the rules' default duration
        return _Scoped(ch[0], "effect-until-leaves-play", (ch[-1].text,), self._text(meta))

    def bt_move_home_and_self(self, meta, ch):
        # the card named and the card whose ability this is ("himself": the performer of the cost)
        moved = it_target(ch)
        return [self._eff(meta, "move-home", target=moved),
                self._eff(meta, "move-home", target=TargetSpec(ref="this", text=str(ch[-1]).split()[-1]))]

    def bt_put_in_his_hand(self, meta, ch):
        # "into his hand": the hand of the player the sentence names, which need not be the cards'
        # owner; kept as a state of the cards moved (no resolver reads it yet: the line is
        # structured, not carried out)
        moved = it_target(ch)
        return self._eff(meta, "put-in-hand", target=replace(moved, states=moved.states + ("to-hand-of:named-player",)))

    def bt_negate_action_challenges_to(self, meta, ch):
        # the challenges the action issues to the card named (as "Negate the action's effects on X")
        return self._eff(meta, "negate", target=TargetSpec(ref="it", card_types=("challenge",), text=self._text(meta)[7:]),
                         values=(ch[-1].text,))

    def bt_enters_play_from_cost(self, meta, ch):
        # the base's "X enter play for 1 less Gold", only for cards entering play from the place
        # named: a state of the cards (no resolver reads it yet, so the line is not carried out)
        who, origin = [c for c in ch if isinstance(c, TargetSpec)]
        effect = self.enters_play_cost(meta, [replace(who, states=who.states + (f"entering-play-from:{origin.text}",)), ch[-1]])
        return effect

    def bt_attacks_compared(self, meta, ch):
        # every Melee Attack the card makes: compared against that value of its target (an
        # attack-compare rider with no attack of its own clause, so nothing folds it in)
        stat = [c for c in ch if isinstance(c, str) and not hasattr(c, "type")][-1]
        if re.search(r"\b(printed|base)\b", self._text(meta), re.I):
            stat = "base-" + stat
        return self._eff(meta, "attack-compare", stat=stat, keyword="melee",
                         target=TargetSpec(ref="this", text=self._text(meta).split(" performs")[0][len("Melee Attacks "):]))

    def bt_np_loser_of_action_duel(self, meta, ch):
        which = "duel-winner" if "winner" in self._text(meta).lower() else "duel-loser"
        return TargetSpec(ref="it", states=(which, "duel-from:action"), text=self._text(meta))

    def bt_p_with_attack_effects(self, meta, ch):
        return _post("has-effect:" + "|".join(ch[0]))

    def bt_during_the_same(self, meta, ch):
        from .ability import _Scoped

        # "twice per turn during the same battle": the uses must fall in one period (a scope of its
        # own: no resolver counts uses per battle yet)
        period = token(ch, "PERIOD", lower=True)
        return _Scoped(ch[0], "effect-within-one", (period,), self._text(meta))

    def bt_optional_rider_guarded(self, meta, ch):
        from .ability import _Guarded, _Optional

        # "You may then make a Ranged 0 Attack against that card if it is a legal target": the
        # attack with its rider, optional and guarded as a whole
        attack = self._bt_attach(meta, ch[:-1])
        return _Optional(_Guarded(attack, ch[-1], self._text(meta)))

    def bt_take_rulebook_again(self, meta, ch):
        m = re.match(r"take\s+(.*?)\s+actions\b", self._text(meta), re.I)
        spec = TargetSpec(ref="rulebook", card_types=("action",), states=(f"rulebook:{m.group(1)}",),
                          text=m.group(0)[5:])
        return self._eff(meta, "reuse-ability", target=spec, amount=1)

    def bt_neither_contributes(self, meta, ch):
        from .ability import _Mod, _Scoped

        # "Neither Personality": each of the cards the ability chose (as "Neither Personality may be
        # assigned"); "in this battle's resolution" kept as a scope (the engine reads Force only there)
        head = next((c.value for c in _flat(ch) if isinstance(c, _Mod) and c.kind == "head"), None)
        target = TargetSpec(ref="it", text=f"each {head}" if head else "each of them",
                            card_types=(head,) if head else ())
        effect = self._eff(meta, "no-force-contribution", target=target)
        if "resolution" in self._text(meta).lower():
            return _Scoped(effect, "effect-during", ("battle-resolution",), self._text(meta))
        return effect

    def bt_in_resolution(self, meta, ch):
        return "battle-resolution"

    def bt_p_superlative_of(self, meta, ch):
        # the value compared within the group named (kept with the superlative: "lowest:gold-cost")
        return [_post(f"{ch[0]}:{ch[1]}"), _post(f"{ch[0]}-among:{ch[-1].text}")]

    def bt_am_either_ref_count(self, meta, ch):
        from .ability import _Scoped

        (whose, stat), counted = ch[0], ch[-1]
        options = [replace(self._bt_measured(meta, whose, stat), text=f"option 1: {getattr(whose, 'text', whose)}"),
                   replace(self._bt_measured(meta, counted, "count"), text=f"option 2: {counted.text}")]
        return [_Scoped(e, "effect-choice", (f"option {i} of 2",), self._text(meta)) for i, e in enumerate(options, 1)]

    def bt_where_not_origin(self, meta, ch):
        # not the battlefield the card was moved home from
        return "where-not-moved-from"

    def bt_np_province_entered_from(self, meta, ch):
        who = str(ch[0]).split()[2]
        return TargetSpec(ref="it", card_types=("province",), states=(f"entered-play-from:{who}",), text=self._text(meta))

    def bt_target_gains_or_loses(self, meta, ch):
        from .ability import amount

        chosen = self.target_decl(meta, [ch[0]])
        return [chosen, self._eff(meta, "gain-or-lose-honor", target=TargetSpec(ref="it", text="who"), amount=amount(ch[-1]))]

    def bt_am_that_value(self, meta, ch):
        # "that Focus Value": the value of a card an earlier sentence named (a possessed value, whose
        # card no resolver finds again: the line is structured, not carried out)
        whose = TargetSpec(ref="possessed", states=("value-named-before",), text=self._text(meta))
        return [self._bt_measured(meta, whose, ch[-1])]

    def bt_to_minimum(self, meta, ch):
        from .ability import _Scoped

        # a floor on the result of the change: a scope of its own (no resolver stops a change there
        # yet, so the clause is structured, not carried out)
        floor = re.search(r"[0-9]+", str(ch[-1])).group(0)
        return _Scoped(ch[0], "effect-to-minimum", (floor,), self._text(meta))

    def bt_np_each_of_action_attacks(self, meta, ch):
        # as "the action's Ranged Attacks" (a possessed class of attacks), each of them
        kinds = next(c for c in ch if isinstance(c, tuple))
        return TargetSpec(ref="possessed", count=1, card_types=kinds, states=("of-action", "each"), text=self._text(meta))

    def bt_or_strength_if(self, meta, ch):
        from .ability import _Alt

        first, second, cond = [c for c in ch if getattr(c, "type", "") != "BT_COMMA_OR_STRENGTH"]
        head = first if isinstance(first, list) else [first]
        prev = next((e for e in reversed(head) if isinstance(e, Effect)), None)
        if isinstance(second, Effect) and second.target is None and prev is not None:
            second = replace(second, target=prev.target)  # the same attacks, another strength
        return [*head, _Alt(second, cond, self._text(meta), self._span(meta))]

    def bt_next_action_attack_may_target(self, meta, ch):
        # an attack of a later action (the rider waits for that action: no attack of this ability
        # carries it, so the line is structured, not carried out)
        words = " ".join(str(ch[0]).split())
        return self._eff(meta, "attack-may-target", target=_kind_of(ch[-1]), values=(words,))
