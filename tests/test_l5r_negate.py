"""Standing negations and targeting restrictions (adjudicator/games/l5r/effects_negate.py): which
texts executes() accepts, and that the shield stops the change while it lasts, and only then."""

from __future__ import annotations

import json

import pytest

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes

from .helpers import L5R_HEAD, run_text

CARRIED_OUT = [
    # the resolution's bowing of attacking units skips that unit (battle.resolve_battle)
    "Battle resolution does not bow cards in this unit.",
    # its condition: one of two kinds of bowed card across the battlefield (conditions.py)
    "Negate Fear effects targeting this Follower while it is opposing a bowed Follower or Personality.",
    "Open: Target a Personality: Bow him. Negate his straightening.",
    "Open: Target a Personality: Bow him. Negate his straightening until your next Events Phase begins.",
    "Battle: Target an enemy card: Bow it. Negate its next straightening (this turn).",
    "Open: Target your Personality: Negate his destruction from other players' cards' effects.",
    "Negate Fear effects targeting this Follower.",
    "Negate Fear effects targeting cards in this unit.",
    "Melee Attacks may not target this Follower.",
    "Your Political actions may not target Umehiko.",
    "Open: Target your honorable Personality. Other players' actions may not target him this phase.",
    "Battle: Fear 3 that cannot target a Cavalry card.",
    "Ranged Attacks may not target cards in this unit.",
    "While this Shugenja is defending, other players' cards will not bow him.",
    "Other players' actions will not discard cards from your hand.",
    "Political Open: Target a Holding or Personality: Its base abilities may not be used.",
    "Before the first time each turn another player's card destroys this Personality, negate the destruction.",
    "Before an action's effect destroys a card in a unit: Negate the destruction.",
    "Negate Kenji's first destruction each game from another player's card.",
]

NOT_CARRIED_OUT = [
    # (negating an action or its effects in its Interrupt step: tests/test_l5r_interrupt.py)
    # (negating either of two changes: the player says which with 'choosing', interrupts._chosen_nouns)
    # "his": a performer chosen after this card left play (the discard is paid first): no card to choose
    "Battle/Open: Discard this card and choose your performing Personality: Negate his destruction from other "
    "players' cards' effects.",
    # battle resolution destroys and bows without asking: an unscoped shield could not hold there
    "Open: Target a Personality: Negate his destruction.",
    "Open: Target a card: Negate its bowing.",
    # actions the engine does not take through the targeting procedure (Lobby)
    "Favor and Lobby actions cannot target Rutaro.",
    # the Imperial Favor's Battle action moves a unit home without asking: a shield could not hold
    "Actions cannot move this Personality.",
    # which ability is chosen, the engine is not told
    "Battle: A target enemy card may not use one of its abilities (you choose).",
    # "that unit" after two targets: whose unit, the words do not settle for the engine
    "Battle: Target an enemy unit and your Personality: Abilities on cards now in that unit may not be used.",
    # a "before" trait with another effect than destroying this card, or a movement whose destination the
    # shield is not told
    "Before this Personality is dishonored, bow this Item and negate the dishonoring.",
    "Before a Human Personality moves to Ugulu's battlefield: Negate his movement.",
]


@pytest.mark.parametrize("text", CARRIED_OUT)
def test_carried_out(text):
    ability = parse_ability(text)
    assert ability.structured, text
    assert executes(ability), text


@pytest.mark.parametrize("text", NOT_CARRIED_OUT)
def test_not_carried_out(text):
    ability = parse_ability(text)
    assert not (ability.structured and executes(ability)), text


KISADA = 'card "Hida Kisada" personality force 3 chi 4 honor-requirement 0 personal-honor 2 gold-cost 8 ' \
    'keywords Samurai Crab\n'
RALLY = 'card "Rally" action gold-cost 0 text "Open: Straighten a target Personality."\n'


def _run(text: str):
    r = run_text(text)
    assert r.passed, [f.render() for f in r.failures]
    return r


def test_straightening_negated_this_turn_only():
    # no duration stated: an ongoing change until the end of the turn (L5R-DURATION), so Bob's
    # Straighten phase next turn straightens him
    curse = 'card "Curse" action gold-cost 0 text "Open: Target a Personality: Bow him. Negate his straightening."\n'
    _run(L5R_HEAD + KISADA + RALLY + curse + 'phase action\nAlice hand: "Curse"\nBob hand: "Rally"\n'
         'Bob home: "Hida Kisada"\nAlice plays "Curse" targeting "Hida Kisada"\nexpect legal\n'
         'Bob plays "Rally" targeting "Hida Kisada"\nexpect legal\nexpect "Hida Kisada" bowed\n'
         'advance to next turn\nadvance to phase events\nexpect "Hida Kisada" not bowed\n')


def test_next_straightening_not_used_by_an_unbowed_card():
    # straightening an unbowed card changes nothing, so the "next" negation is still there
    ward = 'card "Ward" action gold-cost 0 text "Open: Target a Personality: Negate his next straightening."\n'
    bow = 'card "Bow Him" action gold-cost 0 text "Open: Bow a target Personality."\n'
    _run(L5R_HEAD + KISADA + RALLY + ward + bow + 'phase action\nAlice hand: "Ward", "Bow Him"\n'
         'Bob hand: "Rally" as R1, "Rally" as R2\nBob home: "Hida Kisada"\n'
         'Alice plays "Ward" targeting "Hida Kisada"\nBob plays R1 targeting "Hida Kisada"\nexpect legal\n'
         'Alice plays "Bow Him" targeting "Hida Kisada"\nexpect "Hida Kisada" bowed\n'
         'Bob plays R2 targeting "Hida Kisada"\nexpect legal\nexpect "Hida Kisada" bowed\n')


