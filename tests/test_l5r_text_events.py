"""Trigger events: what "After ...", "When ...", "Before ..." name, as a closed core event name with
typed qualifiers, and which of them the engine really raises. Sentences are written in the card
style for these tests."""

from __future__ import annotations

from types import SimpleNamespace

from adjudicator.core.ability import Trigger
from adjudicator.games.l5r.ability import _parse_piece, parse_ability
from adjudicator.games.l5r.ability_events import is_topic_event, split_event
from adjudicator.games.l5r.effects import executes
from adjudicator.games.l5r.triggers import fires, trigger_matches


def event(text: str) -> tuple[str, dict]:
    name = _parse_piece(text, "event")
    assert isinstance(name, str), (text, name)
    return split_event(name)


def test_announcing_an_action():
    assert event("you announce a Battle action") == ("action-announced", {"by": "you", "kind": "battle"})
    assert event("you announce a non-Iaijutsu action") == ("action-announced", {"by": "you", "kind": "not-iaijutsu"})
    assert event("you announce an action with a Ranged Attack") == ("action-announced", {"by": "you", "with": "ranged"})
    core, q = event("another player announces a Limited or Open action")
    assert core == "action-announced" and q["by"] == "opponent" and q["kind"] == "limited|open"


def test_would_target():
    core, q = event("another player's action would target one of your Personalities")
    assert (core, q["by"], q["target"]) == ("action-would-target", "opponent", "personality")
    core, q = event("a Battle action would target a card in this unit")
    assert (core, q["kind"], q["target"]) == ("action-would-target", "battle", "card")


def test_what_an_action_did():
    core, q = event("an action resolves during which this Follower was destroyed")
    assert (core, q["did"]) == ("action-resolves", "this-card-destroyed")
    core, q = event("another player's action resolves which destroyed one of your Personalities")
    assert (core, q["by"], q["did"]) == ("action-resolves", "opponent", "personality-destroyed")
    core, q = event("the resolution of a Battle action that moved a Personality")
    assert (core, q["kind"], q["did"]) == ("action-resolves", "battle", "personality-moved")
    core, q = event("the action destroys a dishonorable Personality")
    assert (core, q["by"], q["did"]) == ("action-resolves", "the", "personality-destroyed")


def test_battles_duels_and_places():
    assert event("engaging at this card's battlefield") == ("engaging", {"at": "this-card"})
    assert event("a battle resolves where you destroyed a Province")[1] == {"did": "province-destroyed"}
    assert event("a duel ends that your Personality won") == ("duel-ends", {"did": "personality-won-duel"})
    assert event("a Holding is revealed in this Province") == ("holding-revealed", {"in": "this-card"})


def test_cards_and_players():
    assert event("this Ninja enters play or overlays")[0] == "this-card-enters-play-or-overlays"
    assert event("The Black Wind enters play")[0] == "this-card-enters-play"
    assert event("this Weapon attaches")[0] == "this-card-attaches"
    assert event("you gain Honor from a Battle action") == ("honor-gained", {"by": "you", "from": "action-battle"})
    assert event("another player loses Honor")[1] == {"by": "opponent"}


def test_a_colon_before_the_first_comma_ends_the_event():
    ab = parse_ability("After this card bows: Gain 1 Honor, then draw a card.")
    assert ab.trigger.event == "this-card-bows" and ab.trigger.text == "after this card bows"


def test_only_raised_events_fire():
    assert fires(Trigger("after", "this-card-destroyed"))
    assert fires(Trigger("after", "this-card-bows"))  # "bows" is "is bowed"
    assert not fires(Trigger("before", "this-card-destroyed"))  # raised events are after the fact
    assert fires(Trigger("after", "this-card-enters-play"))  # raised when bought, equipped, put into play
    assert fires(Trigger("after", "this-card-equipped")) and fires(Trigger("after", "card-equipped;by=you;kw=weapon"))
    assert not fires(Trigger("after", "action-resolves;by=you;did=personality-destroyed"))
    assert is_topic_event("honor-gained;by=you") and not is_topic_event("this-card-destroyed")


def test_matching_a_raised_event():
    src = SimpleNamespace(uid=7, attached_to=None)
    other = SimpleNamespace(card=SimpleNamespace(type="personality"))
    pos = SimpleNamespace(copies={7: src, 8: other})
    assert trigger_matches(pos, src, Trigger("after", "this-card-bows"), ["bowed", 7])
    assert not trigger_matches(pos, src, Trigger("after", "this-card-bows"), ["bowed", 8])
    assert trigger_matches(pos, src, Trigger("after", "personality-destroyed"), ["destroyed", 8])
    assert not trigger_matches(pos, src, Trigger("before", "personality-destroyed"), ["destroyed", 8])


