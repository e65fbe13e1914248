"""Battle/duel card text: more compositional readings (abilities a card lacks, both duelists,
duel stats scoped to some duels, effects lasting until a card leaves play, a mover and himself)."""

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes


def effects(text):
    ab = parse_ability(text)
    assert ab.structured, text
    return list(ab.effects)


def test_remove_the_ability_of_a_card():
    (e,) = effects("Open: Remove the ability of a target Holding.")
    assert e.kind == "lose-abilities" and e.target.ref == "target"


def test_cards_without_a_printed_ability():
    es = effects('Your Crab Personalities without a printed Fear ability have the ability, "Battle: Fear 1."')
    assert "lacks-printed-ability:Fear" in es[0].target.states
    es = effects("Bow a target Personality without a Kharmic ability.")
    assert "lacks-ability:Kharmic" in es[0].target.states


def test_both_the_winner_and_loser_of_a_duel():
    (e,) = effects("Both the winner and loser of this duel gain 2 Honor.")
    assert e.kind == "gain-honor"
    assert e.target.ref == "each" and "in-duel" in e.target.states


def test_duel_stat_only_in_duels_from_some_cards():
    ab = parse_ability("Kenzo uses his Chi as his duel stat in duels from other players' cards.")
    assert [e.kind for e in ab.effects] == ["duel-stat"]
    assert [c.kind for c in ab.conditions] == ["effect-in-duels-from"]
    ab = parse_ability("Interrupt: Kenzo's duel stat in duels from the action is his printed Chi.")
    (e,) = ab.effects
    assert e.kind == "duel-stat" and e.stat == "printed-chi"
    assert [c.kind for c in ab.conditions] == ["effect-in-duels-from"]
    assert not executes(ab)


def test_until_a_card_leaves_play_is_a_scope_not_the_default_duration():
    ab = parse_ability("Battle: Give this Province +2 strength until this card leaves play.")
    (e,) = ab.effects
    assert e.kind == "modify-stat" and e.duration is None
    assert [c.kind for c in ab.conditions] == ["effect-until-leaves-play"]
    assert not executes(ab)


def test_move_home_a_target_and_himself():
    es = effects("Battle: Bow this Shugenja to move home a target defending Personality and himself.")
    moves = [e for e in es if e.kind == "move-home"]
    assert [m.target.ref for m in moves] == ["target", "this"]
    # a plain "and" after the noun phrase still starts the next clause
    es = effects("Battle: Move home a target attacking Personality and gain 1 Honor.")
    assert [e.kind for e in es] == ["move-home", "gain-honor"]


def test_into_his_hand_is_not_read_as_the_owners_hand():
    ab = parse_ability("Battle: Target an enemy Personality: His controller may put any attachments in that unit into his hand.")
    (e,) = ab.effects
    assert e.kind == "put-in-hand" and "to-hand-of:named-player" in e.target.states
    assert not executes(ab)
    # "into its owner's hand" keeps its own reading
    assert executes(parse_ability("Open: Put a target Ring into its owner's hand."))


def test_give_either_of_two_modifiers():
    es = effects("Battle: Give a target Personality either +2F or -2F.")
    assert [(e.kind, e.amount) for e in es] == [("modify-stat", 2), ("modify-stat", -2)]


def test_either_negate_or_another_verb():
    ab = parse_ability("Battle: Target a Personality. Either negate all current and new Force bonuses and penalties on him, or bow him.")
    assert ab.structured
    assert [c.kind for c in ab.conditions] == ["effect-choice", "effect-choice"]


def test_negate_the_actions_challenges_to_a_card():
    (e,) = effects("Interrupt: Negate the action's challenges to this Personality.")
    assert e.kind == "negate" and e.target.card_types == ("challenge",) and e.values == ("this Personality",)


def test_enter_play_from_a_place_for_less_gold():
    ab = parse_ability("Your Crab Personalities enter play from this Province for 2 less Gold.")
    (e,) = ab.effects
    assert e.kind == "cost-reduction" and e.amount == 2
    assert "entering-play-from:this Province" in e.target.states
    # not only from that Province: the engine does not claim it
    assert not executes(ab)


def test_attacks_of_a_card_compared_against_another_value():
    ab = parse_ability("Melee Attacks this Personality performs may be compared against the target's base Force.")
    (e,) = ab.effects
    assert e.kind == "attack-compare" and e.stat == "base-force" and e.keyword == "melee"
    assert not executes(ab)


def test_the_winner_of_a_duel_the_action_creates():
    (e,) = effects("Interrupt: Bow the winner of any duel created by the action.")
    assert e.kind == "bow" and {"duel-winner", "duel-from:action"} <= set(e.target.states)


