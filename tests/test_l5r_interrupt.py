"""The Interrupt step of an action (interrupts.py): what executes() claims, and the step itself."""

from __future__ import annotations

from .helpers import claims_tests, run_text

CARRIED_OUT = [
    "Interrupt: If the action is yours, straighten this card after it resolves.",
    "Tireless Interrupt: If the action is yours and Political, straighten this Follower after it resolves.",
    "Interrupt, Pay 2 Gold: If the action is yours or you are Crab Clan, after it resolves, straighten this Holding.",
    "Interrupt, Bow this card: Negate a Political action.",
    "Absent Interrupt: Negate the action if it is Engage.",
    "Interrupt: Negate this card's destruction from the action.",
    "Interrupt: Negate the action's Ranged Attacks.",
    "Interrupt: Give one of the action's Melee Attacks -1 strength.",
    "Interrupt, Bow this card: The action cannot move Personalities.",
    "Political Interrupt, Bow this card: Increase any Honor loss from the action by 1.",
    "Interrupt, Bow this card: After the action targets your bowed Personality, negate its remaining effects.",
    "Reaction: Before an action's resolution, bow this card: Reduce any Honor gain or loss from the action's "
    "effects by 2.",
    "Reaction: Before another player's Battle action resolves, target a Personality: Negate his movement from the "
    "action's effects.",
    "Reaction: After another player's action targets a card in this unit: Negate this card's bowing from the action's effects.",
    "Reaction: After an action targets your Shugenja: Negate his movement from the action's effects.",
    "Reaction: After another player's Political action targets this Personality, negate its effects.",
    "Reaction: After another player's action targets a card in this unit: Negate the action's effects on this Follower.",
    "Reaction: After a Melee Attack is targeted: Give it -1 strength.",
    "Reaction: After an action targets your Samurai at Daigo's battlefield: Negate his bowing from the action's effects.",
]

NOT_CARRIED_OUT = [
    # a designator with a timing or limit of its own the step does not read
    "Repeatable Interrupt, Bow this card: If the action is yours, straighten this Follower after it resolves.",
    # an additional action: when it comes against the interrupted action's, not read
    "Interrupt: After you Equip this Follower, take an additional action.",
    # a condition about the action the engine does not decide
    "Interrupt: If the action is from an Undead card, straighten this Follower after it resolves.",
    # an action by what it comes from: not read
    "Interrupt: Negate an action from another Shugenja or Spell.",
    # a change to the Honor gain of an action the engine does not take (Proclaim), or by an amount worked out
    "Political Interrupt, Bow this card: Reduce a Proclaim action's Honor gain by 1, and lose 1 Honor.",
    "Interrupt, Bow this card: Reduce each Honor gain from the action by half this card's Chi, rounded down.",
    # a card of the targeted one ("his target Armor"): a tie the target test does not read
    "Reaction: After another player's action targets your Personality, bow his target Armor: Negate his destruction "
    "from the action's effects.",
]

test_interrupts_carried_out, test_other_interrupts_are_not = claims_tests(CARRIED_OUT, NOT_CARRIED_OUT)


_SETUP = '''
scenario "t"
game l5r
card "Bearer" follower force 1 gold-cost 1 text "Interrupt: If the action is yours, straighten this Follower after it resolves."
card "Order" action gold-cost 0 text "Open: Bow a target Follower. Gain 1 Honor."
card "Captain" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3
player Alice clan Crane family-honor 10
player Bob clan Crab family-honor 10
phase action
Alice home: "Captain" as CAPTAIN, "Bearer" as BEARER attached-to CAPTAIN
Alice hand: "Order"
'''


def test_pausing_stops_before_the_effects_and_passes_resolve_it():
    result = run_text(_SETUP + '''
Alice plays "Order" targeting BEARER pausing
expect legal
expect BEARER not bowed
expect Alice family-honor 10
Alice passes
expect legal
Bob passes
expect legal
expect BEARER bowed
expect Alice family-honor 11
''')
    assert result.passed, result


