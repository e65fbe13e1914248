"""L5R card text about battles: locations, attacks, Fear, duels, assignment, movement, strength.

Sentences are written in the card style for these tests; each asserts the kinds and the typed
arguments the grammar gives, and the handlers run through the engine on inline cards.
"""

from __future__ import annotations

from adjudicator.core.ability import Effect
from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes

from .helpers import L5R_HEAD, run_text


def effects(text: str) -> list[Effect]:
    ab = parse_ability(text)
    assert ab.structured, ab
    return [e for e in ab.effects if isinstance(e, Effect)]


def conds(text: str) -> dict[str, str]:
    return {c.kind: c.args for c in parse_ability(text).conditions}


# ---------------------------------------------------------------- locations of cards
def test_card_in_a_province_is_a_province_zone():
    (e,) = effects("Battle: Target a face-down card in a Province.")
    assert e.kind == "target" and e.target.zone == "province" and "face-down" in e.target.states


def test_in_your_and_another_players_provinces():
    (e,) = effects("Battle: Discard a card from one of your Provinces.")
    assert e.target.zone == "province" and e.target.owner == "you"
    (e,) = effects("Battle: Target a Holding in another player's Province.")
    assert e.target.zone == "province" and e.target.owner == "opponent"


def test_province_of_the_current_battlefield():
    (e,) = effects("Battle: Discard a card in the current battlefield's province.")
    assert e.kind == "discard" and e.target.zone == "province"
    assert e.target.states == ("in-province-of:the current battlefield",)


def test_armies_homes_duels_and_opposing():
    (e,) = effects("Battle: Give each Follower in the attacking army -1F.")
    assert e.target.ref == "each" and e.target.states == ("in-army:attacking",) and e.amount == -1
    (e,) = effects("Battle: Bow a target Follower in the Defender's home.")
    assert e.target.states == ("at-home-of:the Defender",)
    (e,) = effects("Battle: Give your Samurai in this duel +2F.")
    assert "in-duel" in e.target.states and e.target.owner == "you"
    (e,) = effects("Battle: Give each Personality opposing this card -1F.")
    assert e.target.states == ("opposing:this card",)
    (e,) = effects("Battle: Straighten a Follower in the unit of the duel's loser.")
    assert e.target.states == ("in-unit-of:the duel's loser",)


# ---------------------------------------------------------------- attacks and Fear
def test_attack_with_strength_bonus_for_each():
    att, bonus, each = effects("Battle: Ranged 2 Attack with +1 strength for each Follower in this army.")
    assert (att.kind, att.amount) == ("ranged-attack", 2)
    assert (bonus.kind, bonus.stat, bonus.amount, bonus.target) == ("modify-stat", "strength", 1, None)
    assert each.kind == "amount-for-each" and each.target.card_types == ("follower",)
    assert each.target.states == ("in-army",)


def test_attack_with_two_conditional_bonuses():
    text = "Battle: Melee 4 Attack with -1 strength if the target is Cavalry and +2 strength if you control a Terrain."
    att, minus, plus = effects(text)
    assert att.kind == "melee-attack" and (minus.amount, plus.amount) == (-1, 2)
    kinds = [c.kind for c in parse_ability(text).conditions]
    assert kinds == ["effect-if:is", "effect-if:you-control"]
    # the attack itself is unconditional
    assert all(c.args[0] != "effect 0" for c in parse_ability(text).conditions)


def test_fear_riders():
    fear, may = effects("Battle: Fear 2 that may target Items.")
    assert (fear.kind, fear.amount) == ("fear", 2)
    assert may.kind == "attack-may-target" and may.target.ref == "each" and may.target.card_types == ("item",)
    fear, destroys = effects("Battle: Fear 3 that destroys Followers after it bows them.")
    assert destroys.kind == "fear-destroys" and destroys.target.card_types == ("follower",)
    assert executes(parse_ability("Battle: Fear 3 that destroys Followers after it bows them."))  # folded into the Fear


def test_attack_compared_against_another_value():
    ab = parse_ability("Battle: Ranged 4 Attack that you may compare against Gold Cost.")
    att, cmp_ = [e for e in ab.effects]
    assert cmp_.kind == "attack-compare" and cmp_.stat == "gold-cost"
    assert [c.kind for c in ab.conditions] == ["effect-optional"]


def test_strength_read_from_values_with_plus_and_minus():
    att, eq, plus = effects("Battle: Melee Attack with strength equal to his Chi plus 2.")
    assert att.kind == "melee-attack" and att.amount is None
    assert (eq.kind, eq.stat, eq.target.ref) == ("amount-equal-to", "chi", "it")
    assert (plus.kind, plus.amount) == ("amount-plus", 2)
    _, _, minus = effects("Battle: Fear equal to his Force minus 1.")
    assert minus.amount == -1
    att, count = effects("Battle: Ranged Attack equal to the number of Spells in this unit.")
    assert count.stat == "count" and count.target.card_types == ("spell",) and count.target.states == ("in-unit",)
    _, of = effects("Battle: Fear equal to the printed Force of your target Samurai.")
    assert of.stat == "printed-force" and of.target.ref == "target"


def test_strength_either_of_two_values():
    ab = parse_ability("Battle: Ranged Attack with strength equal to his Force or Chi.")
    stats = [e.stat for e in ab.effects if e.kind == "amount-equal-to"]
    assert stats == ["force", "chi"]
    assert [c.args[1] for c in ab.conditions] == ["option 1 of 2", "option 2 of 2"]


def test_attacks_as_nouns_get_strength():
    (e,) = effects("Battle: Give the action's Ranged Attacks -1 strength.")
    assert e.stat == "strength" and e.target.card_types == ("ranged-attack",)
    (e,) = effects("Battle: Give a Melee or Ranged Attack +1 strength.")
    assert e.target.card_types == ("melee-attack", "ranged-attack")
    # the engine holds no attack strength: never counted executable
    assert not executes(parse_ability("Battle: Give a Melee or Ranged Attack +1 strength."))


# ---------------------------------------------------------------- Province strength
def test_raise_or_lower_a_provinces_strength():
    ab = parse_ability("Battle: Raise or lower this Province's strength by 3.")
    up, down = ab.effects
    assert (up.kind, up.stat, up.amount, down.amount) == ("modify-stat", "strength", 3, -3)
    assert [c.args[1] for c in ab.conditions] == ["option 1 of 2", "option 2 of 2"]
    e, measured = effects("Battle: Reduce the current battlefield's province's strength by his Chi.")
    assert e.amount is None and measured.stat == "chi" and measured.amount == -1
    (e,) = effects("Battle: Reduce a Province's strength to 2.")
    assert (e.kind, e.stat, e.amount) == ("reduce-stat-to", "strength", 2)


# ---------------------------------------------------------------- duels
def test_duel_stat_and_duel_of():
    (e,) = effects("Kaneka uses his printed Chi as his duel stat.")
    assert (e.kind, e.stat, e.target.text) == ("duel-stat", "printed-chi", "Kaneka")
    who, duel = effects("Battle: Kaneka challenges a target enemy Personality to a duel of Chi.")
    assert who.kind == "duel-challenger" and (duel.kind, duel.stat, duel.target.ref) == ("duel", "chi", "target")


def test_challenge_delay_and_losing():
    who, duel = effects("Battle: Challenge a target enemy Samurai.")
    assert who.target.ref == "this" and duel.target.keywords == ("Samurai",)
    ab = parse_ability("You may choose to delay the effects of losing this duel.")
    assert [e.kind for e in ab.effects] == ["delay-duel-loss"]
    (e,) = effects("Battle: Both Personalities lose the duel.")
    assert e.kind == "lose-duel" and e.target.ref == "each"
    assert conds("Battle: Fear 2, or Fear 3 if Kaneka has won a duel.")["effect-if:won-duel"] == ("effect 1", "Kaneka")


# ---------------------------------------------------------------- assignment
def test_assignment_events():
    ab = parse_ability("After this card is assigned to attack, gain 1 Honor.")
    assert ab.structured and ab.trigger.event == "this-card-assigned-to-attack"
    ab = parse_ability("Reaction: After the next time the target assigns to attack you, gain 1 Honor.")
    assert ab.structured and ("effect 0", "after-next", "card-assigned-to-attack") in [c.args for c in ab.conditions]


def test_may_assign_bowed_and_cannot_assign():
    (e,) = effects("He may assign even if bowed.")
    assert e.kind == "may-assign-bowed" and e.target.ref == "it"
    (e,) = effects("This card cannot be assigned to battlefields.")
    assert e.kind == "cannot-assign" and e.target.ref == "this"
    (e,) = effects("Battle: Target your Personality at home who assigned to the current battlefield.")
    assert "assigned-to-this-battlefield" in e.target.states and "at-home" in e.target.states