def test_unraised_topic_events_are_not_executable():
    ab = parse_ability("After you gain Honor, gain 1 Honor.")
    assert ab.structured and ab.trigger.event == "honor-gained;by=you"
    assert not executes(ab)


def test_list_commas_stay_in_the_event():
    ab = parse_ability("After your Tactical, Bushido Virtue, or Terrain action resolves: Gain 1 Honor.")
    assert ab.trigger.event == "action-resolves;by=you;kind=tactical|bushido|virtue|terrain"
    core, q = event("the resolution of your Battle, Limited, or Open action that created a Samurai Personality")
    assert (core, q["kind"], q["did"]) == ("action-resolves", "battle|limited|open", "personality-created")


def test_keyword_typed_cards():
    assert event("your Spider Clan Personality is destroyed") == (
        "personality-destroyed", {"by": "you", "kw": "spider-clan"})
    assert event("a Farm Holding enters play from this province") == (
        "holding-enters-play", {"kw": "farm", "from": "this-province"})


def test_your_keyword_card_destroyed_fires_for_your_cards_only():
    trig = Trigger("after", "personality-destroyed;by=you;kw=ancestor")
    assert fires(trig)
    src = SimpleNamespace(uid=1, attached_to=None, controller="Alice")
    mine = SimpleNamespace(uid=2, controller="Alice", card=SimpleNamespace(type="personality"), kws={"Ancestor"})
    theirs = SimpleNamespace(uid=3, controller="Bob", card=SimpleNamespace(type="personality"), kws={"Ancestor"})
    plain = SimpleNamespace(uid=4, controller="Alice", card=SimpleNamespace(type="personality"), kws=set())
    pos = SimpleNamespace(copies={1: src, 2: mine, 3: theirs, 4: plain},
                          has_keyword=lambda copy, kw: kw.casefold() in {k.casefold() for k in copy.kws})
    assert trigger_matches(pos, src, trig, ["destroyed", 2])
    assert not trigger_matches(pos, src, trig, ["destroyed", 3])
    assert not trigger_matches(pos, src, trig, ["destroyed", 4])


def test_more_shapes():
    assert event("a battle ends in which you destroyed a province as the Attacker") == (
        "battle-ends", {"did": "province-destroyed-as-attacker"})
    assert event("another player targets this Personality with an action") == (
        "action-targets", {"by": "opponent", "target": "this-card"})
    assert event("your Samurai Personality wins a duel") == ("personality-wins-duel", {"by": "you", "kw": "samurai"})
    assert event("this unit moves") == ("this-card-moves", {})
    assert event("your Events Phase") == ("events-phase-ends", {"by": "you"})


def test_battle_kind_only_before_the_action():
    core, q = event("another player's action resolves during a battle at Kaede's battlefield")
    assert (core, q.get("kind"), q["during"]) == ("action-resolves", None, "battle")
    assert event("a player gains or loses Honor from an action's effects") == (
        "honor-gained-or-lost", {"by": "any", "from": "action"})


def _action(by="Alice", kinds=("limited",), targets=(), did=()):
    return ["action-resolves", 0, {"by": by, "source": 0, "kinds": list(kinds) if kinds is not None else None,
                                   "targets": list(targets), "did": [list(d) for d in did]}]


def test_action_resolves_fires_only_with_checked_qualifiers():
    assert fires(Trigger("after", "action-resolves;by=you;kind=recon"))
    assert fires(Trigger("after", "action-resolves;by=any;did=this-card-moved"))
    assert fires(Trigger("after", "action-resolves;by=opponent;did=this-card-targeted"))
    assert not fires(Trigger("after", "action-resolves"))  # the reader dropped whose action it is
    assert not fires(Trigger("before", "action-resolves;by=you"))  # no Interrupt timing in the rules
    assert not fires(Trigger("after", "action-resolves;by=the;did=card-recruited"))
    assert not fires(Trigger("after", "action-resolves;by=you;did=personality-destroyed"))  # whose Personality?
    assert not fires(Trigger("after", "action-targets;by=opponent;target=this-card"))  # mid-action: not raised
    assert not fires(Trigger("after", "action-announced;by=you;kind=battle"))
    assert not fires(Trigger("when", "action-would-target;by=opponent;target=this-card"))
    assert not fires(Trigger("after", "action-resolves;by=you;kw=tactical"))
    # "|" is "and" only when the text lists nothing
    assert fires(Trigger("after", "action-resolves;by=you;kind=kiho|battle", "after a Kiho Battle action you took"))
    assert not fires(Trigger("after", "action-resolves;by=you;kind=spell|kiho", "before your Spell or Kiho action"))
    # a list joined by "or" whose words are the kind's: one of the alternatives (triggers._kind_alternatives)
    assert fires(Trigger("after", "action-resolves;by=you;kind=tactical|bushido|virtue|terrain",
                         "after your Tactical, Bushido Virtue, or Terrain action resolves"))


