"""Cards and zones in card text: searching, looking, showing, drawing, discarding, putting cards
under / on decks / into hands, shuffling, deck building, hand size, tokens, created cards.
Sentences are written in the card style for these tests."""

from __future__ import annotations

from adjudicator.core.ability import Effect
from adjudicator.games.l5r.ability import EFFECT_KINDS, parse_ability
from adjudicator.games.l5r.effects import executes

from .helpers import run_text


def effects(text: str) -> list[Effect]:
    ab = parse_ability(text)
    assert ab.structured, ab
    return [e for e in (*ab.costs, *ab.effects) if isinstance(e, Effect)]


def test_kinds_are_in_the_closed_vocabulary():
    for kind in ("look-at", "put-under", "under-host", "shuffle-into-deck", "deck-copies", "deck-size",
                 "gain-token", "create-copy"):
        assert kind in EFFECT_KINDS


def test_search_several_zones_in_order():
    (e,) = effects("Search your discard pile, then Fate deck, for a Ring.")
    assert (e.kind, e.keyword) == ("search", "discard then fate-deck")
    assert e.target.card_types == ("ring",) and e.target.zone == "discard"
    (e,) = effects("Search your Dynasty discard pile, then deck for a Celestial.")
    assert e.keyword == "dynasty-discard then deck"
    (e,) = effects("Search your Dynasty deck or discard pile for a Celestial.")
    assert e.keyword == "dynasty-deck or discard" and e.target.zone == "dynasty-deck"
    (e,) = effects("Search your hand, then your discard pile, and then your Fate deck for a card titled Sword of the Sun.")
    assert e.keyword == "hand then discard then fate-deck"
    assert e.target.states == ("titled:Sword of the Sun",)
    # one zone: the base rule still reads it
    (e,) = effects("Search your Fate deck for a Kiho.")
    assert (e.kind, e.target.zone, e.keyword) == ("search", "fate-deck", None)


def test_look_at_top_of_any_deck():
    (e,) = effects("Look at the top three cards of any Fate deck.")
    assert (e.kind, e.amount) == ("look-at-top", 3)
    assert (e.target.owner, e.target.zone, e.target.states) == ("any", "fate-deck", ("top",))
    (e,) = effects("Look at the top card of another player's deck.")
    assert (e.amount, e.target.owner, e.target.zone) == (1, "opponent", "deck")


def test_show_a_random_card_and_a_whole_hand():
    target, shown = effects("A target player shows a random card in his hand.")
    assert shown.kind == "reveal"
    assert "random" in shown.target.states and shown.target.zone == "hand"
    (e,) = effects("Show your hand to all players.")
    assert (e.kind, e.target.ref, e.target.zone, e.target.owner) == ("reveal", "each", "hand", "you")


def test_discards_by_a_player():
    target, discard = effects("A target player discards a card at random.")
    assert (target.kind, target.target.ref, target.target.card_types) == ("target", "target", ("player",))
    assert discard.kind == "discard"
    assert discard.target.zone == "hand" and set(discard.target.states) == {"random", "of-it"}
    (e,) = effects("Discard your hand.")
    assert (e.kind, e.target.ref, e.target.zone, e.target.owner) == ("discard", "each", "hand", "you")


def test_additional_draw_at_the_end_of_the_turn():
    ab = parse_ability("Draw an additional card before your turn ends.")
    (e,) = [c for c in ab.effects if isinstance(c, Effect)]
    assert (e.kind, e.amount, e.keyword) == ("draw", 1, "additional")
    (cond,) = ab.conditions
    assert cond.kind == "effect-delayed" and cond.args[1:] == ("end-of", "turn-ends")
    ab = parse_ability("Draw an additional card during your next End Phase.")
    assert ab.conditions[0].args[1:] == ("during-next", "end-phase")


def test_zones_of_other_players():
    (e,) = effects("Target a Personality in all players' discard piles.")
    assert (e.target.zone, e.target.owner) == ("discard", "any")
    (e,) = effects("Target an Event in another player's discard pile.")
    assert (e.target.zone, e.target.owner) == ("discard", "opponent")
    (e,) = effects("Target a face-up Personality out of play.")
    assert e.target.zone == "out-of-play"