def test_opposing_and_army_conditions():
    assert conds("This card has +1F while opposing a dishonorable Personality.")["effect-while:opposing"] == \
        ("effect 0", "this", "a dishonorable Personality")
    assert conds("This card has +1F while he opposes a Lion Clan Personality.")["effect-while:opposing"][1] == "he"
    assert "effect-while:in-army-with" in conds("This card has +1F while in an army with a Samurai.")
    assert conds("This card has +1F while attacking and opposed.")["effect-while:self-state"] == \
        ("effect 0", "attacking", "opposed")


# ---------------------------------------------------------------- movement
def test_move_to_another_kind_of_battlefield():
    (e,) = effects("Battle: Move him to a different, unresolved battlefield.")
    assert e.kind == "move-to-battle" and e.values == ("other", "unresolved")
    (e,) = effects("Battle: Move a target Personality to a battlefield where he would be opposed.")
    assert e.values == ("where-opposed",)
    ab = parse_ability("Battle: Move him home or, if he would be opposed, to the current battlefield.")
    home, there = ab.effects
    assert (home.kind, there.kind, there.values) == ("move-home", "move-to-battle", ())
    kinds = sorted(c.kind for c in ab.conditions)
    assert kinds == ["effect-choice", "effect-choice", "effect-if:would-be"]


def test_known_base_constructions_still_parse():
    for text in ("This card cannot be bowed.", "Straighten this Follower's unit.",
                 "Battle: Fear 2, or Fear 4 if the target is a Follower.",
                 "Bow this card: Produce 2 Gold, or 3 Gold if you control a Tactician.",
                 "Reaction: After this card is bowed, gain 1 Honor."):
        assert parse_ability(text).structured, text


# ---------------------------------------------------------------- the engine
MOVER = ('card "Wind Walker" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3 '
         'text "Battle: Move this card to an adjacent, unresolved battlefield."\n')


def _battle(lines: str, extra: str = "") -> object:
    return run_text(L5R_HEAD.replace('game l5r\n', 'game l5r\n' + extra) + lines)


def test_move_to_a_chosen_adjacent_battlefield():
    r = _battle('turn 3\nphase attack\nstep combat\nAlice battlefield 1: "Wind Walker"\n'
                'Bob battlefield 1: "Veteran Sergeant"\npriority Alice\n'
                'Alice uses "Wind Walker" choosing battlefield-2\nexpect legal\n'
                'expect "Wind Walker" in Alice battlefield 2\n', MOVER)
    assert r.passed, [f.render() for f in r.failures]


def test_move_refuses_a_battlefield_that_is_not_adjacent():
    r = _battle('turn 3\nphase attack\nstep combat\nAlice battlefield 1: "Wind Walker"\n'
                'Bob battlefield 1: "Veteran Sergeant"\npriority Alice\n'
                'Alice uses "Wind Walker" choosing battlefield-3\nexpect legal\n'
                'expect "Wind Walker" in Alice battlefield 1\n', MOVER)
    assert r.passed, [f.render() for f in r.failures]


BOWED_LEADER = ('card "Iron Will" personality force 3 chi 2 honor-requirement 0 personal-honor 1 gold-cost 5 '
                'text "He may assign even if bowed."\n'
                'card "Homebody" personality force 3 chi 2 honor-requirement 0 personal-honor 1 gold-cost 5 '
                'text "This card cannot be assigned to battlefields."\n')


def test_bowed_personality_that_may_assign():
    r = _battle('phase attack\nstep infantry\nAlice home: "Iron Will" bowed\n'
                'Alice assigns "Iron Will" to battlefield 1\nexpect legal\n'
                'expect "Iron Will" in Alice battlefield 1\n', BOWED_LEADER)
    assert r.passed, [f.render() for f in r.failures]


def test_personality_that_cannot_be_assigned():
    r = _battle('phase attack\nstep infantry\nAlice home: "Homebody"\n'
                'Alice assigns "Homebody" to battlefield 1\nexpect illegal because L5R-ATTACK "cannot be assigned"\n',
                BOWED_LEADER)
    assert r.passed, [f.render() for f in r.failures]


def test_two_card_types_followers_and_delays():
    (e,) = effects("Battle: Give each Personality and Follower opposing him -1F.")
    assert e.target.card_types == ("personality", "follower") and e.target.states == ("opposing:him",)
    _, may = effects("Battle: Fear 4 that may target a Personality with Followers.")
    assert may.target.states == ("has-followers",)
    ab = parse_ability("After he moves, straighten him.")
    assert ab.structured and ab.trigger.event.endswith("moves")
    ab = parse_ability("In this duel, each Personality uses Chi as his duel stat.")
    assert ab.effects[0].kind == "duel-stat" and ab.conditions[0].args == ("effect 0", "duel")
    (e,) = [x for x in parse_ability("Battle: Raise or lower the current Province's strength by 2.").effects][:1]
    assert e.target.card_types == ("province",) and e.target.states == ("of-current-battlefield",)


def test_created_personality_at_the_current_battlefield():
    (e,) = effects("Create a 1F/1C/1PH Crane Clan • Samurai Personality at this battlefield.")
    assert e.kind == "create"
    assert e.target.card_types == ("personality",)
    assert "at-battlefield" in e.target.states
    (e,) = effects("Create two 2F/0C/0PH Ninja Personalities at the current battlefield.")
    assert e.target.count == 2 and "at-battlefield" in e.target.states


def test_create_a_battlefield():
    (e,) = effects("Create a battlefield.")
    assert e.kind == "create" and e.target.card_types == ("battlefield",)


def test_battle_keyword_before_a_noun():
    (e,) = effects("Negate a Battle action.")
    assert e.kind == "negate"
    assert "Battle" in e.target.keywords


def test_give_a_keyword_to_a_card():
    (e,) = effects("Give Reserve to your target Cavalry Personality in a Province.")
    assert e.kind == "grant-keyword" and e.keyword == "Reserve"
    assert e.target.card_types == ("personality",) and e.target.zone == "province"


def test_after_the_battle_ends_delays_the_effect():
    ab = parse_ability("Battle: Straighten a target Personality; discard him after the battle ends.")
    assert ab.structured, ab
    assert "battle-ends" in repr(ab)


def test_delayed_and_guarded_effect():
    for text in ("Battle: Before this turn ends, if you control a Scout, gain 2 Honor.",
                 "Battle: Before this turn ends, gain 2 Honor if you control a Scout."):
        ab = parse_ability(text)
        assert ab.structured, ab
        (e,) = [e for e in ab.effects if isinstance(e, Effect)]
        assert e.kind == "gain-honor"
        kinds = [c.kind for c in ab.conditions]
        assert "effect-delayed" in kinds and any(k.startswith("effect-if:") for k in kinds), kinds


def test_discard_then_refilling():
    es = effects("Battle: Discard a target card in your Province, refilling the Province face-up.")
    assert [e.kind for e in es] == ["discard", "refill"]
    assert es[1].keyword == "face-up" and es[1].target.card_types == ("province",)


# ---------------------------------------------------------------- round 4
def test_effect_before_this_battle_resolves_after_the_clause():
    ab = parse_ability("Battle: Target an enemy Follower. Straighten it before this battle resolves.")
    assert ab.structured
    (c,) = [c for c in ab.conditions if c.kind == "effect-trigger"]
    assert c.args[1:] == ("before", "battle-resolves")


def test_put_into_a_province_discarding_the_card_there():
    (put,) = effects("Limited: Put your target discarded Personality into one of your Provinces, face-up, "
                     "discarding any card currently there.")
    assert put.kind == "put-in-province" and put.keyword == "face-up"
    assert put.values == ("your-province", "discarding-there")
    (put,) = effects("Limited: Put your target discarded Personality face-down into one of your Provinces.")
    assert put.keyword == "face-down" and put.values == ("your-province",)
    # no face stated: no rule gives one, so a kind of its own the engine does not carry out
    (put,) = effects("Limited: Put your target discarded Personality into one of your Provinces, "
                     "discarding any card currently there.")
    assert put.kind == "put-in-province-unfaced" and put.keyword is None
    assert put.values == ("your-province", "discarding-there")
    assert not executes(parse_ability("Limited: Put a target Personality in your dynasty discard pile into one of "
                                      "your Provinces, discarding any card currently there."))
    assert executes(parse_ability("Limited: Put a target Personality in your dynasty discard pile into one of "
                                  "your Provinces, face-up, discarding any card currently there."))