def test_while_this_card_remains_in_play_ends_when_it_leaves():
    hold = 'card "Binding Shrine" holding gold-production 0 text "Open: Bow a target Personality. ' \
        'Negate his straightening while this card remains in play."\n'
    burn = 'card "Burn" action gold-cost 0 text "Open: Destroy a target Holding."\n'
    r = _run(L5R_HEAD + KISADA + RALLY + hold + burn + 'phase action\nAlice home: "Binding Shrine"\n'
             'Bob hand: "Burn", "Rally"\nBob home: "Hida Kisada"\n'
             'Alice uses "Binding Shrine" targeting "Hida Kisada"\nexpect legal\n'
             'advance to next turn\nadvance to phase action\nexpect "Hida Kisada" bowed\n'
             'Bob plays "Burn" targeting "Binding Shrine"\nexpect legal\nAlice passes\n'
             'Bob plays "Rally" targeting "Hida Kisada"\nexpect legal\nexpect "Hida Kisada" not bowed\n')
    shields = r.position.memo.get("game:negations", [])
    assert json.loads(json.dumps(shields)) == shields  # plain data, copied with the position


def test_this_phase_protection_ends_with_the_phase():
    from adjudicator.games.l5r.effects_negate import SHIELDS, _alive

    veil = 'card "Veil" action gold-cost 0 text "Open: Target your Personality. Other players\' actions may ' \
        'not target him this phase."\n'
    slander = 'card "Slander" action gold-cost 0 text "Open: Dishonor a target Personality."\n'
    r = _run(L5R_HEAD + KISADA + veil + slander + 'phase action\nBob hand: "Veil"\nAlice hand: "Slander"\n'
             'Bob home: "Hida Kisada"\nAlice passes\nBob plays "Veil" targeting "Hida Kisada"\nexpect legal\n'
             'Alice plays "Slander" targeting "Hida Kisada"\nexpect illegal because L5R-ACT-TARGET\n'
             'advance to phase dynasty\n')
    (shield,) = r.position.memo[SHIELDS]
    assert not _alive(None, r.position, shield)


def test_cost_on_a_card_whose_bowing_is_negated_cannot_be_paid():
    # a negated bowing does not happen, and a cost must really happen (L5R-ACT-COST); (executes()
    # says no to this text only because battle resolution would bow the card without asking)
    stay = 'card "Stay" action gold-cost 0 text "Open: Target a card: Negate its bowing."\n'
    shrine = 'card "Shrine" holding gold-production 0 text "Limited, Bow this card: Gain 1 Honor."\n'
    _run(L5R_HEAD + stay + shrine + 'phase action\nAlice hand: "Stay"\nAlice home: "Shrine"\n'
         'Alice plays "Stay" targeting "Shrine"\nexpect legal\nBob passes\n'
         'Alice uses "Shrine"\nexpect illegal because L5R-ACT-COST "negated by Stay"\nexpect Alice family-honor 12\n')


def test_scoped_trait_holds_only_while_its_condition_does():
    shugenja = 'card "Stone Shugenja" personality force 2 chi 3 honor-requirement 0 personal-honor 2 gold-cost 5 ' \
        'keywords Shugenja text "While this Shugenja is defending, other players\' cards will not bow him."\n'
    pin = 'card "Pin" action gold-cost 0 text "Open: Bow a target Personality."\n'
    _run(L5R_HEAD + shugenja + pin + 'phase action\nAlice hand: "Pin"\nBob home: "Stone Shugenja"\n'
         'Alice plays "Pin" targeting "Stone Shugenja"\nexpect legal\nexpect "Stone Shugenja" bowed\n')


def test_first_destruction_each_game_from_another_players_card():
    # the player's own effect does not use it up; the first of another player's does, once per game
    kenji = 'card "Kenji" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 4 ' \
        'text "Negate Kenji\'s first destruction each game from another player\'s card."\n'
    cut = 'card "Cut" action gold-cost 0 text "Open: Destroy a target Personality."\n'
    _run(L5R_HEAD + kenji + cut + 'phase action\nAlice home: "Kenji"\nBob hand: "Cut" as B1, "Cut" as B2\n'
         'Alice passes\nBob plays B1 targeting "Kenji"\nexpect "Kenji" in Alice home\nAlice passes\n'
         'Bob plays B2 targeting "Kenji"\nexpect "Kenji" in Alice dynasty-discard\n')


def test_asking_whether_an_action_may_be_taken_does_not_use_a_next_negation():
    # 'expect … may …' tries the action on a copy of the position: the "next" negation stays
    ward = 'card "Ward" action gold-cost 0 text "Open: Target a bowed Personality: Negate his next straightening."\n'
    _run(L5R_HEAD + KISADA + RALLY + ward + 'phase action\nAlice hand: "Ward"\nBob hand: "Rally"\n'
         'Bob home: "Hida Kisada" bowed\nAlice plays "Ward" targeting "Hida Kisada"\n'
         'expect Bob may play "Rally" targeting "Hida Kisada"\n'
         'Bob plays "Rally" targeting "Hida Kisada"\nexpect legal\nexpect "Hida Kisada" bowed\n')
