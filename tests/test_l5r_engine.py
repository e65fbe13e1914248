"""The engine's own effects (adjudicator/games/l5r/effects_engine.py): which real-card forms
executes() claims, which it leaves out, and the values worked out from the position."""

from __future__ import annotations

import pytest


from .helpers import L5R_HEAD, claims_tests, run_text

CARRIED_OUT = [
    # several areas searched in order: the card found may be in either (L5R-ACT-EFFECT.6)
    ("Limited, Bow this card: Search your discard pile, then Fate deck, for a Ring. Show it and put it in your "
     "hand. Discard a card."),
    "You have +1 maximum hand size.",
    "Other players' maximum hand sizes are reduced by 1, to a minimum of 7.",
    "Dragon Clan players have +2 maximum hand size.",
    "After Tamisu enters play: Discard all your other Sensei Personalities.",
    "After Nitoshi enters play, all players lose 3 Honor.",
    "After Kodanshi enters play from a Province, create a 0F/2C/0PH Ninja Scorpion Clan Personality.",
    "Melee and Ranged Attacks targeting cards in this unit have -3 strength.",
    "Fear effects, Melee Attacks, and Ranged Attacks targeting this Follower have -2 strength.",
    "Your provinces have +2 strength.",
    "Open: Give each of your provinces +2 strength.",
    "Battle: Give the current battlefield's province +4 or -4 strength.",
    "Battle: Move home your target Personality. Straighten his unit as he moves.",
    "Battle: Search your Fate deck for a Terrain, show it, and put it in your hand.",
    "Limited: Look at the top card of your Fate deck. You may discard it.",
    "Battle, Bow this card: Melee 2 Attack, with +1 strength if the target is an Infantry Follower.",
    "Battle: Twice per turn: Ranged 3 Attack.",
    "This Holding enters play unbowed if you control any Siege Personalities.",
    "After each player's turn begins, straighten this Holding.",
    "Will not attach Followers or Items.",
    "Seiken's Nonhuman Followers have Cavalry.",
    "Battle/Open: Transfer this Follower to your target Personality.",
    "Battle: Give a target Personality with a Weapon +2F.",
    "Mantis Clan players ignore Tametaka's Honor Requirement.",
    "You ignore Hantei XVI's Honor Requirement if you control the Imperial Favor.",
    ("Ninja Open, Pay 2 Gold: You may target and bow a Spell. Search your Fate deck for a Ninja Strategy, show "
     "it, and put it in your hand. Lose 2 Honor."),
]

CARRIED_OUT += [
    # a target/choice test on a base or printed value reads the printed one (procedure.target_ok)
    "Battle: Choose one or two of your performing Personalities with 7 or higher base Force: Straighten them.",
]

CARRIED_OUT += [
    # a Courtesy trait whose line states when it takes effect (continuous.designation_holds)
    "Courtesy: Your Provinces have +1 strength. (Courtesy traits do not take effect if you went first.)",
    # a Strategy has its abilities' keywords and designators (game.inherited_keywords, L5R-ACT-TARGET.4)
    "Open: Search your Fate deck for a Kiho Battle Strategy, show it, and put it in your hand.",
]

NOT_CARRIED_OUT = [
    # a province the engine cannot name, a chosen unit
    "This Province has +4 strength.",
    ("Battle: Move home your target Personality. As he moves, straighten his unit and you may straighten one of "
     "your other units (at any location)."),
    # an order of several cards
    ("Limited: Look at the top three cards of your Fate deck. You may show one of them that is a Political "
     "Strategy and put it in your hand. Put the remaining cards back in any order."),
    # a keyword read into a type; a trait "he" that is a player; a card created "at his location"
    "Cannot attach Armor or Followers.",
    "Ignore Natsuyo's Honor Requirement while you control Bayushi Fuyuko.",
    "After a player's turn begins, if he is Scorpion Clan: Each other player loses 1 Honor.",
    "After Ratling Raider enters play, create two 2F/2C/2PH Nonhuman • Ratling Personalities (at his location).",
    "After a Celestial enters play (including this one): Discard all Kami Celestials in play.",
    "Battle: Bow this card and target an enemy card without a Weapon or Armor: Bow it.",
    ("Battle/Open: Target one or more of your Items: Straighten them. You may transfer them to other Personalities "
     "you control."),
]


test_forms_carried_out, test_other_forms_do_not = claims_tests(CARRIED_OUT, NOT_CARRIED_OUT)


def _hand_limit_run(bob_cards: int, text: str, discard: int):
    cards = ", ".join(f'"Card {i}"' for i in range(bob_cards))
    defs = "\n".join(f'card "Card {i}" action gold-cost 0 text "Open: Draw a card."' for i in range(bob_cards))
    names = ", ".join(f'"Card {i}"' for i in range(discard))
    return run_text(L5R_HEAD + defs + f'\ncard "Court" holding gold-cost 2 text "{text}"\n'
                    f"active Bob\nphase end\nAlice home: \"Court\"\nBob hand: {cards}\n"
                    f"Bob discards {names}\nexpect legal\n")


@pytest.mark.parametrize("text,held,discard,ok", [
    ("Other players have -1 maximum hand size.", 9, 2, True),
    ("Other players have -1 maximum hand size.", 9, 3, False),
    ("You have +1 maximum hand size.", 9, 1, True),  # Alice's trait: Bob keeps eight
    ("Dragon Clan players have +2 maximum hand size.", 9, 1, True),  # Bob is Crab
])
def test_hand_limit_reaches_the_players_it_names(text, held, discard, ok):
    assert _hand_limit_run(held, text, discard).passed is ok