def test_matching_an_action_event():
    mine = SimpleNamespace(uid=7, attached_to=None, controller="Alice")
    pos = SimpleNamespace(copies={7: mine})

    def fits(name, ev, text=""):
        return trigger_matches(pos, mine, Trigger("after", name, text), ev)

    assert fits("action-resolves;by=you;kind=limited", _action())
    assert not fits("action-resolves;by=you;kind=limited", _action(by="Bob"))
    assert fits("action-resolves;by=opponent;kind=limited", _action(by="Bob"))
    assert not fits("action-resolves;by=any;kind=battle", _action())
    assert not fits("action-resolves;by=any;kind=battle", _action(kinds=None))  # designators unknown
    assert fits("action-resolves;by=you;kind=bushido-virtue", _action(kinds=("bushido", "virtue", "battle")))
    assert fits("action-resolves;by=you;kind=not-iaijutsu", _action())
    assert not fits("action-resolves;by=you;kind=not-iaijutsu", _action(kinds=("iaijutsu", "battle")))
    assert fits("action-resolves;by=you;kind=kiho|battle", _action(kinds=("kiho", "battle")), "a Kiho Battle action")
    assert not fits("action-resolves;by=you;kind=kiho|battle", _action(kinds=("battle",)), "a Kiho Battle action")
    assert fits("action-resolves;by=any;did=this-card-bowed", _action(did=[(7, "bowed")]))
    assert not fits("action-resolves;by=any;did=this-card-bowed", _action(did=[(8, "bowed")]))
    assert fits("action-resolves;by=opponent;did=this-card-targeted", _action(by="Bob", targets=[7]))
    assert not fits("action-resolves;by=opponent;did=this-card-targeted", _action(by="Bob", targets=[8]))
    assert not fits("action-resolves;by=you;kind=limited", ["bowed", 7])  # a card event is no action


def test_action_triggers_executable():
    assert executes(parse_ability("After the resolution of a Recon action you took: Give this card +1F."))
    # ("who performed it": the action the Reaction answers, states.answered_performers)
    assert executes(parse_ability("Reaction: After the resolution of a Battle action, if this Shugenja is at "
                                  "the current battlefield, target a Personality who performed it: Bow him."))


# ---------------------------------------------------------------- round 4


def test_each_phase_and_drawing_at_the_end_of_a_turn():
    assert event("each Events Phase begins") == ("events-phase-begins", {})
    assert event("you draw cards at the end of your turn") == ("you-draw-at-end-of-turn", {})
    assert event("you draw cards at the end of the turn") == ("you-draw-at-end-of-turn", {})
    assert is_topic_event("you-draw-at-end-of-turn")
    ab = parse_ability("Before you draw cards at the end of your turn, draw a card.")
    assert ab.structured and not fires(ab.trigger)  # a "before" moment is never raised after the fact


def test_challenges_and_moves_as_an_action():
    assert event("Kaeru challenges a Personality") == ("this-card-challenges", {"target": "personality"})
    assert event("Kaeru moves as an Engage action") == ("this-card-moves", {"kind": "engage"})


def test_described_actions():
    core, q = event("a Spell action that targeted Kaeru resolves")
    assert core == "action-resolves" and q["kind"] == "spell" and q["did"] == "this-card-targeted"
    core, q = event("a Ranged Attack action resolves that your Crab Clan Personality performed")
    assert core == "action-resolves" and q["kind"] == "ranged" and q["by"] == "your-personality"
    # the noun "a Ranged Attack" still reads as before
    assert event("a Ranged Attack is targeted")[0] != "action-resolves"
    assert event("The Lost One enters play") == ("this-card-enters-play", {})


def test_honor_lost_to_another_players_card_effect():
    ab = parse_ability("After the next time you lose Honor from another player's card effect, gain 1 Honor.")
    assert ab.structured