def test_putting_cards_under_on_top_and_into_hands():
    put, host = effects("Put the top card of your Fate deck under this Kata.")
    assert (put.kind, put.target.states, put.target.zone) == ("put-under", ("top",), "fate-deck")
    assert (host.kind, host.target.ref) == ("under-host", "this")
    (e,) = effects("Put a card underneath this Kata into your hand.")
    assert e.kind == "put-in-hand" and "under:this" in e.target.states
    (e,) = effects("Put it on top of its owner's deck.")
    assert (e.kind, e.target.ref, e.keyword, e.values) == ("put-on-top", "it", "deck", ("owner",))
    (e,) = effects("Put a target Ring into its owner's hand.")
    assert (e.kind, e.target.ref, e.target.card_types) == ("put-in-hand", "target", ("ring",))
    (e,) = effects("Put one to three cards in your hand at the bottom of your deck.")
    assert (e.kind, e.target.zone, e.target.count, e.target.up_to) == ("put-on-bottom", "hand", 3, True)


def test_shuffling_into_decks():
    (e,) = effects("Shuffle them into your Fate deck.")
    assert (e.kind, e.target.ref, e.keyword, e.values) == ("shuffle-into-deck", "it", "fate-deck", ("you",))
    (e,) = effects("Shuffle zero to three cards in your Fate discard pile into your deck.")
    assert (e.target.count, e.target.up_to, e.target.zone) == (3, True, "fate-discard")
    (e,) = effects("Shuffle your hand into your Fate deck.")
    assert (e.target.zone, e.target.ref) == ("hand", "each")


def test_deck_building_and_hand_size():
    (e,) = effects("You may include up to 8 copies of this card in your deck.")
    assert (e.kind, e.amount, e.target.ref) == ("deck-copies", 8, "this")
    (e,) = effects("You may include any number of this Follower in your deck.")
    assert (e.kind, e.amount) == ("deck-copies", None)
    (e,) = effects("Your minimum Dynasty deck size is decreased by two.")
    assert (e.kind, e.keyword, e.amount) == ("deck-size", "dynasty-deck", -2)
    (e,) = effects("Other players' maximum hand sizes are reduced by 2, to a minimum of 6.")
    assert (e.kind, e.stat, e.amount, e.values, e.target.ref) == ("modify-stat", "max-hand-size", -2, (6,), "opponent")


def test_tokens():
    (e,) = effects("Bow a target Personality with a Poison token.")
    assert "has-token:Poison" in e.target.states
    (e,) = effects("Gain a Conspiracy token.")
    assert (e.kind, e.keyword, e.values) == ("gain-token", "Conspiracy", (1,))
    give, measured = effects("Give this Item a number of Favor tokens equal to his Chi.")
    assert (give.kind, give.keyword) == ("give-token", "Favor")
    assert (measured.kind, measured.stat) == ("amount-equal-to", "chi")
    (e,) = effects("Give this Holding a +1 Gold Production Wealth token.")
    assert (e.kind, e.stat, e.amount, e.keyword) == ("give-token", "gold-production", 1, "Wealth")


def test_created_cards_and_copies():
    made, attach = effects("Create a 1F Ashigaru and attach it to your target Personality.")[:2]
    assert (made.kind, made.target.card_types, made.target.keywords, made.values) == (
        "create", ("follower",), ("Ashigaru",), (1,))
    (e,) = effects("Create a 2F/2C/1PH Monk Personality on your side there.")
    assert "at-battlefield" in e.target.states
    (e,) = effects("Create a copy of a target Personality.")
    assert (e.kind, e.target.ref) == ("create-copy", "target")


def test_costs_of_putting_into_play():
    ab = parse_ability("Put it into play, paying all costs but paying 2 less Gold.")
    assert ab.structured
    assert ab.conditions[0].kind == "effect-cost" and ab.conditions[0].args[1:] == ("less-gold", "2")


def test_restrictions_the_engine_cannot_check_are_not_executable():
    # the grammar reads them, the engine cannot tell which cards fit: never claimed executable
    for text in ("Battle: Bow a target Personality with a Poison token or without abilities.",
                 "Limited: Each player discards a card at random."):
        # ("a face-up Personality out of play" is read now: procedure.zone_matches)
        ab = parse_ability(text)
        assert ab.structured and not executes(ab), text


HEAD = """scenario "t"
game l5r
card "Scout" personality force 1 chi 1 honor-requirement 0 personal-honor 1 gold-cost 3 text "Open: Target a Personality. Put it on top of its owner's deck."
card "Ronin" personality force 2 chi 1 honor-requirement 0 personal-honor 0 gold-cost 2
card "Paddy" holding gold-cost 2
player Alice clan Crane family-honor 12
player Bob   clan Crab  family-honor 9
phase action
Alice home: "Scout"
Bob home: "Ronin"
Bob dynasty-deck: "Paddy"
"""


