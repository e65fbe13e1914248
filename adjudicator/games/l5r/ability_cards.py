"""Transformer methods for ``grammar/l5r_ability_cards.lark``: cards and zones: decks, hands, discard piles, searching, creating, copying, tokens.

Each method is named after an alias (``-> name``) of that grammar file and has the base
transformer's signature ``(self, meta, ch)``; see :func:`adjudicator.games.l5r.ability._build_transformer_class`.

Kinds and fields this topic adds (zones are the names of :mod:`adjudicator.games.l5r.effects`:
``hand``, ``discard`` (either discard pile), ``fate-discard``, ``dynasty-discard``, ``deck``,
``fate-deck``, ``dynasty-deck``; two zones a card may be in are joined with ``|``:
``hand|discard``, ``play|discard``; ``out-of-play`` / ``in-or-out-of-play`` for face-up
Personalities in provinces):

``search`` (base kind)
    "Search your discard pile, then deck, for a Ring": ``target`` what is sought, its ``zone``
    the first zone searched; ``keyword`` every zone in order with the connectives of the text,
    ``"discard then deck"`` (the second only if the first has none), ``"deck or discard"`` (one
    of them), ``"discard and fate-deck"`` (both).
``look-at-top`` (base kind) / ``look-at``
    "Look at the top three cards of any Fate deck": ``target`` the cards (state ``top``, ``zone``,
    ``owner`` whose deck, ``any`` when the looker picks), ``amount`` how many; ``look-at`` for
    other cards ("Look at his hand").
``reveal`` (base kind)
    also "A target player shows a random card in his hand" (the card: state ``random``, zone
    ``hand``, whose hand as ``owner`` or state ``of-<ref>``) and "Show your hand to all players".
``discard``
    "He discards a card at random": the card (``zone`` ``hand`` and whose, as for ``reveal``),
    after a ``target`` declaration when the discarding player is a target.
``put-under`` + ``under-host``
    "Put the top card of your Fate deck under this Kata": ``put-under`` has the cards put,
    ``under-host`` (which follows it) the card they go under (``keyword`` ``face-up`` when the
    text says so). Cards under another are the target state ``under:<ref of the host>``.
``shuffle-into-deck``
    "Shuffle them into your Fate deck", "... back into their owners' decks": ``target`` the
    cards, ``keyword`` the deck (``deck`` when the text names none), ``values[0]`` whose deck
    (``you`` / ``owner``).
``deck-copies``
    "You may include up to 10 copies of this card in your deck": ``target`` the card, ``amount``
    the most copies a deck may hold (None: any number). Deck building, never resolved in play.
``deck-size``
    "Your minimum Fate deck size is increased by two": ``keyword`` the deck, ``amount`` the change.
``gain-token``
    "Gain a Conspiracy token": a player's token (``keyword`` its name, ``values[0]`` how many).
``use-ability``
    "use its Void ability without cost" (a Ring's trait): ``target`` the ability (its card's),
    ``keyword`` ``without-cost``.
``put-in-hand-of``
    "put it in his hand": into the hand of the player "his" names (``keyword`` ``his``), which need
    not be the card's owner (the base ``put-in-hand`` puts a card into its owner's hand).
``set-aside``
    "set it aside face-down": the card found is kept out of its deck (``keyword`` its face) while
    the deck is shuffled ("after shuffling" adds a ``shuffle`` of the deck before the clause).
``put-in-deck-at``
    "Put this Strategy into your deck where that card was": ``values[0]`` the deck, ``keyword``
    ``place-of:<card>`` the place of the card taken from it.
Hand size changes are ``modify-stat`` with ``stat="max-hand-size"`` on the player (``values[0]`` the
floor of "to a minimum of 7"). "Draw an additional card" is ``draw`` with ``keyword="additional"``.

Target states: ``random`` ("a random card", "a card at random"), ``titled:<title>`` /
``not-titled:<title>`` ("a card titled ...", "not named Karo"; ``not-titled:this`` "without this
card's title"), ``different-titles``, ``your-clan-alignment``, ``has-token:<name>`` ("with a
Poison token"; ``has-token:any`` for an unnamed one), ``at-least:N`` ("one to three": ``up_to``
with ``count`` 3 and ``at-least:1``). Cost modes: ``("less-gold", N)`` also for "paying all costs
but paying N less Gold" (``("less-gold", N, "minimum-M")`` with "to a minimum of M"), ``("more-gold", N)``.
Delays: ``("end-of", "turn-ends")`` for "before your turn ends" / "at the end of his turn",
``("during-next", "<phase>-phase")`` for "during your next End Phase", ``("after-next",
"<phase>-phase-begins")`` for "after the next End Phase begins".
"""

from __future__ import annotations

import re
from dataclasses import replace

from adjudicator.core.ability import Effect, TargetSpec, Unparsed

from .ability import (
    _Amount,
    _CreatedSpec,
    _Mod,
    _Stats,
    add_rules,
    amount,
    it_target,
    token,
)

#: Effect kinds this topic emits (added to ``ability.EFFECT_KINDS``)
KINDS: frozenset[str] = frozenset({
    "look-at", "put-under", "under-host", "shuffle-into-deck", "deck-copies", "deck-size", "gain-token",
    "create-copy", "draw-until", "give-token-until", "use-ability", "stay-attached", "deck-minimum",
    "win-game", "put-in-hand-of", "set-aside", "put-in-deck-at",
})

_HAND = "hand"
#: the five element keywords ("a card with an element keyword")
_ELEMENTS = ("Air", "Earth", "Fire", "Water", "Void")


def _hand_of(spec: TargetSpec, holder: TargetSpec | None, text: str = "") -> TargetSpec:
    """The card ``spec`` in the hand of ``holder`` (a player: you, an opponent, a target ...)."""
    zone = spec.zone or _HAND
    if holder is None or holder.ref == "you":
        return replace(spec, zone=zone, owner="you" if holder is not None else spec.owner)
    if holder.ref == "opponent":
        return replace(spec, zone=zone, owner="opponent")
    states = spec.states if f"of-{holder.ref}" in spec.states else (*spec.states, f"of-{holder.ref}")
    return replace(spec, zone=zone, states=states)


def _signed(mult: int, n) -> int | None:
    a = amount(n)
    return None if a is None else mult * a