def test_an_action_that_did_something_to_either_card():
    core, q = event("the resolution of another player's action that destroyed this Item or its Personality")
    assert core == "action-resolves" and q["by"] == "opponent"
    assert q["did"] == "this-card-destroyed|personality-destroyed"


def test_rehonored_lobbies_and_equipping_for_a_price():
    assert event("a Personality is rehonored for the action's effects") == ("personality-rehonored",
                                                                            {"from": "the-action"})
    assert event("another player's Personality Lobbies") == ("personality-lobbies", {"by": "opponent"})
    assert event("you Equip a Follower paying 2 or more Gold") == ("follower-equipped",
                                                                   {"by": "you", "paid": "at-least-2"})
    # a qualifier the engine does not read keeps the trigger from firing (triggers.fires)
    from adjudicator.core.ability import Trigger
    from adjudicator.games.l5r.triggers import fires

    assert not fires(Trigger(timing="after", event="follower-equipped;by=you;paid=at-least-2"))


def test_your_kind_action_from_a_card_type():
    assert event("your Recon action from a Strategy resolves") == (
        "action-resolves", {"by": "you", "kind": "recon", "from": "strategy"})


def test_assigns_or_moves_without_destination():
    # "assigns or moves" with no battlefield named; the condition "is now opposing" is read too
    from adjudicator.games.l5r.ability import parse_ability as _parse

    ab = _parse("Reaction: After a Personality assigns or moves, if he is now opposing Tairu: Draw a card.")
    assert ab.structured and ab.trigger.event == "personality-assigned-or-moved"
    assert [(c.kind, c.args) for c in ab.conditions] == [("opposing", ("he", "Tairu"))]


def _event(text: str) -> str:
    ab = parse_ability(text)
    assert ab.trigger is not None, ab
    return ab.trigger.event


def test_more_named_events():
    assert _event("Reaction: After a Crane Strategy's action resolves: Gain 1 Honor.") == \
        "action-resolves;by=card;kind=crane;from=strategy"
    assert _event("Reaction: After another player announces a Reaction during the Combat Segment: Gain 1 Honor.") == \
        "action-announced;by=opponent;kind=reaction;during=combat-segment"
    assert _event("Before a card effect destroys a Personality in an army: Gain 1 Honor.") == \
        "personality-destroyed;in=army;from=card-effect"
    # a plain "a card is destroyed" stays the card's own event
    assert _event("After a card is destroyed: Gain 1 Honor.") == "card-destroyed"


def test_who_announces_carries_its_stat_test():
    name = _event("Reaction: After another player with Family Honor of 2 or lower announces an action on a Spell: Gain 1 Honor.")
    assert "by=opponent" in name and "with=family-honor<=2" in name


def test_an_action_of_a_kind_puts_this_card_into_a_discard_pile():
    assert _event("After a Kharmic action puts this Holding into a discard pile, draw a card.") == \
        "this-card-enters-discard-pile;kind=kharmic;from=action"


def test_either_of_two_events():
    ab = parse_ability("After you Proclaim Kaede or she is destroyed, gain 1 Honor.")
    assert ab.structured, ab
    assert ab.trigger.event.startswith("either:")
    first, second = ab.trigger.event[len("either:"):].split("|")
    assert "proclaimed" in first and second.endswith("destroyed")


def test_would_target_a_described_card_with_an_action():
    ab = parse_ability("Reaction: When another player would target a Courtier at Aiko's battlefield with an action: "
                       "The action targets Aiko instead, if legal.")
    assert ab.structured, ab
    assert ab.trigger.event.startswith("action-would-target;by=opponent")
    # "targets this Personality with an action" keeps its reading
    ab = parse_ability("Political Reaction: After another player targets this Personality with an action, gain 1 Honor.")
    assert ab.structured and ab.trigger.event.startswith("action-targets")


def test_plural_subjects_that_move():
    ab = parse_ability("After they move, gain 1 Honor.")
    assert ab.structured and ab.trigger.event == "card-moves"
    assert parse_ability("Battle: Target two Personalities. Straighten both their units as they move.").structured


def test_another_players_card_effect():
    core, q = event("another player's card effect bows this Personality")
    assert (core, q["by"], q["from"]) == ("this-personality-bowed", "opponent", "card-effect")
    # "another player's card" alone stays the base reading of a noun phrase
    assert _parse_piece("another player's card destroys this Follower", "event") is not None