def test_put_on_top_of_its_owners_deck_runs_in_the_engine():
    assert executes(parse_ability("Open: Target a Personality. Put it on top of its owner's deck."))
    r = run_text(HEAD + 'Alice uses "Scout" targeting "Ronin"\nexpect legal\nexpect "Ronin" in Bob dynasty-deck\n')
    assert r.passed, [f.render() for f in r.failures]


def test_put_on_the_bottom_of_the_wrong_deck_is_refused():
    text = HEAD.replace("Put it on top of its owner's deck.", "Put it on the bottom of its owner's Fate deck.")
    assert executes(parse_ability("Open: Target a Personality. Put it on the bottom of its owner's Fate deck."))
    r = run_text(text + 'Alice uses "Scout" targeting "Ronin"\nexpect legal\nexpect "Ronin" in Bob home\n')
    assert r.passed, [f.render() for f in r.failures]


def test_a_target_in_the_discard_pile_is_put_into_the_hand_by_pronoun():
    # "it" names the target chosen in the discard pile: the effect names that out-of-play zone
    # (L5R-ACT-EFFECT), so the card is not skipped as "out of play"
    text = HEAD.replace("Open: Target a Personality. Put it on top of its owner's deck.",
                        "Open: Target a Personality in your discard pile. Put it into your hand.")
    text += 'Alice dynasty-discard: "Ronin"\n'.replace('"Ronin"', '"Wave Man"')
    text = text.replace('card "Paddy"', 'card "Wave Man" personality force 1 chi 1 honor-requirement 0 '
                        'personal-honor 0 gold-cost 1\ncard "Paddy"')
    r = run_text(text + 'Alice uses "Scout" targeting "Wave Man"\nexpect legal\nexpect "Wave Man" in Alice hand\n')
    assert r.passed, [f.render() for f in r.failures]


def test_targets_in_any_players_discard_pile():
    target, removed = effects("Open: Target a Follower in any player's discard pile: Remove it from the game.")
    assert (target.kind, target.target.ref, target.target.zone, target.target.owner) == (
        "target", "target", "discard", "any")
    assert (removed.kind, removed.target.ref) == ("remove-from-game", "it")


def test_round3_enemy_hand_and_token_or_blank():
    (e,) = effects("Show two random cards in another player's hand.")
    assert (e.kind, e.target.count, e.target.zone, e.target.owner) == ("reveal", 2, "hand", "opponent")
    assert "random" in e.target.states
    (e,) = effects("Bow a target enemy Personality with a Venom token or without abilities.")
    assert e.kind == "bow" and e.target.states == ("has-token-or-no-abilities:Venom",)


def test_round3_make_a_player_act():
    t, d = effects("Bow this card to make a target player discard a random card.")[1:]
    assert (t.kind, t.target.ref, t.target.card_types) == ("target", "target", ("player",))
    assert (d.kind, d.target.zone) == ("discard", "hand") and "of-it" in d.target.states
    (e,) = effects("Make another player lose 3 Honor.")
    assert (e.kind, e.amount, e.target.ref) == ("lose-honor", 3, "opponent")
    # a card effect is not the player's own act: not structured
    assert not parse_ability("Make another player bow a Personality.").structured


def test_round3_up_to_an_exact_number():
    (e,) = effects("Draw cards until you have exactly three cards in your hand.")
    assert (e.kind, e.amount, e.target.ref) == ("draw-until", 3, "you")
    (e,) = effects("Give Kenji +1F Fire tokens until he has exactly four.")
    assert (e.kind, e.stat, e.amount, e.keyword, e.values) == ("give-token-until", "force", 1, "Fire", (4,))
    assert e.kind in EFFECT_KINDS


def test_round3_draw_until_runs_in_the_engine():
    assert executes(parse_ability("Open: Draw cards until you have exactly two cards in your hand."))
    text = HEAD.replace("Open: Target a Personality. Put it on top of its owner's deck.",
                        "Open: Draw cards until you have exactly two cards in your hand.")
    text = text.replace('card "Paddy"', 'card "Tale" action\ncard "Edict" action\ncard "Omen" action\n'
                        'card "Paddy"')
    text += 'Alice hand: "Omen"\nAlice fate-deck: "Tale", "Edict"\n'
    r = run_text(text + 'Alice uses "Scout"\nexpect legal\nexpect Alice hand 2\nexpect "Tale" in Alice hand\n'
                 'expect "Edict" in Alice fate-deck\n')
    assert r.passed, [f.render() for f in r.failures]