def test_negate_the_actions_attacks():
    (e,) = effects("Battle: Negate the action's Melee or Ranged Attacks.")
    assert e.kind == "negate" and e.target.card_types == ("melee-attack", "ranged-attack")
    (e,) = effects("Battle: Negate all the action's Fear effects.")
    assert e.target.card_types == ("fear",) and e.target.states == ("of-action",)


def test_whose_unit_comparisons():
    (e,) = effects("Battle: Move home a target Personality whose unit's total Force is 6 or higher.")
    assert "unit-value:total-force>=6" in e.target.states and not e.target.tests
    (e,) = effects("Battle: Bow a target enemy card whose unit has lower total Force than this unit.")
    assert "unit-cmp:total-force<this unit" in e.target.states


def test_bring_into_play_at_the_battlefield():
    (e,) = effects("Battle: Bring a target Personality in your Province into play at the current battlefield.")
    assert e.kind == "put-into-play" and e.values == ("at-battlefield",)


def test_guarded_second_trigger_and_performer():
    ab = parse_ability("Battle: Bow a target Follower. After this battle resolves, if you won it, gain 2 Honor.")
    assert ab.structured
    kinds = {c.kind for c in ab.conditions}
    assert "effect-trigger" in kinds and any(k.startswith("effect-if") for k in kinds)
    challenger, _ = effects("Battle: Your performer duels the target.")
    assert challenger.kind == "duel-challenger" and challenger.target.states == ("performing",)
    ab = parse_ability("Battle: Give your performer +2F.")
    assert ab.structured and ab.effects[0].target.states == ("performing",)


def test_move_two_cards_home_and_pay_gold_equal_to():
    a, b = effects("Battle: Move him and Kenji home.")
    assert a.kind == b.kind == "move-home" and b.target.text == "Kenji"
    ab = parse_ability("Battle: Pay Gold equal to his unit's total Gold Cost plus two: Bow him.")
    pay, measure, plus = [c for c in ab.costs if isinstance(c, Effect)][:3]
    assert pay.kind == "pay-gold" and measure.kind == "amount-equal-to" and measure.stat == "total-gold-cost"
    assert plus.kind == "amount-plus" and plus.amount == 2


def test_superlative_and_refill_with():
    (e,) = effects("Battle: Move home a target Personality with the lowest Personal Honor at this battlefield.")
    assert "lowest:personal-honor" in e.target.states
    refill, put = effects("Limited: Refill the Province face-up with the Personality.")
    assert refill.kind == "refill" and refill.keyword == "face-up" and put.kind == "put-into-play"


def test_province_maximum_strength():
    (e,) = effects("This Province has a maximum strength equal to its base strength.")
    assert e.kind == "stat-maximum" and e.stat == "strength" and e.values == ("base-strength",)


def test_attacks_during_this_battle_and_cards_at_his_battlefield():
    (e,) = effects("Battle: Your Melee Attacks during this battle have +2 strength.")
    assert e.kind == "modify-stat" and e.stat == "strength" and "during:this-battle" in e.target.states
    gift, each = effects("Kenji has +1F for each Follower at his battlefield.")
    assert each.kind == "amount-for-each" and "at-battlefield-of:it" in each.target.states


def test_cards_it_moved_rightmost_and_units():
    (e,) = effects("Battle: Bow any Personalities it moved.")
    assert "did:it moved" in e.target.states
    (e,) = effects("Limited: Destroy your rightmost Province.")
    assert e.kind == "destroy" and "rightmost" in e.target.states
    (e,) = effects("Battle: Bow a target card in an enemy unit.")
    assert "in-unit:enemy" in e.target.states
    (e,) = effects("Battle: Bow a target Follower in a Ninja unit.")
    assert "in-unit-with:Ninja" in e.target.states
    (e,) = effects("Battle: Straighten each of your Personalities not at the current battlefield.")
    assert "not-at-battlefield" in e.target.states


def test_moves_to_a_battlefield_or_location():
    (e,) = effects("Battle: Move the target to a battlefield.")
    assert e.kind == "move-to-battle" and e.values == ("any",)
    (e,) = effects("Battle: Move your target Monk to another location.")
    assert e.kind == "move-to-location" and e.values == ("other",)


def test_otherwise_at_the_start_of_a_sentence():
    ab = parse_ability("Battle: Target a Personality: If he is bowed, destroy him. Otherwise, move both of them home.")
    assert ab.structured
    assert any(c.kind.startswith("effect-otherwise") for c in ab.conditions)


def test_controller_of_and_delay_after_this_moves():
    (e,) = effects("The controller of the duel's winner gains 2 Honor.")
    assert e.target.ref == "possessed" and e.target.card_types == ("controller",)
    ab = parse_ability("Battle: Move a target Personality home. Straighten his unit after this moves him.")
    assert ab.structured and any(c.kind == "effect-delayed" for c in ab.conditions)


def test_effects_after_the_duel_or_the_battles_resolution():
    ab = parse_ability("Battle: Target a Personality. Bow him after the duel ends.")
    assert [c.args[1:] for c in ab.conditions if c.kind == "effect-trigger"] == [("after", "duel-ends")]
    ab = parse_ability("Battle: Target a Personality. Remove him from the game after this battle's resolution.")
    assert [c.args[1:] for c in ab.conditions if c.kind == "effect-trigger"] == [("after", "battle-resolves")]


def test_bonus_for_each_with_a_cap():
    gift, each, cap = effects("This Province has +1 strength for each Fortification attached to it, up to 3.")
    assert gift.stat == "strength" and each.kind == "amount-for-each"
    assert cap.kind == "amount-at-most" and cap.amount == 3
    *_, cap = effects("Kenji has +1F for each Follower at his battlefield, to a maximum of 2 Followers.")
    assert cap.kind == "amount-at-most" and cap.amount == 2


def test_negate_the_action_and_increase_or_decrease():
    (e,) = effects("Battle: Negate the action if it is Engage.")
    assert e.kind == "negate" and e.target.card_types == ("action",)
    parts = effects("Battle: Increase or decrease its province's strength by 2.")
    assert [(e.kind, e.amount) for e in parts] == [("modify-stat", 2), ("modify-stat", -2)]


def test_which_may_target_rider_and_would_be_opposed_there():
    att, rider = effects("Battle: Ranged 3 Attack which may target a Personality with attached Followers.")
    assert att.kind == "ranged-attack" and rider.kind == "attack-may-target"
    ab = parse_ability("Battle: Move this unit to the current battlefield if it would be opposed there.")
    assert any(c.kind == "effect-if:would-be-there" for c in ab.conditions)


def test_attack_strength_change_with_an_alternative():
    ab = parse_ability("Battle: Give a Melee Attack -1 strength, or -2 strength if this Shugenja is Water.")
    first, alt = [e for e in ab.effects if isinstance(e, Effect)]
    assert (first.stat, first.amount, alt.amount) == ("strength", -1, -2)
    kinds = sorted(c.kind.split(":")[0] for c in ab.conditions)
    assert kinds == ["effect-if", "effect-unless"]


def test_either_or_and_players_in_turn_order():
    ab = parse_ability("Battle: Either move him home or destroy a Terrain at the current battlefield.")
    assert ab.structured and [c.args[1] for c in ab.conditions] == ["option 1 of 2", "option 2 of 2"]
    ab = parse_ability("Battle: In turn order, starting with you, each player targets and moves home one of his "
                       "Personalities at the current battlefield.")
    pick, move = [e for e in ab.effects if isinstance(e, Effect)]
    assert pick.kind == "target" and "chosen-by:each player" in pick.target.states and move.kind == "move-home"
    assert {c.kind for c in ab.conditions} == {"effect-in-turn-order"}


LOCATOR = 'card "Shifting Path" action gold-cost 0 text "Battle: Move your target Personality to another location."\n'


def _relocate(choice: str, expect: str):
    return _battle('turn 3\nphase attack\nstep combat\nAlice battlefield 1: "Young Duelist"\n'
                   'Bob battlefield 1: "Veteran Sergeant"\nAlice hand: "Shifting Path"\npriority Alice\n'
                   f'Alice plays "Shifting Path" targeting "Young Duelist"{choice}\nexpect legal\n{expect}\n', LOCATOR)


def test_move_to_another_location_home_or_battlefield():
    assert executes(parse_ability("Battle: Move your target Personality to another location."))
    assert not executes(parse_ability("Battle: Move your target Personality to Kenji's location."))
    r = _relocate(" choosing home", 'expect "Young Duelist" in Alice home')
    assert r.passed, [f.render() for f in r.failures]
    r = _relocate(" choosing battlefield-2", 'expect "Young Duelist" in Alice battlefield 2')
    assert r.passed, [f.render() for f in r.failures]