def test_discarded_for_a_named_interrupt():
    core, q = event("you discard this Follower from your hand for a Courage Interrupt")
    assert (core, q["kind"], q["from"]) == ("this-card-discarded-by-you", "courage|interrupt", "hand")
    assert _parse_piece("you discard this Follower from your hand for a Courage Reaction", "event") is None


def test_destroyed_in_battle_resolution_as_a_role():
    core, q = event("you destroy a province in battle resolution as the Attacker")
    assert (core, q["by"], q["did"]) == ("battle-resolves", "you-as-attacker", "province-destroyed")
    assert _parse_piece("you destroy a province as the Attacker", "event") is None


def test_either_resolution_and_listed_keywords():
    name = _parse_piece("the resolution of an action or battle that bowed one of your Personalities", "event")
    assert name.startswith("either:action-resolves;") and "|battle-resolves;" in name
    core, q = event("an action on a Kiho, Shugenja, or Spell targets your cards")
    assert (core, q["kind"]) == ("action-targets", "on:Kiho|Shugenja|Spell")


def test_either_head_with_enemy():
    core, q = event("a battle resolution ends in which a Crab Clan player destroyed one or more provinces or enemy cards")
    assert (core, q["did"]) == ("battle-resolution-ends", "province+card-destroyed")


def test_a_stat_checked_by_an_action_and_battles_won():
    assert event("a Lobby action checks Family Honor")[0].startswith("action-checks-")
    assert event("a Lobby action checks Family Honor")[1] == {"kind": "lobby"}
    core, q = event("you win a battle in which there was ever a unit on the opposing side")
    assert (core, q) == ("battle-won", {"by": "you", "did": "unit-opposed"})
    core, q = event("an Attacker destroys a province by winning a battle")
    assert core == "card-destroys-province" and q["from"] == "battle-won" and q["kw"] == "attacker"


def test_paying_for_an_equip_and_an_early_announcement():
    core, q = event("paying for a Spell Equipping to your Personality")
    assert (core, q["target"], q["to"]) == ("paying-for", "spell", "personality")
    core, q = event("an attacking player announces a Battle action before the Defender's first normal "
                    "opportunity to act or pass")
    assert (core, q["kind"], q["first"]) == ("action-announced", "battle", "before-first-opportunity")
    # an action announced at any time is a different event
    assert "first" not in event("an attacking player announces a Battle action")[1]


def test_attacks_from_actions_and_what_the_target_lacks():
    core, q = event("a Ranged Attack from an action performed by this Personality targets a card without "
                    "an attached Armor")
    assert (core, q["kind"], q["by"], q["target"]) == ("attack-targets", "ranged", "this-personality",
                                                      "card@no-attached:Armor")
    assert event("a Melee Attack from your action targets a Follower")[1]["kind"] == "melee"
    # the plain attack keeps its own reading
    assert event("a Ranged Attack is targeted")[0] != "attack-targets"


def test_what_a_performer_or_an_army_did():
    core, q = event("an action resolves that was performed by a dishonorable Personality while he "
                    "opposed this card")
    assert q["did"] == "performed-by-personality-opposing-this-card"
    core, q = event("a battle resolution in which this Follower was in an army that destroyed any enemy "
                    "units or a Province")
    assert core == "battle-resolves" and q["did"].startswith("this-card-in-army-that-")
    core, q = event("the resolution of an action that bowed a Personality at a battlefield at this "
                    "province or an adjacent province")
    assert q["did"] == "personality@this-or-adjacent-province-bowed"


def test_attaching_to_and_entering_play_from_the_card_named():
    assert event("a Region attaches to it") == ("region-attaches", {"to": "card"})
    assert event("a Holding enters play from it") == ("holding-enters-play", {"from": "it"})


def test_turns_and_phases_named_next_or_current():
    assert event("a turn begins") == ("turn-begins", {})
    assert event("the current turn ends") == ("turn-ends", {})
    assert event("the next turn begins") == ("turn-begins", {"first": "next"})
    assert event("the next Dynasty Phase begins")[1] == {"first": "next"}


def test_honor_gained_fear_from_a_card_and_what_a_keyword_card_does():
    assert event("a player gains 2 or more Honor") == ("honor-gained", {"by": "any", "paid": "at-least-2"})
    core, q = event("a Fear effect from your Stronghold bows a card without abilities")
    assert (core, q["kind"], q["from"]) == ("card@no-abilities-bowed", "fear", "stronghold")
    core, q = event("your Water card moves a Personality")
    assert (core, q["kw"], q["by"]) == ("card-moves-personality", "water", "you")
