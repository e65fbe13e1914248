"""Cards in card text: each player in turn, whose hand, Clan Alignments given, created cards put
on a card named first, a choice with "leave it there". Sentences written in the card style."""

from __future__ import annotations

from adjudicator.core.ability import Effect
from adjudicator.games.l5r.ability import EFFECT_KINDS, parse_ability


def parsed(text: str):
    ab = parse_ability(text)
    assert ab.structured, ab
    return ab


def effects(text: str) -> list[Effect]:
    ab = parsed(text)
    return [e for e in (*ab.costs, *ab.effects) if isinstance(e, Effect)]


def test_each_player_in_turn_may_search_and_keep_it_in_his_hand():
    ab = parsed("Open: Starting with you, each player may search his Fate deck for a Spell, show it, "
                "and put it in his hand.")
    kinds = [e.kind for e in ab.effects]
    assert kinds == ["search", "reveal", "put-in-hand-of"]
    assert ab.effects[-1].keyword == "his"  # the hand of the player named, not the owner's
    scoped = {c.kind for c in ab.conditions}
    assert "effect-in-turn-order" in scoped and "effect-optional" in scoped
    assert "put-in-hand-of" in EFFECT_KINDS


def test_give_your_clan_alignment():
    (e,) = effects("Give a target Courtier your Clan Alignment.")
    assert (e.kind, e.keyword) == ("grant-keyword", "your-clan-alignment")
    assert e.target.card_types == ("personality",) or e.target.keywords == ("Courtier",)


def test_two_describing_words_with_a_comma():
    (e,) = effects("Give your target non-Naval, unbowed Personality your Clan Alignment.")
    assert e.target.states == ("non-Naval", "unbowed") and e.target.card_types == ("personality",)


def test_alignment_you_do_not_control():
    (e,) = effects("Bow a target Courtier with a Clan Alignment you do not control.")
    assert "alignment-not-yours" in e.target.states


def test_create_and_attach_to_the_card_named_first():
    made, attached = effects("Create and attach to him a 1F Cavalry Follower.")
    assert made.kind == "create" and made.target.card_types == ("follower",)
    assert made.values[:1] == (1,)
    assert attached.kind == "attach-to" and attached.target.ref == "it"


def test_leave_it_there_is_declining_the_choice():
    ab = parsed("Limited: Look at the top card of your Fate deck. You may leave it there, discard it, "
                "or put it at the bottom of the deck.")
    assert [e.kind for e in ab.effects] == ["look-at-top", "discard", "put-on-bottom"]
    # one of the two (a choice), and only if the player wants to (optional)
    assert {c.args for c in ab.conditions if c.kind == "effect-choice"} == {
        ("effect 1", "option 1 of 2"), ("effect 2", "option 2 of 2")}
    assert any(c.kind == "effect-optional" for c in ab.conditions)


def test_a_keyword_or_a_modifier_chosen():
    ab = parsed("Give him or her Conqueror or +2F.")
    grant, mod = ab.effects
    assert (grant.kind, grant.keyword) == ("grant-keyword", "Conqueror")
    assert (mod.kind, mod.stat, mod.amount) == ("modify-stat", "force", 2)
    assert sorted(c.args for c in ab.conditions if c.kind == "effect-choice") == [
        ("effect 0", "option 1 of 2"), ("effect 1", "option 2 of 2")]


def test_each_player_shuffles_his_hand_and_draws_as_many():
    shuffle, draw, measure = effects("Open: Each player shuffles his hand into his deck, then draws as many "
                                     "cards as he shuffled into his deck.")
    assert shuffle.kind == "shuffle-into-deck" and shuffle.target.zone == "hand"
    assert draw.kind == "draw" and (measure.kind, measure.stat) == ("amount-equal-to", "count-done")
    assert measure.target.states == ("done:shuffled",)


def test_each_other_player_in_turn_order_may_discard():
    ab = parsed("Open: Discard a card; each other player in turn order may discard a card. Each player then "
                "draws as many cards as he discarded.")
    assert [e.kind for e in ab.effects] == ["discard", "discard", "draw", "amount-equal-to"]
    assert ab.effects[-1].target.states == ("done:discarded",)
    assert {"effect-in-turn-order", "effect-optional"} <= {c.kind for c in ab.conditions}


def test_discards_a_card_of_his_choice_or_a_random_one_if():
    ab = parsed("Battle: The enemy leader discards a card of his choice, or a random card if you have "
                "Reconnaissance.")
    first, other = ab.effects
    assert first.kind == other.kind == "discard"
    assert first.target.states == () and other.target.states == ("random",)
    kinds = {c.kind: c.args for c in ab.conditions}
    assert kinds["effect-unless:you-have"] == ("effect 0", "Reconnaissance")
    assert kinds["effect-if:you-have"] == ("effect 1", "Reconnaissance")


def test_named_tokens_until_exactly():
    (e,) = effects("Open: Give Tsuruchi Arrow tokens until he has exactly five.")
    assert (e.kind, e.keyword, e.values, e.target.ref) == ("give-token-until", "Arrow", (5,), "this")
    # anything else than a name and a token's name is not read so
    assert not parse_ability("Open: Give Tsuruchi Bow Arrow tokens until he has exactly five.").structured


def test_set_aside_and_put_back_after_shuffling():
    kinds = [(e.kind, e.keyword) for e in effects(
        "Search your Fate deck for a card, set it aside face-down, and put it on top of the deck after shuffling.")]
    # the deck is shuffled before the card goes back on top
    assert kinds == [("search", None), ("set-aside", "face-down"), ("shuffle", None), ("put-on-top", "deck")]
    assert "set-aside" in EFFECT_KINDS


def test_no_use_again_of_a_title_with_of():
    (e,) = effects("You may not use abilities on any Libraries of Kyuden Isawa again this turn.")
    assert (e.kind, e.duration) == ("cannot-use-abilities", "turn")
    assert e.target.states == ("on:any Libraries of Kyuden Isawa",)


def test_one_of_those_cards_of_the_type_named():
    ab = parsed("Look at the top four cards of your Fate deck. You may show one of those cards that is of the "
                "type you named, then put it in your hand.")
    shown = next(e for e in ab.effects if e.kind == "reveal")
    assert shown.target.states == ("named-type",) and shown.target.ref == "it"


def test_put_into_the_deck_where_that_card_was():
    (e,) = effects("Put this Strategy into your deck where that card was.")
    assert (e.kind, e.keyword, e.target.ref) == ("put-in-deck-at", "place-of:that card", "this")


def test_each_of_you_may_put_the_others_card_in_your_hand():
    ab = parsed("Each of you may put the other's card in your hand.")
    (e,) = ab.effects
    assert (e.kind, e.keyword) == ("put-in-hand-of", "your")
    assert e.target.states == ("of-the-other-player",)
    assert any(c.kind == "effect-optional" for c in ab.conditions)
    # "the other attachment" is still a plain noun phrase
    assert [x.kind for x in effects("Put the other attachment in your hand.")] == ["put-in-hand"]