def test_move_to_another_location_not_where_it_is_or_unchosen():
    r = _relocate(" choosing battlefield-1", 'expect "Young Duelist" in Alice battlefield 1')
    assert r.passed, [f.render() for f in r.failures]
    r = _relocate("", 'expect "Young Duelist" in Alice battlefield 1')
    assert r.passed, [f.render() for f in r.failures]


def test_created_card_current_army_and_one_to_n_of_your():
    ab = parse_ability("Battle: Create a 2F Samurai Personality. After the duel ends, remove the created "
                       "Personality from the game.")
    assert ab.structured and ab.effects[-1].kind == "remove-from-game" and ab.effects[-1].target.ref == "created"
    ab = parse_ability("Battle: Straighten it if your current army is opposed.")
    assert ab.structured and any(c.args[1:] == ("your current army", "opposed") for c in ab.conditions)
    (e,) = effects("Battle: Give one to three of your target defending Personalities +2F.")
    assert e.target.count == 3 and e.target.up_to and "at-least:1" in e.target.states and e.target.owner == "you"


def test_challenger_duel_against_and_same_location_as():
    ab = parse_ability("Battle: Bow him if the challenger has no Followers.")
    assert ab.structured and any(c.args[1] == "the challenger" for c in ab.conditions)
    (e,) = effects("Kenji loses any duel against Hiromi.")
    assert e.kind == "lose-duel" and e.values == ("against:Hiromi",)
    (e,) = effects("Battle: Give +1F to your Yojimbo at the same location as your Personality in this duel.")
    assert "same-location-as:your Personality in this duel" in e.target.states


# ---------------------------------------------------------------- round 5
def test_this_cards_ability_is_battle_and_another_timing():
    ab = parse_ability("Battle: Bow a target Follower. This Strategy's ability is Battle/Engage if you control a Scout.")
    assert ab.structured
    e = ab.effects[-1]
    assert e.kind == "ability-timing" and e.keyword == "Battle/Engage" and e.target.ref == "this"
    assert any(c.kind == "effect-if:you-control" for c in ab.conditions)
    (e,) = effects("Battle: This card's ability is a Battle/Open.")
    assert e.keyword == "Battle/Open"
    assert not parse_ability("Battle: This card's ability is a Battle/Dance.").structured


def test_an_action_that_does_one_of_two_things():
    ab = parse_ability("After each time your Battle action bows or destroys a Personality, gain 1 Honor.")
    assert ab.structured
    assert ab.trigger.event == "action-resolves;by=you;kind=battle;did=personality-bowed+personality-destroyed"
    ab = parse_ability("After another player's action moves or bows this Personality, gain 1 Honor.")
    assert ab.trigger.event == "action-resolves;by=opponent;did=this-personality-moved+this-personality-bowed"
    assert not executes(ab)  # no event of the engine fits "either of two doings"


# ---------------------------------------------------------------- round 6
def test_move_from_current_location_to_another():
    (e,) = effects("Battle: Move him from his current location to another.")
    assert e.kind == "move-to-location" and e.values == ("other",) and e.target.ref == "it"


def test_move_here_or_home_is_a_choice_of_two_moves():
    ab = parse_ability("Battle: Target your Personality. Move him to the current battlefield, or from the current "
                       "battlefield to your home.")
    assert ab.structured
    kinds = [e.kind for e in ab.effects]
    assert kinds == ["target", "move-to-battle", "move-home"]
    assert sum(c.kind == "effect-choice" for c in ab.conditions) == 2


def test_move_here_and_both_there_and_two_cards_home():
    (e,) = effects("Battle: Move him here.")
    assert e.kind == "move-to-battle" and not e.values
    _, e = effects("Battle: Target a Personality. Move them both there.")
    assert e.kind == "move-to-battle" and e.target.ref == "it"
    a, b = effects("Battle: Move home this unit and a target enemy unit.")
    assert (a.kind, b.kind) == ("move-home", "move-home")
    assert a.target.ref == "this" and b.target.ref == "target" and b.target.owner == "opponent"


def test_fear_riders_bow_any_and_destroy_any():
    _, r = effects("Battle: Fear 2 that bows any Undead card it targets.")
    assert r.kind == "attack-bows-any" and r.target.keywords == ("Undead",) and not r.target.states
    _, r = effects("Battle: Fear 3. The Fear action destroys any cards it bows.")
    assert r.kind == "fear-destroys" and r.target.card_types == ("card",)
    # another verb is no known rider
    assert not parse_ability("Battle: Fear 2 that dishonors any Undead card it targets.").structured


def test_equip_at_other_timings():
    ab = parse_ability("Equipping Weapons is a Battle/Open action for you.")
    assert ab.structured and [e.kind for e in ab.effects] == ["attach"]
    assert ab.effects[0].target.ref == "each" and ab.effects[0].target.keywords == ("Weapon",)
    (c,) = [c for c in ab.conditions if c.kind == "effect-as-action"]
    assert c.args[1:] == ("Battle", "Open")
    ab = parse_ability("You may Equip as a Battle/Limited action once per turn.")
    assert ab.structured and ab.limit == "once per turn"
    assert any(c.kind == "effect-as-action" and c.args[1:] == ("Battle", "Limited") for c in ab.conditions)
    ab = parse_ability("You may Equip this Spell as a Battle action to your Shugenja.")
    assert [e.kind for e in ab.effects] == ["attach", "attach-to"]
    assert ab.effects[1].target.keywords == ("Shugenja",)
    # only an Equip names whom it goes to after "as a ... action"
    assert not parse_ability("You may bow this card as a Battle action to your Shugenja.").structured


def test_movement_named_by_where_it_goes():
    _, e = effects("Battle: Target a Personality. Negate his movement to the current battlefield.")
    assert e.kind == "negate" and e.target.card_types == ("movement",)
    assert "movement-to:here" in e.target.states
    (e,) = effects("Negate Personalities' movement to or from this battlefield.")
    assert "movement-to-or-from:here" in e.target.states
    (e,) = effects("Negate the movement into an attacking army of a target Personality.")
    assert "movement-into:army-attacking" in e.target.states and "of-target" in e.target.states


def test_reduce_force_to_zero_runs():
    ab = parse_ability("Battle: Target an enemy Personality: Reduce his Force to 0.")
    assert ab.structured and executes(ab)
    (e,) = [e for e in ab.effects if e.kind == "reduce-stat-to"]
    assert (e.stat, e.amount) == ("force", 0)


def test_ranged_and_melee_attacks_either_order_and_a_further_bonus():
    (e,) = effects("Ranged and Melee Attacks targeting this Personality have -2 strength.")
    assert e.kind == "modify-stat" and e.stat == "strength" and e.amount == -2
    assert set(e.target.card_types) == {"melee-attack", "ranged-attack"}
    es = effects("Battle: Fear 4, with +1 strength if the target is Shadowlands, and +1 strength if he is Crab Clan.")
    assert [(x.kind, x.amount) for x in es] == [("fear", 4), ("modify-stat", 1), ("modify-stat", 1)]


def test_first_opportunity_in_battle_and_in_duels():
    (e,) = effects("You have the first opportunity in this battle to take a Battle action or pass.")
    assert e.kind == "first-opportunity" and e.values == ("battle-action",) and e.duration == "battle"
    assert e.target.ref == "you"
    (e,) = effects("The Attacker has the first opportunity to take a Battle action or pass in this battle.")
    assert e.values == ("battle-action",) and e.duration == "battle"
    assert not executes(parse_ability("You have the first opportunity in this battle to take a Battle action or pass."))


def test_rulebook_actions_named():
    ab = parse_ability("You may target defending Personalities with the rulebook Favor Political Battle action.")
    assert ab.structured
    (e,) = ab.effects
    assert e.kind == "rulebook-may-target" and e.values == ("Favor Political Battle",)
    assert e.target.states == ("defending",) and e.target.card_types == ("personality",)
    ab = parse_ability("You may take the rulebook Favor Political Battle action even if you control no units "
                       "at the current battlefield.")
    assert ab.structured and [e.kind for e in ab.effects] == ["rulebook-action"]
    assert any(c.kind == "even-if" for c in ab.conditions)
    assert not executes(ab)


def test_challenge_with_refusal_and_its_cost():
    ab = parse_ability("Iaijutsu Battle: Kenji challenges a target enemy Personality, who may refuse.")
    assert ab.structured and [e.kind for e in ab.effects] == ["duel-challenger", "duel", "refuse-duel"]
    ab = parse_ability("Iaijutsu Battle: Kenji challenges a target enemy Personality, who may move home to refuse.")
    assert [e.kind for e in ab.effects] == ["duel-challenger", "duel", "move-home", "refuse-duel"]
    assert {c.args[0] for c in ab.conditions if c.kind == "effect-optional"} == {"effect 2", "effect 3"}
    ab = parse_ability("Iaijutsu Battle: Kenji challenges a target enemy Personality, whose controller can dishonor "
                       "him and move him home to refuse.")
    assert [e.kind for e in ab.effects] == ["duel-challenger", "duel", "dishonor", "move-home", "refuse-duel"]
    assert executes(ab)  # the duel and its priced refusal: duels.py (L5R-ACT-EFFECT.5.1, pinned)


