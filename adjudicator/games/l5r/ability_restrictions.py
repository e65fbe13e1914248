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
``lose-abilities``         "Your Stronghold has no abilities" (``keyword`` ``"traits"`` when "or traits").
"does not have Brash" is the base ``lose-keyword``.
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.core.ability import Effect, TargetSpec, Unparsed

#: Effect kinds this topic emits (added to ``ability.EFFECT_KINDS``)
KINDS: frozenset[str] = frozenset({
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
    "lose-abilities",
})


class _Vp:
    """A restricted verb phrase, waiting for its subject: the kind and its typed arguments."""

    __slots__ = ("kind", "obj", "keyword", "many")

    def __init__(self, kind: str, obj: TargetSpec | None = None, keyword: str | None = None, many=None):
        self.kind, self.obj, self.keyword, self.many = kind, obj, keyword, many


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


def _object(t: TargetSpec) -> TargetSpec:
    # a bare capitalised word as an object is a keyword ("play Terrains"), not the card's name
    if t.ref == "this" and not t.card_types and t.text[:1].isupper() and " " not in t.text.strip():
        word = t.text.strip()
        return TargetSpec(ref="each", keywords=(word[:-1] if word.endswith("s") else word,), text=t.text)
    return t


class Rules:
    # ----- building the effect
    def _rs_effect(self, meta, who: TargetSpec, vp: "_Vp"):
        if vp.many:
            return [self._rs_effect(meta, who, v) for v in vp.many]
        return self._eff(meta, vp.kind, target=who, keyword=vp.keyword,
                         values=(vp.obj,) if vp.obj is not None else ())

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
        word = next(str(c) for c in ch if getattr(c, "type", "") == "CAPWORD")
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