class Rules:
    # ----- searching
    def cc_search(self, meta, ch):
        zones = next(c for c in ch if isinstance(c, tuple) and c and c[0] == "zones")[1]
        target = it_target(ch)
        first = zones[0]
        return self._eff(meta, "search", target=replace(target, zone=first), keyword=" ".join(zones))

    def cc_zones(self, meta, ch):
        return ("zones", [str(c) for c in ch])

    def cc_zone(self, meta, ch):
        return ch[-1]

    def cc_z_discard(self, meta, ch):
        return "discard"

    def cc_z_fate_discard(self, meta, ch):
        return "fate-discard"

    def cc_z_dynasty_discard(self, meta, ch):
        return "dynasty-discard"

    def cc_z_hand(self, meta, ch):
        return "hand"

    def cc_then(self, meta, ch):
        return "then"

    def cc_or(self, meta, ch):
        return "or"

    def cc_and(self, meta, ch):
        return "and"

    def cc_d_either(self, meta, ch):
        return "deck"

    # ----- looking, showing
    def cc_look_at(self, meta, ch):
        t = it_target(ch)
        if "top" in t.states:
            return self._eff(meta, "look-at-top", target=t, amount=t.count)
        return self._eff(meta, "look-at", target=t)

    def cc_look_top(self, meta, ch):
        n = next((amount(c) for c in ch if isinstance(c, _Amount)), 1) or 1
        owner, deck = [c for c in ch if isinstance(c, str) and not hasattr(c, "type")][-2:]
        top = TargetSpec(ref="choice", count=n, owner=owner, card_types=("card",), states=("top",), zone=deck,
                         text=self._text(meta))
        return self._eff(meta, "look-at-top", target=top, amount=n)

    def cc_look_hand(self, meta, ch):
        hand = TargetSpec(ref="each", card_types=("card",), states=("of-it",), zone=_HAND, text=self._text(meta))
        return self._eff(meta, "look-at", target=hand)

    def _by_player(self, meta, kind, who, what):
        """"A target player shows/discards a card": the card in his hand, after the player's target."""
        card = _hand_of(what, who)
        if who.ref == "target":
            states = tuple("of-it" if s == "of-target" else s for s in card.states)
            return [self._eff(meta, "target", target=who), self._eff(meta, kind, target=replace(card, states=states))]
        return self._eff(meta, kind, target=card)

    def cc_subj_show(self, meta, ch):
        return self._by_player(meta, "reveal", ch[0], ch[1])

    def cc_draw_until(self, meta, ch):
        n = amount(next(c for c in ch if not hasattr(c, "type")))
        return self._eff(meta, "draw-until", amount=n, target=TargetSpec(ref="you"))

    def cc_give_tokens_until(self, meta, ch):
        target, desc, n = ch[0], ch[1], amount(ch[-1])
        if getattr(desc, "type", "") == "CAPWORD":
            stat, value, name = None, None, str(desc)
        else:
            stat, value, name = desc
        return self._eff(meta, "give-token-until", target=target, stat=stat, amount=value, keyword=name,
                         values=(n,))

    def cc_made_target(self, meta, ch):
        return TargetSpec(ref="target", card_types=("player",), text=self._text(meta))

    def cc_made_opponent(self, meta, ch):
        return TargetSpec(ref="opponent", owner="opponent", card_types=("player",), text=self._text(meta))

    def cc_make(self, meta, ch):
        """"make a target player discard a random card / lose 2 Honor": the player's own act."""
        who, inner = ch[0], ch[1]
        effs = inner if isinstance(inner, list) else [inner]
        if len(effs) != 1 or not isinstance(effs[0], Effect):
            return Unparsed(self._text(meta), "made to act: not one effect", self._span(meta))
        e = effs[0]
        if e.kind == "discard" and e.target is not None and e.target.ref == "choice":
            return self._by_player(meta, "discard", who, e.target)
        if e.target is not None and e.target.ref == "you" and e.target.card_types == ():
            return replace(e, target=who, text=self._text(meta), span=self._span(meta))
        return Unparsed(self._text(meta), "made to act: not a player's act", self._span(meta))

    def cc_show_all(self, meta, ch):
        return self._eff(meta, "reveal", target=it_target(ch))

    # ----- drawing
    def cc_draw_additional(self, meta, ch):
        return self._eff(meta, "draw", amount=amount(ch[0]), target=TargetSpec(ref="you"), keyword="additional")

    def cc_subj_draw_additional(self, meta, ch):
        return self._eff(meta, "draw", amount=amount(ch[1]), target=ch[0], keyword="additional")

    def cc_dl_your_turn_end(self, meta, ch):
        return ("end-of", "turn-ends", self._text(meta))

    def cc_dl_next_phase(self, meta, ch):
        phase = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        if self._text(meta).lower().startswith("after"):
            return ("after-next", f"{phase}-phase-begins", self._text(meta))
        return ("during-next", f"{phase}-phase", self._text(meta))

    # ----- discarding
    def cc_subj_discard(self, meta, ch):
        who, what = ch[0], ch[1]
        if what.ref in ("it", "this", "target") or what.card_types not in ((), ("card",)):
            if what.ref in ("it", "this") or what.zone is not None:
                return self._eff(meta, "discard", target=what)
        return self._by_player(meta, "discard", who, what)

    def cc_verbs_from_play(self, meta, ch):
        return self.simple(meta, [ch[0], ch[1]])

    def cc_verbs_from_hand(self, meta, ch):
        return self.simple(meta, [ch[0], replace(ch[1], zone=_HAND)])

    def cc_m_random(self, meta, ch):
        return _Mod("state", "random")

    def cc_p_random(self, meta, ch):
        return _Mod("post-state", "random")

    def cc_create_attach_to(self, meta, ch):
        # the same clauses as "Create ... and attach it to ...": a created card, then attached
        made = self.create_card(meta, ch[:2])
        return [*(made if isinstance(made, list) else [made]), *self.attach(meta, ch[2:])]

    def cc_this_strategy(self, meta, ch):
        return self._text(meta)  # "this Strategy" (np_this_typed reads the word, as for a CAPWORD)

    def cc_p_from_strategy(self, meta, ch):
        return _Mod("post-state", "from:" + self._text(meta).split(None, 1)[1])  # as cd_p_from_kind

    def cc_p_element(self, meta, ch):
        # the five element keywords of L5R: Air, Earth, Fire, Water, Void
        return _Mod("post-state", "any-keyword:" + "|".join(_ELEMENTS))

    def cc_p_kw_or_element(self, meta, ch):
        return _Mod("post-state", "any-keyword:" + "|".join((str(ch[0]), *_ELEMENTS)))

    def cc_p_from_play(self, meta, ch):
        return _Mod("zone", None)

    def cc_p_pile(self, meta, ch):
        return [_Mod("zone", "discard"), *(c for c in ch if isinstance(c, _Mod))]

    def cc_po_any(self, meta, ch):
        return None

    def cc_po_his(self, meta, ch):
        return _Mod("his")

    def cc_p_any_pile(self, meta, ch):
        return _Mod("zone", "discard")

    def _whose(self, zone, whose):
        if isinstance(whose, TargetSpec) and whose.ref == "opponent":
            return [_Mod("zone", zone), _Mod("owner", "opponent")]
        ref = whose.ref if isinstance(whose, TargetSpec) else "it"
        return [_Mod("zone", zone), _Mod("post-state", f"of-{ref}")]

    def cc_p_whose_hand(self, meta, ch):
        return self._whose(_HAND, ch[0])

    def cc_p_whose_pile(self, meta, ch):
        return self._whose("discard", ch[0])

    def cc_p_enemy_pile(self, meta, ch):
        return [_Mod("zone", "discard"), _Mod("owner", "opponent")]

    def cc_p_enemy_hand(self, meta, ch):
        return [_Mod("zone", _HAND), _Mod("owner", "opponent")]

    def cc_p_his_hand(self, meta, ch):
        return [_Mod("zone", _HAND), _Mod("his")]

    def cc_p_hand_or_discard(self, meta, ch):
        fate = "fate" in str(ch[0]).lower()
        return _Mod("zone", "hand|fate-discard" if fate else "hand|discard")

    def cc_p_play_or_discard(self, meta, ch):
        return _Mod("zone", "play|discard")

    def cc_p_out_of_play(self, meta, ch):
        return _Mod("zone", "out-of-play")

    def cc_p_in_or_out_of_play(self, meta, ch):
        return _Mod("zone", "in-or-out-of-play")

    def cc_title(self, meta, ch):
        return self._text(meta)

    def cc_p_titled(self, meta, ch):
        return _Mod("post-state", "titled:" + ch[-1])

    def cc_p_not_titled(self, meta, ch):
        return _Mod("post-state", "not-titled:" + ch[-1])

    def cc_c_has_attached(self, meta, ch):
        # "if he has a Weapon attached": the base "has" test (an attachment of his that fits)
        from adjudicator.core.ability import Condition

        return Condition(kind="has", args=(ch[0].text, ch[1].text), text=self._text(meta))

    def cc_p_that_title(self, meta, ch):
        # "cards with that title": the title named before in the ability
        return _Mod("post-state", "titled:that")

    def cc_p_different_titles(self, meta, ch):
        return _Mod("post-state", "different-titles")

    def cc_p_not_this_title(self, meta, ch):
        return _Mod("post-state", "not-titled:this")

    def cc_p_alignment(self, meta, ch):
        return _Mod("post-state", "your-clan-alignment")

    def cc_p_with_token(self, meta, ch):
        _stat, _value, name = ch[-1]
        return _Mod("post-state", f"has-token:{name or 'any'}")

    def cc_p_token_or_blank(self, meta, ch):
        _stat, _value, name = ch[-1]
        return _Mod("post-state", f"has-token-or-no-abilities:{name or 'any'}")

    def cc_p_under(self, meta, ch):
        return _Mod("post-state", f"under:{it_target(ch).ref}")

    # ----- putting into zones
    def cc_put_in_owner_hand(self, meta, ch):
        return self._eff(meta, "put-in-hand", target=it_target(ch))

    def cc_put_np_in_hand(self, meta, ch):
        # "Put the other attachment in your hand": only when the words end the noun phrase, and
        # the card is not one already in the hand
        t = it_target(ch)
        words = " in your hand"
        if t.zone != _HAND or not t.text.lower().endswith(words):
            return None
        return self._eff(meta, "put-in-hand", target=replace(t, zone=None, text=t.text[:-len(words)]))

    def cc_put_into_play_from_hand(self, meta, ch):
        return self._eff(meta, "put-into-play", target=replace(it_target(ch), zone=_HAND))

    def cc_put_on_top(self, meta, ch):
        return self.put_on_top(meta, [c for c in ch if not hasattr(c, "type")])

    def cc_put_under(self, meta, ch):
        cards, host = [c for c in ch if isinstance(c, TargetSpec)]
        face = token(ch, "FACE", None, lower=True)
        return [self._eff(meta, "put-under", target=cards, keyword=face and face.replace(" ", "-")),
                self._eff(meta, "under-host", target=host)]

    def cc_put_in_hand_from_under(self, meta, ch):
        cards, host = [c for c in ch if isinstance(c, TargetSpec)]
        return self._eff(meta, "put-in-hand", target=replace(cards, states=(*cards.states, f"under:{host.ref}")))

    def cc_shuffle_into(self, meta, ch):
        owner, deck = ch[-1]
        return self._eff(meta, "shuffle-into-deck", target=it_target(ch), keyword=deck, values=(owner,))

    def cc_shuffle_hand(self, meta, ch):
        owner, deck = ch[-1]
        hand = TargetSpec(ref="each", owner="you", card_types=("card",), zone=_HAND, text="your hand")
        return self._eff(meta, "shuffle-into-deck", target=hand, keyword=deck, values=(owner,))

    def cc_sd_yours(self, meta, ch):
        return ("you", ch[-1])

    def cc_sd_owner(self, meta, ch):
        return ("owner", ch[-1])

    def cc_sd_owner_deck(self, meta, ch):
        return ("owner", "deck")

    def cc_np_your_hand(self, meta, ch):
        return TargetSpec(ref="each", owner="you", card_types=("card",), zone=_HAND, text=self._text(meta))

    def _one(self, meta):
        # "one" of the cards just named (looked at, searched)
        return TargetSpec(ref="it", count=1, text="one")

    def cc_put_one_in_hand(self, meta, ch):
        return self._eff(meta, "put-in-hand", target=self._one(meta))

    def cc_put_one_bottom(self, meta, ch):
        return self.put_on_bottom(meta, [self._one(meta), *ch])

    # ----- deck building, hand size
    def cc_copies_up_to(self, meta, ch):
        return ("copies", amount(ch[0]), it_target(ch))

    cc_copies_n = cc_copies_up_to

    def cc_copies_any(self, meta, ch):
        return ("copies", None, it_target(ch))

    def cc_deck_copies(self, meta, ch):
        _, n, card = next(c for c in ch if isinstance(c, tuple) and c[0] == "copies")
        return self._eff(meta, "deck-copies", target=card, amount=n)

    cc_deck_copies_rev = cc_deck_copies

    def cc_up(self, meta, ch):
        return 1

    def cc_down(self, meta, ch):
        return -1

    def cc_deck_size(self, meta, ch):
        deck, sign, n = ch[0], ch[1], ch[2]
        return self._eff(meta, "deck-size", target=TargetSpec(ref="you"), keyword=deck, amount=_signed(sign, n))

    def _hand_size(self, meta, who, ch):
        sign = next(c for c in ch if isinstance(c, int) and not isinstance(c, bool))
        n = next(c for c in ch if isinstance(c, _Amount))
        floor = next((int(re.search(r"[0-9]+", str(c)).group(0)) for c in ch
                      if getattr(c, "type", "") == "TO_MINIMUM"), None)
        return self._eff(meta, "modify-stat", target=who, stat="max-hand-size", amount=_signed(sign, n),
                         values=(floor,) if floor is not None else ())

    def cc_hand_size_you(self, meta, ch):
        return self._hand_size(meta, TargetSpec(ref="you"), ch)

    def cc_hand_size_others(self, meta, ch):
        whose = ch[0]
        if "other" in whose.states or whose.owner == "opponent" or whose.ref == "opponent":
            who = TargetSpec(ref="opponent", text=whose.text)
        else:
            who = whose
        return self._hand_size(meta, who, ch[1:])

    # ----- amounts of cards and tokens
    def cc_q_range(self, meta, ch):
        low = 1 if self._text(meta).lower().startswith("one") else 0
        mods = [_Mod("q", ("up-to", amount(ch[-1]) or 1))]
        return mods + ([_Mod("post-state", f"at-least:{low}")] if low else [])

    def cc_q_any(self, meta, ch):
        return _Mod("q", ("up-to", 0))

    def cc_give_tokens_ref(self, meta, ch):
        target, (stat, value, name), ref = ch[0], ch[1], ch[-1]
        give = self._eff(meta, "give-token", target=target, stat=stat, amount=value, keyword=name)
        return self._measured(meta, give, ref)

    def cc_give_tokens_to(self, meta, ch):
        n, token, target = ch[0], ch[1], ch[-1]
        return self.give_tokens(meta, [target, n, token])

    def cc_create_ref(self, meta, ch):
        made, ref = ch[0], ch[-1]
        spec = replace(made.spec, text=self._text(meta))
        create = self._eff(meta, "create", target=spec, values=made.stats.values if made.stats else ())
        return self._measured(meta, create, ref)

    def cc_gain_token(self, meta, ch):
        n, (_stat, _value, name) = amount(ch[0]), ch[1]
        return self._eff(meta, "gain-token", target=TargetSpec(ref="you"), keyword=name,
                         values=(n,) if n is not None else ())

    def cc_token_favor(self, meta, ch):
        stat, value, _ = self.token_desc(meta, ch)
        return (stat, value, "Favor")

    def cc_token_gp(self, meta, ch):
        value = int(str(next(c for c in ch if getattr(c, "type", "") == "SIGNED")))
        name = token(ch, "CAPWORD")
        return ("gold-production", value, name)

    # ----- costs of putting into play
    def cc_cm_all_less(self, meta, ch):
        return self.cm_less(meta, ch)

    def cc_cm_less_min(self, meta, ch):
        mode = self.cm_less(meta, ch)
        floor = re.search(r"[0-9]+", str(ch[-1])).group(0)
        return (*mode, f"minimum-{floor}")

    def cc_cm_more(self, meta, ch):
        n = re.search(r"([0-9]+|one|two|three|four|five)\s+more", str(ch[0])).group(1)
        from .ability import _NUMBER_WORDS

        return ("more-gold", str(_NUMBER_WORDS.get(n, n)))

    def cc_cm_ignoring_all(self, meta, ch):
        return ("ignoring-costs-and-restrictions",)

    # ----- attaching from zones, copies, created cards
    def cc_attach_from(self, meta, ch):
        cards, host = [c for c in ch if isinstance(c, TargetSpec)]
        zone = next(c.value for c in ch if isinstance(c, _Mod) and c.kind == "zone")
        return self.attach(meta, [replace(cards, zone=zone), host])

    def cc_attach_from_discard(self, meta, ch):
        cards, host = [c for c in ch if isinstance(c, TargetSpec)]
        return self.attach(meta, [replace(cards, zone="discard"), host])

    def cc_create_copy(self, meta, ch):
        return self._eff(meta, "create-copy", target=it_target(ch))

    def cc_from_card(self, meta, ch):
        return self._text(meta)

    def cc_p_from_card(self, meta, ch):
        return _Mod("post-state", f"on:{ch[-1]}")

    def cc_p_in_province(self, meta, ch):
        return _Mod("zone", "province")

    def cc_p_not_yours(self, meta, ch):
        return _Mod("owner", "opponent")

    def cc_np_copies(self, meta, ch):
        q = next(c for c in ch if isinstance(c, _Mod) and c.kind == "q")
        card = it_target(ch)
        kind, n = q.value
        return replace(card, ref="choice" if card.ref == "this" else card.ref, count=n or 1,
                       up_to=kind == "up-to", text=self._text(meta))

    def cc_created_named(self, meta, ch):
        stats = next(c for c in ch if isinstance(c, _Stats))
        word = token(ch, "CAPWORD")
        # a printed Force alone is a Follower's statline, Force/Chi/Personal Honor a Personality's
        head = "card"
        if not stats.signed:
            head = {1: "follower", 3: "personality"}.get(len(stats.values), "card")
        spec = TargetSpec(ref="created", card_types=(head,), keywords=(word,), text=self._text(meta))
        return _CreatedSpec(spec, stats)

    def cc_cw_enemy_control(self, meta, ch):
        return _Mod("post-state", "controller:opponent")

    def cc_cw_here(self, meta, ch):
        return _Mod("post-state", "at-battlefield")

    # ----- "in any player's discard pile" (the conditions topic's IN_ANY_DISCARD token)
    def cc_target_any_discard(self, meta, ch):
        return self.target_decl(meta, [replace(it_target(ch), zone="discard")])

    def cc_remove_any_discard(self, meta, ch):
        return self._eff(meta, "remove-from-game", target=replace(it_target(ch), zone="discard"))

    # ----- round 4: more card movement
    def cc_put_back_in_hand(self, meta, ch):
        return self._eff(meta, "put-in-hand", target=it_target(ch))

    def cc_shuffle_the(self, meta, ch):
        deck = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        return self._eff(meta, "shuffle", target=TargetSpec(ref="it", zone=deck, text=self._text(meta)[8:]))

    def cc_draw_ref(self, meta, ch):
        return self._measured(meta, self._eff(meta, "draw", target=TargetSpec(ref="you")), ch[-1])

    def cc_remove_tokens(self, meta, ch):
        t = it_target(ch)
        if t is None or t.card_types != ("token",):
            return Unparsed(self._text(meta), "remove: only tokens are removed from a card", self._span(meta))
        # a token removed from a card ceases to be, as a discarded one does
        return self._eff(meta, "discard", target=t)

    def cc_add_tokens(self, meta, ch):
        n, desc, target = ch[0], ch[1], it_target(ch)
        return self.give_tokens(meta, [target, n, desc])

    def cc_put_tokens_ref(self, meta, ch):
        desc, target, ref = ch[0], it_target(ch), ch[-1]
        stat, value, name = desc
        give = self._eff(meta, "give-token", target=target, stat=stat, amount=value, keyword=name)
        return self._measured(meta, give, ref)

    def cc_ta_mods(self, meta, ch):
        mods = [c for c in ch if getattr(c, "type", "") == "STATMOD"]
        name = token(ch, "CAPWORD")
        return [self.token_desc(meta, [m] + ([_tok("CAPWORD", name)] if name else [])) for m in mods]

    def cc_ta_names(self, meta, ch):
        mod = [c for c in ch if getattr(c, "type", "") == "STATMOD"]
        names = [c for c in ch if getattr(c, "type", "") == "CAPWORD"]
        return [self.token_desc(meta, mod + [n]) for n in names]

    def cc_give_token_choice(self, meta, ch):
        from .ability import _Scoped

        target, n, options = ch[0], amount(ch[1]), ch[2]
        out = []
        for i, (stat, value, name) in enumerate(options, 1):
            e = self._eff(meta, "give-token", target=target, stat=stat, amount=value, keyword=name,
                          values=(n,) if n is not None else ())
            e = replace(e, text=f"option {i}: {_token_words(stat, value, name)}")
            out.append(_Scoped(e, "effect-choice", (f"option {i} of {len(options)}",), self._text(meta)))
        return out

    def cc_give_stats_one_of(self, meta, ch):
        from .ability import _STAT_LETTERS, _Scoped

        target = ch[0]
        mods = re.findall(r"([+\-])([0-9]+)(F|C|PH)\b", str(ch[1]))
        out = []
        for i, (sign, n, letter) in enumerate(mods, 1):
            value = int(n) * (-1 if sign == "-" else 1)
            stat = _STAT_LETTERS[letter]
            e = self._eff(meta, "modify-stat", target=target, stat=stat, amount=value)
            e = replace(e, text=f"option {i}: {value:+d} {stat}")
            out.append(_Scoped(e, "effect-choice", (f"option {i} of {len(mods)}",), self._text(meta)))
        return out

    def cc_ar_done(self, meta, ch):
        from .ability import _AmountRef

        done = ch[-1]
        cards = TargetSpec(ref="it", card_types=("card",), states=(f"done:{done}",), text=self._text(meta)[9:])
        return _AmountRef("count-done", cards, 1)

    def cc_done_verb(self, meta, ch):
        word = self._text(meta).split()[0].lower()
        return {"showed": "shown"}.get(word, word)

    def cc_done_put_bottom(self, meta, ch):
        return "put-on-bottom"

    def cc_ar_gold_paid(self, meta, ch):
        from .ability import _AmountRef

        paid = TargetSpec(ref="you", text=self._text(meta)[9:])
        return _AmountRef("gold-paid", paid, 1)

    def cc_token_gc(self, meta, ch):
        value = int(str(next(c for c in ch if getattr(c, "type", "") == "SIGNED")))
        return ("gold-cost", value, None)

    def cc_m_favor(self, meta, ch):
        return _Mod("keyword", "Favor")

    def cc_np_tokens_of(self, meta, ch):
        owner = it_target(ch)
        name = token(ch, "CAPWORD")
        some = str(ch[0]).lower()
        n, up_to = (2, True) if "two" in some else (1, False)
        states = (f"on:{owner.text}",) + ((f"at-least:1",) if up_to else ())
        return TargetSpec(ref="choice", count=n, up_to=up_to, card_types=("token",),
                          keywords=(name,) if name else (), states=states, text=self._text(meta))

    def cc_then_first(self, meta, ch):
        return ch[-1]

    def cc_c_attached(self, meta, ch):
        from adjudicator.core.ability import Condition

        return Condition(kind="attached-to", args=("this card", it_target(ch).text), text=self._text(meta))

    def cc_cw_anywhere(self, meta, ch):
        return _Mod("post-state", "at-any-location")

    def cc_cw_same_location(self, meta, ch):
        return _Mod("post-state", "same-location")

    def cc_np_the_other_n(self, meta, ch):
        from .ability import _NUMBER_WORDS

        n = str(ch[0]).split()[-1].lower()
        return TargetSpec(ref="it", count=_NUMBER_WORDS.get(n) or int(n), card_types=("card",), states=("other",),
                          text=self._text(meta))

    def cc_np_some_of_these(self, meta, ch):
        return TargetSpec(ref="it", count=2, up_to=True, card_types=("card",), states=("at-least:1",),
                          text=self._text(meta))

    def cc_np_one_of_them_that(self, meta, ch):
        # "one of them that is a Political Strategy": one of the cards just named, described
        mods = [m for c in ch for m in (c if isinstance(c, list) else [c]) if isinstance(m, _Mod)]
        kws = tuple(m.value for m in mods if m.kind == "keyword")
        types = tuple(m.value for m in mods if m.kind == "head")
        states = tuple(m.value for m in mods if m.kind == "post-state")
        if len(kws) + len(types) + len(states) != len(mods):
            return Unparsed(self._text(meta), "one of them that ...: an untyped description", self._span(meta))
        return TargetSpec(ref="it", count=1, card_types=types or ("card",), keywords=kws, states=states,
                          text=self._text(meta))

    def cc_ck_imperial(self, meta, ch):
        return _Mod("keyword", "Imperial")

    def cc_six(self, meta, ch):
        return _Amount(6)

    def cc_seven(self, meta, ch):
        return _Amount(7)

    def cc_put_in_hand_from(self, meta, ch):
        zone = next(c.value for c in ch if isinstance(c, _Mod) and c.kind == "zone")
        return self._eff(meta, "put-in-hand", target=replace(it_target(ch), zone=zone))

    def cc_p_other_alignment(self, meta, ch):
        return _Mod("post-state", "not-your-clan-alignment")


    # ----- round 4: batch 3
    def cc_attach_limit(self, meta, ch):
        from .ability import _NUMBER_WORDS

        who, n, head = ch[0], _NUMBER_WORDS[str(ch[1]).split()[-1].lower()], ch[2]
        if not isinstance(head, _Mod) or head.kind not in ("head", "head-keyword"):
            return Unparsed(self._text(meta), "may attach N: not one kind of card", self._span(meta))
        word = str(head.value)
        kw = word[:-1] if head.kind == "head-keyword" and word.endswith("s") else word
        what = TargetSpec(ref="each", count=n, card_types=(word,) if head.kind == "head" else (),
                          keywords=(kw,) if head.kind == "head-keyword" else (), text=self._text(meta).split()[-1])
        return self._eff(meta, "attach-limit", target=who, amount=n, values=(what,))

    def cc_look_top_ref(self, meta, ch):
        owner, deck = [c for c in ch if isinstance(c, str) and not hasattr(c, "type")][-2:]
        top = TargetSpec(ref="choice", count=1, owner=owner, card_types=("card",), states=("top",), zone=deck,
                         text=self._text(meta))
        return self._measured(meta, self._eff(meta, "look-at-top", target=top), ch[-1])

    def cc_verbs_and_this(self, meta, ch):
        kinds, first = ch[0], ch[1]
        word = self._text(meta).split()[-1].rstrip(".,;")
        second = TargetSpec(ref="this", card_types=(word.lower(),), text=f"this {word}")
        out = []
        for t in (first, second):
            e = self.simple(meta, [kinds, t])
            out.extend(e if isinstance(e, list) else [e])
        return out

    def cc_may_attach_to(self, meta, ch):
        return self._eff(meta, "attach-restriction", target=it_target(ch))

    def cc_subj_may_cost_then(self, meta, ch):
        who, cost, effect = ch[0], ch[1], ch[2]
        return self.pl_subj_may(meta, [who, [cost, effect]])

    def cc_optional_choice(self, meta, ch):
        from .ability import _Optional

        return _Optional(self.choice_of(meta, ch))

    def cc_optional_choice_cost(self, meta, ch):
        from .ability import _Optional

        options = [c for c in ch if getattr(c, "type", "") != "OR_VERB"]
        return _Optional([*self.choice_of(meta, options[:2]), options[2]])

    def cc_triggered_per_each(self, meta, ch):
        return self.triggered_after(meta, [ch[0], self.per_each(meta, ch[1:])])

    def cc_cost_then_per_each(self, meta, ch):
        return [ch[0], *self.per_each(meta, ch[1:])]

    def cc_dl_after_action(self, meta, ch):
        verb = token(ch, "EVERB", lower=True)
        return ("after", f"action-{verb}", self._text(meta))

    def cc_c_did_either(self, meta, ch):
        from adjudicator.core.ability import Condition

        return Condition(kind="did", text=self._text(meta))

    def cc_p_without_token(self, meta, ch):
        name = token(ch, "CAPWORD")
        return _Mod("post-state", f"has-no-token:{name}")

    def cc_p_looked_at(self, meta, ch):
        return _Mod("post-state", "looked-at")

    def cc_p_this_created(self, meta, ch):
        return _Mod("post-state", "created-by:this")

    def cc_ar_tokens_removed(self, meta, ch):
        from .ability import _AmountRef

        tokens = TargetSpec(ref="it", card_types=("token",), states=("done:removed",), text=self._text(meta)[9:])
        return _AmountRef("count-done", tokens, 1)


    # ----- round 4: batch 4
    def cc_p_he_has(self, meta, ch):
        return _Mod("post-state", "on:it")

    def cc_q_n_of_its(self, meta, ch):
        # "two of its Charging tokens": that many, on the card the pronoun names
        return [_Mod("q", ("n", amount(ch[0]))), _Mod("post-state", "on:it")]

    def cc_p_attaching_to(self, meta, ch):
        return _Mod("post-state", f"attaching-to:{ch[-1]}")

    def cc_p_with_exactly_one(self, meta, ch):
        return _Mod("post-state", f"has-exactly-1:{self._text(meta).split()[-1]}")

    def cc_attach_cost(self, meta, ch):
        who, host, mode = ch[0], ch[1], ch[-1]
        who = replace(who, states=(*who.states, f"attaching-to:{host.text}"))
        return self.enters_play_cost(meta, [who, mode])

    def cc_ck_either(self, meta, ch):
        # the player picks one of the two keywords as the card is created
        return _Mod("post-state", "keyword-choice:" + "|".join(str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"))

    def cc_use_without_cost(self, meta, ch):
        t = it_target(ch)  # "its ability": this card's own (a possessed target, as in the base)
        return self._eff(meta, "use-ability", target=replace(t, ref="possessed", states=("of-this", *t.states)),
                         keyword="without-cost")

    def cc_alt_word(self, meta, ch):
        from .ability import _NUMBER_WORDS, _AltAmount

        return _AltAmount(_NUMBER_WORDS[self._text(meta).lower()])

    # ----- zones: choices and leftovers
    def cc_put_play_or_hand(self, meta, ch):
        # "Put it into play or your hand": the two destinations are the options of one choice
        return self.choice_of(meta, [self._eff(meta, "put-into-play", target=it_target(ch)),
                                     self._eff(meta, "put-in-hand", target=it_target(ch))])

    def cc_equip_from_discard_to(self, meta, ch):
        cards, host = [c for c in ch if isinstance(c, TargetSpec)]
        state = next((str(c).lower() for c in ch if getattr(c, "type", "") == "STATE"), None)
        cards = replace(cards, zone="discard")
        out = self.attach(meta, [cards, host])
        if state:
            # "Equip this Spell from your discard pile, bowed, to ...": it enters play bowed
            out[0] = replace(out[0], keyword=state)
        return out

    def cc_look_fate_top_ref(self, meta, ch):
        owner, _deck = [c for c in ch if isinstance(c, str) and not hasattr(c, "type")][-2:]
        top = TargetSpec(ref="choice", count=1, owner=owner, card_types=("card",), states=("top",), zone="fate-deck",
                         text=self._text(meta))
        return self._measured(meta, self._eff(meta, "look-at-top", target=top), ch[-1])

    def cc_refilling_its(self, meta, ch):
        # the province the card just moved left empty is refilled
        face = str(ch[-1]).lower().replace(" ", "-")
        first = ch[0] if isinstance(ch[0], list) else [ch[0]]
        province = TargetSpec(ref="it", count=1, card_types=("province",), text="its province")
        return first + [self._eff(meta, "refill", target=province, keyword=face)]

    def cc_subj_discards_one(self, meta, ch):
        # "Another player chooses and discards one": one card of his hand
        return self._by_player(meta, "discard", ch[0], TargetSpec(ref="choice", count=1, card_types=("card",),
                                                                   zone=_HAND, text="one"))

    def cc_np_one_of_remaining(self, meta, ch):
        return TargetSpec(ref="it", count=1, card_types=("card",), states=("other",), text=self._text(meta))

    def cc_np_the_other(self, meta, ch):
        # "discard the other": the one card of the pair not chosen
        return TargetSpec(ref="it", count=1, card_types=("card",), states=("other",), text=self._text(meta))

    def cc_p_discard_or_under(self, meta, ch):
        # "in your discard pile or under your Stronghold": either place, one state (no zone: a
        # zone would say the discard pile alone)
        return _Mod("post-state", f"discard-pile-or-under:{ch[-1].text}")

    def cc_target_each_with(self, meta, ch):
        # "Target two Personalities, each with ...": the test is each target's own
        spec = ch[0]
        mod = next(c for c in ch if isinstance(c, _Mod))
        if mod.kind != "post-state":
            return Unparsed(self._text(meta), "each with what", self._span(meta))
        ref = "target" if spec.ref == "choice" else spec.ref  # as the base "Target two Personalities"
        return self._eff(meta, "target", target=replace(spec, ref=ref, states=(*spec.states, mod.value)))

    def cc_p_more_tokens_than_stat(self, meta, ch):
        # "with more Madness tokens than printed Personal Honor": (token name, the printed stat)
        name = next(str(c) for c in ch if getattr(c, "type", "") == "CAPWORD")
        stat = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        return _Mod("post-state", f"more-tokens-than-printed:{name}:{stat}")

    def cc_p_with_favor(self, meta, ch):
        return _Mod("state", "has-imperial-favor")

    # ----- two targets, named cards
    def cc_target_two_any_discard(self, meta, ch):
        first, second = [c for c in ch if isinstance(c, TargetSpec)]
        return [self.target_decl(meta, [first]), self.target_decl(meta, [replace(second, zone="discard")])]

    def cc_target_two(self, meta, ch):
        first, second = [c for c in ch if isinstance(c, TargetSpec)]
        return [self.target_decl(meta, [first]), self.target_decl(meta, [second])]

    def cc_np_kw_out_of_play(self, meta, ch):
        # the base noun phrase of the card, then its place: a face-up card in a province
        return self.np_desc(meta, [*ch, _Mod("zone", "out-of-play")])

    def cc_np_titled(self, meta, ch):
        words = [str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"]
        title = f"{words[0]} of {' '.join(words[1:])}"
        return TargetSpec(ref="choice", count=1, card_types=("card",), states=(f"titled:{title}",),
                          text=self._text(meta))

    def cc_p_without_attached(self, meta, ch):
        words = [str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"]
        return _Mod("post-state", "no-attached:" + "|".join(words))

    def cc_p_no_printed_abilities(self, meta, ch):
        return _Mod("post-state", "no-printed-abilities")

    def cc_p_no_printed_abilities_tokens(self, meta, ch):
        name = next(str(c) for c in ch if getattr(c, "type", "") == "CAPWORD")
        return [_Mod("post-state", "no-printed-abilities"), _Mod("post-state", f"no-token:{name}")]

    def cc_np_the_copy(self, meta, ch):
        return TargetSpec(ref="it", count=1, states=("created",), text=self._text(meta))

    def cc_dl_nth_turn(self, meta, ch):
        # "after your second turn from now begins": the Nth of your turns to begin, counted from now
        n = amount(next(c for c in ch if amount(c) is not None))
        verb = token(ch, "EVERB", lower=True)
        return (f"after-nth-{n}", f"your-turn-{verb.rstrip('s')}s", self._text(meta))

    def cc_subj_gain_token(self, meta, ch):
        n, (_stat, _value, name) = amount(ch[1]), ch[2]
        return self._eff(meta, "gain-token", target=ch[0], keyword=name, values=(n,) if n is not None else ())

    # ----- attachments kept, deck minimums
    def cc_stay_attached(self, meta, ch):
        # target: the cards and tokens that stay; values[0] the card they stay on, when named
        specs = [c for c in ch if isinstance(c, TargetSpec)]
        return self._eff(meta, "stay-attached", target=specs[0], values=tuple(specs[1:]))

    def cc_stay_attached_cards_tokens(self, meta, ch):
        kept = TargetSpec(ref="each", card_types=("card", "token"), states=("attached",), text="cards and tokens")
        return self._eff(meta, "stay-attached", target=kept, values=(ch[-1],))

    def cc_cm_ignoring_all_effects(self, meta, ch):
        return ("ignoring-costs-and-restrictions", "entering-play-effects")

    def cc_deck_minimum(self, meta, ch):
        # deck building: the deck holds at least amount such cards; never resolved in play
        if ch[0].ref != "you":
            return Unparsed(self._text(meta), "only your own deck is built", self._span(meta))
        n = int(next(str(c) for c in ch if getattr(c, "type", "") == "NUMBER"))
        what = next(c for c in ch[1:] if isinstance(c, TargetSpec))
        return self._eff(meta, "deck-minimum", target=what, amount=n)

    def cc_p_from_kind_taken(self, meta, ch):
        # the source as cc_p_from_strategy reads it, and the player who took the action
        source = self._text(meta).split(None, 1)[1].rsplit(" you ", 1)[0]
        return [_Mod("post-state", "from:" + source), _Mod("post-state", "taken-by:you")]

    def cc_dl_active_next_phase(self, meta, ch):
        # the phase of whichever player is active now (not this card's controller's own)
        phase = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
        if str(ch[-1]).lower() != "begins":
            return Unparsed(self._text(meta), "only the beginning of the phase is a moment", self._span(meta))
        return ("after-next", f"active-player-{phase}-phase-begins", self._text(meta))

    def cc_np_titled_like(self, meta, ch):
        words = [str(c) for c in ch if getattr(c, "type", "") == "CAPWORD"]
        return TargetSpec(ref="choice", count=1, card_types=("card",), states=(f"titled:{words[0]} like a {words[1]}",),
                          text=self._text(meta))

    def cc_give_tokens_as_many(self, meta, ch):
        from .ability import _AmountRef

        # as cc_give_tokens_ref with "equal to the number of <np>"
        return self.cc_give_tokens_ref(meta, [ch[0], ch[1], _AmountRef("count", ch[-1], 1)])

    def cc_p_this_fear_did(self, meta, ch):
        # the cards this card's Fear effect bowed (or destroyed)
        return _Mod("post-state", f"{str(ch[-1]).lower()}-by:this-fear")

    def cc_p_in_your_deck(self, meta, ch):
        return _Mod("post-state", "in:your-deck")

    def cc_deck_copies_np(self, meta, ch):
        # only when the copies are "in your deck" (the deck-building limit), read off the noun phrase
        _, n, card = next(c for c in ch if isinstance(c, tuple) and c[0] == "copies")
        if "in:your-deck" not in card.states:
            raise ValueError("no deck named")
        card = replace(card, states=tuple(s for s in card.states if s != "in:your-deck"))
        return self._eff(meta, "deck-copies", target=card, amount=n)

    def cc_give_tokens_each_of_two(self, meta, ch):
        # the same token to each: the target, then the card named (this card's own short name)
        first, n, desc = ch[0], ch[2], ch[3]
        named = TargetSpec(ref="this", text=str(ch[1]))
        return [self.give_tokens(meta, [first, n, desc]), self.give_tokens(meta, [named, n, desc])]



def _tok(type_, value):
    from lark import Token

    return Token(type_, value)


def _token_words(stat, value, name) -> str:
    mod = f"{value:+d} {stat} " if stat else ""
    return f"{mod}{name + ' ' if name else ''}token"



class Rules2:
    """One subject discarding and losing Honor, searching a whole zone, winning the game."""

    def cc_subj_discard_and_lose(self, meta, ch):
        who = ch[0]
        n = next(amount(c) for c in ch[2:] if isinstance(c, _Amount))
        discard = Rules.cc_subj_discard(self, meta, [who, ch[1]])
        return [discard, self._eff(meta, "lose-honor", target=who, amount=n)]

    def cc_zone_as_printed(self, meta, ch):
        return ch[-1]

    def cc_search_zones(self, meta, ch):
        zones = next(c for c in ch if isinstance(c, tuple) and c and c[0] == "zones")[1]
        # nothing named: the player looks through the whole zone (what he finds is read after)
        target = TargetSpec(ref="choice", card_types=("card",), zone=zones[0], text=self._text(meta))
        return self._eff(meta, "search", target=target, keyword=" ".join(zones))

    def cc_win_game(self, meta, ch):
        return self._eff(meta, "win-game", target=ch[0])

    def cc_c_ever_has_tokens(self, meta, ch):
        from adjudicator.core.ability import Condition

        n = next(int(str(c)) for c in ch if getattr(c, "type", "") == "NUMBER") if any(
            getattr(c, "type", "") == "NUMBER" for c in ch) else None
        if n is None:
            n = {"six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}[self._text(meta).lower().split()[3]]
        name = token(ch, "CAPWORD")
        return Condition(kind="has-tokens-at-least", args=("you", str(name), str(n)), text=self._text(meta))


add_rules(Rules, Rules2)


class Rules3:
    """Where a created card enters play."""

    def cc_cw_at_location(self, meta, ch):
        # at the location of the card named ("the target's location")
        return _Mod("post-state", f"at-location-of:{ch[0].text}")

    def cc_cw_at_former_location(self, meta, ch):
        # where the card named was before it left play
        return _Mod("post-state", f"at-former-location-of:{ch[0].text}")


add_rules(Rules, Rules3)


def _cc_np_winning_player(self, meta, ch):
    # the controller of the duel's winner (the base "the winner" is the Personality)
    return TargetSpec(ref="it", card_types=("controller",), states=("duel-winner",), text=self._text(meta))


def _cc_cw_his_alignment(self, meta, ch):
    # the Clan Alignment of the player named (not the acting player's, "with your Clan Alignment")
    return _Mod("post-state", "subject-clan-alignment")


Rules.cc_np_winning_player = _cc_np_winning_player
Rules.cc_cw_his_alignment = _cc_cw_his_alignment


def _cc_in_turn_order_may(self, meta, ch):
    # each player in turn order chooses whether to do it: the player topic's "<subject> may X",
    # scoped as the battle topic's "In turn order, ..."
    from .ability import _Scoped

    return _Scoped(self.pl_subj_may(meta, [ch[-2], ch[-1]]), "effect-in-turn-order", (), self._text(meta))


def _cc_give_your_alignment(self, meta, ch):
    # as the player topic's "X has your Clan Alignment", for the card given it
    return self._eff(meta, "grant-keyword", target=it_target(ch), keyword="your-clan-alignment")


def _cc_p_alignment_not_yours(self, meta, ch):
    # a Clan Alignment the acting player does not have
    return _Mod("post-state", "alignment-not-yours")


Rules.cc_in_turn_order_may = _cc_in_turn_order_may
Rules.cc_give_your_alignment = _cc_give_your_alignment
Rules.cc_p_alignment_not_yours = _cc_p_alignment_not_yours


def _cc_put_in_his_hand(self, meta, ch):
    # "put it in his hand": the hand of the player "his" names, which need not be the card's owner
    # (a player may hold another player's cards, "He may put it [your card] in his hand"), so not
    # the base "put-in-hand" (into the owner's hand): keyword "his" says whose hand
    return self._eff(meta, "put-in-hand-of", target=it_target(ch), keyword="his")


Rules.cc_put_in_his_hand = _cc_put_in_his_hand


def _cc_create_attached_host_first(self, meta, ch):
    # the base create_attached with its parts in the printed order: count, created, host
    host, n, made = (c for c in ch if not hasattr(c, "type"))
    return self.create_attached(meta, [n, made, host])


def _cc_optional_leave_or(self, meta, ch):
    # leaving it there is declining: an optional choice of the other two (cc_optional_choice)
    return self.cc_optional_choice(meta, [c for c in ch if getattr(c, "type", "") != "OR_VERB"])


Rules.cc_create_attached_host_first = _cc_create_attached_host_first
Rules.cc_optional_leave_or = _cc_optional_leave_or


def _cc_give_keyword_or_mod(self, meta, ch):
    # one of two gifts, the player picks: the keyword, or the modifier (as give_stats_either)
    from .ability import _Scoped

    tok = next(c for c in ch if getattr(c, "type", "") == "CC_KW_OR_MOD")
    word, mod = re.fullmatch(r"(\S+)\s+or\s+([+\-][0-9]+(?:F|C|PH))", str(tok)).groups()
    target = it_target(ch)
    sign, n, letter = re.fullmatch(r"([+\-])([0-9]+)(F|C|PH)", mod).groups()
    stat, value = _MOD_STAT[letter], int(n) * (-1 if sign == "-" else 1)
    options = [self._eff(meta, "grant-keyword", target=target, keyword=word),
               self._eff(meta, "modify-stat", target=target, stat=stat, amount=value)]
    return [_Scoped(e, "effect-choice", (f"option {i} of 2",), self._text(meta)) for i, e in enumerate(options, 1)]


_MOD_STAT = {"F": "force", "C": "chi", "PH": "personal-honor"}


def _cc_subj_shuffle_hand(self, meta, ch):
    # "Each player shuffles his hand into his deck": every card in that player's hand, into his deck
    who = ch[0]
    deck = ch[-1]
    hand = _hand_of(TargetSpec(ref="each", card_types=("card",), text="his hand"), who)
    return self._eff(meta, "shuffle-into-deck", target=hand, keyword=deck, values=("owner",))


def _cc_as_many_done(self, meta, ch):
    # "as many cards as he discarded": counted from the cards the player's own doing moved
    from .ability import _AmountRef

    done = next(str(c).lower() for c in ch if getattr(c, "type", "") == "PASTP")
    cards = TargetSpec(ref="it", card_types=("card",), states=(f"done:{done}",), text=self._text(meta))
    return _AmountRef("count-done", cards, 1)


def _cc_as_many_shuffled(self, meta, ch):
    from .ability import _AmountRef

    cards = TargetSpec(ref="it", card_types=("card",), states=("done:shuffled",), text=self._text(meta))
    return _AmountRef("count-done", cards, 1)


def _cc_subj_draw_as_many(self, meta, ch):
    who = ch[0]
    return self._measured(meta, self._eff(meta, "draw", target=who), ch[-1])


def _cc_he_draws_as_many(self, meta, ch):
    # "..., then draws as many cards as he shuffled": the player of the clause before draws
    who = TargetSpec(ref="it", card_types=("player",), text="he")
    return self._measured(meta, self._eff(meta, "draw", target=who), ch[-1])


def _cc_subj_in_turn_order_may(self, meta, ch):
    from .ability import _Scoped

    return _Scoped(self.pl_subj_may(meta, [ch[0], ch[-1]]), "effect-in-turn-order", (), self._text(meta))


Rules.cc_give_keyword_or_mod = _cc_give_keyword_or_mod
Rules.cc_subj_shuffle_hand = _cc_subj_shuffle_hand
Rules.cc_as_many_done = _cc_as_many_done
Rules.cc_as_many_shuffled = _cc_as_many_shuffled
Rules.cc_subj_draw_as_many = _cc_subj_draw_as_many
Rules.cc_he_draws_as_many = _cc_he_draws_as_many
Rules.cc_subj_in_turn_order_may = _cc_subj_in_turn_order_may


def _cc_subj_discard_alt(self, meta, ch):
    # as the base give_alt: the first discard unless the test holds, the other card if it does
    from adjudicator.core.ability import Span

    from .ability import _Alt

    who, first, other, cond = ch[0], ch[1], ch[3], ch[4]
    text = self._text(meta)
    cut = text.lower().rfind(", or ") + 2
    span = self._span(meta)
    branch = self.cc_subj_discard(meta, [who, other])
    branch = replace(branch, text=text[cut:], span=Span(1, span.column + cut, span.end_column))
    return [self.cc_subj_discard(meta, [who, first]), _Alt(branch, cond, text[cut:], branch.span)]


def _cc_p_his_choice(self, meta, ch):
    return None  # the discarding player picks: no further test on the card


Rules.cc_subj_discard_alt = _cc_subj_discard_alt
Rules.cc_p_his_choice = _cc_p_his_choice


def _cc_give_named_tokens_until(self, meta, ch):
    # only "<Name> <Token name> tokens": the card named (this card, by its name) and the token's name
    spec, n = ch[0], amount(ch[-1])
    if not isinstance(spec, TargetSpec) or spec.card_types != ("token",) or len(spec.keywords) != 2 \
            or spec.states or spec.tests or n is None:
        return Unparsed(self._text(meta), "give tokens until: a card's name and a token's name", self._span(meta))
    name, token_name = spec.keywords
    card = TargetSpec(ref="this", text=name)
    return self._eff(meta, "give-token-until", target=card, keyword=token_name, values=(n,))


Rules.cc_give_named_tokens_until = _cc_give_named_tokens_until


def _cc_set_aside(self, meta, ch):
    # the card is kept out of its deck (keyword: face-down / face-up when the text says so)
    face = next((str(c).lower().replace(" ", "-") for c in ch if getattr(c, "type", "") == "FACE"), None)
    return self._eff(meta, "set-aside", target=it_target(ch), keyword=face)


def _cc_shuffled_first(self, meta, then):
    # the deck searched is shuffled (the base "Shuffle the deck"), then the clause is carried out
    shuffle = self._eff(meta, "shuffle", target=TargetSpec(ref="it", zone="deck", text="the deck"))
    return [shuffle, *(then if isinstance(then, list) else [then])]


def _cc_after_shuffling(self, meta, ch):
    return self._cc_shuffled_first(meta, ch[0])


def _cc_after_shuffling_first(self, meta, ch):
    return self._cc_shuffled_first(meta, ch[-1])


Rules.cc_set_aside = _cc_set_aside
Rules._cc_shuffled_first = _cc_shuffled_first
Rules.cc_after_shuffling = _cc_after_shuffling
Rules.cc_after_shuffling_first = _cc_after_shuffling_first


def _cc_r_named_type(self, meta, ch):
    # the card type the player named earlier in the ability ("Name "Follower", "Item", or "Spell"")
    return _Mod("post-state", "named-type")


def _cc_put_where_card_was(self, meta, ch):
    # into the deck at the place of the card just taken from it (keyword: whose place)
    deck = next(c for c in ch if isinstance(c, str) and not hasattr(c, "type"))
    return self._eff(meta, "put-in-deck-at", target=it_target(ch), keyword="place-of:that card", values=(deck,))


Rules.cc_r_named_type = _cc_r_named_type
Rules.cc_put_where_card_was = _cc_put_where_card_was


def _cc_np_each_of_you(self, meta, ch):
    # the two players the ability names ("you" and the player it made act)
    return TargetSpec(ref="each", card_types=("player",), states=("each-of-you",), text=self._text(meta))


def _cc_put_the_others_card(self, meta, ch):
    # "the other's card": the card the other of the two players just gave up; into the hand of the
    # player putting it (not its owner's: put-in-hand-of, keyword "your")
    if token(ch, "STATE", lower=True) != "other" or not self._text(meta).lower().startswith("put the "):
        return Unparsed(self._text(meta), "put ...'s card: only the other player's", self._span(meta))
    card = TargetSpec(ref="it", card_types=("card",), states=("of-the-other-player",), text="the other's card")
    return self._eff(meta, "put-in-hand-of", target=card, keyword="your")


Rules.cc_np_each_of_you = _cc_np_each_of_you
Rules.cc_put_the_others_card = _cc_put_the_others_card
