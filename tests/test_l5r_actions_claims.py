"""Which action forms executes() claims for the attack riders, targeted and chosen players, "this
Province", a second use of abilities and reordering the top of a deck -- and which it leaves out."""

from __future__ import annotations



from .helpers import claims_tests

CARRIED_OUT = [
    "Battle: Ranged 5 Attack that may target a Personality with Followers.",
    "Battle: Fear 2 that destroys Followers after it bows them.",
    "Battle: Ranged 4 Attack that you may compare against Gold Cost.",
    "Political Open, Bow this card: A target player gains or loses 1 Honor.",
    "Political Open: A target player loses 2 Honor.",
    "Battle: Target an enemy Personality: Bow him. If he is dishonorable, choose a player who gains or loses 1 Honor.",
    "Battle: Give this Province +3 strength.",
    "Battle: Straighten your target Spell. You may use its abilities a second time this turn.",
    "Limited: Look at the top two cards of your Dynasty deck. Put them back in any order.",
    "Limited: Target a card in a province: Discard it. Refill the province face-up.",
    "Open: Target your Follower: Transfer it to Hotaru.",
    "Open: Your target dishonorable Personality commits Seppuku.",
    "Limited: Draw a card. You may not declare an attack this turn.",
    "Battle: Target an attacking Personality: He does not contribute Force to his army's total Force this battle.",
    "This Item will not be transferred.",
    "Will not attach to a Shadowlands Personality.",
    # a Terrain goes into play at the current battlefield, in neither side (effects_battle)
    "Battle: If there are no Terrains at the current battlefield: Put this card into play there.",
    # Equip as an effect takes the card from the hand (effects_engine.equip_from_hand)
    "Battle, Pay X Gold: Equip a Follower to Chiboshi. You may take an additional Battle action.",
    # Recruit as an effect, its Gold cost checked against X (procedure.recruit)
    "Limited, Pay X Gold: Recruit a target Holding in your Province, for 1 less Gold.",
    # a card's own traits about its own ability, abilities removed, Lobby Bonus, tokens refused
    "This card's ability is Battle/Open if you are a Unicorn Clan player.",
    "Courtesy: This card's ability has no Gold Cost. (Courtesy traits do not take effect if you went first.)",
    "Your Stronghold has no abilities.",
    "You have a +5 Lobby Bonus.",
    "Cannot gain Corruption tokens or Shadowlands.",
    # decks, provinces and hands the acting player names; cards under this card; random cards
    "Limited: Look at the top card of a deck. You may put it on the bottom.",
    "Open: Give a Province +3 strength.",
    "Limited: Put a Weapon in your hand under this Holding (face-down).",
    "Open, Bow this card: Put a card under this Holding into your hand.",
    "Limited: A target player discards a card at random.",
    "Battle: Target an enemy Personality: Move him home. This movement will not be negated.",
    # one card picked among those looked at, the rest put back (effects_engine.look_pick_parts)
    "Limited: Look at the top three cards of your Fate deck. Put one in your hand. Put the rest back in any order.",
    # the Equip action at another timing (own_actions.equip_grant)
    "You may Equip this Follower as a Battle action.",
    "Equipping Weapons is a Battle/Open action for you.",
]

CARRIED_OUT += [
    # the one ability the acting player names (effects_engine._lose_one_ability)
    "Ninja Open: Remove an ability from a target non-Unique Follower or Personality.",
]

NOT_CARRIED_OUT = [
    "Battle: Fear 3 that may target Items and Spells.",  # a widening the procedure does not read
    "Battle: Fear 2 that destroys Shugenja after it bows them.",  # "Shugenja" is kept with no keyword
    "Fear 2 that destroys Followers after it bows them.",  # a rider in a trait, not an action
    "Battle: Give a target Province +3 strength.",  # a province is not a card to target
    "Battle: You may use his Political abilities a second time (this turn).",  # narrower words
    ("Limited: Look at the top three cards of your Fate deck. Put one in your hand if it is a Spell. Put the "
     "rest back in any order."),  # picking among them with a test the pick does not make
    "Reaction: After this Personality enters play from a Province, refill it face-up.",  # already refilled
    "Air Open: Transfer this Spell to another Shugenja.",  # a host chosen among any player's cards
    "You may Equip this Spell as an Interrupt.",  # Interrupt timing RULES.md does not give
    "Limited, Pay X Gold: If Endo is dead, Recruit him.",  # "him": the card itself, out of play
    "Limited: Recruit a target Holding in your Province.",  # no X: the price is not paid
    "Open: Target another player's Sensei Personality: Remove all traits and abilities from him.",  # traits
    "Limited: You may take a Limited action on a Strategy as an Open action.",  # other actions' timing
    "Battle: Target an enemy Personality: Move him home. This movement will not be negated if you have "
    "Reconnaissance.",  # a condition on the protection
    "Battle: Target a player. He discards a card at random to draw a card.",  # he draws, the reading says you
    "Tactical Open, Bow this card: Give a target Personality +4F. You may discard a card to ignore the cost "
    "of bowing Kamina.",  # an alternative cost
    "You may Equip Weapons from under this Holding as a Battle action.",  # not the card itself
    "Weapons attached to Tadaji will not be transferred.",  # other cards (kept with ref "this")
    # the engine makes no battlefield: "there" would be the current one
    "Battle: Create a battlefield (not associated with any province). Move your target unit there.",
    # "there" with no battlefield named before it: which place, the engine is not told
    "Battle: Put this card into play there.",
    # an Open action has no current battlefield to put the card at
    "Open: If there are no Terrains at the current battlefield: Put this card into play there.",
    # "bowed" is a state the attachments must be in, not a keyword they must have
    "Battle, Pay 1 Gold: Bow a target enemy card; if the target has any attachments, they must be bowed.",
]


test_forms_carried_out, test_other_forms_do_not = claims_tests(CARRIED_OUT, NOT_CARRIED_OUT)