def test_an_interrupt_without_an_action_waiting_is_rejected():
    result = run_text(_SETUP + '''
Alice uses BEARER
expect illegal because L5R-ACT-COND.6
''')
    assert result.passed, result


def test_advance_resolves_the_waiting_action():
    result = run_text(_SETUP + '''
Alice plays "Order" targeting BEARER pausing
Alice uses BEARER
advance to phase attack
expect BEARER not bowed
expect Alice family-honor 11
''')
    assert result.passed, result


def test_a_reaction_to_targeting_waits_for_the_interrupt_step_to_end():
    result = run_text('''
scenario "t"
game l5r
card "Lord" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3 text "Reaction: After another player's action targets this Personality, negate his destruction from the action's effects."
card "Decree" action gold-cost 0 text "Open: Destroy a target Personality."
player Alice clan Scorpion family-honor 10
player Bob clan Crab family-honor 10
phase action
Bob home: "Lord" as LORD
Alice hand: "Decree"
Alice plays "Decree" targeting LORD pausing
Alice passes
Bob uses LORD
expect illegal because L5R-REACTION.4
Bob passes
Alice passes
Bob uses LORD
expect legal
Alice passes
Bob passes
expect LORD in Bob home
''')
    assert result.passed, result


def _location_setup(warden_zone: str) -> str:
    zones = ('Bob battlefield 1: "Samurai Guard" as GUARD, "Warden" as WARDEN' if warden_zone == "battlefield 1" else
             'Bob battlefield 1: "Samurai Guard" as GUARD\nBob home: "Warden" as WARDEN')
    return f'''
scenario "t"
game l5r
card "Warden" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3 text "Reaction: After another player's action targets your Samurai at Warden's location: Negate his destruction from the action's effects."
card "Samurai Guard" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3 keywords Samurai
card "Decree" action gold-cost 0 text "Battle: Destroy a target Personality."
card "Rider" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3
player Alice clan Scorpion family-honor 10
player Bob clan Crab family-honor 10
phase attack
step combat
priority Alice
Alice battlefield 1: "Rider"
{zones}
Alice hand: "Decree"
Alice plays "Decree" targeting GUARD pausing
Alice passes
Bob passes
'''


def test_a_targeting_reaction_at_this_cards_location_only():
    far = run_text(_location_setup("home") + '''
expect GUARD in Bob dynasty-discard
''')
    assert far.passed, far
    near = run_text(_location_setup("battlefield 1") + '''
expect GUARD in Bob battlefield 1
Alice passes
Bob uses WARDEN
expect legal
Alice passes
Bob passes
expect GUARD in Bob battlefield 1
''')
    assert near.passed, near


def test_an_unstoppable_action_takes_interrupts_from_its_own_player_only():
    result = run_text('''
scenario "t"
game l5r
card "Bearer" follower force 1 gold-cost 1 text "Interrupt: Negate a Political action."
card "Order" action gold-cost 0 text "Political Unstoppable Open: Gain 2 Honor."
card "Captain" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3
player Alice clan Crane family-honor 10
player Bob clan Crab family-honor 10
phase action
Bob home: "Captain" as CAPTAIN, "Bearer" as BEARER attached-to CAPTAIN
Alice hand: "Order"
Alice plays "Order" pausing
expect legal
Alice passes
Bob uses BEARER
expect illegal because L5R-ACT-COND.6
Bob passes
expect Alice family-honor 12
''')
    assert result.passed, result