# ---------------------------------------------------------------- round 4


def test_put_back_into_hand_and_shuffle_the_deck():
    (e,) = effects("Put it back into your hand.")
    assert (e.kind, e.target.ref) == ("put-in-hand", "it")
    (e,) = effects("Shuffle the deck.")
    assert (e.kind, e.target.ref, e.target.zone) == ("shuffle", "it", "deck")


def test_draw_as_many_as_were_done():
    draw, amt = effects("Draw cards equal to the number you put at the bottom.")
    assert (draw.kind, draw.amount) == ("draw", None)
    assert (amt.kind, amt.stat, amt.target.states) == ("amount-equal-to", "count-done", ("done:put-on-bottom",))
    _discard, draw, amt = effects("Discard your hand to draw a number of cards equal to the number you discarded.")
    assert draw.kind == "draw" and amt.target.states == ("done:discarded",)
    # a count the engine cannot take from the cards just moved is not executable
    assert not executes(parse_ability("Discard a card to draw cards equal to the number you discarded."))


def test_tokens_removed_added_and_put():
    (e,) = effects("Remove one or more Wealth tokens from this Holding.")
    assert (e.kind, e.target.card_types, e.target.keywords) == ("discard", ("token",), ("Wealth",))
    assert e.target.states == ("on:this Holding",)
    (e,) = effects("Remove one of Kaeru's Fire tokens.")
    assert (e.kind, e.target.keywords, e.target.states) == ("discard", ("Fire",), ("on:Kaeru",))
    (e,) = effects("Add a Favor token to this card.")
    assert (e.kind, e.keyword, e.values, e.target.ref) == ("give-token", "Favor", (1,), "this")
    give, amt = effects("Put a number of Wealth tokens on this Holding equal to the amount of Gold you paid for it.")
    assert (give.kind, give.keyword, amt.stat) == ("give-token", "Wealth", "gold-paid")
    (e,) = effects("Give him two -2 Gold Cost tokens.")
    assert (e.stat, e.amount, e.values) == ("gold-cost", -2, (2,))
    cost, _bow = effects("Discard two Favor tokens from this Item to bow him.")
    assert (cost.kind, cost.target.keywords, cost.target.count) == ("discard", ("Favor",), 2)
    # removing a card (not a token) is not this rule's: it stays unparsed
    assert not parse_ability("Remove a Personality from his army.").structured


def test_one_of_two_tokens_or_three_modifiers():
    a, b = effects("Give him a +1F or +1C token.")
    assert (a.kind, a.stat, b.stat) == ("give-token", "force", "chi")
    a, b = effects("Give Kaeru a +1F Fire or Sake token.")
    assert (a.keyword, b.keyword, a.stat, b.stat) == ("Fire", "Sake", "force", "force")
    ab = parse_ability("Give him +1F, +1C, or +1PH.")
    assert ab.structured
    stats = [e.stat for e in ab.effects if isinstance(e, Effect)]
    assert stats == ["force", "chi", "personal-honor"]


def test_cards_just_named():
    _hand, rest = effects("Put one of them in your hand and put the other three on the bottom of your deck.")
    assert (rest.kind, rest.target.count, rest.target.states) == ("put-on-bottom", 3, ("other",))
    (e,) = effects("You may put one or two of these cards on the bottom of your deck.")
    assert (e.target.count, e.target.up_to) == (2, True)
    show, _put = effects("You may show one of them that is a Political Strategy and put it in your hand.")
    assert show.kind == "reveal" and (show.target.keywords, show.target.card_types) == (("Political",), ("action",))
    (e,) = effects("You may put it at the bottom of that deck.")
    assert (e.kind, e.values) == ("put-on-bottom", ("owner",))


def test_created_at_a_location_and_more_copies():
    (e,) = effects("Create a 2F/2C/2PH Samurai Personality with your Clan Alignment at any location.")
    assert e.kind == "create" and "at-any-location" in e.target.states
    (e,) = effects("Create a 4F/4C/3PH Imperial • Samurai Personality.")
    assert e.target.keywords == ("Imperial", "Samurai")
    (e,) = effects("You may include up to seven copies of this card in your deck.")
    assert (e.kind, e.amount) == ("deck-copies", 7)


