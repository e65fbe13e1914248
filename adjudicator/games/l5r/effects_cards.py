"""L5R effects about cards and zones: decks, hands, discard piles, searching, putting into play, creating, copying, tokens, attachments.

Registered in :data:`adjudicator.games.l5r.effects.EFFECT_MODULES`; see there for the handler
signature. As a cost a change must fully happen (L5R-ACT-COST); as an effect it may do
nothing and still resolve (L5R-ACT-EFFECT).

What the engine carries out here, on the declared position:

* ``put-on-top`` / ``put-on-bottom``: the card goes to the top / bottom of its owner's deck of
  its kind (Fate or Dynasty, L5R-RESOLVE); its attachments are discarded, its bowed and
  dishonored states end (a card leaving play starts afresh). "Your Fate deck" naming a deck the
  card does not belong in is refused, never guessed.
* ``reveal``: a card in a hand (or being played) is shown; nothing else changes.

Target restrictions the grammar of this topic writes but the engine cannot check (a random
card, titles, tokens on a card, cards under another, whose hand) make an ability
non-executable: :func:`unchecked_target` (used by :func:`adjudicator.games.l5r.effects.executes`).
"""

from __future__ import annotations

from .effects import Outcome, draw_cards, in_play, leave_play

_DYNASTY_TYPES = {"personality", "holding", "event", "region", "stronghold", "celestial"}


def _deck_of(copy) -> str:
    return "dynasty-deck" if copy.card.type in _DYNASTY_TYPES else "fate-deck"


def _to_deck(top: bool):
    where = "top" if top else "bottom"

    def handler(game, position, copy, effect, *, as_cost, source):
        name = copy.show()
        deck = _deck_of(copy)
        named = effect.keyword or "deck"
        if named not in ("deck", deck):
            return Outcome(False, f"put {name} on the {where} of a {named}",
                           f"{name} belongs in its owner's {deck.replace('-', ' ')}, not a {named.replace('-', ' ')}")
        whose = effect.values[0] if effect.values else "owner"
        actor = game.acting_player(position)
        if (whose == "you" and copy.owner != actor) or (whose == "opponent" and copy.owner == actor):
            return Outcome(False, f"put {name} on the {where} of {'your' if whose == 'you' else 'his'} deck",
                           f"{name} belongs to {copy.owner}: it can only go to its owner's deck")
        if copy.zone == deck and copy.zone_owner == copy.owner:
            pile = position.zones.get((copy.owner, deck), [])
            at = 0 if top else len(pile) - 1
            if pile and pile[at] == copy.uid:
                return Outcome(False, f"put {name} on the {where} of {copy.owner}'s {deck}",
                               "it is already there")
        leave_play(position, copy)
        position.move(copy.uid, copy.owner, deck, top=top)
        return Outcome(True, f"put {name} on the {where} of {copy.owner}'s {deck.replace('-', ' ')}")

    return handler


def _reveal(game, position, copy, effect, *, as_cost, source):
    name = copy.show()
    if copy.zone in ("hand", "announced"):
        return Outcome(True, f"{copy.controller} shows {name}")
    if in_play(position, copy):
        return Outcome(False, f"show {name}", f"{name} is in play, already seen by everyone")
    return Outcome(False, f"show {name}", f"the engine shows only cards in a hand ({name} is in {copy.zone})")


#: kind -> handler(game, position, copy, effect, *, as_cost, source) -> Outcome
CARD_KINDS: dict = {
    "put-on-top": _to_deck(True),
    "put-on-bottom": _to_deck(False),
    "reveal": _reveal,
}

#: kind -> handler(game, position, player, effect, *, as_cost, source) -> Outcome
def _draw_until(game, position, player, effect, *, as_cost, source):
    """"Draw cards until you have exactly N cards in your hand": draw the difference, if any."""
    want = effect.amount if effect.amount is not None else 0
    hand = position.zones.get((player, "hand"), [])
    need = want - len(hand)
    if need <= 0:
        return Outcome(False, f"{player} draws until he has {want} cards in hand",
                       f"{player} already has {len(hand)} cards in hand")
    drawn = draw_cards(position, player, need)
    if drawn < need:
        return Outcome(drawn > 0, f"{player} draws {drawn} of {need} cards", f"{player}'s Fate deck ran out")
    return Outcome(True, f"{player} draws {need} cards, to {want} in hand")


PLAYER_KINDS: dict = {"draw-until": _draw_until}

#: kind -> applies(effect, ref) -> bool: traits without a trigger the engine honours
CONTINUOUS_KINDS: dict = {}

#: target states (by prefix) this topic's grammar writes that the engine cannot test
_UNCHECKED_STATES = ("random", "titled:", "not-titled:", "different-titles", "has-token:", "under:",
                     "controller:", "at-location-of:")
#: zones this topic's grammar writes that no copy is ever in ("hand|discard": either one)
_UNCHECKED_ZONES = {"hand|discard", "hand|fate-discard", "play|discard", "out-of-play", "in-or-out-of-play"}


def unchecked_target(spec) -> bool:
    """True when the engine cannot tell which cards fit ``spec`` (so the clause cannot execute)."""
    if spec.zone in _UNCHECKED_ZONES:
        return True
    return any(s.startswith(_UNCHECKED_STATES) for s in spec.states)