def test_assign_there_and_fight_a_battle_there():
    es = effects("Limited: Create a battlefield. Assign your Personality to attack there. Assign the target to "
                 "defend there, even if he is bowed. Fight a battle there, in which you have the first opportunity "
                 "to take a Battle action or pass.")
    assert [e.kind for e in es] == ["create", "assign", "assign", "fight-battle", "first-opportunity"]
    assert es[1].values == ("attack", "there") and es[2].values == ("defend", "there", "even-if-bowed")
    assert es[-1].duration == "battle"
    a, b = effects("Open: Assign Kenji to attack there and another player's Personality to defend there.")
    assert (a.values[0], b.values[0]) == ("attack", "defend") and b.target.owner == "opponent"


# ---------------------------------------------------------------- amounts of attacks, further bonuses
def test_comma_signed_bonus_adjusts_the_attack_amount_under_its_condition():
    ab = parse_ability("Battle: Melee Attack equal to this Shugenja's Chi, +2 if he is Water.")
    assert ab.structured
    kinds = [e.kind for e in ab.effects]
    assert kinds == ["melee-attack", "amount-equal-to", "amount-plus"]
    assert ab.effects[2].amount == 2
    assert any(c.kind.startswith("effect-if") for c in ab.conditions)


def test_strength_bonus_after_a_cost_then_attack():
    ab = parse_ability("Battle: Bow your performing Samurai to make a Melee 2 Attack with +1 strength if he is a Duelist.")
    assert ab.structured
    bonus = [e for e in ab.effects if e.kind == "modify-stat"]
    assert bonus and bonus[0].stat == "strength" and bonus[0].amount == 1


def test_plus_the_number_of_cards_is_a_counted_amount():
    effs = effects("Battle: Fear equal to this card's Force plus the number of Spells in its unit.")
    assert [e.kind for e in effs] == ["fear", "amount-equal-to", "amount-plus"]
    assert effs[2].stat == "count" and "spell" in effs[2].target.card_types


def test_attack_equal_to_the_gold_paid_and_twice_a_count():
    effs = effects("Battle, Pay X Gold: Ranged Attack with strength equal to the Gold paid.")
    assert [e.kind for e in effs] == ["ranged-attack", "amount-equal-to"]
    assert effs[1].stat == "gold-paid"
    effs = effects("Battle: Ranged Attack with strength equal to the amount you paid minus one.")
    assert effs[1].stat == "gold-paid" and effs[2].kind == "amount-plus" and effs[2].amount == -1
    effs = effects("Battle: Destroy any number of Arrow tokens on him. Ranged Attack equal to twice the number of tokens destroyed.")
    measured = next(e for e in effs if e.kind == "amount-equal-to")
    assert measured.amount == 2 and measured.stat == "count" and "did:this destroyed" in measured.target.states


def test_for_each_of_a_possessed_group_is_a_strength_bonus_per_card():
    effs = effects("Battle: Fear 2 with +1 strength for each of his Poison tokens.")
    assert [e.kind for e in effs] == ["fear", "modify-stat", "amount-for-each"]


# ---------------------------------------------------------------- descriptions and conditions of battles
def test_exact_value_and_attacking_a_card():
    assert parse_ability("Kaneka has +1F for each Personality with 0 Personal Honor opposing him.").structured
    ab = parse_ability("Battle: Bow each Personality with 2 Chi attacking you.")
    (bow,) = [e for e in ab.effects if e.kind == "bow"]
    assert bow.target.tests[0].op == "=" and bow.target.tests[0].value == 2
    assert "attacking:you" in bow.target.states


def test_army_sizes_and_battle_results_are_conditions():
    c = conds("Battle: Straighten him if your army has fewer units than the enemy army.")
    assert c["effect-if:count-compare"][1:] == ("your army", "units", "<", "the enemy army")
    kinds = " ".join(conds("Battle: After this battle resolves, if you won the battle, gain 2 Honor."))
    assert "won-battle" in kinds
    kinds = " ".join(conds("Battle: After this battle resolves, if you lost the battle, draw a card."))
    assert "lost-battle" in kinds


def test_is_ever_in_an_army_and_not_involved_in_a_duel():
    kinds = " ".join(conds("Battle: Destroy Kaneka if he is ever in an army with a Naga Personality."))
    assert "in-army-with" in kinds
    kinds = " ".join(conds("Your Samurai have +1F while they are not involved in a duel."))
    assert "not-in-duel" in kinds


def test_after_the_duel_the_attack_waits_for_its_end():
    ab = parse_ability("Iaijutsu Battle: Your Samurai challenges a target Personality. After the duel, Fear 3 that targets the loser.")
    assert ab.structured
    fear = next(e for e in ab.effects if e.kind == "fear")
    assert fear.amount == 3
    assert any(c.kind == "effect-trigger" and "duel-ends" in c.args for c in ab.conditions)


def test_another_or_any_players_home():
    # "in another player's hand" / "in any player's discard pile" shift those words, so the
    # home of another / any player has its own spelled-out readings
    (e,) = effects("Battle: Bow a target Follower in another player's home.")
    assert e.target.states == ("at-home-of:another player",)
    (e,) = effects("Battle: Bow a target Follower in any player's home.")
    assert e.target.states == ("at-home-of:any",)
    (e,) = effects("Battle: Bow a target Follower in a player's home.")
    assert e.target.states == ("at-home-of:any",)


# ---------------------------------------------------------------- looking, playing, giving keywords
def test_look_at_cards_in_provinces():
    (e,) = effects("Open: Look at a face-down card in another player's Province.")
    assert e.kind == "look-at" and e.target.zone == "province" and e.target.owner == "opponent"
    assert "face-down" in e.target.states
    (e,) = effects("Open: Look at all face-down cards in one player's provinces.")
    assert e.kind == "look-at" and e.target.ref == "each" and "in-province-of:one player" in e.target.states


def test_additional_action_to_play_a_card():
    ab = parse_ability("Battle: Target a Kata in your discard pile: Take an additional action to play it for one of its Battle actions.")
    e = next(e for e in ab.effects if e.kind == "additional-action")
    assert e.keyword == "play:Battle" and e.target.ref == "it"
    (e,) = effects("Battle: Take an additional action to play it.")
    assert e.keyword == "play"


def test_keyword_given_to_a_located_card():
    (e,) = effects("Battle: Give your Samurai in this duel Duelist.")
    assert e.kind == "grant-keyword" and e.keyword == "Duelist" and "in-duel" in e.target.states
    (e,) = effects("Open: Give a target face-up card in your Province Kharmic.")
    assert e.keyword == "Kharmic" and e.target.zone == "province" and e.target.owner == "you"


# ---------------------------------------------------------------- attachments, attacks in conditions
def test_with_attachments_attached():
    (e,) = effects("Your Provinces with one or more Walls attached have +1 strength.")
    assert e.kind == "modify-stat" and e.target.states == ("has-attached:one or more Walls",)


def test_condition_on_what_the_attack_targets():
    kinds = conds("Battle: Fear 3, with +1 strength if the Fear targets a Follower.")
    assert any(k.endswith("attack-targets") and args[1:] == ("fear", "a Follower") for k, args in kinds.items())
    kinds = conds("Battle: Ranged 2 Attack, plus 1 if the Ranged Attack targets a Naga.")
    assert any(k.endswith("attack-targets") and args[1] == "ranged-attack" for k, args in kinds.items())
    # "the Ranged Attack" stays a noun phrase before other verbs
    assert parse_ability("Battle: Ranged 4 Attack. If the Ranged Attack destroyed a card, draw a card.").structured


def test_did_not_attack_and_moved_or_entered_play():
    kinds = conds("Open: Gain 1 Honor before the turn ends if the target did not attack you this turn.")
    assert any(k.endswith("did-not-attack") for k in kinds)
    (e, _) = effects("Battle: Give a target Personality that has moved or entered play this battle +1F or -1F.")
    assert "did:moved-or-entered-play" in e.target.states


def test_after_it_moves_you_may_target_and_bow():
    ab = parse_ability("Battle: Move Kenji into your defending army. After this moves him, you may target and bow an enemy Follower.")
    assert ab.structured
    bow = next(e for e in ab.effects if e.kind == "bow")
    assert bow.target.ref == "target"
    kinds = {c.kind for c in ab.conditions}
    assert {"effect-optional", "effect-delayed"} <= kinds