def test_then_first_and_while_attached():
    (e,) = effects("Then, discard a card.")
    assert e.kind == "discard"
    ab = parse_ability("This Follower has +2F while attached to a Ratling.")
    assert ab.structured


def test_attachment_limits_and_restrictions():
    (e,) = effects("This Personality may attach two Weapons.")
    assert (e.kind, e.amount, e.target.ref) == ("attach-limit", 2, "attached")
    assert e.values[0].keywords == ("Weapon",) and e.values[0].count == 2
    (e,) = effects("May attach to a Personality with a Weapon.")
    assert (e.kind, e.target.card_types) == ("attach-restriction", ("personality",))
    (e,) = effects("You may put it face-up under this card.")[:1]
    assert (e.kind, e.keyword) == ("put-under", "face-up")


def test_looking_at_a_measured_number():
    look, amt = effects("Look at a number of cards on the top of your Fate deck equal to his Chi.")
    assert (look.kind, look.target.zone, amt.kind, amt.stat) == ("look-at-top", "fate-deck", "amount-equal-to", "chi")


def test_two_cards_one_verb_and_the_subjects_own_costs():
    first, second = effects("Discard it and this Region.")
    assert (first.kind, first.target.ref, second.kind, second.target.card_types) == ("discard", "it", "discard", ("region",))
    ab = parse_ability("They may discard a card to draw a card.")
    assert ab.structured
    discard, draw = [e for e in ab.effects if isinstance(e, Effect)]
    assert (discard.kind, draw.kind, draw.target.ref) == ("discard", "draw", "it")


def test_optional_choice_and_costs_with_for_each():
    ab = parse_ability("You may discard a Terrain from your hand or destroy a Terrain in play; if you did either, draw a card.")
    assert ab.structured
    kinds = [c.kind for c in ab.conditions]
    assert kinds.count("effect-choice") == 2 and "effect-if:did" in kinds
    ab = parse_ability("Discard this Celestial to give him +1F for each dead Personality in all players' discard piles.")
    assert ab.structured
    assert [e.kind for e in ab.effects if isinstance(e, Effect)][-1] == "amount-for-each"


def test_more_card_descriptions():
    (e,) = effects("Search your Fate deck for a card with a lower Focus Value than your Personality's Chi.")
    assert e.kind == "search" and e.target.tests or e.target.states
    _t, host = effects("Transfer a Masterwork token from this Holding to a target Weapon without a Masterwork token.")
    assert host.target.states == ("has-no-token:Masterwork",)
    (e,) = effects("Attach them to any of your Personalities, paying all costs.")[-1:]
    (e,) = effects("Lose Honor equal to the number of Followers this created.")[-1:]
    assert (e.kind, e.target.states) == ("amount-equal-to", ("created-by:this",))
    _remove, _gold, amt = effects("Remove one or more Wealth tokens from this Holding to produce Gold equal to the number of tokens removed.")
    assert (amt.stat, amt.target.states) == ("count-done", ("done:removed",))


def test_tokens_he_has_and_attaching_discounts():
    _give, amt = effects("Give a target enemy Personality a Force penalty equal to the number of Madness tokens he has.")
    assert (amt.stat, amt.target.keywords, amt.target.states) == ("count", ("Madness",), ("on:it",))
    (e,) = effects("Cavalry Followers attach to your Personalities paying 2 less Gold.")
    assert (e.kind, e.amount, e.keyword) == ("cost-reduction", 2, "less-gold")
    assert e.target.states == ("attaching-to:your Personalities",)
    (e,) = effects("Non-Unique Weapons attaching to Kaeru from your hand enter play paying 4 less Gold.")
    assert "attaching-to:Kaeru" in e.target.states and e.target.zone == "hand"
    (e,) = effects("May attach to a Personality with exactly one Weapon.")
    assert e.target.states == ("has-exactly-1:Weapon",)


def test_created_with_a_keyword_choice_is_not_executable():
    ab = parse_ability("Limited: Target your Personality: Create a +1F Armor or Weapon Item and attach it to him.")
    assert ab.structured and not executes(ab)
    create = next(e for e in ab.effects if isinstance(e, Effect) and e.kind == "create")
    assert create.target.states == ("keyword-choice:Armor|Weapon",)


def test_or_a_bigger_number_if():
    ab = parse_ability("Bow your target Follower to look at the top three cards of a deck, or four if you bowed a Ninja.")
    assert ab.structured
    looks = [e for e in ab.effects if isinstance(e, Effect) and e.kind == "look-at-top"]
    assert [e.amount for e in looks] == [3, 4]


