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
* ``turn-face-up``: a face-down card in a province is turned face-up (as L5R-EVENTS turns
  them; a face-up card there may then be bought, L5R-DYNASTY). An Event is refused: RULES.md
  says what a face-up Event does only in the Events phase.
* ``shuffle-into-deck``: the card goes into its owner's deck of its kind (L5R-RESOLVE), out of
  play if it was in play (attachments shed), and that deck is shuffled.
* ``shuffle`` ("Shuffle your Fate deck"): the acting player's deck is shuffled.

Shuffling (L5R-LEGACY names it too) puts the deck in an order nobody chooses: the engine draws
one with a seeded generator, so that a ruling replays the same, and never says which card is
on top (a scenario must not rely on the order of a shuffled deck).

Target restrictions the grammar of this topic writes but the engine cannot check (a random
card, titles, tokens on a card, cards under another, whose hand) make an ability
non-executable: :func:`unchecked_target` (used by :func:`adjudicator.games.l5r.effects.executes`).
"""

from __future__ import annotations

import re

import random

from .effects import Outcome, draw_cards, in_play, leave_play

_DYNASTY_TYPES = {"personality", "holding", "event", "region", "stronghold", "celestial"}


def _deck_of(copy) -> str:
    return "dynasty-deck" if copy.card.type in _DYNASTY_TYPES else "fate-deck"


def _refill_left(position, player: str, zone: str) -> str:
    """A card has left ``player``'s province ``zone``: it is refilled face down from the top of
    that player's Dynasty deck, as the engine does after a purchase (L5R-DYNASTY) or a Legacy
    search (L5R-LEGACY). Returns the words to add to the step ("" when it was no province)."""
    if not zone.startswith("province "):
        return ""
    if any("region" not in position.copies[u].flags for u in position.zones.get((player, zone), [])):
        return ""  # a card is still there (a Region does not fill a province)
    deck = position.zones.get((player, "dynasty-deck"), [])
    if not deck:
        return f"; {zone} stays empty: the Dynasty deck is empty (L5R-DYNASTY)"
    new = position.move(deck[0], player, zone)
    new.flags.add("face-down")
    # what this action refilled: "Discard it. Refill the province face-up." turns it (procedure)
    position.memo.setdefault(REFILLED, []).append(new.uid)
    return f"; {player}'s {zone} is refilled face down (L5R-DYNASTY)"


#: memo key: uids of the cards that refilled a province during the action resolving
REFILLED = "_refilled"


def discard_from_province(position, copy):
    """A card in a province discarded (to its owner's pile, L5R-RESOLVE); the province is refilled
    face down from its owner's Dynasty deck (L5R-DYNASTY). Returns the step's words."""
    from .effects import discard_copy

    origin, origin_owner = copy.zone, copy.zone_owner
    discard_copy(position, copy)
    return f"discard {copy.show()} from {origin_owner}'s {origin}{_refill_left(position, origin_owner, origin)}"


def refill_face_up(game, position) -> list:
    """"Refill the province face-up": the cards that refilled provinces during this action (face down,
    as the rules refill them) are face-up instead. An Event stays face-down: RULES.md says what a
    face-up Event does only in the Events phase (L5R-EVENTS). Returns (Outcome, ...) per card."""
    from .effects import Outcome

    out = []
    for uid in position.memo.get(REFILLED, []):
        copy = position.copies.get(uid)
        if copy is None or not copy.zone.startswith("province ") or "face-down" not in copy.flags:
            continue
        where = f"{copy.zone_owner}'s {copy.zone}"
        if copy.card.type == "event":
            out.append(Outcome(False, f"refill {where} face-up", "the card is an Event: RULES.md says what a face-up "
                               "Event does only in the Events phase (L5R-EVENTS), so it stays face-down"))
            continue
        copy.flags.discard("face-down")
        out.append(Outcome(True, f"refill {where} face-up: {copy.show()}"))
    if not out:
        out.append(Outcome(False, "refill the province face-up", "no province was refilled by this action"))
    return out


def refill_applies(ability, clause) -> bool:
    """"Discard it. Refill the province face-up." / "Discard them, refilling the provinces face-up": the
    provinces a card of which this ability discarded (a target in a province)."""
    spec = clause.target
    if clause.kind != "refill" or clause.keyword != "face-up" or spec is None or spec.ref != "choice" \
            or (spec.text or "").strip().lower() not in ("the province", "the provinces"):
        return False
    effects = [c for c in ability.effects if hasattr(c, "kind")]
    index = next((i for i, c in enumerate(effects) if c is clause), -1)
    named = [c.target for c in (*ability.costs, *effects[:index]) if getattr(c, "target", None) is not None]
    if any(v.startswith("from-bottom") for v in clause.values):
        return False  # "refill the provinces face-up from the bottom of your deck": not the top card
    if " with " in (clause.text or "").lower():
        return False  # "Refill the province face-up with the Personality": a named card, not the deck's top
    # any clause that takes a card out of a province refills it face down (_refill_left): a discard,
    # or "Put each one at the bottom of its owner's deck ... Refill the provinces face-up"
    return any(c.kind in _LEAVES_PROVINCE for c in effects[:index]) and any(t.zone == "province" for t in named)


#: "After Yamadera enters play from a province": the words of a Reaction to its own card's leaving a
#: province as it is bought (turn.buy raises "enters-play" with the province it left)
_ENTERED_FROM_PROVINCE = re.compile(r"\benters play from a province$", re.I)


def entered_refill_applies(ability, clause) -> bool:
    """"Reaction: After Yamadera enters play from a province: Refill it face-up": a Reaction to its
    own card's entering play from a province whose one effect refills that province face-up (no
    card named, nothing discarded). L5R-DYNASTY.6: effects triggered by the card's entering play
    resolve before the province's usual refill, and such a refill fills it with the same top card,
    face-up -- so the card the engine has put there face down is turned face-up
    (:func:`refill_entered`); a player who takes no Reaction leaves it face down."""
    trigger = ability.trigger
    if ability.kind != "reaction" or trigger is None or trigger.timing != "after" \
            or trigger.event != "this-card-enters-play" \
            or not _ENTERED_FROM_PROVINCE.search((trigger.text or "").strip()):
        return False
    if ability.costs or ability.conditions or ability.limit is not None or len(ability.effects) != 1 \
            or ability.effects[0] is not clause:
        return False
    spec = clause.target
    return clause.kind == "refill" and clause.keyword == "face-up" and not clause.values and spec is not None \
        and spec.ref == "it" and " with " not in (clause.text or "").lower()


def refill_entered(game, position, entered: list) -> list:
    """:func:`entered_refill_applies`' refill: the province each card the Reaction answers left as it
    entered play (triggers_events.LEFT_PROVINCE), its face-down refill turned face-up. An Event stays
    face-down, as in :func:`refill_face_up`."""
    from .effects import Outcome
    from .triggers_events import LEFT_PROVINCE

    out = []
    for card in entered:
        province = position.memo.get(LEFT_PROVINCE, {}).get(str(getattr(card, "uid", -1)))
        if province is None:
            out.append(Outcome(False, "refill the province face-up", "the engine does not know which province "
                               f"{getattr(card, 'name', card)} left"))
            continue
        owner = card.owner
        held = [position.copies[u] for u in position.zones.get((owner, province), ())
                if "region" not in position.copies[u].flags]
        where = f"{owner}'s {province}"
        if len(held) != 1:
            out.append(Outcome(False, f"refill {where} face-up", f"{province} is empty (the Dynasty deck is)"
                               if not held else f"{province} holds more than one card"))
            continue
        refilled = held[0]
        if "face-down" not in refilled.flags:
            out.append(Outcome(False, f"refill {where} face-up", f"it already holds {refilled.show()} face-up"))
        elif refilled.card.type == "event":
            out.append(Outcome(False, f"refill {where} face-up", "the card is an Event: RULES.md says what a "
                               "face-up Event does only in the Events phase (L5R-EVENTS), so it stays face-down"))
        else:
            refilled.flags.discard("face-down")
            out.append(Outcome(True, f"refill {where} face-up: {refilled.show()} (the card its refill put there "
                               "is turned face-up)"))
    if not out:
        out.append(Outcome(False, "refill the province face-up", "the Reaction answers no card entering play"))
    return out


#: effects whose handlers here refill the province the card left (_refill_left, L5R-DYNASTY)
_LEAVES_PROVINCE = ("discard", "put-on-top", "put-on-bottom", "shuffle-into-deck")


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
        origin, origin_owner = copy.zone, copy.zone_owner
        leave_play(position, copy)
        position.move(copy.uid, copy.owner, deck, top=top)
        refilled = _refill_left(position, origin_owner, origin)
        return Outcome(True, f"put {name} on the {where} of {copy.owner}'s {deck.replace('-', ' ')}{refilled}")

    return handler


def _reveal(game, position, copy, effect, *, as_cost, source):
    name = copy.show()
    if copy.zone in ("hand", "announced"):
        return Outcome(True, f"{copy.controller} shows {name}")
    if in_play(position, copy):
        return Outcome(False, f"show {name}", f"{name} is in play, already seen by everyone")
    return Outcome(False, f"show {name}", f"the engine shows only cards in a hand ({name} is in {copy.zone})")


def _turn_face_up(game, position, copy, effect, *, as_cost, source):
    name = copy.show()
    if not copy.zone.startswith("province "):
        return Outcome(False, f"turn {name} face-up", f"{name} is not in a province ({copy.zone})")
    if "face-down" not in copy.flags:
        return Outcome(False, f"turn {name} face-up", f"{name} is already face-up")
    if copy.card.type == "event":
        # L5R-EVENTS: an Event turned face-up resolves in the Events phase; for any other moment
        # RULES.md gives no rule, so the engine does not guess
        return Outcome(False, f"turn {name} face-up", "RULES.md says what a face-up Event does only in the "
                       "Events phase (L5R-EVENTS)")
    copy.flags.discard("face-down")
    return Outcome(True, f"turn {name} in {copy.zone_owner}'s {copy.zone} face-up")


def shuffle_deck(position, player: str, deck: str) -> None:
    """Put ``player``'s ``deck`` in a random order (seeded by the position, so replays agree)."""
    pile = position.zones.get((player, deck), [])
    seed = f"{position.timing.turn}:{player}:{deck}:{','.join(map(str, pile))}"
    random.Random(seed).shuffle(pile)