def test_lower_current_force_than_own_printed_force():
    (e,) = effects("Battle: Move home a target enemy Personality with lower current Force than his own printed Force.")
    assert e.kind == "move-home" and e.target.states == ("cmp:force<it.printed-force",)


def test_bottom_of_the_appropriate_deck_and_a_target_personalitys_unit():
    (e,) = effects("Battle: Put all cards without attachments in a target enemy Personality's unit on the bottom of their appropriate deck.")
    assert e.kind == "put-on-bottom" and e.values == ("owner",) and e.keyword == "deck"
    assert "in-unit-of:a target enemy Personality" in e.target.states
    (e,) = effects("Battle: Put all cards in his unit on the bottom of their owner's appropriate deck.")
    assert e.kind == "put-on-bottom" and e.values == ("owner",)


def test_two_word_names_and_the_actions_resolution():
    (e,) = effects("Battle: Give each Follower in Hida Kisada's army +1F.")
    assert e.target.states == ("in-army-of:Hida Kisada",)
    ab = parse_ability("Reaction: After an action resolves, you may move Aroru to a different location.")
    assert ab.structured
    ab = parse_ability("Battle: Bow a Follower. After the action's resolution, you may move Aroru to a different location.")
    assert any(c.kind == "effect-trigger" and "!action-resolves" in c.args for c in ab.conditions)


def test_create_fear_equal_and_cost_then_alternative_bonus():
    _, fear, plus = effects("Battle: Discard a card to create Fear equal to the card's Focus Value, +1 if its target is Crab Clan.")
    assert fear.kind == "fear" and fear.stat == "focus" and plus.kind == "amount-plus" and plus.amount == 1
    discard, first, alt = effects("Battle: Discard a Kiho to give Ogure +2F, or +3F if he is defending.")
    assert discard.kind == "discard" and (first.amount, alt.amount) == (2, 3)


def test_increase_the_strength_of_the_actions_fear():
    mod, count = effects("Interrupt: Increase the strength of the action's Fear effects by the number of Clout tokens in play.")
    assert mod.kind == "modify-stat" and mod.stat == "strength" and count.kind == "amount-equal-to"


def test_additional_action_printed_on_a_card():
    (e,) = effects("Battle: You may take an additional action printed on your Magistrate.")
    assert e.kind == "additional-action" and e.keyword == "printed-on" and e.target.text == "your Magistrate"


# ---------------------------------------------------------------- moved, refilled, transferred cards
def test_refill_the_province_with_your_target_card():
    refill, put = effects("Limited: Refill the Province with your target discarded Personality.")
    assert refill.kind == "refill" and refill.target.card_types == ("province",)
    assert put.kind == "put-into-play" and put.target.ref == "target" and put.target.owner == "you"
    assert put.target.states == ("discarded",) and put.target.card_types == ("personality",)


def test_moved_home_from_here_and_units_there():
    (e,) = effects("Battle: Target a Personality at any location who was moved home from the current battlefield.")
    assert "did:moved-home:from-here" in e.target.states
    kinds = conds("Battle: Move this Personality to the current battlefield if any enemy units are there.")
    assert any(k.endswith("at-battlefield") for k in kinds)


def test_transfer_to_an_adjacent_province_and_units_led_by():
    (e,) = effects("Battle: Transfer this Holding to an adjacent Province.")
    assert e.kind == "transfer" and e.values == ("an adjacent Province",)
    (e,) = effects("Battle: Destroy a card in a unit led by a dishonorable Personality.")
    assert e.target.states == ("in-unit-of:a dishonorable Personality",)


def test_negate_the_actions_force_penalties():
    (e,) = effects("Interrupt: Negate the action's Force penalties on all cards in this unit.")
    assert e.kind == "negate-stat-changes" and e.stat == "force" and e.values == ("action-penalties",)


def test_cards_you_have_destroyed_and_that_have_been_destroyed():
    _, each = effects("Battle: Gain 1 Honor for each Province you have destroyed this game.")
    assert each.kind == "amount-for-each" and each.target.states == ("did-by-you:destroyed", "during:this-game")
    ab = parse_ability("Kenji has +1F for each of your Provinces that have been destroyed this game.")
    each = ab.effects[-1]
    assert each.target.states == ("was:destroyed", "during:this-game")
    # the engine counts only cards in play by what it reads: a destroyed Province is neither
    assert not executes(ab)


def test_may_perform_the_equip_action_even_if_bowed():
    (e,) = effects("Once per battle, Kenji may perform the Equip Battle action even if bowed and even if unopposed.")
    assert e.kind == "rulebook-action" and e.values == ("Equip Battle", "even-if-bowed", "even-if-unopposed")


def test_rulebook_ability_timing_of_the_card_itself():
    (e,) = effects("Kenji's rulebook Tactical Advantage ability is a Battle/Open action for Kenji.")
    assert e.kind == "ability-timing" and e.keyword == "Battle/Open" and e.values == ("rulebook Tactical Advantage",)


def test_delayed_optional_cost_then_and_as_they_move():
    ab = parse_ability("Battle: Move him home. After he moves, you may discard a card to draw a card.")
    assert ab.structured
    assert sum(c.kind == "effect-delayed" for c in ab.conditions) == 2
    ab = parse_ability("Battle: Switch their locations. Straighten both their units as they move.")
    assert any(c.kind == "effect-delayed" and "card-moves" in c.args for c in ab.conditions)
    ab = parse_ability("Battle: Move home your target Personality. As the target moves, draw a card.")
    assert any(c.kind == "effect-delayed" and "card-moves" in c.args for c in ab.conditions)


# ---------------------------------------------------------------- more card descriptions and strength changes
def test_alternative_attack_if_you_equipped_this_item():
    ab = parse_ability("Battle: Fear 1, or Fear 2 if you Equipped this Item during this battle.")
    assert [e.amount for e in ab.effects] == [1, 2]
    assert any(c.kind == "effect-if:did" and c.args[1:] == ("you", "equipped", "this Item", "this-battle")
               for c in ab.conditions)


def test_cards_with_attack_abilities_and_no_other_followers():
    (e,) = effects("Battle: Straighten a target card with a Melee or Ranged Attack ability.")
    assert e.target.states == ("has-ability:Melee Attack|Ranged Attack",)
    (e,) = effects("Battle: Bow your Ninja Personality with no non-Ninja Followers.")
    assert "no-followers-but:Ninja" in e.target.states


def test_increase_or_decrease_province_strength_by_an_amount():
    ab = parse_ability("Open: Increase or decrease the strength of all players' provinces by an amount equal to your Personality's Chi.")
    assert ab.structured
    mods = [e for e in ab.effects if e.kind == "modify-stat"]
    assert [m.stat for m in mods] == ["strength", "strength"]
    assert sorted(e.amount for e in ab.effects if e.kind == "amount-equal-to") == [-1, 1]


def test_reduce_to_a_number_the_force_of_each():
    (e,) = effects("Battle: Reduce to 2 the Force of each Personality at this battlefield.")
    assert e.kind == "reduce-stat-to" and e.amount == 2 and e.stat == "force" and e.target.ref == "each"


def test_fear_effects_during_battles_at_this_province():
    (e,) = effects("Your Fear effects during battles at this Province have +1 strength.")
    assert e.stat == "strength" and "during-battle-at:this province" in e.target.states
    # "during battle" after a card stays the event's
    assert parse_ability("Reaction: After you Recruit Kenji during battle, take an additional Battle action.").structured


def test_draw_a_card_or_two_cards_if():
    ab = parse_ability("Battle: Draw a card, or two cards if your current army was ever opposed during this battle.")
    assert [e.amount for e in ab.effects] == [1, 2]
    assert any(c.kind == "effect-if:was-ever" and c.args[2:] == ("opposed", "this-battle") for c in ab.conditions)


def test_after_it_is_destroyed_during_battle_resolution():
    ab = parse_ability("Battle: Gain 1 Honor after it is destroyed during battle resolution.")
    assert any(c.kind == "effect-delayed" and "card-destroyed-during-battle" in c.args for c in ab.conditions)


# ---------------------------------------------------------------- riders, refills, reach of a clause
def test_opposing_in_a_battle_or_duel_and_this_caster():
    kinds = conds("Kenji has +1F while opposing another player's target Personality in a battle or duel.")
    assert any("in a battle or duel" in args[-1] for k, args in kinds.items() if k.endswith("opposing"))
    ab = parse_ability("Battle: Fear 4 that may, if this caster is Thunder, target a Personality with Followers.")
    may = next(e for e in ab.effects if e.kind == "attack-may-target")
    assert may.target.states == ("has-followers",)
    assert any(c.kind == "effect-if:is" and c.args[1] == "this caster" for c in ab.conditions)