def test_a_ring_used_without_cost():
    cost, use = effects("You may discard this Ring from your hand to use its Void ability without cost.")
    assert (cost.kind, cost.target.zone) == ("discard", "hand")
    assert (use.kind, use.keyword, use.target.ref, use.target.keywords) == ("use-ability", "without-cost", "possessed", ("Void",))
    assert "use-ability" in EFFECT_KINDS


def test_an_element_keyword_is_any_of_the_five_elements():
    ab = parse_ability("Open: Search your Fate deck for a spell with Storm or an element keyword. Show it. Put it in your hand.")
    search = ab.effects[0]
    assert (search.kind, search.target.zone, search.target.card_types) == ("search", "fate-deck", ("spell",))
    assert search.target.states == ("any-keyword:Storm|Air|Earth|Fire|Water|Void",)
    assert executes(ab)  # a single-zone search the engine carries out (the card named with 'paying')
    (discard, _give) = effects("Discard a card with an element keyword to give your target Personality +1F.")
    assert discard.target.states == ("any-keyword:Air|Earth|Fire|Water|Void",)


def test_searches_of_one_zone_and_of_ordered_zones_reach_the_engine():
    one = parse_ability("Open: Search your Dynasty deck for a non-Unique Holding, show it, and put it in your hand.")
    assert one.structured and executes(one)
    # several areas in order: the engine reads the kept order (effects_engine.search_areas, L5R-ACT-EFFECT.6)
    ordered = parse_ability("Open: Search your discard pile, then Fate deck, for a Ring, show it, and put it in your hand.")
    assert ordered.structured and ordered.effects[0].keyword == "discard then fate-deck" and executes(ordered)


def test_create_then_attach_printed_without_and():
    create, attach, to = effects("Create two 2F Followers attach them to your target Personality.")
    assert (create.kind, create.target.count, create.target.card_types) == ("create", 2, ("follower",))
    assert (attach.kind, attach.target.ref) == ("attach", "it")
    assert (to.kind, to.target.ref, to.target.card_types) == ("attach-to", "target", ("personality",))


def test_strategy_is_the_action_card_type():
    ab = parse_ability("Open: Search your Fate deck for a Shadow Strategy, show it, and put it in your hand.")
    spec = ab.effects[0].target
    assert (spec.card_types, spec.keywords) == (("action",), ("Shadow",))
    assert executes(ab)
    (negate,) = effects("Negate an Open action from a Strategy.")
    assert "from:a Strategy" in negate.target.states
    (discard,) = effects("Discard this Strategy.")
    assert (discard.target.ref, discard.target.card_types) == ("this", ("strategy",))


def test_put_a_card_in_your_hand_read_back_from_the_noun_phrase():
    (e,) = parse_ability("Limited: Put the other attachment in your hand.").effects
    assert (e.kind, e.target.card_types, e.target.states, e.target.zone) == (
        "put-in-hand", ("attachment",), ("other",), None)
    assert not parse_ability("Limited: Put it.").structured


def test_a_number_of_its_tokens():
    (e,) = parse_ability("Open: Remove two of its Charging tokens.").effects
    assert (e.kind, e.target.count, e.target.keywords, e.target.states) == ("discard", 2, ("Charging",), ("on:it",))


def test_put_into_play_or_hand_is_a_choice_of_two_destinations():
    ab = parse_ability("Limited: Put it into play or your hand.")
    assert ab.structured, ab
    assert [e.kind for e in ab.effects] == ["put-into-play", "put-in-hand"]
    assert sum(c.kind == "effect-choice" for c in ab.conditions) == 2


def test_equip_from_discard_pile_to_a_host_bowed():
    ab = parse_ability("Limited: You may Equip this Spell from your discard pile, bowed, to a Void Shugenja.")
    assert ab.structured, ab
    card, host = ab.effects
    assert (card.kind, card.target.zone, card.keyword) == ("attach", "discard", "bowed")
    assert (host.kind, host.target.keywords) == ("attach-to", ("Void", "Shugenja"))


def test_refilling_the_province_a_card_left():
    ab = parse_ability("Battle: Put it at the bottom of its owner's Dynasty deck, refilling face-up.")
    assert ab.structured, ab
    bottom, refill = ab.effects
    assert (bottom.kind, refill.kind, refill.keyword) == ("put-on-bottom", "refill", "face-up")
    assert refill.target.card_types == ("province",)