def test_abilities_with_attack_effects():
    es = effects("Battle: You may use his abilities with Melee Attack effects an additional time.")
    assert "has-effect:melee-attack" in es[0].target.states


def test_an_optional_attack_against_a_card_if_legal():
    ab = parse_ability("Battle: Give a target enemy Personality -2F. You may then make a Ranged 1 Attack against that card if it is a legal target.")
    assert [e.kind for e in ab.effects] == ["modify-stat", "ranged-attack", "attack-target"]
    assert {c.kind for c in ab.conditions} == {"effect-optional", "effect-if:legal-target"}


def test_extra_uses_within_one_battle():
    ab = parse_ability("You may use the rulebook Conquest ability twice per turn during the same battle.")
    assert [e.kind for e in ab.effects] == ["reuse-ability"]
    assert ("effect-within-one", ("effect 0", "battle")) in [(c.kind, c.args) for c in ab.conditions]
    assert not executes(ab)


def test_take_rulebook_actions_again():
    (e,) = effects("You may take Favor Battle actions one additional time per turn.")
    assert e.kind == "reuse-ability" and e.target.ref == "rulebook" and e.target.states == ("rulebook:Favor Battle",)


def test_neither_personality_contributes_force():
    ab = parse_ability("Battle: Target two Personalities. Neither Personality contributes Force in this battle's resolution.")
    e = ab.effects[-1]
    assert e.kind == "no-force-contribution" and e.target.ref == "it" and e.target.card_types == ("personality",)
    assert any(c.kind == "effect-during" and c.args[1:] == ("battle-resolution",) for c in ab.conditions)


def test_the_lowest_value_among_a_group():
    (e,) = effects("Each player targets a Personality he controls with the highest Force of all Personalities he controls.")
    assert {"highest:force", "highest-among:all Personalities he controls"} <= set(e.target.states)


def test_a_value_or_a_count_whichever_is_higher():
    ab = parse_ability("Battle: Give a target enemy Personality a Force penalty equal to your Personality's Chi or the number of your Samurai in his army, whichever is higher.")
    assert ab.structured
    measured = [e for e in ab.effects if e.kind == "amount-equal-to"]
    assert [e.stat for e in measured] == ["chi", "count"]
    assert sum(c.kind == "amount-whichever" for c in ab.conditions) == 2


def test_a_different_battlefield_than_the_one_left():
    (e,) = effects("Reaction: After this Personality moves home: Move him to a different battlefield than the one from which he was moved home.")
    assert e.kind == "move-to-battle" and "where-not-moved-from" in e.values


def test_the_province_a_named_card_entered_play_from():
    (e,) = effects("Open: Refill the Province Kenji entered play from face-up.")
    assert e.kind == "refill" and e.target.states == ("entered-play-from:Kenji",)
    # "the Province face-up" keeps its reading
    assert executes(parse_ability("Limited: Target a card in a province: Discard it. Refill the province face-up."))


def test_target_a_player_who_gains_or_loses_honor():
    es = effects("Open: Target a player who gains or loses 2 Honor.")
    assert [(e.kind, e.target.ref) for e in es] == [("target", "target"), ("gain-or-lose-honor", "it")]
    assert es[0].target.card_types == ("player",)


def test_an_attack_equal_to_that_value_is_not_carried_out():
    ab = parse_ability("Battle: Discard a card to give this Personality a Force bonus equal to the card's Focus Value. "
                       "You may make a Ranged Attack with strength equal to that Focus Value.")
    measured = [e for e in ab.effects if e.kind == "amount-equal-to"][-1]
    assert measured.stat == "focus" and measured.target.states == ("value-named-before",)
    assert not executes(ab)


def test_a_change_to_a_minimum_is_scoped():
    ab = parse_ability("Battle: Target a Crab Personality and reduce his Gold Cost by 2, to a minimum of 3.")
    assert ab.structured
    assert ("effect-to-minimum", ("effect 1", "3")) in [(c.kind, c.args) for c in ab.conditions]
    assert not executes(ab)


def test_each_of_the_actions_attacks_with_another_strength_if():
    ab = parse_ability("Interrupt: Each of the action's Ranged Attacks has -1 strength, or -2 strength if its target has Armor.")
    assert ab.structured
    first, second = ab.effects
    assert (first.amount, second.amount) == (-1, -2)
    assert first.target.card_types == ("ranged-attack",) and second.target == first.target
    assert {c.kind for c in ab.conditions} == {"effect-unless:has", "effect-if:has"}


def test_one_attack_of_your_next_attack_action():
    ab = parse_ability("Battle: One Melee Attack from your next Melee Attack action this battle may target a Personality with attached Followers.")
    (e,) = ab.effects
    assert e.kind == "attack-may-target" and "has-followers" in e.target.states
    assert not executes(ab)
