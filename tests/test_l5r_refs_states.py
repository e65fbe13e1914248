"""Describing words of targets that states.py reads: "any-of:" words, "either:" a type or a title,
"with attachments"."""

from adjudicator.games.l5r.states import _either_parts, checked


def test_any_of_words_are_checked_only_when_every_state_word_is():
    assert checked("any-of:keyword:Kolat|keyword:Ninja|state:dishonorable")
    assert checked("any-of:keyword:Berserker|state:unbowed")
    assert not checked("any-of:keyword:Ninja|state:no-such-state")


def test_either_a_bare_type_or_a_title():
    parts = _either_parts("either:Ring|Moto Ming-Gwok")
    assert parts is not None
    assert parts[0].card_types == ("ring",)
    assert parts[1] == ("titled", "Moto Ming-Gwok")


def test_either_one_word_name_is_not_read_as_a_title():
    # "Bow Tomiko or one of her Spells": a one-word name may be this card's own (never a target test)
    assert not checked("either:Tomiko|one of her Spells")
    assert not checked("either:Follower or Weapon")


def test_with_attachments_is_checked():
    assert checked("has-attachments")


def _target(text: str):
    from adjudicator.games.l5r.ability import parse_ability

    ability = parse_ability(text)
    return ability, [c for c in ability.effects if c.target is not None and c.target.ref == "possessed"][0]


def test_named_card_weapon_is_read():
    from adjudicator.games.l5r.states import owned_read, owned_spec

    ability, clause = _target("Open, Bow this card: Gain 1 Honor. You may bow Sora's Weapon to straighten him.")
    assert owned_spec(clause.target) == ("Sora", "card", "Weapon")
    assert owned_read(ability, clause)


def test_named_card_plural_noun_and_type():
    from adjudicator.games.l5r.states import owned_spec

    _, clause = _target("Battle, Bow this card: You may bow one of Daiishu's Followers to straighten him.")
    assert owned_spec(clause.target) == ("Daiishu", "follower", None)


def test_two_nouns_are_not_read():
    from adjudicator.games.l5r.states import owned_spec

    # "Followers or Weapons": the description keeps one of the two
    _, clause = _target("Battle, Bow this card: You may bow one of Kenjiro's Followers or Weapons to straighten him.")
    assert owned_spec(clause.target) is None


def test_mandatory_effect_is_not_claimed():
    from adjudicator.games.l5r.states import owned_read

    ability, clause = _target("Open: Bow Sora's Weapon. Gain 1 Honor.")
    assert not owned_read(ability, clause)


def test_this_card_or_one_of_its_spells_as_a_cost():
    from adjudicator.games.l5r.ability import parse_ability
    from adjudicator.games.l5r.states import owned_read, self_or_owned

    ability = parse_ability("Open: Bow Tomiko or one of her Spells: Gain 1 Honor.")
    assert self_or_owned(ability.costs[0].target) == ("Tomiko", "spell", None)
    assert owned_read(ability, ability.costs[0])
    # another card named with 'paying' in the same ability: which choice a name is for is not told
    other = parse_ability("Open: Bow Tomiko or one of her Spells: Discard one of your Followers.")
    assert not owned_read(other, other.costs[0])


def test_each_card_in_the_target_unit():
    from adjudicator.games.l5r.ability import parse_ability
    from adjudicator.games.l5r.states import in_it_read

    ability = parse_ability("Battle: Target an enemy unit: Bow all Followers with 3 or lower Force in it.")
    assert in_it_read(ability, ability.effects[0])
    # "Bow it" after it: what bowing the unit itself means is not read here
    other = parse_ability("Battle: Target an enemy unit: Destroy all bowed cards in it. Bow it.")
    assert not in_it_read(other, other.effects[0])


def test_in_a_named_cards_unit_is_checked():
    assert checked("in-unit-of:Tensin")
    assert not checked("in-unit-of:the target")  # a target chosen in the same action: not read here


def test_either_part_from_your_hand():
    parts = _either_parts("either:a Kiho|a Spell from your hand")
    assert parts is not None and parts[1].zone == "hand"
    assert not checked("either:a Kiho|a Spell in your discard pile")


def test_either_or_one_of_his():
    parts = _either_parts("either:your performing Kensai|one of his Weapons")
    assert parts is not None and parts[1] == ("of-first", "card", "Weapon")


def test_the_targets_unit_needs_one_target():
    from adjudicator.games.l5r.ability import parse_ability
    from adjudicator.games.l5r.states import owned_read

    ability = parse_ability("Battle: Target an enemy Personality: Straighten the target's unit.")
    assert owned_read(ability, ability.effects[0])
    two = parse_ability("Battle: Target your Personality and an enemy Personality: Straighten the target's unit.")
    assert not owned_read(two, two.effects[0])


def test_owned_or_yours_in_an_optional_effect():
    from adjudicator.games.l5r.ability import parse_ability
    from adjudicator.games.l5r.states import owned_read

    ability = parse_ability("Battle: Bow a target enemy attachment with lower Force. You may bow one of Dairu's "
                            "Weapons or one of your Ports to destroy the target.")
    assert owned_read(ability, ability.effects[1])


def test_either_of_words():
    assert checked("either-of:no-attachments||controls-at-least:3:attachment")
    # "with Shadowlands": without its article the word may be the card's own keyword (not read)
    assert not checked("either-of:has:Shadowlands||no-attachments")


def test_both_targets_needs_two_targets():
    from adjudicator.games.l5r.ability import parse_ability
    from adjudicator.games.l5r.states import owned_read

    ability = parse_ability("Battle: Target a Terrain and an enemy card without attachments: Destroy both targets.")
    assert owned_read(ability, ability.effects[0])


def test_with_an_attack_ability_is_checked():
    assert checked("has-ability:Melee Attack|Ranged Attack")
    assert checked("has-ability:Ranged Attack")


def test_top_cards_of_a_deck_discarded():
    from adjudicator.games.l5r.ability import parse_ability
    from adjudicator.games.l5r.states import owned_read

    ability = parse_ability("Battle: Discard the top card of any Fate deck. Gain 1 Honor.")
    assert owned_read(ability, ability.effects[0])
    # the acting player's own top cards are fixed, however many (states._own_top)
    three = parse_ability("Battle: Discard the top 3 cards of your Fate deck. Gain 1 Honor.")
    assert owned_read(three, three.effects[0])
    shown = parse_ability("Battle: Show the top 3 cards of your Fate deck. Gain 1 Honor.")
    assert not owned_read(shown, shown.effects[0])


def test_each_opposing_him_needs_one_card_named_before():
    from adjudicator.games.l5r.ability import parse_ability
    from adjudicator.games.l5r.states import owned_read

    ability = parse_ability("Battle: Choose your performing unbowed Ninja Personality: Give each Personality and "
                            "Follower opposing him -2F.")
    assert owned_read(ability, ability.effects[0])
    alone = parse_ability("Battle: Give each Personality and Follower opposing him -2F.")
    assert not owned_read(alone, alone.effects[0])