def test_a_player_chooses_and_discards_one_card_of_his_hand():
    ab = parse_ability("Battle: Another player chooses and discards one.")
    assert ab.structured, ab
    (e,) = ab.effects
    assert (e.kind, e.target.zone, e.target.count) == ("discard", "hand", 1)


def test_look_at_a_number_of_fate_cards_measured_by_a_stat():
    ab = parse_ability("Limited: Look at a number of Fate cards on top of your deck equal to his Chi.")
    assert ab.structured, ab
    look, measure = ab.effects
    assert (look.kind, look.target.zone, measure.kind, measure.stat) == ("look-at-top", "fate-deck", "amount-equal-to", "chi")


def test_two_targets_one_in_any_discard_pile():
    ab = parse_ability("Battle: Target your Personality and a Follower in any player's discard pile: Attach the Follower to the Personality.")
    assert ab.structured, ab
    first, second = [e for e in ab.costs if e.kind == "target"]
    assert (first.target.zone, second.target.zone) == (None, "discard")


def test_noun_phrases_of_cards_out_of_play_titled_and_without_attachments():
    ab = parse_ability("Limited: Give your target face-up Personality out of play Destined.")
    assert ab.structured, ab
    assert (ab.effects[0].kind, ab.effects[0].target.zone) == ("grant-keyword", "out-of-play")
    (e,) = parse_ability("Limited: Discard a Bonds of Hospitality.").effects
    assert "titled:Bonds of Hospitality" in e.target.states
    ab = parse_ability("Battle: Target an enemy card without attached Weapons or Armor: Bow the card.")
    assert ab.structured, ab
    assert "no-attached:Weapons|Armor" in ab.costs[0].target.states


def test_the_copy_and_a_delay_counted_in_turns():
    ab = parse_ability("Limited: Discard it after your second turn from now begins.")
    assert ab.structured, ab
    assert [c.args[1:] for c in ab.conditions if c.kind == "effect-delayed"] == [("after-nth-2", "your-turn-begins")]
    ab = parse_ability("Limited: Remove the copy from the game after your next turn begins.")
    assert ab.structured, ab
    assert ab.effects[0].target.states == ("created",)


def test_from_hand_and_or_fate_discard_pile():
    ab = parse_ability("Limited: Show one or two non-Unique cards from your hand and/or Fate discard pile.")
    assert ab.structured, ab
    assert ab.effects[0].kind == "reveal"


def test_a_player_gains_a_named_token():
    (e,) = parse_ability("Limited: You gain a Conspiracy token.").effects
    assert (e.kind, e.keyword, e.target.ref) == ("gain-token", "Conspiracy", "you")


def test_attachments_stay_attached_and_units_return_ignoring_entering_play_effects():
    ab = parse_ability("Battle: Remove this Shugenja from the game; his attachments stay attached. "
                       "Before this turn ends, put his unit into play, ignoring costs, entering-play effects, and restrictions.")
    assert ab.structured, ab
    assert [e.kind for e in ab.effects] == ["remove-from-game", "stay-attached", "put-into-play"]
    (e,) = parse_ability("Battle: Cards and tokens stay attached to them.").effects
    assert (e.kind, e.target.card_types) == ("stay-attached", ("card", "token"))


def test_deck_construction_minimum():
    (e,) = parse_ability("You must have at least 12 Holdings in your deck construction.").effects
    assert (e.kind, e.amount, e.target.card_types) == ("deck-minimum", 12, ("holding",))


def test_a_weapon_attached_is_the_has_test():
    ab = parse_ability("Battle: Give a target enemy Personality -1F, or -2F if Kenji has a Gaijin Weapon attached.")
    assert ab.structured, ab
    assert [c.args[1:] for c in ab.conditions if c.kind == "effect-if:has"] == [("Kenji", "a Gaijin Weapon")]


def test_the_other_card_and_one_of_the_remaining_ones():
    ab = parse_ability("Put one of the two remaining cards in your hand and discard the other.")
    assert ab.structured, ab
    put, discard = ab.effects
    assert (put.kind, discard.kind) == ("put-in-hand", "discard")
    assert discard.target.states == ("other",) and discard.target.text == "the other"
    # "the other" before a noun stays the quantifier of that noun phrase
    assert parse_ability("After this Personality enters a duel, the other Personality in the duel loses Duelist.").structured