def test_even_if_it_is_at_an_adjacent_battlefield():
    ab = parse_ability("Battle: Take an additional action from your Fortification, even if it is at an adjacent battlefield.")
    assert ab.structured
    assert any(c.kind == "even-if" and c.args[0] == "at-adjacent-battlefield" for c in ab.conditions)


def test_refills_from_the_bottom_and_with_a_card():
    (e,) = effects("Limited: Refill the provinces face-up from the bottom of your deck.")
    assert e.kind == "refill" and e.keyword == "face-up" and e.values == ("from-bottom:deck",)
    discard, refill, put = effects("Limited: Discard a card from the province, refilling it face-up with a Personality in your discard pile.")
    assert discard.target.zone == "province" and refill.kind == "refill" and put.kind == "put-into-play"
    assert put.target.zone == "discard"


def test_assign_to_the_current_battlefield_and_adjacent_reach():
    (e,) = effects("Reaction: You may assign your Personality in your home to the current battlefield.")
    assert e.kind == "assign" and e.values == ("", "here") and "at-home" in e.target.states
    (e,) = effects("Battle: Give each of your Followers at the current battlefield and at each adjacent battlefield +1F.")
    assert "or-at-adjacent-battlefield" in e.target.states


def test_negate_the_effects_of_an_action_and_force_bonuses_from_actions():
    _, e = effects("Interrupt: Bow your Tactician. Negate the effects of a Battle or Engage action.")
    assert e.kind == "negate" and e.target.card_types == ("action",) and e.target.keywords == ("Battle|Engage",)
    (e,) = effects("Battle: Negate all Force bonuses from actions to cards at this battlefield.")
    assert e.kind == "negate-stat-changes" and e.values == ("action-bonuses",)
    # "Negate all Force penalties on him" keeps its own reading
    assert parse_ability("Battle: Negate all Force penalties on him.").structured


# ---------------------------------------------------------------- choices of others, assignment this turn
def test_another_player_chooses_either():
    ab = parse_ability("Battle: The enemy leader chooses to either bow him or move him home.")
    assert [e.kind for e in ab.effects] == ["bow", "move-home"]
    # the choice is that player's, not the acting player's (the base's "effect-choice")
    assert [c.kind for c in ab.conditions] == ["effect-choice-of", "effect-choice-of"]
    assert ab.conditions[0].args[1:] == ("option 1 of 2", "The enemy leader")


def test_not_assigned_to_attack_this_turn_and_has_not_been_destroyed():
    kinds = conds("Open: Before this turn ends, if the Personality was not assigned to attack this turn, dishonor him.")
    assert any(k.endswith("not-assigned") and args[1:] == ("the Personality", "to-attack", "this-turn")
               for k, args in kinds.items())
    kinds = conds("Battle: Gain 3 Honor if that battlefield's province has not been destroyed.")
    assert any(k.endswith("not-was") and args[1:] == ("that battlefield's province", "destroyed")
               for k, args in kinds.items())


# ---------------------------------------------------------------- two kinds of cards, attacks' riders
def test_two_descriptions_joined_by_and():
    ab = parse_ability("Battle: Fear 3 that destroys Followers and dishonorable Personalities after it bows them.")
    rider = next(e for e in ab.effects if e.kind == "fear-destroys")
    assert rider.target.card_types == ("follower", "personality")
    assert rider.target.states == ("both:Followers|dishonorable Personalities",)
    ab = parse_ability("Kenji has +1F for each bowed Follower and bowed Personality.")
    each = ab.effects[-1]
    assert each.kind == "amount-for-each" and each.target.card_types == ("follower", "personality")
    assert each.target.states == ("bowed",)


def test_attack_that_may_target_and_has_a_bonus_if():
    ab = parse_ability("Battle: Melee 1 Attack that may target Items and has +2 strength if the target is an attachment.")
    kinds = [e.kind for e in ab.effects]
    assert kinds == ["melee-attack", "attack-may-target", "modify-stat"]
    assert any(c.kind == "effect-if:is" and c.args[0] == "effect 2" for c in ab.conditions)


def test_what_the_actions_fear_effects_may_do():
    ab = parse_ability("Interrupt: The action's Fear effects have +1 strength, may target Items, and destroy attachments after they bow.")
    strength, may, destroys = ab.effects
    assert (strength.kind, strength.stat, strength.amount) == ("modify-stat", "strength", 1)
    assert may.kind == "attack-may-target" and may.target.card_types == ("item",)
    assert destroys.kind == "fear-destroys" and destroys.target.card_types == ("attachment",)
    assert not executes(ab)  # the riders of another player's attacks: nothing the procedure folds in
    ab = parse_ability("Your Fear effects have +1 strength and may target Personalities with Followers.")
    assert [e.kind for e in ab.effects] == ["modify-stat", "attack-may-target"]


# ---------------------------------------------------------------- single attacks, named groups
def test_one_attack_of_the_action_and_that_attack():
    ab = parse_ability("Reaction: Give one Ranged Attack from the action -1 strength. That Ranged Attack may target a card in the Defender's home.")
    mod, may = ab.effects
    assert mod.target.card_types == ("ranged-attack",) and mod.amount == -1 and mod.stat == "strength"
    assert may.kind == "attack-may-target" and may.values == ("That Ranged Attack",)


def test_attacks_from_keyword_followers_and_one_of_those():
    (e,) = effects("Melee Attacks and Fear effects from Cat Followers in this army have +1 strength.")
    assert e.target.card_types == ("melee-attack", "fear") and "from:Cat Followers" in e.target.states
    ab = parse_ability("Open: Target one of your Provinces. After the first time this turn a Personality attacks one of those Provinces, gain 2 Honor.")
    assert ab.structured


def test_the_unit_of_each_of_them_and_cards_in_the_unit():
    ab = parse_ability("Battle: Move them home. Straighten the unit of each of them who moved.")
    unit = ab.effects[-1].target
    assert unit.card_types == ("unit",) and unit.states == ("unit-of:each of them who moved",)
    (e,) = effects("Battle: Bow any cards in the unit whose Force is now 0.")
    assert "in-unit" in e.target.states and e.target.tests[0].value == 0


# ---------------------------------------------------------------- unit totals, created battlefields
def test_units_with_a_total_lower_than_and_cards_in_the_enemy_units():
    (e,) = effects("Battle: Bow one or two target enemy units with a total Gold Cost less than your Personality's unit's total Gold Cost.")
    assert e.target.states == ("unit-cmp:total-gold-cost<your Personality's unit's total Gold Cost",)
    (e,) = effects("Battle: Destroy any cards in the enemy units with 0 Gold Cost.")
    assert "in-unit:enemy" in e.target.states


def test_move_two_cards_there():
    ab = parse_ability("Battle: Create a battlefield without a Province. Move your target Personality and a target enemy Personality there.")
    create, first, second = ab.effects
    assert create.kind == "create" and create.target.card_types == ("battlefield",)
    assert (first.kind, second.kind) == ("move-to-battle", "move-to-battle")
    assert second.target.text == "a target enemy Personality" and "at-battlefield" not in second.target.states


# ---------------------------------------------------------------- tokens on Provinces, contractions
def test_strength_token_on_a_province_and_contracted_is():
    (e,) = effects("Open: Give its Province a +1 strength Wall token.")
    assert e.kind == "give-token" and (e.stat, e.amount, e.keyword) == ("strength", 1, "Wall")
    # a Gold Production token keeps the other topics' reading
    (e,) = effects("Open: Give this Holding a +1 Gold Production Wealth token.")
    assert e.kind == "give-token" and e.stat != "strength"
    kinds = conds("Battle: Bow him if he's defending.")
    assert any(k == "effect-if:is" and args[1:] == ("he", "defending") for k, args in kinds.items())


# ---------------------------------------------------------------- superlative amounts
def test_bonus_equal_to_the_highest_value_among_a_group():
    bonus, amount = effects("This card has a Force bonus equal to the highest Focus Value among Spells in its unit.")
    assert bonus.kind == "modify-stat" and bonus.stat == "force"
    assert amount.kind == "amount-equal-to" and amount.stat == "focus"
    assert amount.target.card_types == ("spell",) and amount.target.states == ("in-unit", "highest:focus")


