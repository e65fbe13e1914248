"""Transformer methods for ``grammar/l5r_ability_restrictions.lark``: lasting restrictions and permissions: cannot / may not / must / will not.

Each method is named after an alias (``-> name``) of that grammar file and has the base
transformer's signature ``(self, meta, ch)``; see :func:`adjudicator.games.l5r.ability._build_transformer_class`.

A restriction is one Effect whose ``target`` is WHO is restricted (``ref="this"`` for a
trait without a subject: "Will not join a Spider Clan player" is Shindo's own). What the
restriction is about, when it is a noun phrase, is a :class:`TargetSpec` in ``values[0]``
(the object: "a Spider Clan player", "Holdings"); a keyword or a named thing is in ``keyword``.

Kinds (besides the base ``cannot-*`` family):

``cannot-gain-token``      "Cannot gain Corruption tokens": ``keyword`` the token's name.
``cannot-gain-honor``      "You cannot gain Honor from Holdings": ``values[0]`` the source, if named.
``cannot-lose-honor``      "You do not lose Honor from Ninja cards you own": as above.
``cannot-join``            "Shindo will not join a Spider Clan player": ``values[0]`` the player.
``cannot-be-controlled-by`` "Natsu will not be controlled by a Unicorn Clan player": ``values[0]``.
``cannot-challenge``       "cannot issue challenges" / "Will not challenge".
``cannot-refuse-duel``     "Mitsumichi will not refuse challenges".
``cannot-be-challenged``   "cannot be challenged".
``cannot-lobby``           "Other players may not lobby".
``cannot-declare-attack``  "You may not declare an attack".
``cannot-take-actions``    "You may not take Political actions": ``keyword`` the action kind.
``cannot-play``            "Defending players may not play Terrains": ``values[0]`` what.
``cannot-enter-play``      "Personalities may not enter play".
``cannot-produce-gold``    "It will not produce Gold".
``cannot-attach-to``       "Cannot attach to a Scorpion Clan Personality": ``values[0]`` the bearer.
``cannot-transfer`` / ``cannot-copy`` / ``cannot-negate``  "will not be transferred / copied /
                           negated (or delayed)"; ``cannot-negate`` of "this movement" targets the
                           possessed event noun.
``cannot-reduce-cost``     "This Invest cost cannot be reduced": ``keyword`` the cost's designator.
``not-counted``            "Does not count towards an Enlightenment Victory": ``keyword``
                           ``enlightenment-victory`` / ``minimum-deck-size`` / ``max-attached:<Keyword>``.
``no-force-contribution``  "He does not contribute Force".
``force-contribution-bowed``  "He contributes Force to his army even if bowed": the target's Force
                           counts toward its army's total Force while it is bowed.
``lose-abilities``         "Your Stronghold has no abilities" (``keyword`` ``"traits"`` when "or traits").
"does not have Brash" is the base ``lose-keyword``.

Assignment and movement: ``cannot-assign`` / ``cannot-move-to`` ("He may not be assigned, and will
not move, to battlefields"): ``keyword`` ``attack`` / ``battlefield`` /
``battlefield-without-enemy-units``, or ``values[0]`` the army ("an attacking army").
``only-move-to`` ("Kyuji may only move to a battlefield ...").

Sources kept out: "Card effects will not move this Personality" is the plain ``cannot-move`` of the
card (what the engine's flags mean); any narrower source ("Lobbying does not bow ...", "Actions
cannot move ...", "Battle resolution does not bow ...", "Other players' cards will not destroy
...") adds the effect-scoped condition ``effect-by`` with ``args = (where, source)``, the source
from a closed list (``lobbying``, ``actions``, ``the-action``, ``battle-resolution``,
``opponent-cards``, ``opponent-actions``, ``opponent-effects``) or its words hyphenated. "This card
will not straighten before your third turn" is ``cannot-straighten`` under ``effect-while:
before-your-turn`` (``args = (where, "3")``). The engine decides neither condition, so such
restrictions are not executable and :meth:`L5R.continuous_flags` does not apply them.

Must / only / limits: ``must-have-keyword`` ("Kumoru's Followers must be Ninja": ``keyword``
"Ninja", "A|B" for alternatives), "they must be bowed" is the effect itself (``bow``),
``must-focus`` (``amount`` 1: "at least once"; ``keyword`` ``from-hand``),
``only-controlled-by-owner``, ``only-recruit`` / ``only-proclaim`` (``values[0]`` what),
``only-enter-play-from`` (``keyword`` ``province``), ``play-limit`` ("You may only play one X per
battle": ``keyword`` the period, ``values[0]`` the card), ``copy-limit`` ("You may only have one
copy of X in play"), ``attach-limit`` ("Daitsu will only attach one Weapon": ``values[0]``).
Cards named by their title are ``ref="named"`` with the title as keyword (or ``ref="this"``, the
base's reading of a bare name).

Permissions and the rest: ``ignore-honor-requirement`` ("Crab Clan players ignore Chiyo's Honor
Requirement": ``target`` who ignores, ``values[0]`` whose requirement), ``ignore-cost``
(``keyword`` ``bowing`` / ``gold``, ``target`` whose cost), ``gold-only-for`` follows a
``produce-gold`` ("Produce 2 Gold, which may only pay for that card": ``target`` what the Gold
may pay for; under the alternative's condition for "or 3 Gold if paying for a Holding which
..."), ``cannot-be-targeted-by`` ("You may not target X with Political actions": ``target`` X,
``keyword`` the actions, ``values[0]`` who may not), ``cannot-take-actions`` of every player
("Favor actions may not be taken"), ``cannot-put-into-play`` ("may not bring X into play"),
``cannot-proclaim`` / ``cannot-recruit`` / ``cannot-equip`` / ``cannot-hold-cards``,
``cannot-win`` (``keyword`` ``honor-victory``), ``cannot-control`` (``values[0]``),
``cannot-discard-from-play``, ``no-bonuses`` ("Items do not give bonuses": target the cards whose
bonuses lapse), ``not-negation`` ("; this is not negation": the restriction before
is no negation), ``proclaim`` ("Lion Clan players may Proclaim Toturi").
"""

from __future__ import annotations

import re
from dataclasses import replace

from adjudicator.core.ability import TargetSpec, Unparsed

from .ability import add_rules, token

#: Effect kinds this topic emits (added to ``ability.EFFECT_KINDS``)
KINDS: frozenset[str] = frozenset({
    "honor-treated-higher",
    "instead-of",
    "duel-stat-bonus",
    "focus-from",
    "cannot-assign-together",
    "must-declare-attack",
    "must-assign",
    "cannot-modify-strength",
    "cannot-gain-token",
    "cannot-gain-honor",
    "cannot-lose-honor",
    "cannot-join",
    "cannot-be-controlled-by",
    "cannot-challenge",
    "cannot-refuse-duel",
    "cannot-be-challenged",
    "cannot-lobby",
    "cannot-declare-attack",
    "cannot-take-actions",
    "cannot-play",
    "cannot-enter-play",
    "cannot-produce-gold",
    "cannot-attach-to",
    "cannot-transfer",
    "cannot-copy",
    "cannot-negate",
    "cannot-delay",
    "cannot-reduce-cost",
    "not-counted",
    "no-force-contribution",
    "force-contribution-bowed",
    "lose-abilities",
    "cannot-delay",
    "cannot-move-to",
    "cannot-assign",
    "cannot-hold-cards",
    "cannot-proclaim",
    "cannot-recruit",
    "cannot-equip",
    "cannot-discard-from-play",
    "must-have-keyword",
    "must-focus",
    "only-controlled-by-owner",
    "only-recruit",
    "only-proclaim",
    "only-enter-play-from",
    "play-limit",
    "put-into-play-limit",
    "copy-limit",
    "attach-limit",
    "gold-only-for",
    "ignore-honor-requirement",
    "ignore-cost",
    "cannot-put-into-play",
    "cannot-win",
    "cannot-control",
    "not-negation",
    "proclaim",
    "only-move-to",
    "no-stat-maximum",
    "only-gain-alignment",
    "copy-stat",
    "copy-ability",
    "copy-keyword",
    "cannot-become",
    "cannot-share-army",
    "action-limit",
    "must-perform",
    "cannot-reduce-strength",
    "no-bonuses",
    "not-destroyed-for-stat",
})


def _named(t: TargetSpec) -> TargetSpec:
    # "one Escalating Violence", "one copy of Trade Embargo": a card named by its title
    if t.keywords and not t.card_types and not t.states and not t.tests:
        return TargetSpec(ref="named", keywords=(" ".join(t.keywords),), text=t.text)
    return t


class _Vp:
    """A restricted verb phrase, waiting for its subject: the kind and its typed arguments."""

    __slots__ = ("kind", "obj", "keyword", "many", "acted_on", "duration", "amount", "extra")

    def __init__(self, kind: str, obj: TargetSpec | None = None, keyword: str | None = None, many=None,
                 acted_on: bool = False, duration: str | None = None, amount: int | None = None,
                 extra: tuple = ()):
        self.kind, self.obj, self.keyword, self.many = kind, obj, keyword, many
        # acted_on: the object is what is protected, the subject is the source kept out
        # ("Card effects will not move this Personality")
        self.acted_on, self.duration = acted_on, duration
        # amount: how many ("may only take two more actions"); extra: more typed values
        self.amount, self.extra = amount, extra


def _one_of(t: TargetSpec) -> TargetSpec:
    # "one of his abilities": one of the possessed things
    return replace(t, count=1, states=(*t.states, "one-of"))


def _self(text: str = "") -> TargetSpec:
    return TargetSpec(ref="this", text=text)


def _subject(t: TargetSpec) -> TargetSpec:
    # "Other players may not ...": the other players of a two-player game are the opponent
    if t.card_types == ("player",) and "other" in t.states and t.ref in ("choice", "each"):
        return TargetSpec(ref="opponent", text=t.text)
    # "Personalities may not enter play", "Your Stronghold has no abilities": a lasting
    # restriction holds for every card the description fits, nobody chooses one
    if t.ref == "choice":
        return replace(t, ref="each")
    return t