def test_returning_control_and_either_place_a_card_is_in():
    (e,) = [e for e in parse_ability("Return control of him to his owner.").effects]
    assert (e.kind, e.values) == ("give-control", ("his owner",))
    ab = parse_ability("Equip a target Spell in your discard pile or under your Stronghold to Saiko.")
    assert ab.structured, ab
    assert "discard-pile-or-under:your Stronghold" in ab.effects[0].target.states


def test_each_target_with_more_tokens_than_a_printed_stat():
    ab = parse_ability("Fire Open: Target two Personalities, each with more Madness tokens than printed Chi. "
                       "They will not attack or defend in the same army.")
    assert ab.structured, ab
    target, apart = ab.effects
    assert (target.kind, target.target.ref, target.target.count) == ("target", "target", 2)
    assert target.target.states == ("more-tokens-than-printed:Madness:chi",)
    assert (apart.kind, apart.keyword) == ("cannot-share-army", "attack-or-defend")


def test_actions_from_a_strategy_you_have_taken():
    ab = parse_ability("Gain 1 Honor for each action from a Kiho Strategy you have taken this turn.")
    assert ab.structured
    counted = [e for e in ab.effects if e.kind == "amount-for-each"][0].target
    assert "taken-by:you" in counted.states and any(s.startswith("from:") for s in counted.states)


def test_after_the_active_players_next_phase():
    ab = parse_ability("Discard it after the current active player's next Dynasty Phase begins.")
    assert ab.structured
    [c] = [c for c in ab.conditions if c.kind == "effect-delayed"]
    assert c.args[1:] == ("after-next", "active-player-dynasty-phase-begins")


def test_a_title_with_like_a():
    [e] = effects("You may only play one copy of Strike like a Serpent per duel.")
    assert e.kind == "play-limit"
    assert e.values[0].states == ("titled:Strike like a Serpent",)


def test_as_many_tokens_as_counted():
    give, measure = effects("Give her as many +1C tokens as the number of tokens this destroyed.")
    assert (give.kind, give.stat, give.amount) == ("give-token", "chi", 1)
    assert measure.kind == "amount-equal-to" and measure.stat == "count"


def test_a_second_trigger_with_a_condition():
    ab = parse_ability("Bow two target Personalities. After they move, straighten them if you control them.")
    assert ab.structured
    kinds = [c.kind for c in ab.conditions]
    assert "effect-trigger" in kinds and any(k.startswith("effect-if") for k in kinds)


def test_one_subject_discards_and_loses_honor():
    discard, lose = effects("The player with the Imperial Favor discards it and loses 3 Honor.")
    assert (discard.kind, lose.kind, lose.amount) == ("discard", "lose-honor", 3)
    assert lose.target.text.lower().startswith("the player with the imperial favor")


def test_searching_a_whole_zone_and_winning_the_game():
    (e,) = effects("Search your Fate deck.")
    assert (e.kind, e.target.zone) == ("search", "fate-deck")
    ab = parse_ability("You win the game if you ever have eight Plot tokens.")
    assert ab.structured
    (e,) = [x for x in ab.effects if isinstance(x, Effect)]
    assert e.kind == "win-game" and e.target.ref == "you"
    # the test guards the effect it follows
    assert [(c.kind, c.args) for c in ab.conditions] == [("effect-if:has-tokens-at-least",
                                                         ("effect 0", "you", "Plot", "8"))]
    assert not executes(ab)


def test_created_card_at_a_location():
    (create,) = effects("Create a 2F/2C/2PH Samurai Personality at the target's location.")
    assert create.kind == "create"
    assert any(s.startswith("at-location-of:") for s in create.target.states)
    (create,) = effects("Create a 1F/1C/1PH Oni Personality at Kaze's former location.")
    assert any(s.startswith("at-former-location-of:") for s in create.target.states)


def test_the_winning_player_creates_a_card_with_his_alignment():
    (create,) = effects("The winning player may create a 1F/1C/1PH Samurai Personality with his Clan Alignment.")
    assert create.kind == "create" and "subject-clan-alignment" in create.target.states


def test_then_set_off_by_commas():
    ab = parse_ability("Give this Personality a +1F Omen token; then, if he is bowed, destroy him.")
    assert ab.structured
    assert [e.kind for e in ab.effects if isinstance(e, Effect)] == ["give-token", "destroy"]
    # the test guards the second effect only
    assert [c.args[0] for c in ab.conditions if c.kind.startswith("effect-if")] == ["effect 1"]