def _shuffle_into_deck(game, position, copy, effect, *, as_cost, source):
    name = copy.show()
    deck = _deck_of(copy)
    named = effect.keyword or "deck"
    if named not in ("deck", deck):
        return Outcome(False, f"shuffle {name} into a {named.replace('-', ' ')}",
                       f"{name} belongs in its owner's {deck.replace('-', ' ')} (L5R-RESOLVE)")
    whose = effect.values[0] if effect.values else "owner"
    actor = game.acting_player(position)
    if whose == "you" and copy.owner != actor:
        return Outcome(False, f"shuffle {name} into {actor}'s deck",
                       f"{name} belongs to {copy.owner}: it can only go to its owner's deck")
    if copy.zone == deck:
        return Outcome(False, f"shuffle {name} into {copy.owner}'s {deck.replace('-', ' ')}", "it is already there")
    origin, origin_owner = copy.zone, copy.zone_owner
    leave_play(position, copy)
    position.move(copy.uid, copy.owner, deck, top=False)
    shuffle_deck(position, copy.owner, deck)
    refilled = _refill_left(position, origin_owner, origin)
    return Outcome(True, f"shuffle {name} into {copy.owner}'s {deck.replace('-', ' ')}{refilled}")


#: kind -> handler(game, position, copy, effect, *, as_cost, source) -> Outcome
CARD_KINDS: dict = {
    "put-on-top": _to_deck(True),
    "put-on-bottom": _to_deck(False),
    "reveal": _reveal,
    "turn-face-up": _turn_face_up,
    "shuffle-into-deck": _shuffle_into_deck,
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


def _shuffle(game, position, player, effect, *, as_cost, source):
    """"Shuffle your Fate deck": the deck the text names, of the acting player."""
    zone = effect.target.zone if effect.target is not None else None
    if zone not in ("fate-deck", "dynasty-deck"):
        return Outcome(False, f"{player} shuffles a deck", "the text does not say which deck (Fate or Dynasty)")
    shuffle_deck(position, player, zone)
    return Outcome(True, f"{player} shuffles the {zone.replace('-', ' ')}")


PLAYER_KINDS: dict = {"draw-until": _draw_until, "shuffle": _shuffle}

#: kind -> applies(effect, ref) -> bool: traits without a trigger the engine honours
CONTINUOUS_KINDS: dict = {}

#: target states (by prefix) this topic's grammar writes that the engine cannot test ("not-titled:"
#: is tested by states.py)
# ("has-token:Poison", "with a Poison token": read by tokens.py, a token kind it keeps)
# ("at-location-of:Osawa": states.py reads it)
_UNCHECKED_STATES = ("random", "titled:", "different-titles", "under:", "controller:")
#: zones this topic's grammar writes that no copy is ever in: none now -- "hand|discard" ("in your hand
#: or discard pile") is either one, "play|discard" in play or in a pile, "out-of-play" every area out of
#: play (procedure.zone_matches)
_UNCHECKED_ZONES: set = set()


def unchecked_target(spec) -> bool:
    """True when the engine cannot tell which cards fit ``spec`` (so the clause cannot execute)."""
    if spec.zone in _UNCHECKED_ZONES:
        return True
    return any(s.startswith(_UNCHECKED_STATES) for s in spec.states)