def test_after_a_ranged_attack_action_resolves_the_target_gets_force():
    result = run_text('''
scenario "t"
game l5r
card "Spotter" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3 text "Interrupt: If the action is a Ranged Attack action, after it resolves, give your target Personality +2F."
card "Guard" personality force 5 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3
card "Volley" action gold-cost 0 text "Battle: Ranged 1 Attack."
card "Shout" action gold-cost 0 text "Battle: Fear 1."
player Alice clan Crane family-honor 10
player Bob clan Crab family-honor 10
phase attack
step combat
priority Alice
Alice battlefield 1: "Spotter" as SPOTTER
Bob battlefield 1: "Guard" as GUARD
Alice hand: "Volley", "Shout"
Alice plays "Volley" targeting GUARD pausing
Alice uses SPOTTER targeting SPOTTER
expect legal
expect SPOTTER force 2
Bob passes
Alice passes
expect SPOTTER force 4
''')
    assert result.passed, result


def test_a_targeting_reaction_naming_the_card_by_its_title():
    result = run_text('''
scenario "t"
game l5r
card "Iron Kata" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3 text "Reaction: After another player's action targets Kata: Negate his destruction from the action's effects."
card "Other Kata" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3
card "Decree" action gold-cost 0 text "Open: Destroy a target Personality."
player Alice clan Scorpion family-honor 10
player Bob clan Crab family-honor 10
phase action
Bob home: "Iron Kata" as KATA
Alice hand: "Decree"
Alice plays "Decree" targeting KATA pausing
Alice passes
Bob passes
Alice passes
Bob uses KATA
expect legal
Alice passes
Bob passes
expect KATA in Bob home
''')
    assert result.passed, result


def test_negating_the_force_changes_of_the_action():
    result = run_text('''
scenario "t"
game l5r
card "Calm Sage" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3 text "Interrupt: Negate all Force bonuses and penalties from the action."
card "Guard" personality force 3 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3
card "Rally" action gold-cost 0 text "Open: Give a target Personality +3F. Gain 1 Honor."
player Alice clan Crane family-honor 10
player Bob clan Crab family-honor 10
phase action
Alice home: "Guard" as GUARD
Bob home: "Calm Sage" as SAGE
Alice hand: "Rally"
Alice plays "Rally" targeting GUARD pausing
Alice passes
Bob uses SAGE
expect legal
Alice passes
Bob passes
expect GUARD force 3
expect Alice family-honor 11
''')
    assert result.passed, result


def test_if_the_action_has_a_ranged_attack_give_it_strength():
    text = '''
scenario "t"
game l5r
card "Archer" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3 text "Interrupt: If the action has a Melee or Ranged Attack, give it +2 strength. Lose 2 Honor."
card "Guard" personality force 3 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3
card "Volley" action gold-cost 0 text "Battle: Ranged 2 Attack."
card "Shout" action gold-cost 0 text "Battle: Bow a target enemy Personality."
player Alice clan Crane family-honor 10
player Bob clan Crab family-honor 10
phase attack
step combat
priority Alice
Alice battlefield 1: "Archer" as ARCHER
Bob battlefield 1: "Guard" as GUARD
Alice hand: "Volley", "Shout"
'''
    stronger = run_text(text + '''
Alice plays "Volley" targeting GUARD pausing
Alice uses ARCHER
expect legal
expect Alice family-honor 8
Bob passes
Alice passes
expect GUARD in Bob dynasty-discard
''')
    assert stronger.passed, stronger
    no_attack = run_text(text + '''
Alice plays "Shout" targeting GUARD pausing
Alice uses ARCHER
expect legal
expect Alice family-honor 8
Bob passes
Alice passes
expect GUARD bowed
''')
    assert no_attack.passed, no_attack


def test_an_interrupt_played_from_hand():
    result = run_text('''
scenario "t"
game l5r
card "Calm Refusal" action gold-cost 0 text "Political Interrupt: Negate a Political action."
card "Order" action gold-cost 0 text "Political Open: Gain 2 Honor."
player Alice clan Crane family-honor 10
player Bob clan Crab family-honor 10
phase action
Alice hand: "Order"
Bob hand: "Calm Refusal" as REFUSAL
Alice plays "Order" pausing
Alice passes
Bob plays REFUSAL
expect legal
expect REFUSAL in Bob fate-discard
Alice passes
Bob passes
expect Alice family-honor 10
''')
    assert result.passed, result