_SOURCES = (
    (r"^card effects$", "card-effects"),
    (r"^(the )?(battle )?action$", "the-action"),
    (r"^actions$", "actions"),
    (r"^battle resolution$", "battle-resolution"),
    (r"^lobbying$", "lobbying"),
    (r"^other players' (cards' )?effects$", "opponent-effects"),
    (r"^other players' cards$", "opponent-cards"),
    (r"^other players' actions$", "opponent-actions"),
    (r"^another player's cards?$", "opponent-cards"),
)


def _source_name(t: TargetSpec) -> str:
    """Who an effect-by restriction keeps out, from a closed list (else the words, hyphenated)."""
    import re

    text = " ".join(t.text.lower().split())
    for rx, name in _SOURCES:
        if re.match(rx, text):
            return name
    return re.sub(r"[^a-z]+", "-", text).strip("-")


def _object(t: TargetSpec) -> TargetSpec:
    # a bare capitalised word as an object is a keyword ("play Terrains"), not the card's name
    if t.ref == "this" and not t.card_types and t.text[:1].isupper() and " " not in t.text.strip():
        word = t.text.strip()
        return TargetSpec(ref="each", keywords=(word[:-1] if word.endswith("s") else word,), text=t.text)
    return t


class Rules:
    # ----- whose cards a restriction names
    def rs_p_in_unit(self, meta, ch):
        # "now in that unit": the base "in-unit" state
        from .ability import _Mod

        return _Mod("post-state", "in-unit")

    def rs_ud(self, meta, ch):
        return None

    def rs_p_from_cards_in(self, meta, ch):
        # "Actions from cards in X's unit": where the actions come from
        from .ability import _Mod

        return _Mod("post-state", f"from-cards-in:{ch[-1].text}")

    def rs_p_performed_by(self, meta, ch):
        # "Actions performed by X": who performs them
        from .ability import _Mod

        return _Mod("post-state", f"performed-by:{ch[-1].text}")

    def rs_p_stat_of_le(self, meta, ch):
        # "with a Gold Cost of 7 or lower": the base "with Gold Cost 7 or lower"
        return self.p_test_le2(meta, ch)

    def rs_p_stat_of_ge(self, meta, ch):
        return self.p_test_ge2(meta, ch)

    def rs_p_from_cards_in_others(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "from-cards-in:other players' units")

    # ----- tests a restriction reads
    def rs_c_not_control(self, meta, ch):
        # "if you do not control him": the base "you-control" test, negated ("none-of")
        from adjudicator.core.ability import Condition

        from .ability_conditions import encode

        inner = Condition(kind="you-control", args=(ch[0].text,))
        return Condition(kind="none-of", args=encode([inner]), text=self._text(meta))

    def rs_sv_ge(self, meta, ch):
        # "0 or above": at least that value
        return (">=", int(ch[0]))

    def rs_sv_le(self, meta, ch):
        # "2 or below": at most that value
        return ("<=", int(ch[0]))

    # ----- building the effect
    def _rs_effect(self, meta, who: TargetSpec, vp: "_Vp"):
        if vp.many:
            return [self._rs_effect(meta, who, v) for v in vp.many]
        if vp.duration and vp.duration.startswith("from:"):
            # "They will not bow from the battle's resolution": only that source is kept out
            from .ability import _Scoped

            effect = self._eff(meta, vp.kind, target=who)
            return _Scoped(effect, "effect-by", (vp.duration[5:],), self._text(meta))
        if vp.acted_on:
            effect = self._eff(meta, vp.kind, target=_subject(vp.obj), keyword=vp.keyword, duration=vp.duration,
                               values=vp.extra)
            source = _source_name(who)
            if source == "card-effects":
                return effect  # what the engine's "cannot" flags already mean
            from .ability import _Scoped

            # only that source is kept out: an effect-scoped condition "effect-by" says which
            return _Scoped(effect, "effect-by", (source,), self._text(meta))
        if vp.duration == "by-subject":
            # "You may not target X with Political actions": X is protected from the subject's actions
            return self._eff(meta, vp.kind, target=vp.obj, keyword=vp.keyword, values=(who,))
        if vp.keyword and vp.keyword.startswith("before-your-turn:"):
            # "This card will not straighten before your third turn": a restriction while the
            # controller's turn count is lower (an effect-while condition "before-your-turn")
            from adjudicator.core.ability import Condition

            from .ability import _Guarded

            effect = self._eff(meta, vp.kind, target=who)
            n = vp.keyword.split(":")[1]
            return _Guarded(effect, Condition(kind="before-your-turn", args=(n,), text=self._text(meta)),
                            "while before your turn")
        return self._eff(meta, vp.kind, target=who, keyword=vp.keyword, duration=vp.duration, amount=vp.amount,
                         values=((vp.obj,) if vp.obj is not None else ()) + vp.extra)

    def rs_restrict(self, meta, ch):
        who, vp = ch[0], ch[-1]
        if not isinstance(vp, _Vp) or not isinstance(who, TargetSpec):
            return Unparsed(self._text(meta), "not a restriction", self._span(meta))
        return self._rs_effect(meta, _subject(who), vp)

    def rs_restrict_self(self, meta, ch):
        vp = ch[-1]
        if not isinstance(vp, _Vp):
            return Unparsed(self._text(meta), "not a restriction", self._span(meta))
        return self._rs_effect(meta, _self(), vp)

    # ----- verb phrases
    def rs_gain_keyword(self, meta, ch):
        words = ch[-1]
        return _Vp("", many=[_Vp("cannot-gain-keyword", keyword=w) for w in words])

    def rs_gain_token(self, meta, ch):
        return _Vp("cannot-gain-token", keyword=str(ch[0]))

    def rs_gain_honor(self, meta, ch):
        return _Vp("cannot-gain-honor", obj=ch[0] if ch else None)

    def rs_lose_honor(self, meta, ch):
        return _Vp("cannot-lose-honor", obj=ch[0] if ch else None)

    def rs_from(self, meta, ch):
        return ch[-1]

    def rs_from_kw_and(self, meta, ch):
        # "from Spider Clan and Fate cards you own": cards with either keyword
        first = str(ch[0]) + (" Clan" if " clan " in f" {self._text(meta).lower()} ".split(" and ")[0] + " " else "")
        rest = ch[-1]
        words = (first, *rest.keywords)
        return replace(rest, ref="each", keywords=(), states=rest.states + ("any-keyword:" + "|".join(words),),
                       text=self._text(meta)[5:])

    def rs_p_you_own(self, meta, ch):
        from .ability import _Mod

        return _Mod("owner", "you")

    def rs_join(self, meta, ch):
        return _Vp("cannot-join", obj=ch[-1])

    def rs_challenge(self, meta, ch):
        return _Vp("cannot-challenge")

    def rs_refuse(self, meta, ch):
        return _Vp("cannot-refuse-duel")

    def rs_lobby(self, meta, ch):
        return _Vp("cannot-lobby")

    def rs_declare_attack(self, meta, ch):
        return _Vp("cannot-declare-attack")

    def rs_take_actions(self, meta, ch):
        return _Vp("cannot-take-actions", keyword=ch[-1])

    def rs_ak_word(self, meta, ch):
        word = next(str(c) for c in ch if getattr(c, "type", "") in ("CAPWORD", "RS_PROCLAIM"))
        # "Reactions": the designator, singular
        return word[:-1] if word.endswith("s") and word[:-1] in ("Reaction", "Interrupt") else word

    def rs_play(self, meta, ch):
        return _Vp("cannot-play", obj=_object(ch[-1]))

    def rs_enter_play(self, meta, ch):
        return _Vp("cannot-enter-play")

    def rs_produce_gold(self, meta, ch):
        return _Vp("cannot-produce-gold")

    def rs_move(self, meta, ch):
        return _Vp("cannot-move")

    def rs_count_towards(self, meta, ch):
        return _Vp("not-counted", keyword=ch[-1])

    def rs_ct_enlightenment(self, meta, ch):
        return "enlightenment-victory"

    def rs_ct_deck_size(self, meta, ch):
        return "minimum-deck-size"

    def rs_ct_max_attached(self, meta, ch):
        word = str(ch[-1])
        return "max-attached:" + (word[:-1] if word.endswith("s") else word)

    def rs_contribute(self, meta, ch):
        return _Vp("no-force-contribution")

    def rs_have_keyword(self, meta, ch):
        return _Vp("", many=[_Vp("lose-keyword", keyword=w) for w in ch[-1]])

    def rs_contributes_bowed(self, meta, ch):
        # only "even if bowed" is the Elite-like permission; another state is not read
        if token(ch, "STATE", lower=True) != "bowed":
            return Unparsed(self._text(meta), "a Force contribution state the grammar does not know", self._span(meta))
        return self._eff(meta, "force-contribution-bowed", target=ch[0])

    # ----- literal forms that share a prefix with base rules
    def rs_self_gain_token(self, meta, ch):
        return self._eff(meta, "cannot-gain-token", target=_self(), keyword=str(ch[0]))

    def rs_self_gain_token_kw(self, meta, ch):
        out = [self.rs_self_gain_token(meta, ch)]
        out += [self._eff(meta, "cannot-gain-keyword", target=_self(), keyword=w) for w in ch[-1]]
        return out

    def rs_self_attach_to(self, meta, ch):
        return self._eff(meta, "cannot-attach-to", target=_self(), values=(ch[-1],))

    def rs_cannot_be(self, meta, ch):
        who, vp = ch[0], ch[-1]
        if vp.kind == "taken":
            # "Favor actions may not be taken": nobody takes them
            kinds = next((st.split(":", 1)[1] for st in who.states if st.startswith("any-keyword:")), None)
            players = TargetSpec(ref="each", card_types=("player",), text="")
            return self._eff(meta, "cannot-take-actions", target=players, keyword=kinds)
        return self._rs_effect(meta, who, vp)

    def rs_self_cannot_be(self, meta, ch):
        return self._rs_effect(meta, _self(), ch[-1])

    def rs_cost_not_reduced(self, meta, ch):
        return self._eff(meta, "cannot-reduce-cost", target=_self(), keyword=str(ch[0]))

    # ----- passives
    def rs_p_transfer(self, meta, ch):
        return _Vp("cannot-transfer")

    def rs_p_copy(self, meta, ch):
        return _Vp("cannot-copy")

    def rs_p_negate(self, meta, ch):
        if "delayed" in self._text(meta).lower():
            return _Vp("", many=[_Vp("cannot-negate"), _Vp("cannot-delay")])
        return _Vp("cannot-negate")

    def rs_p_controlled_by(self, meta, ch):
        return _Vp("cannot-be-controlled-by", obj=ch[-1])

    def rs_p_challenged(self, meta, ch):
        return _Vp("cannot-be-challenged")

    def rs_m_fate(self, meta, ch):
        from .ability import _Mod

        return _Mod("keyword", "Fate")

    def rs_you_may_not(self, meta, ch):
        vp = ch[0]
        return self._rs_effect(meta, TargetSpec(ref="you", text="You"), vp)

    def rs_you_may_not_if(self, meta, ch):
        from .ability import _Guarded

        return _Guarded(self.rs_you_may_not(meta, ch[:1]), ch[-1], self._text(meta))

    def rs_no_abilities(self, meta, ch):
        return self._eff(meta, "lose-abilities", target=_subject(ch[0]))

    def rs_no_abilities_traits(self, meta, ch):
        return self._eff(meta, "lose-abilities", target=_subject(ch[0]), keyword="traits")

    # ----- verbs with an object, sources, destinations
    def rs_verb_obj(self, meta, ch):
        from .ability import _VERB_KINDS

        verb = _VERB_KINDS[str(ch[0]).lower()]
        return _Vp("cannot-" + verb, obj=ch[-1], acted_on=True)

    def rs_verb_self(self, meta, ch):
        from .ability import _VERB_KINDS

        verb = _VERB_KINDS[str(ch[0]).lower()]
        if verb not in ("straighten", "bow"):
            return None
        return _Vp("cannot-" + verb)

    def rs_verb_before_turn(self, meta, ch):
        from .ability import _VERB_KINDS

        verb = _VERB_KINDS[str(ch[0]).lower()]
        return _Vp("cannot-" + verb, keyword=f"before-your-turn:{ch[-1]}")

    def rs_second(self, meta, ch):
        return 2

    def rs_third(self, meta, ch):
        return 3

    def rs_move_obj(self, meta, ch):
        return _Vp("cannot-move", obj=ch[-1], acted_on=True)

    def _dest(self, kind, dest):
        if isinstance(dest, TargetSpec):
            return _Vp(kind, obj=dest)
        return _Vp(kind, keyword=dest)

    def rs_move_to(self, meta, ch):
        return self._dest("cannot-move-to", ch[-1])

    def rs_assign(self, meta, ch):
        return self._dest("cannot-assign", ch[-1])

    def rs_assign_move(self, meta, ch):
        return _Vp("", many=[self._dest("cannot-assign", ch[-1]), self._dest("cannot-move-to", ch[-1])])

    def rs_assign_move_obj(self, meta, ch):
        # "You may not assign, and will not move, Suikihime to battlefields": Suikihime is restricted
        vp = self.rs_assign_move(meta, ch[-1:])
        for v in vp.many:
            v.obj, v.acted_on = (v.obj if isinstance(v.obj, TargetSpec) else None), False
        vp.keyword = ch[0]
        return vp

    def rs_d_attack(self, meta, ch):
        return "attack"

    def rs_d_battlefields(self, meta, ch):
        return "battlefield"

    def rs_d_np(self, meta, ch):
        return ch[0]

    def rs_hold_cards(self, meta, ch):
        return _Vp("cannot-hold-cards", keyword="dynasty")

    def rs_proclaim(self, meta, ch):
        return _Vp("cannot-proclaim", obj=_object(ch[-1]))

    def rs_recruit(self, meta, ch):
        return _Vp("cannot-recruit", obj=_object(ch[-1]))

    def rs_equip(self, meta, ch):
        return _Vp("cannot-equip", obj=_object(ch[-1]))

    def rs_target_with(self, meta, ch):
        # "You may not target X with Political actions": X cannot be targeted by those actions
        return _Vp("cannot-be-targeted-by", obj=ch[0], keyword=ch[-1])

    def rs_wa_any(self, meta, ch):
        return "actions"

    def rs_wa_kind(self, meta, ch):
        return self._text(meta)

    def rs_be_assigned(self, meta, ch):
        if str(ch[1]).lower() != "assigned":
            return Unparsed(self._text(meta), "not a restriction", self._span(meta))
        return self._rs_effect(meta, _subject(ch[0]), self._dest("cannot-assign", ch[-1]))

    def rs_be_assigned_move(self, meta, ch):
        if str(ch[1]).lower() != "assigned":
            return Unparsed(self._text(meta), "not a restriction", self._span(meta))
        return self._rs_effect(meta, _subject(ch[0]), self.rs_assign_move(meta, ch[-1:]))

    def rs_assign_him_move(self, meta, ch):
        return self._rs_effect(meta, ch[1], self.rs_assign_move(meta, ch[-1:]))

    def rs_not_from_play(self, meta, ch):
        if str(ch[1]).lower() != "discarded":
            return Unparsed(self._text(meta), "not a restriction", self._span(meta))
        return self._eff(meta, "cannot-discard-from-play", target=_subject(ch[0]))

    def rs_subj_target_with(self, meta, ch):
        who, whom, actions = ch[0], ch[1], ch[-1]
        return self._eff(meta, "cannot-be-targeted-by", target=whom, keyword=actions, values=(_subject(who),))

    def rs_np_card_effects(self, meta, ch):
        return TargetSpec(ref="each", card_types=("effect",), text=self._text(meta))

    def rs_restrict_battle_resolution(self, meta, ch):
        who = TargetSpec(ref="each", card_types=("battle-resolution",), text="battle resolution")
        return self._rs_effect(meta, who, ch[-1])

    def rs_np_lobbying(self, meta, ch):
        return TargetSpec(ref="each", card_types=("lobbying",), text=self._text(meta))

    def rs_np_this_event(self, meta, ch):
        noun = ch[0] if ch and isinstance(ch[0], str) else "movement"
        return self._possessed(meta, "it", (), noun, [])

    def rs_np_this_gain(self, meta, ch):
        return self._possessed(meta, "it", (), "gain", [])

    def rs_np_these_effects(self, meta, ch):
        return self._possessed(meta, "it", (), "effect", [])

    def rs_np_printed_abilities(self, meta, ch):
        return self._possessed(meta, "it", (), self._printed_noun(meta), ch)

    def _printed_noun(self, meta):
        head = " ".join(self._text(meta).lower().split()[:4])
        return "base-abilities" if " base " in f" {head} " else "printed-abilities"

    def rs_pn_actions(self, meta, ch):
        # "its actions", "the Personality's Kiho actions", "one of the action's ...": the noun as written
        return "action" if self._text(meta).lower().endswith("action") else "actions"

    def rs_pn_effects(self, meta, ch):
        return "effects"

    def rs_pn_printed_abilities(self, meta, ch):
        return self._printed_noun(meta)

    # ----- must / only
    def rs_must_be_keyword(self, meta, ch):
        words = [w[:-1] if w.endswith("s") and not w.endswith("ss") else w for w in ch[-1]]
        return self._eff(meta, "must-have-keyword", target=_subject(ch[0]), keyword="|".join(words))

    def rs_must_be_done(self, meta, ch):
        # "they must be bowed": the effect itself, on them
        verb = {"bowed": "bow", "straightened": "straighten", "dishonored": "dishonor", "destroyed": "destroy",
                "discarded": "discard"}.get(str(ch[-1]).lower())
        if verb is None:
            return Unparsed(self._text(meta), "not an effect", self._span(meta))
        return self._eff(meta, verb, target=ch[0])

    def rs_must_focus(self, meta, ch):
        where = next((c for c in ch[1:] if isinstance(c, str)), None)
        return self._eff(meta, "must-focus", target=ch[0], amount=1, keyword=where)

    def rs_focus_where(self, meta, ch):
        return "from-hand" if "hand" in self._text(meta).lower() else None

    def rs_only_owner(self, meta, ch):
        return self._eff(meta, "only-controlled-by-owner", target=_subject(ch[0]))

    def rs_only_owner_self(self, meta, ch):
        return self._eff(meta, "only-controlled-by-owner", target=_self())

    def rs_only(self, meta, ch):
        return self._rs_effect(meta, _subject(ch[0]), ch[-1])

    def rs_only_self(self, meta, ch):
        return self._rs_effect(meta, _self(), ch[-1])

    def rs_you_only(self, meta, ch):
        return self._rs_effect(meta, TargetSpec(ref="you", text="You"), ch[-1])

    def rs_equip_only(self, meta, ch):
        return self._eff(meta, "attach-restriction", target=ch[-1])


    def rs_only_play(self, meta, ch):
        period = token(ch, "PERIOD", lower=True)
        named = next(c for c in ch if isinstance(c, TargetSpec))
        return _Vp("play-limit", obj=_named(named), keyword=period)

    def rs_only_play_per_duel(self, meta, ch):
        named = next(c for c in ch if isinstance(c, TargetSpec))
        return _Vp("play-limit", obj=_named(named), keyword="duel")

    def rs_only_play_per_resolution(self, meta, ch):
        # "one copy of Grief in reaction to any one resolution": one copy among the cards played
        # in reaction to one resolution (the noun phrase carries the words, rs_p_in_reaction)
        named = next(c for c in ch if isinstance(c, TargetSpec))
        words = " in reaction to any one resolution"
        if not named.text.lower().endswith(words):  # (a card named by its title drops the modifier)
            return None
        named = replace(named, text=named.text[:-len(words)],
                        states=tuple(s for s in named.states if s != "in-reaction-to-one-resolution"))
        return _Vp("play-limit", obj=_named(named), keyword="resolution")

    def rs_p_in_reaction(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "in-reaction-to-one-resolution")

    def rs_only_have(self, meta, ch):
        return _Vp("copy-limit", obj=_named(ch[0]))

    def rs_only_recruit(self, meta, ch):
        return _Vp("only-recruit", obj=_object(ch[-1]))

    def rs_only_proclaim(self, meta, ch):
        return _Vp("only-proclaim", obj=_object(ch[-1]))

    def rs_only_attach(self, meta, ch):
        return _Vp("attach-limit", obj=_object(ch[-1]))

    def rs_only_enter_from(self, meta, ch):
        return _Vp("only-enter-play-from", keyword="province")

    # ----- Gold that pays for one thing only
    def rs_gold_only(self, meta, ch):
        first, paid = ch[0], ch[-1]
        produced = first if isinstance(first, list) else [first]
        if not produced or getattr(produced[0], "kind", "") != "produce-gold":
            return Unparsed(self._text(meta), "only Gold is limited to what it pays for", self._span(meta))
        return produced + [self._eff(meta, "gold-only-for", target=paid)]

    def rs_alt_gold_only(self, meta, ch):
        from .ability import _Alt, _AltAmount, _Guarded

        alt, cond, paid = ch[0], ch[1], ch[-1]
        branch = self.alt_amount_branch(meta, [alt, cond])
        # the limit holds for the Gold of that branch: under the same condition
        limit = _Guarded(self._eff(meta, "gold-only-for", target=paid), cond, "if")
        if isinstance(branch, _Alt) and isinstance(branch.branch, _AltAmount):
            return [branch, limit]
        return Unparsed(self._text(meta), "an alternative the grammar cannot read", self._span(meta))

    def rs_paid_np(self, meta, ch):
        t = ch[-1]
        return replace(_object(t), count=1, text=self._text(meta))

    def rs_paid_kw_list(self, meta, ch):
        import re

        words = [w for w in re.split(r",\s*(?:or\s+)?|\s+or\s+", str(ch[-1])) if w]
        return TargetSpec(ref="choice", states=("any-keyword:" + "|".join(words),), text=self._text(meta))

    def rs_paid_cost(self, meta, ch):
        return TargetSpec(ref="choice", card_types=("cost",), keywords=(str(ch[0]),), text=self._text(meta))

    # ----- ignoring requirements and costs
    def _ignore_hr(self, meta, who, ref):
        whose, stat = ref
        if stat != "honor-requirement":
            return Unparsed(self._text(meta), "only an Honor Requirement is ignored", self._span(meta))
        return self._eff(meta, "ignore-honor-requirement", target=_subject(who), values=(whose,))

    def rs_ignore_hr(self, meta, ch):
        return self._ignore_hr(meta, ch[0], ch[-1])


    def rs_ignore_hr_self(self, meta, ch):
        return self._ignore_hr(meta, TargetSpec(ref="you", text="you"), ch[-1])

    def rs_ignore_bow_cost(self, meta, ch):
        return self._eff(meta, "ignore-cost", target=ch[-1], keyword="bowing")

    def rs_ignore_gold_cost(self, meta, ch):
        return self._eff(meta, "ignore-cost", target=ch[-1], keyword="gold")

    def rs_subj_assign(self, meta, ch):
        return self._rs_effect(meta, _subject(ch[0]), self._dest("cannot-assign", ch[-1]))

    def rs_subj_assign_move(self, meta, ch):
        return self._rs_effect(meta, _subject(ch[0]), self.rs_assign_move(meta, ch[-1:]))

    def rs_ignored(self, meta, ch):
        return ch[-1]

    def rs_ignore_hr_on(self, meta, ch):
        return self._eff(meta, "ignore-honor-requirement", target=_subject(ch[0]), values=(ch[-1],))

    def rs_perform_kinds(self, meta, ch):
        words = [str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"]
        joined = " or " if " or " in self._text(meta).lower() else " "
        return self._eff(meta, "cannot-perform-actions", target=_subject(ch[0]), keyword=joined.join(words))

    def rs_self_perform(self, meta, ch):
        kind = ch[-1]
        return self._eff(meta, "cannot-perform-actions", target=_self(),
                         keyword=None if kind == "actions" else kind.rsplit(" ", 1)[0])

    def rs_be_or_gain(self, meta, ch):
        from .ability import _CANNOT

        who = _subject(ch[0])
        kind = _CANNOT.get(str(ch[1]).lower())
        if kind is None:
            return Unparsed(self._text(meta), "no such restriction", self._span(meta))
        return [self._eff(meta, kind, target=who)] + [
            self._eff(meta, "cannot-gain-keyword", target=who, keyword=w) for w in ch[-1]]

    def rs_self_gain_alignment(self, meta, ch):
        name = str(ch[0]).strip('"\u201c\u201d')
        return self._eff(meta, "cannot-gain-keyword", target=_self(), keyword=name)

    def rs_loses_cannot_gain(self, meta, ch):
        who = _subject(ch[0])
        out = []
        for w in ch[-1]:
            out += [self._eff(meta, "lose-keyword", target=who, keyword=w),
                    self._eff(meta, "cannot-gain-keyword", target=who, keyword=w)]
        return out

    def rs_the_action(self, meta, ch):
        who = TargetSpec(ref="it", card_types=("action",), text=" ".join(self._text(meta).split()[:2]))
        if len(self._text(meta).split()) > 2 and self._text(meta).split()[1].lower() == "battle":
            who = TargetSpec(ref="it", card_types=("action",), text=" ".join(self._text(meta).split()[:3]))
        return self._rs_effect(meta, who, ch[-1])

    def rs_bring_into_play(self, meta, ch):
        return _Vp("cannot-put-into-play", obj=_object(ch[0]))

    def rs_from_both(self, meta, ch):
        a, b = ch[0], ch[-1]
        return TargetSpec(ref="each", owner=a.owner, card_types=(), states=(f"either:{a.text}|{b.text}",),
                          text=self._text(meta)[5:])

    def rs_must_be_keyword2(self, meta, ch):
        words = [str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"]
        last = words[-1][:-1] if words[-1].endswith("s") else words[-1]
        return self._eff(meta, "must-have-keyword", target=_subject(ch[0]), keyword=f"{words[0]} {last}")

    def rs_which_not(self, meta, ch):
        first, vp = ch[0], ch[-1]
        before = first if isinstance(first, list) else [first]
        # what "which" names: the effect just before
        return before + [self._rs_effect(meta, TargetSpec(ref="it", text="which"), vp)]

    def rs_target_np(self, meta, ch):
        # "You may not target X with Political actions": X is not to be targeted by those actions
        t = ch[-1]
        by = next((st[3:] for st in t.states if st.startswith("by:")), None)
        t = replace(t, states=tuple(st for st in t.states if not st.startswith("by:")))
        if by is None:
            # a bare name keeps no modifiers ("Kenji with Political actions"): read them off its words
            import re

            m = re.search(r"\s+with\s+(.*\bactions?)$", t.text, re.I)
            if m:
                by, t = m.group(1), replace(t, text=t.text[: m.start()])
        vp = _Vp("cannot-be-targeted-by", obj=t, keyword=by or "actions")
        vp.duration = "by-subject"  # marker: the object is the target, the subject who may not target
        return vp

    def rs_p_with_actions(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "by:" + ch[-1])

    def rs_p_no_abilities(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "no-abilities")

    def rs_win_honor(self, meta, ch):
        return _Vp("cannot-win", keyword="honor-victory")

    def rs_win_honor_or_control(self, meta, ch):
        return _Vp("", many=[_Vp("cannot-win", keyword="honor-victory"), _Vp("cannot-control", obj=ch[-1])])

    def rs_d_battlefields_empty(self, meta, ch):
        return "battlefield-without-enemy-units"

    def rs_np_abilities_on(self, meta, ch):
        owner = ch[-1]
        return TargetSpec(ref="possessed", card_types=("abilities",), states=(f"on:{owner.text}",),
                          text=self._text(meta))

    def rs_np_one_ability(self, meta, ch):
        return _one_of(self._possessed(meta, "it", (), "abilities", ch))

    def rs_np_favor_actions(self, meta, ch):
        words = ["Favor", "Lobby"] if "lobby" in self._text(meta).lower() else ["Favor"]
        return TargetSpec(ref="each", card_types=("action",), states=("any-keyword:" + "|".join(words),),
                          text=self._text(meta))

    def rs_p_taken(self, meta, ch):
        return _Vp("taken")

    def rs_not_negation(self, meta, ch):
        return self._eff(meta, "not-negation", target=TargetSpec(ref="it", text=self._text(meta).split()[0]))

    def rs_proclaim_act(self, meta, ch):
        return self._eff(meta, "proclaim", target=ch[-1])

    def rs_paid_either(self, meta, ch):
        from .ability import _Mod

        words = [str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"]
        head = next((c.value for c in ch if isinstance(c, _Mod) and c.kind == "head"), "card")
        return TargetSpec(ref="choice", card_types=(head,), states=("any-keyword:" + "|".join(words),),
                          text=self._text(meta))

    def rs_paid_action_of(self, meta, ch):
        return TargetSpec(ref="choice", card_types=("action",), states=(f"of:{ch[0].text}",), text=self._text(meta))

    def rs_only_move_battlefield(self, meta, ch):
        return _Vp("only-move-to", keyword="battlefield")

    def rs_subj_target_this_with(self, meta, ch):
        who, noun = _subject(ch[0]), str(ch[1])
        word = noun.split()[-1].lower()
        # as the base reads "this <noun>": "this Personality" on an attachment is its bearer
        whom = TargetSpec(ref="attached" if word == "personality" else "this", card_types=(word,),
                          text=f"this {noun}")
        return self._eff(meta, "cannot-be-targeted-by", target=whom, keyword=ch[-1], values=(who,))

    def rs_gain_honor_destroying(self, meta, ch):
        # "Other players do not gain Honor for destroying your cards (in this battle's resolution)"
        return _Vp("cannot-gain-honor", obj=ch[0], keyword="for-destroying")

    def rs_no_rule_maximum(self, meta, ch):
        stat = next(c for c in ch if isinstance(c, str))
        vp = _Vp("no-stat-maximum", keyword=stat)
        return vp

    def rs_use(self, meta, ch):
        vp = _Vp("cannot-use-abilities", obj=ch[0])
        vp.duration = "by-subject"
        return vp

    def rs_use_or_target(self, meta, ch):
        use = self.rs_use(meta, ch[:1])
        target = _Vp("cannot-be-targeted-by", obj=TargetSpec(ref="it", text=str(ch[1]) if len(ch) > 2 else "them"),
                     keyword=ch[-1])
        target.duration = "by-subject"
        return _Vp("", many=[use, target])

    def rs_must_focus_exactly(self, meta, ch):
        possible = any(getattr(c, "type", "") == "RS_IF_POSSIBLE" for c in ch)
        return self._eff(meta, "must-focus", target=_subject(ch[0]), amount=1,
                         keyword="exactly-once-if-possible" if possible else "exactly-once")

    def rs_p_must_be_keyword(self, meta, ch):
        from .ability import _Mod

        return _Mod("keyword", str(ch[-1]))

    def rs_p_must_be_state(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", str(ch[-1]).lower())

    def rs_p_in_resolution(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "in-battle-resolution")

    def rs_self_only_alignment(self, meta, ch):
        return self._eff(meta, "only-gain-alignment", target=_self(), keyword=f"{ch[-1]} Clan")

    # ----- copying values and abilities
    def rs_h_ability(self, meta, ch):
        from .ability import _Mod

        return _Mod("head", "ability")

    def rs_h_keyword(self, meta, ch):
        from .ability import _Mod

        return _Mod("head", "keyword")

    def rs_h_trait(self, meta, ch):
        from .ability import _Mod

        return _Mod("head", "trait")

    def rs_r_not_copying(self, meta, ch):
        # the rules' restriction: only an ability that does not itself copy abilities is copied
        from .ability import _Mod

        return _Mod("post-state", "not-copying")

    def rs_p_from_target(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "of-target")

    def rs_np_kind_abilities(self, meta, ch):
        # "his Political abilities", "a Battle ability": the designator is a keyword of the abilities
        from .ability import _flatten, _Mod

        flat = _flatten(ch)
        word = next((str(c) for c in reversed(flat) if getattr(c, "type", "") == "CAPWORD"), "Battle")
        mods = [m for m in flat if isinstance(m, _Mod)]
        owner = "you" if any(m.kind == "owner" and m.value == "you" for m in mods) else "it"
        if any(m.kind == "target" for m in mods):
            owner = "target"
        t = self._possessed(meta, owner, (), "abilities", [m for m in mods if m.kind in ("post-state", "state")])
        t = replace(t, keywords=(word,))
        one = any(m.kind == "q" and str(m.value[0]).startswith("one") for m in mods)
        return _one_of(t) if one else t

    def rs_np_one_of_poss(self, meta, ch):
        # "one of the target's abilities which ...": one of the possessed things
        from .ability import _Mod

        head = next((m.value for m in ch if isinstance(m, _Mod) and m.kind in ("head", "head-keyword")), "card")
        rest = [c for c in ch if isinstance(c, (str, _Mod)) and not hasattr(c, "type") and not (
            isinstance(c, _Mod) and c.kind in ("head", "head-keyword"))]
        noun = next((c for c in rest if isinstance(c, str)), "abilities")
        owner = "target" if head == "target" else "it"
        return _one_of(self._possessed(meta, owner, (), noun, [c for c in rest if isinstance(c, _Mod)]))

    def rs_np_one_printed(self, meta, ch):
        return _one_of(self._possessed(meta, "it", (), self._printed_noun(meta), ch))

    def rs_copy_list(self, meta, ch):
        return [c for c in ch if not hasattr(c, "type")]

    def rs_ci_stat(self, meta, ch):
        whose, stat = ch[0]
        return ("stat", whose, stat)

    def rs_ci_bare_stat(self, meta, ch):
        return ("stat", None, ch[0])

    def rs_ci_np(self, meta, ch):
        return ("np", ch[0])

    def rs_ci_owned(self, meta, ch):
        owner, noun = ch[0], ch[-1]
        mods = noun[1] if isinstance(noun, tuple) else []
        noun = noun[0] if isinstance(noun, tuple) else noun
        t = self._possessed(meta, owner.ref, owner.states, noun, mods)
        return ("np", _one_of(t) if noun in ("ability", "keyword", "trait") else t)

    def rs_ci_keyword_from(self, meta, ch):
        owner = ch[-1]
        return ("np", _one_of(self._possessed(meta, owner.ref, owner.states, "keyword", [])))

    def rs_ci_abilities(self, meta, ch):
        return ("np", self._possessed(meta, "it", (), "abilities", [c for c in ch if not hasattr(c, "type")]))

    def rs_ow_keyword(self, meta, ch):
        return "keyword"

    def rs_ow_keywords(self, meta, ch):
        return "keywords"

    def rs_ow_trait(self, meta, ch):
        return "trait"

    def rs_ow_traits(self, meta, ch):
        return "traits"

    def rs_ow_ability(self, meta, ch):
        return ("ability", list(ch))

    def _copy_effects(self, meta, copier: TargetSpec, items: list):
        """One effect per copied thing: ``copy-stat`` (``stat``, ``target`` whose value),
        ``copy-ability`` / ``copy-keyword`` (``target`` the possessed abilities / keywords or traits;
        ``amount`` 1 for one of them, None for all); ``values[0]`` who copies."""
        out = []
        owner: TargetSpec | None = None
        for item in items:
            if item[0] == "stat":
                whose = item[1] or owner or TargetSpec(ref="it", text="")
                owner = whose
                out.append(self._eff(meta, "copy-stat", target=whose, stat=item[2], values=(copier,)))
                continue
            t = item[1]
            nouns = set(t.card_types)
            if t.ref != "possessed":
                # "ability that does not copy abilities" after "X's Force, Chi, or": X's
                of = f"of-{owner.ref}" if owner is not None else "of-it"
                t = replace(t, ref="possessed", states=(of, *t.states))
            else:
                owner = TargetSpec(ref=t.states[0][3:] if t.states and t.states[0].startswith("of-") else "it",
                                   text="")
            words = t.text.lower()
            one = "one-of" in t.states or words.startswith(("one ", "a ", "an ", "another ")) or \
                words.split(" ", 1)[0] in ("ability", "keyword", "trait")
            if nouns & {"ability", "abilities", "printed-abilities", "base-abilities"}:
                kind = "copy-ability"
            elif nouns & {"keyword", "keywords", "trait", "traits"}:
                kind = "copy-keyword"
            else:
                return None
            out.append(self._eff(meta, kind, target=t, amount=1 if one else None, values=(copier,)))
        return out

    def rs_copies(self, meta, ch):
        out = self._copy_effects(meta, _subject(ch[0]), ch[-1])
        if not out:
            return Unparsed(self._text(meta), "not something a card copies", self._span(meta))
        return out

    def rs_copy(self, meta, ch):
        out = self._copy_effects(meta, TargetSpec(ref="this", text=""), [ch[0]])
        if not out:
            return Unparsed(self._text(meta), "not something a card copies", self._span(meta))
        return out

    def rs_copy_to(self, meta, ch):
        # "Copy an ability on it ..., to this Weapon": the card that gets the copy
        out = self._copy_effects(meta, ch[-1], [ch[0]])
        if not out:
            return Unparsed(self._text(meta), "not something a card copies", self._span(meta))
        return out

    # ----- what another player must do
    def _must(self, meta, who: TargetSpec, effect, ch):
        # "X must <do something>": X does it, with no choice whether (an effect-scoped condition
        # "effect-mandatory", args = (where, who[, "if-possible"]))
        from adjudicator.core.ability import Effect

        from .ability import _Scoped

        def own(e):
            if isinstance(e, list):
                return [own(x) for x in e]
            if isinstance(e, Effect) and e.target is not None and e.target.ref == "you" and not e.target.text:
                return replace(e, target=who)
            return e

        args = (who.text,)
        if any(getattr(c, "type", "") == "RS_IF_POSSIBLE" for c in ch):
            args += ("if-possible",)
        return _Scoped(own(effect), "effect-mandatory", args, self._text(meta))

    def rs_subj_must(self, meta, ch):
        return self._must(meta, _subject(ch[0]), ch[1], ch)

    def rs_subj_must_pick(self, meta, ch):
        return self._must(meta, _subject(ch[0]), self._picked(meta, ch[1]), ch)

    def rs_np_active_player(self, meta, ch):
        return TargetSpec(ref="active-player", card_types=("player",), text=self._text(meta))

    # ----- negated relative clauses
    def rs_r_not_controls(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", f"not-controls:{ch[-1].text}")

    def rs_r_not_has(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", f"has-no:{ch[-1].text}")

    # ----- more restricted verb phrases
    def rs_refuse_from(self, meta, ch):
        # "may not refuse challenges from Hikayo": values[0] the challenger
        return _Vp("cannot-refuse-duel", obj=ch[-1])

    def rs_enter_play_from(self, meta, ch):
        # "Cards will not enter play from the province": values[0] where from
        return _Vp("cannot-enter-play", obj=ch[-1])

    def rs_take_actions_at(self, meta, ch):
        # "may not take Engage actions at this Item's battlefield": values[0] whose battlefield
        vp = _Vp("cannot-take-actions", keyword=ch[0], obj=replace(ch[1], text=ch[1].text + "'s battlefield"))
        return vp

    def rs_become(self, meta, ch):
        # "Suikihime will not become dishonorable": keyword the state
        return _Vp("cannot-become", keyword=str(ch[-1]).lower())

    def rs_equip_another_copy(self, meta, ch):
        # "may not Equip another copy of Suspending Wind": another card with that title
        t = _named(ch[-1])
        return _Vp("cannot-equip", obj=replace(t, states=(*t.states, "another-copy")))

    def rs_move_to_oppose(self, meta, ch):
        # "may not move to oppose this Personality": keyword "oppose", values[0] whom
        return _Vp("cannot-move-to", obj=ch[-1], keyword="oppose")

    def rs_move_obj_to_oppose(self, meta, ch):
        # "Other players' effects will not move dishonorable Personalities to oppose your Magistrates"
        return _Vp("cannot-move-to", obj=ch[0], keyword="oppose", acted_on=True, extra=(ch[-1],))

    def rs_verb_from(self, meta, ch):
        # "They will not bow from the battle's resolution": only that source is kept out
        from .ability import _VERB_KINDS

        vp = _Vp("cannot-" + _VERB_KINDS[str(ch[0]).lower()])
        vp.duration = "from:" + ch[-1]
        return vp

    def rs_src_battle_resolution(self, meta, ch):
        return "battle-resolution"

    def rs_not_same_army(self, meta, ch):
        # "They may not attack in the same army": no two of them attack together
        return self._eff(meta, "cannot-share-army", target=_subject(ch[0]), keyword="attack")

    def rs_not_with(self, meta, ch):
        # "X will not attack or defend with other Personalities": values[0] with whom
        return self._eff(meta, "cannot-share-army", target=_subject(ch[0]), values=(ch[-1],))

    def rs_self_not_with(self, meta, ch):
        return self._eff(meta, "cannot-share-army", target=_self(), values=(ch[-1],))

    # ----- how long, how many
    def rs_this_period(self, meta, ch):
        # "... this phase": every effect of the clause lasts until the period ends
        from adjudicator.core.ability import Effect

        period = str(ch[-1]).lower()

        def last(e):
            if isinstance(e, list):
                return [last(x) for x in e]
            if isinstance(e, Effect) and e.duration is None:
                return replace(e, duration=period)
            return e

        first = ch[0]
        if not isinstance(first, (Effect, list)) or (isinstance(first, Effect) and first.duration is not None):
            return Unparsed(self._text(meta), "a period for an effect that already has one", self._span(meta))
        return last(first)

    def rs_action_limit(self, meta, ch):
        # "Each player may take only one Limited or Open action per turn": amount how many,
        # keyword the designators ("A|B"), values[0] the period
        from .ability import amount

        words = [str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"]
        period = token(ch, "PERIOD", lower=True)
        return self._eff(meta, "action-limit", target=_subject(ch[0]), amount=amount(ch[1]),
                         keyword="|".join(words), values=(period,))

    def rs_only_take_more(self, meta, ch):
        # "may only take two more non-Reaction actions": values[0] which actions
        from .ability import amount

        t = ch[-1]
        period = next((st[len("during:this-"):] for st in t.states if st.startswith("during:this-")), None)
        t = replace(t, states=tuple(st for st in t.states if not st.startswith("during:this-")))
        return _Vp("action-limit", obj=t, amount=amount(ch[0]), duration=period)

    def rs_only_put_more(self, meta, ch):
        # "may only put one more Ring into play": cards put into play by any means, not the plays
        # of one title (play-limit)
        from .ability import amount

        return _Vp("put-into-play-limit", obj=_object(ch[1]), amount=amount(ch[0]))

    def rs_p_in_state_army(self, meta, ch):
        # "in a defending army": in an army in that state
        from .ability import _Mod

        return _Mod("post-state", f"in-{str(ch[-1]).lower()}-army")

    def rs_p_this_period(self, meta, ch):
        # "actions this phase": the ones of the current period
        from .ability import _Mod

        return _Mod("post-state", f"during:this-{str(ch[-1]).lower()}")

    # ----- what a negation names
    def rs_p_from_source(self, meta, ch):
        # "from other players' cards' effects": where the event or effect comes from, as a state
        # "from:<source>" (the restriction sources' closed names where one fits, else the words)
        from .ability import _Mod

        return _Mod("post-state", "from:" + _source_name(TargetSpec(ref="it", text=ch[-1])))

    def rs_src_words(self, meta, ch):
        return " ".join(self._text(meta).split())

    def _events(self, meta, owner: str, nouns: list, mods: list, either: bool = False) -> TargetSpec:
        t = self._possessed(meta, owner, (), "|".join(nouns), mods)
        return replace(t, states=(*t.states, "either")) if either else t

    def _event_of(self, meta, nouns: list, whose: TargetSpec, either: bool = False) -> TargetSpec:
        # "the destruction of your Followers from its effects": the inner phrase's source is the event's
        source = tuple(st for st in whose.states if st.startswith("from:") or st == "from-action")
        # (the player topic's "from:<words>" or this topic's "from:<source>")
        whose = replace(whose, states=tuple(st for st in whose.states if st not in source))
        if whose.ref in ("choice", "each"):
            # a description: whose events, by its words ("of-each", "whose:your Followers")
            t = self._possessed(meta, "each", (f"whose:{whose.text.split(' from ')[0]}",), "|".join(nouns), [])
        else:
            t = self._possessed(meta, whose.ref, whose.states, "|".join(nouns), [])
        return replace(t, states=(*t.states, *(("either",) if either else ()), *source))

    def rs_np_either_events(self, meta, ch):
        from .ability import _Mod

        nouns = [c for c in ch if isinstance(c, str) and not hasattr(c, "type")]
        return self._events(meta, "it", nouns, [c for c in ch if isinstance(c, _Mod)], either=True)

    def rs_np_either_events_of(self, meta, ch):
        return self._event_of(meta, [c for c in ch[:-1] if isinstance(c, str)], ch[-1], either=True)

    def rs_np_event_to(self, meta, ch):
        # "all movement to it": every such event that ends at that card
        return self._possessed(meta, "each", (f"to:{ch[-1].text}",), ch[0], [])

    def rs_events_and(self, meta, ch):
        words = self._text(meta).lower().split()
        return f"{words[0]}|{words[-1]}"

    def rs_pn_first_each(self, meta, ch):
        return f"first-{ch[0]}-each-{str(ch[-1]).lower()}"

    # ----- noun phrases restrictions name
    def rs_m_state_or_keyword(self, meta, ch):
        # "a Fallen or Shadowlands Personality": the state, or the keyword
        from .ability import _Mod

        return _Mod("state", f"state-or-keyword:{str(ch[0]).lower()}|{ch[-1]}")

    def rs_p_rel_gt(self, meta, ch):
        return self.p_rel_gt(meta, ch)

    def rs_p_rel_lt(self, meta, ch):
        return self.p_rel_lt(meta, ch)

    def rs_d_each_others(self, meta, ch):
        return "each-others-battlefield"

    # ----- "which ..." after an effect
    def rs_effect_cannot_target(self, meta, ch):
        # "Fear 4 that cannot target a Cavalry card": the card described is kept out of the
        # effect's targets (keyword names the effect, as "Melee Attacks may not target ...")
        from adjudicator.core.ability import Effect

        first = ch[0] if isinstance(ch[0], list) else [ch[0]]
        effect = next((e for e in first if isinstance(e, Effect)), None)
        if effect is None:
            return Unparsed(self._text(meta), "no effect to restrict", self._span(meta))
        return first + [self._eff(meta, "cannot-be-targeted-by", target=ch[-1], keyword=effect.kind)]

    def _performer(self, meta, ch):
        from adjudicator.core.ability import Effect

        first = ch[0] if isinstance(ch[0], list) else [ch[0]]
        effect = next((e for e in first if isinstance(e, Effect)), None)
        if effect is None or effect.kind != "additional-action":
            return None, None
        who = next(c for c in reversed(ch) if isinstance(c, TargetSpec))
        # "which he must perform": who performs the additional action
        return first, self._eff(meta, "must-perform", target=who, keyword=effect.kind)

    def rs_effect_performer(self, meta, ch):
        first, performer = self._performer(meta, ch)
        if first is None:
            return Unparsed(self._text(meta), "only an additional action names its performer", self._span(meta))
        return first + [performer]

    def rs_optional_performer(self, meta, ch):
        from .ability import _Optional

        first, performer = self._performer(meta, ch)
        if first is None:
            return Unparsed(self._text(meta), "only an additional action names its performer", self._span(meta))
        return [_Optional(first), performer]

    def rs_redirect_instead_of(self, meta, ch):
        # "The action targets him instead of another card": values[0] the card it no longer targets
        targets = [c for c in ch if isinstance(c, TargetSpec)]
        return self._eff(meta, "redirect-target", target=targets[0], values=(targets[1],))

    def rs_alt_cards(self, meta, ch):
        from .ability import _AltAmount

        return _AltAmount({"two": 2, "three": 3}[self._text(meta).split()[0].lower()])

    def rs_subj_cannot_attach(self, meta, ch):
        # as the base "Will not attach Spells": target what may not be attached, values[0] the bearer
        return self._eff(meta, "cannot-attach", target=ch[-1], values=(_subject(ch[0]),))

    # ----- more restrictions
    def rs_move_to_oppose_in(self, meta, ch):
        # "in the Engage Segment": when the restriction holds (values[1] the segment)
        words = [str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"]
        return _Vp("cannot-move-to", obj=next(c for c in ch if isinstance(c, TargetSpec)), keyword="oppose",
                   extra=(f"{words[-1]} Segment",))

    def rs_had_negated(self, meta, ch):
        return "cannot-negate"

    def rs_had_reduced(self, meta, ch):
        return "cannot-reduce-strength"

    def rs_not_have_done(self, meta, ch):
        # "This Event may not have its effects negated": the subject's effects (or strength)
        return self._eff(meta, ch[-1], target=_subject(ch[0]))

    def rs_not_have_done_or_discard(self, meta, ch):
        who = _subject(ch[0])
        kind = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        if str(ch[-1]).lower() != "discarded":
            return Unparsed(self._text(meta), "not a restriction", self._span(meta))
        return [self._eff(meta, kind, target=who), self._eff(meta, "cannot-discard-from-play", target=who)]

    def rs_only_play_victory(self, meta, ch):
        word = token(ch, "CAPWORD")
        period = token(ch, "PERIOD", lower=True)
        return _Vp("play-limit", obj=TargetSpec(ref="named", keywords=(f"{word} Victory",), text=f"{word} Victory"),
                   keyword=period)

    def rs_r_once_per(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", f"once-per-{str(ch[-1]).lower()}")

    def rs_r_prevent(self, meta, ch):
        # "effects that prevent him performing actions": which effects, by what they prevent
        from .ability import _Mod

        if ch[-1] is None:
            return Unparsed(self._text(meta), "not what an effect prevents", self._span(meta))
        return _Mod("post-state", f"prevents:{ch[-1]}:{ch[0].text}")

    def rs_pv_perform(self, meta, ch):
        return "performing-actions"

    def rs_pv_contribute(self, meta, ch):
        return "contributing-force"

    def rs_pv_words(self, meta, ch):
        return "|".join(w.lower() for w in self._text(meta).split() if w.lower() != "or")

    def rs_pays_to(self, meta, ch):
        # "when it pays to Recruit a single Farm only": the base "pays-for-single" test, with the verbs
        from adjudicator.core.ability import Condition

        from .ability import _Guarded

        what = next(c for c in ch[1:] if isinstance(c, TargetSpec))
        verbs = next(c for c in ch[1:] if isinstance(c, str) and not hasattr(c, "type"))
        cond = Condition(kind="pays-for-single", args=(what.text, verbs), text=self._text(meta))
        return _Guarded(ch[0], cond, self._text(meta))

    # ----- lists of forbidden acts
    def rs_move_here(self, meta, ch):
        here = TargetSpec(ref="it", card_types=("battlefield",), text=self._text(meta).split()[-1])
        return _Vp("cannot-move-to", obj=here)

    def rs_not_verb_attack_defend(self, meta, ch):
        verb = self.rs_verb_self(meta, [ch[1]])
        if verb is None:
            return Unparsed(self._text(meta), "not a restriction", self._span(meta))
        who = _subject(ch[0])
        return [self._rs_effect(meta, who, verb), self._eff(meta, "cannot-attack", target=who),
                self._eff(meta, "cannot-defend", target=who)]

    def rs_not_attack_challenge(self, meta, ch):
        who = _subject(ch[0])
        return [self._eff(meta, "cannot-attack", target=who), self._rs_effect(meta, who, _Vp("cannot-challenge"))]

    def rs_self_not_attach_challenge(self, meta, ch):
        what = next(c for c in ch if isinstance(c, TargetSpec))
        return [self.cannot_attach(meta, [what]), self._rs_effect(meta, _self(), _Vp("cannot-challenge"))]

    def rs_p_challenged_from(self, meta, ch):
        # keyword: the actions whose challenges are kept out ("Iaijutsu actions")
        return _Vp("cannot-be-challenged", keyword=ch[-1])

    def rs_not_assigned_together(self, meta, ch):
        # a restriction on the group, not on each card: none of them joins a battlefield where
        # another of them is
        return self._eff(meta, "cannot-assign-together", target=ch[0])

    def rs_restrict_battle_resolution_here(self, meta, ch):
        # only the resolution of the battle at this card's battlefield ("there")
        who = TargetSpec(ref="each", card_types=("battle-resolution",), states=("here",),
                         text="battle resolution there")
        return self._rs_effect(meta, who, ch[-1])

    def rs_ignore_next_action_gold(self, meta, ch):
        # the next action of that kind the player takes costs no Gold
        action = TargetSpec(ref="next", owner="you", card_types=("action",), keywords=(str(ch[0]),),
                            text=f"your next {ch[0]} action")
        return self._eff(meta, "ignore-cost", target=action, keyword="gold")

    def rs_has_but_not(self, meta, ch):
        who = ch[0]
        gained = self.subj_gains_keyword(meta, [who, ch[1]])
        lost = [w.strip() for w in re.split(r",|\bor\b", self._text(meta).split(" have ")[-1].rstrip(". ")) if w.strip()]
        gained = gained if isinstance(gained, list) else [gained]
        return gained + [self._eff(meta, "lose-keyword", target=who, keyword=w) for w in lost]

    def rs_kw_alts(self, meta, ch):
        return self._text(meta)

    def rs_negate_obj(self, meta, ch):
        # the object is protected from the subject's negation (as "Card effects will not move him")
        return _Vp("cannot-negate", obj=ch[-1], acted_on=True)

    def rs_ignores_action_costs(self, meta, ch):
        action = TargetSpec(ref="it", card_types=("action",), text="the action")
        return self._eff(meta, "ignore-cost", target=action, keyword="all", values=(ch[0],))

    # ----- what a player must do in battle
    def rs_must_declare_assign(self, meta, ch):
        who = ch[0]
        unit = next(c for c in ch[1:] if isinstance(c, TargetSpec))
        text = self._text(meta).lower()
        each_turn = "each turn" in text or text.startswith("on your turn")
        if_able = any(getattr(c, "type", "") == "RS_IF_POSSIBLE" for c in ch)
        opposing = any(getattr(c, "type", "") == "RS_OPPOSING_ARMY" for c in ch)
        declare = self._eff(meta, "must-declare-attack", target=who,
                            keyword="each-turn" if each_turn else "this-turn" if "this turn" in text else None)
        # ", opposing an army if possible": the assignment must, and the opposing only if possible
        where = ("opposing-army-if-possible",) if opposing and if_able else ("opposing-army",) if opposing else ()
        assign = self._eff(meta, "must-assign", target=unit, keyword="attack",
                           values=where or (("if-possible",) if if_able else ()))
        return [declare, assign]

    def rs_aw(self, meta, ch):
        return None

    def rs_take_at_most(self, meta, ch):
        # "no more than N actions from <source> per <period>": amount N, values[0] the source
        from .ability import amount

        n = next(amount(c) for c in ch if amount(c) is not None)
        period = token(ch, "PERIOD", lower=True)
        return _Vp("action-limit", obj=ch[-2] if isinstance(ch[-2], TargetSpec) else None, amount=n, duration=period)

    def rs_np_effects_of_performed(self, meta, ch):
        if token(ch, "EVERB", lower=True) != "performs":
            return Unparsed(self._text(meta), "not the actions a card performs", self._span(meta))
        kind = next(str(c) for c in ch if getattr(c, "type", "") == "CAPWORD")
        by = next(c for c in ch if isinstance(c, TargetSpec))
        return TargetSpec(ref="each", card_types=("effect",), states=(f"of-action:{kind.lower()}", f"performed-by:{by.text}"),
                          text=self._text(meta))

    def rs_p_with_state_followers(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", f"has-follower:{token(ch, 'STATE', lower=True)}")

    def rs_r_not_assigned_to(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", f"not-assigned-to:{ch[-1].text}")

    def rs_not_affect_strength(self, meta, ch):
        # the provinces named keep their strength against the subject's changes
        return _Vp("cannot-modify-strength", obj=ch[0], acted_on=True)

    # ----- tests a restriction reads (2)
    def rs_c_not_own(self, meta, ch):
        # "if you do not own the target": the conditions topic's "you-own" test, negated ("none-of")
        from adjudicator.core.ability import Condition

        from .ability_conditions import encode

        inner = Condition(kind="you-own", args=(ch[-1].text,))
        return Condition(kind="none-of", args=encode([inner]), text=self._text(meta))

    def rs_c_other_legal_targets(self, meta, ch):
        # "if any other legal targets are available", "... in this army": args (where, if named)
        from adjudicator.core.ability import Condition

        text = self._text(meta)
        where = re.search(r"targets\s+(.*)$", text, re.I)
        where = where.group(1).strip() if where and not where.group(1).lower().startswith("are") else ""
        return Condition(kind="other-legal-target", args=(where,) if where else (), text=text)

    def rs_r_legal_target(self, meta, ch):
        from .ability import _Mod

        return _Mod("post-state", "legal-target:the-action")

    def rs_p_at_his_location(self, meta, ch):
        # "at his location": the same location as the card the pronoun names
        from .ability import _Mod

        return _Mod("post-state", "same-location-as:it")

    def rs_m_dynasty(self, meta, ch):
        from .ability import _Mod

        return _Mod("keyword", "Dynasty")

    def rs_m_dynasty_or_fate(self, meta, ch):
        # either deck's cards: no keyword narrows them (every card is a Dynasty or a Fate card)
        from .ability import _Mod

        return _Mod("state", "dynasty-or-fate")

    def rs_c_is_either(self, meta, ch):
        # "if he is Fudo or Fallen": the base tests "is <keyword>" / "is <state>", either holding
        from adjudicator.core.ability import Condition

        from .ability_conditions import encode

        who = ch[0].text
        keyword = next(str(c) for c in ch if getattr(c, "type", "") == "CAPWORD")
        state = "fallen"
        return Condition(kind="any-of", args=encode([Condition(kind="is", args=(who, keyword)),
                                                      Condition(kind="is", args=(who, state))]),
                         text=self._text(meta))

    def rs_ignore_action_bow_costs(self, meta, ch):
        # as "He ignores the action's costs", only its costs of bowing cards
        action = TargetSpec(ref="it", card_types=("action",), text="the action")
        return self._eff(meta, "ignore-cost", target=action, keyword="bowing")

    def rs_not_same_army_either(self, meta, ch):
        # "They will not attack or defend in the same army": no two of them in one army at all
        return self._eff(meta, "cannot-share-army", target=_subject(ch[0]), keyword="attack-or-defend")

    def rs_verb_obj_for_attaching(self, meta, ch):
        # as "X do not dishonor Personalities", narrowed to what X does for attaching them
        vp = self.rs_verb_obj(meta, [ch[0], ch[1]])
        vp.keyword = "for-attaching"
        return vp

    def rs_no_bonuses(self, meta, ch):
        # "Fortifications at this Province give no bonuses": target the cards whose bonuses lapse
        return self._eff(meta, "no-bonuses", target=_subject(ch[0]))

    def rs_vp_no_bonuses(self, meta, ch):
        return _Vp("no-bonuses")


    def rs_refuse_created_by(self, meta, ch):
        # "refuse any challenge created by the action": values[0] what creates the challenge
        return _Vp("cannot-refuse-duel", obj=ch[-1])

    def rs_choose_to(self, meta, ch):
        # "may not choose to refuse ...": not choosing to is not doing it
        return ch[-1]

    def rs_optional_kind_performer(self, meta, ch):
        # "..., which must be Iaijutsu and which Inokuchi must perform": the additional action's
        # kind (keyword) and its performer
        from adjudicator.core.ability import Effect

        from .ability import _Optional

        first, performer = self._performer(meta, ch)
        if first is None:
            return Unparsed(self._text(meta), "only an additional action names its performer", self._span(meta))
        kind = next(str(c) for c in ch if getattr(c, "type", "") == "CAPWORD")
        first = [replace(e, keyword=kind) if isinstance(e, Effect) and e.kind == "additional-action" else e
                 for e in first]
        return [_Optional(first), performer]

    def rs_d_attack_you(self, meta, ch):
        # an attack on this ability's player only (other players may still be attacked)
        return "attack-you"

    def rs_np_starting_ring(self, meta, ch):
        # the one Ring a player begins the game with (a deck-building choice)
        return TargetSpec(ref="choice", owner="you", card_types=("ring",), states=("starting",),
                          text=self._text(meta))

    def rs_p_at_this(self, meta, ch):
        from .ability import _Mod

        # a "state" (not a "post-state"): a plural keyword with it is a description of cards,
        # not this card's own name ("Fortifications at this Province")
        return _Mod("state", "at:this-province")

    def rs_vp_no_force_bonuses(self, meta, ch):
        # "positive Modifiers" (the word printed capitalised) are bonuses too: the same restriction
        if str(ch[0]) != "Modifiers":
            raise ValueError("not the Modifiers named")
        return _Vp("no-bonuses", keyword="force")

    def rs_optional_even_if(self, meta, ch):
        from adjudicator.core.ability import Condition

        from .ability import _Optional

        c, first = ch[-1], ch[0]
        # "Recruit Endo from the discard pile": the base reads a bare name as this card and drops
        # its zone; the zone is what the permission is about, so it is kept
        t = getattr(first, "target", None)
        if t is not None and t.ref == "this" and t.zone is None and re.search(r"\bfrom (the|your) discard pile\b", t.text.lower()):
            first = replace(first, target=replace(t, zone="discard"))
        return [_Optional(first), Condition(kind="even-if", args=(c.kind, *c.args), text=c.text)]

    def rs_not_done_for_stat(self, meta, ch):
        # only destruction for a stat at a value (the rules destroy a Personality at 0 Chi)
        if str(ch[1]).lower() != "destroyed":
            raise ValueError("only destruction for a stat is kept from happening")
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        return self._eff(meta, "not-destroyed-for-stat", target=_subject(ch[0]), stat=stat,
                         amount=int(str(ch[2])))


class Rules2:
    """Other additional actions, two sets of abilities, at least one of them, Honor as compared."""

    def rs_take_other_additional(self, meta, ch):
        if str(ch[0]).lower() != "other":
            raise ValueError("only 'any other additional Battle actions'")
        return _Vp("cannot-take-actions", keyword="additional-battle")

    def rs_cannot_use_both(self, meta, ch):
        first, second = (c for c in ch if isinstance(c, TargetSpec))
        return [self._eff(meta, "cannot-use-abilities", target=first),
                self._eff(meta, "cannot-use-abilities", target=second)]

    def rs_np_at_least_one_of_them(self, meta, ch):
        return TargetSpec(ref="it", count=1, text=self._text(meta), states=("at-least",))

    def rs_honor_treated_higher(self, meta, ch):
        return self._eff(meta, "honor-treated-higher", target=TargetSpec(ref="you", text="you"),
                         stat="family-honor", amount=int(str(ch[0])))


add_rules(Rules, Rules2)


class Rules3:
    """What the action taken at the first opportunity must be."""

    @staticmethod
    def _first_opportunity(ch):
        from adjudicator.core.ability import Effect

        first = ch[0] if isinstance(ch[0], list) else [ch[0]]
        effect = next((e for e in first if isinstance(e, Effect)), None)
        if effect is None or effect.kind != "first-opportunity":
            raise ValueError("only the first opportunity's action is described here")
        return first, effect

    def rs_first_take(self, meta, ch):
        # "the first opportunity (chance) to take a Battle action": as the battle topic's reading
        return self.bt_first_opportunity(meta, [*ch, ("battle-action",)])

    def rs_first_pass_or_take(self, meta, ch):
        # the battle topic's "the first opportunity to take a Battle action or pass", in other order
        return self.bt_first_opportunity(meta, [*ch, ("battle-action",)])

    def rs_first_action_kind(self, meta, ch):
        # "..., which must be a Terrain action": the action's kind (a keyword)
        first, effect = Rules3._first_opportunity(ch)
        kind = next(str(c) for c in ch[1:] if getattr(c, "type", "") == "CAPWORD")
        return [replace(e, keyword=kind) if e is effect else e for e in first]

    def rs_first_action_performer(self, meta, ch):
        # "..., which must be performed by that Scout": who performs it
        first, effect = Rules3._first_opportunity(ch)
        who = next(c for c in reversed(ch) if isinstance(c, TargetSpec))
        return first + [self._eff(meta, "must-perform", target=who, keyword=effect.kind)]

    def rs_first_action_source(self, meta, ch):
        # "..., which must come from a card in a unit": the card the action is printed on
        first, effect = Rules3._first_opportunity(ch)
        source = next(c for c in reversed(ch) if isinstance(c, TargetSpec))
        return [replace(e, values=(*e.values, "from"), target=e.target) if e is effect else e for e in first] + [
            self._eff(meta, "must-perform", target=source, keyword="first-opportunity-source")]


add_rules(Rules, Rules3)


class Rules4:
    """Instead of doing something; a bonus to a duel stat."""

    @staticmethod
    def _instead(self, meta, ch):
        what = next(c for c in ch if isinstance(c, tuple) and c and c[0] == "instead")
        return self._eff(meta, "instead-of", keyword=what[1], target=what[2])

    def rs_instead_of(self, meta, ch):
        first = ch[0] if isinstance(ch[0], list) else [ch[0]]
        return [*first, Rules4._instead(self, meta, ch)]

    def rs_optional_instead_of(self, meta, ch):
        from .ability import _Optional

        first = next(c for c in ch if not (isinstance(c, tuple) or getattr(c, "type", "")))
        return [_Optional(first), Rules4._instead(self, meta, ch)]

    rs_optional_instead_of_pre = rs_optional_instead_of

    def rs_iw_focus(self, meta, ch):
        return ("instead", "focus", None)

    def rs_iw_bow(self, meta, ch):
        kind = "bow-to-pay-cost" if self._text(meta).lower().endswith("cost") else "bow"
        return ("instead", kind, _first_target(ch))

    def rs_iw_destroy(self, meta, ch):
        return ("instead", "destroy", _first_target(ch))

    def rs_iw_draw_for_entering(self, meta, ch):
        # the card the rules draw for a card entering play (named by the card it is for)
        return ("instead", "draw-for-entering-play", _first_target(ch))

    def rs_give_duel_stat_bonus(self, meta, ch):
        n = int(str(next(c for c in ch if getattr(c, "type", "") == "SIGNED")))
        return self._eff(meta, "duel-stat-bonus", target=_first_target(ch), amount=n)


def _first_target(ch):
    return next((c for c in ch if isinstance(c, TargetSpec)), None)


add_rules(Rules, Rules4)


def _rs_once_per_duel(self, meta, ch):
    from .ability import _Limit

    return _Limit("once per duel")


Rules.rs_once_per_duel = _rs_once_per_duel


def _rs_focus_from_discard(self, meta, ch):
    # the card focused is taken from the discard pile (instead of the hand)
    return self._eff(meta, "focus-from", keyword="discard", target=TargetSpec(ref="you", text="you"))


Rules.rs_focus_from_discard = _rs_focus_from_discard


def _rs_optional_instead(self, meta, ch):
    from .ability import _Optional

    return _Optional(self.instead(meta, [c for c in ch if not getattr(c, "type", "")]))


Rules.rs_optional_instead = _rs_optional_instead


def _event_nouns(ch) -> str:
    tok = next(str(c) for c in ch if getattr(c, "type", "") == "RS_EVENT_NOUNS")
    return "|".join(re.findall(r"destruction|bowing|movement|straightening", tok.lower()))


def _rs_np_poss_events(self, meta, ch):
    # as the base "Kae's destruction" (a possessed event noun), with every noun of the list
    owner = ch[0]
    mods = [c for c in ch[1:] if not getattr(c, "type", "")]
    return self._possessed(meta, owner.ref, owner.states, _event_nouns(ch), mods)


def _rs_np_events_from_performed(self, meta, ch):
    # "... from Battle actions Hiromi performs": as rs_np_effects_of_performed, for these events
    if token(ch, "EVERB", lower=True) != "performs":
        return Unparsed(self._text(meta), "not the actions a card performs", self._span(meta))
    by = next(c for c in ch if isinstance(c, TargetSpec))
    return TargetSpec(ref="each", card_types=(_event_nouns(ch),), states=("of-action:battle", f"performed-by:{by.text}"),
                      text=self._text(meta))


Rules.rs_np_poss_events = _rs_np_poss_events
Rules.rs_np_events_from_performed = _rs_np_events_from_performed


class Rules5:
    """Until after a moment."""

    def rs_until_after(self, meta, ch):
        from .ability import _Scoped

        # the engine keeps no effect "until after" a moment: the clause is scoped, not given a
        # duration it would read as the rules' default
        return _Scoped(ch[0], "effect-until-after", (ch[-1],), self._text(meta))

    def rs_uw_event(self, meta, ch):
        return ch[0]

    def rs_uw_next_phase(self, meta, ch):
        return f"your-next-{ch[0]}-phase-ends"

    def rs_uw_next_opportunity(self, meta, ch):
        return "their-next-battle-action-opportunity"


add_rules(Rules, Rules5)


def _rs_h_or_their(self, meta, ch):
    from .ability import _Mod

    # both heads, and a state no card has unless it is read whole (as the events topic's "or enemy")
    heads = [m for m in ch if isinstance(m, _Mod) and m.kind == "head"]
    return heads + [_Mod("post-state", f"either:{self._text(meta)}")]


Rules.rs_h_or_their = _rs_h_or_their


def _rs_vp_no_force_bonuses_to(self, meta, ch):
    # as rs_vp_no_bonuses for Force, with the cards that get no bonus as the object
    return _Vp("no-bonuses", keyword="force", obj=next(c for c in ch if isinstance(c, TargetSpec)))


Rules.rs_vp_no_force_bonuses_to = _rs_vp_no_force_bonuses_to


def _rs_vp_no_new_additional(self, meta, ch):
    # the player named is what is protected; the subject ("Other actions") is the source kept out
    return _Vp("cannot-take-actions", obj=next(c for c in ch if isinstance(c, TargetSpec)),
               keyword="additional-battle", acted_on=True)


Rules.rs_vp_no_new_additional = _rs_vp_no_new_additional


def _rs_p_from_duel(self, meta, ch):
    # the card that took part in the duel just named (the challenger or the challenged)
    from .ability import _Mod

    return _Mod("post-state", "in-duel")


Rules.rs_p_from_duel = _rs_p_from_duel