# ---------------------------------------------------------------- either of two events
def test_delay_waits_for_either_of_two_events():
    ab = parse_ability("Open: Target a Personality: After the next time this turn he assigns or an action "
                       "resolves which moved him to a battlefield, bow him.")
    assert ab.structured
    (delay,) = [c for c in ab.conditions if c.kind == "effect-delayed"]
    assert delay.args[2] == "either:card-assigned|action-resolves;by=any;did=card-moved"
    ab = parse_ability("Open: Target a Personality: After the next time this turn he is assigned to attack "
                       "or is destroyed, gain 2 Honor.")
    (delay,) = [c for c in ab.conditions if c.kind == "effect-delayed"]
    assert delay.args[2] == "either:card-assigned-to-attack|card-destroyed"
    ab = parse_ability("Open: Target a Personality: After the next time he is assigned, or an action that he "
                       "performed ends, dishonor him.")
    (delay,) = [c for c in ab.conditions if c.kind == "effect-delayed"]
    assert delay.args[2] == "either:card-assigned|action-ends;by=card"


# ---------------------------------------------------------------- conditions, pronouns, amounts
def test_was_clan_his_or_her_and_neither():
    kinds = conds("Battle: Target a Personality. You may move Goro home if the target was Crab Clan.")
    assert kinds["effect-if:is-clan"][1:] == ("the target", "Crab")
    (straighten,) = [e for e in effects("Battle: Straighten his or her unit.")]
    assert straighten.kind == "straighten" and straighten.target.card_types == ("unit",)
    (e,) = effects("Limited: Target two Personalities: Neither Personality may be assigned to battlefields.")
    assert e.kind == "cannot-assign" and e.target.card_types == ("personality",)


def test_attack_equal_to_either_cards_value():
    fear, first, second = effects("Battle: Fear equal to this Shugenja's or the Samurai's Chi.")
    assert fear.kind == "fear" and (first.stat, second.stat) == ("chi", "chi")
    assert first.target.text == "this Shugenja" and second.target.text == "the Samurai"
    choices = [c for c in parse_ability("Battle: Fear equal to this Shugenja's or the Samurai's Chi.").conditions]
    assert [c.args[1] for c in choices if c.kind == "effect-choice"] == ["option 1 of 2", "option 2 of 2"]


# ---------------------------------------------------------------- single attacks, future effects, others' control
def test_single_attack_of_the_action_may_target_an_otherwise_legal_card():
    (e, _) = effects("Interrupt: A single Ranged Attack from the action may target an otherwise legal card "
                     "in the Defender's home. Destroy this Follower.")
    assert e.kind == "attack-may-target" and e.values == ("a single Ranged Attack from the action",)
    assert "otherwise-legal" in e.target.states and "at-home-of:the Defender" in e.target.states


def test_future_effects():
    (_, e) = effects("Open: Target a Personality. Negate future Fear effects on his unit.")
    assert e.kind == "negate" and "future" in e.target.states and e.target.keywords == ("Fear",)


# ---------------------------------------------------------------- losing duels, former units, refused challenges
def test_duel_loss_former_unit_and_first_refusal():
    (e,) = effects("As a Focus Effect, negate any destruction for losing this duel.")
    assert e.kind == "negate" and e.target.card_types == ("destruction",) and "for-losing-duel" in e.target.states
    (e,) = effects("After this Follower is destroyed, give -1F to all Followers in its former unit.")
    assert e.kind == "modify-stat" and e.target.states == ("in-former-unit-of:it",)
    ab = parse_ability("After your first challenge each turn is refused, gain 1 Honor.")
    assert ab.structured and ab.trigger.event == "first-each-turn:your-challenge-refused;by=any"


# ---------------------------------------------------------------- attack phases, straightening, duels' opponents
def test_no_attack_phase_and_straightening_in_every_phase():
    (e,) = effects("Open: No Attack Phase may be declared.")
    assert e.kind == "no-attack-phase"
    (e,) = effects("Goro's unit straightens during each player's Straighten Phase.")
    assert e.kind == "straightens-each-straighten-phase" and e.target.card_types == ("unit",)


def test_first_battle_action_of_the_battle():
    kinds = conds("Personalities opposing Goro have -1F if you took the first Battle action in this battle.")
    assert kinds["effect-if:took-first-battle-action"][1:] == ("you", "battle")
    # "you took a Kharmic action" keeps the conditions topic's reading
    assert parse_ability("Battle: Melee 2 Attack, or 3 if you took a Kharmic action this turn.").structured


# ---------------------------------------------------------------- two subjects, one effect
def test_two_subjects_share_the_effect():
    (e,) = effects("Samurai and other Crane Clan Personalities in your army have +1F.")
    assert e.kind == "modify-stat" and e.stat == "force" and e.amount == 1
    assert e.target.text.startswith("Samurai and other")
    (e,) = effects("The Attacker and Defender each have the ability, \"Battle: Gain 1 Honor.\"")
    assert e.kind == "grant-ability" and e.target.ref == "each"


def test_and_before_a_verb_still_joins_clauses():
    # "and" followed by a verb is the next clause, not a second subject
    ab = parse_ability("Battle: You may target and bow your unbowed Shugenja to gain 1 Honor.")
    assert ab.structured
    assert "bow" in [e.kind for e in ab.effects if isinstance(e, Effect)]


# ---------------------------------------------------------------- attacks by a named card, choices, amounts
def test_the_winner_creates_fear():
    es = effects("Battle: The winner creates Fear 3 targeting a Follower in the loser's unit.")
    assert [e.kind for e in es] == ["fear", "attack-target"] and es[0].amount == 3


def test_each_of_one_to_three_of_your_personalities():
    es = effects("Battle: Create and attach a 0F Scout Follower to each of one to three of your Personalities in your current army.")
    host = es[-1].target
    assert es[-1].kind == "attach-to" and host.count == 3 and host.up_to and host.owner == "you"
    assert "in-army" in host.states


def test_card_at_a_province_is_not_a_card_in_it():
    (e, _) = effects("Battle: Transfer your target Wall at any Province to any of your other Provinces.")
    assert e.target.zone is None and "at-province:any" in e.target.states


def test_battle_abilities_of_a_card_used_again():
    (e,) = effects("Battle: You may use the Battle abilities of your target Follower one additional time.")
    assert e.kind == "reuse-ability" and e.target.card_types == ("battle-abilities",)


def test_one_value_or_another_of_two_cards():
    ab = parse_ability("Battle: Ranged Attack equal to this Shugenja's Chi or the Samurai's Chi.")
    kinds = [e.kind for e in ab.effects]
    assert kinds == ["ranged-attack", "amount-equal-to", "amount-equal-to"]
    assert {c.kind for c in ab.conditions} == {"effect-choice"}


def test_whichever_is_higher_is_not_a_choice():
    ab = parse_ability("Battle: Ranged Attack with strength equal to his Force or this Shugenja's Chi, whichever is higher.")
    assert ab.structured and {c.kind for c in ab.conditions} == {"amount-whichever"}
    assert not executes(ab)


def test_a_gift_or_an_attack():
    ab = parse_ability("Battle: Either give it -2F, or Fear 2 targeting it.")
    assert [e.kind for e in ab.effects] == ["modify-stat", "fear", "attack-target"]
    assert {c.kind for c in ab.conditions} == {"effect-choice"}
    # ", or <attack> if ..." stays the base's alternative amount, not a choice
    ab = parse_ability("Battle: Fear 2, or Fear 4 if the target is a Follower.")
    assert "effect-choice" not in {c.kind for c in ab.conditions}


def test_home_or_a_battlefield_with_enemy_units():
    ab = parse_ability("Battle: Move this Personality home or to a battlefield with one or more enemy units.")
    kinds = [(e.kind, e.values) for e in ab.effects]
    assert kinds == [("move-home", ()), ("move-to-battle", ("where-opposed",))]


def test_highest_value_of_a_group_and_enemy_side():
    es = effects("Battle: Fear equal to the highest Force of any of your unbowed Oni at this battlefield.")
    assert es[1].kind == "amount-equal-to" and "highest:force" in es[1].target.states
    es = effects("Battle: Increase or decrease the strength of this Province by an amount equal to the number of units on the enemy side there.")
    assert {"in-army:enemy", "at-battlefield"} <= set(es[-1].target.states)


def test_a_name_of_several_words_is_a_title_not_a_keyword():
    es = effects("This card has +1F for each other Sons of the Great River in this army.")
    counted = es[-1].target
    assert counted.keywords == () and "name:Sons of the Great River" in counted.states
    # a keyword test would count no card of that name: the engine does not claim the line
    assert not executes(parse_ability("This card has +1F for each other Sons of the Great River in this army."))


def test_attack_equal_to_half_a_value():
    es = effects("Battle: Ranged Attack equal to half its Gold Cost, rounded up.")
    assert [e.kind for e in es] == ["ranged-attack", "amount-equal-to"]
    assert es[1].stat == "half-gold-cost-rounded-up"
