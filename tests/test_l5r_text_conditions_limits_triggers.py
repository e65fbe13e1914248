"""The limits block: a trigger named after a limit ("Once per turn, before ..."; "If C, when
...") , a period set off by a comma after joined tests, and a cost paid only if a test holds.
Sentences are written in the card style for these tests."""

from __future__ import annotations

from adjudicator.core.ability import Condition, Effect
from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.ability_conditions import CONDITION_KINDS, decode
from adjudicator.games.l5r.effects import executes


def parsed(text: str):
    ab = parse_ability(text)
    assert ab.structured, ab
    return ab


def test_before_event_after_a_limit():
    ab = parsed("Once per turn, before you lose exactly 2 Honor: Negate the loss.")
    (c,) = ab.conditions
    assert (c.kind, c.args) == ("before-event", ("honor-lost;by=you;amount=exactly-2",))
    assert ab.limit == "once per turn"
    # the engine raises no "before" events: the line is not carried out
    assert not executes(ab)


def test_when_would_target_after_a_requirement():
    ab = parsed("Reaction: If this card is in play, when another player's action would target one of "
                "your Personalities, choose your performing Personality: The action targets him instead, if legal.")
    kinds = [(c.kind, c.args) for c in ab.conditions]
    assert kinds[0] == ("in-play", ("this card",))
    assert kinds[1] == ("when-event", ("action-would-target;by=opponent;target=personality",))
    assert {"before-event", "when-event"} <= CONDITION_KINDS


def test_engaging_at_one_of_your_provinces():
    ab = parsed("Reaction: Even if this card is bowed, after engaging at a battlefield at one of your "
                "provinces: Gain 1 Honor.")
    assert [(c.kind, c.args) for c in ab.conditions][-1] == ("after-event", ("engaging;at=your-province",))


def test_period_after_a_comma_holds_for_every_test():
    ab = parsed("After your turn begins, if Doji won a duel, or you have gained 3 or more Honor, this "
                "turn: Draw a card.")
    (c,) = ab.conditions
    assert c.kind == "any-of"
    parts = decode(c.args)
    assert [p.args[-1] for p in parts] == ["this-turn", "this-turn"]
    # the period is the tests', not a duration of the effect
    (e,) = ab.effects
    assert e.duration is None


def test_cost_paid_only_if_a_test_holds():
    ab = parsed("Open: Target your Personality and, if it is the Action Phase, discard a card: Straighten him.")
    costs = [e.kind for e in ab.costs if isinstance(e, Effect)]
    assert costs == ["target", "discard"]
    (c,) = ab.conditions
    # scoped to the second cost, never a requirement of the whole action
    assert c.kind == "cost-if:phase-is" and c.args[0] == "cost 1"
    assert not executes(ab)


def test_and_comma_if_still_joins_two_effects():
    ab = parsed("Battle: Bow a target Follower and, if you control a Shugenja, gain 1 Honor.")
    assert [e.kind for e in ab.effects if isinstance(e, Effect)] == ["bow", "gain-honor"]
    assert any(isinstance(c, Condition) and c.kind.startswith("effect-if:") for c in ab.conditions)


def test_actions_the_target_performs():
    ab = parsed("Battle: Target an enemy Personality: Give him -2F. If this Shugenja is Fire, actions the "
                "target performs may not target this Shugenja.")
    e = ab.effects[-1]
    assert e.kind == "cannot-be-targeted-by" and e.target.ref == "this"
    assert e.keyword == "actions the target performs"


def test_negate_the_next_action_he_performs():
    ab = parsed("Battle: Target an enemy Personality: If you control a Shugenja, negate the effects of the "
                "next action he performs.")
    (e,) = ab.effects
    assert e.kind == "negate"
    assert e.target.states == ("next-action", "performed-by:he")


def test_state_in_your_province_after_a_chosen_card():
    ab = parsed("Open: Choose your performing Naga Personality face-down in your province: Gain 1 Honor.")
    (t,) = [e.target for e in ab.costs if isinstance(e, Effect)]
    assert "face-down" in t.states and t.zone == "province" and t.owner == "you"


def test_name_with_an_apostrophe_is_the_card_itself():
    ab = parsed("After Q'uro enters play: Gain 1 Honor.")
    assert ab.trigger.event == "this-card-enters-play"


def test_player_who_has_had_a_province_destroyed():
    ab = parsed("Open: Gain 1 Honor for each player who has had a province destroyed this game.")
    per = [e for e in ab.effects if e.kind == "amount-for-each"]
    assert per and per[0].target.states == ("had-province-destroyed;during:this-game",)


def test_perform_this_cards_action_even_from_home():
    ab = parsed("If this Shugenja is Air, he may perform this card's Battle action even if he is in your home.")
    (e,) = ab.effects
    assert e.kind == "use-ability" and e.keyword == "even-if-in-your-home"
    assert e.target.ref == "possessed" and e.target.card_types == ("battle-action",)
    kinds = {c.kind for c in ab.conditions}
    assert {"effect-optional", "effect-if:is"} <= kinds


def test_destroy_it_and_this_card_each_under_the_test():
    ab = parsed("If the target is a Naga, destroy it and this card.")
    assert [(e.kind, e.target.ref) for e in ab.effects] == [("destroy", "it"), ("destroy", "this")]
    # each effect has the test (not the first one twice)
    assert sorted(c.args[0] for c in ab.conditions) == ["effect 0", "effect 1"]


def test_remove_both_it_and_the_target():
    ab = parsed("Battle: Target a card: If you control a Ring, you may remove both it and the target from the game.")
    assert [e.kind for e in ab.effects] == ["remove-from-game", "remove-from-game"]
    # "it" is the card the test named, which the engine does not resolve: not carried out
    assert "named-by-test" in ab.effects[0].target.states
    assert not executes(ab)


def test_or_if_you_may_target_in_the_limits_block():
    ab = parsed("Battle: Bow this card and target this Shugenja, or, if this Shugenja is Air, you may target "
                "another of your Personalities: Straighten the target.")
    kinds = {(c.kind, c.args[0]) for c in ab.conditions}
    # the test is the second option's, not a requirement of the action
    assert ("cost-if:is", "cost 2") in kinds
    assert not any(c.kind == "is" for c in ab.conditions)
    assert not executes(ab)


def test_has_alt_amount_while_a_test_holds():
    ab = parsed("Taro has +2F, or +3F if the Defender is Crab Clan, while defending.")
    assert [e.kind for e in ab.effects] == ["modify-stat", "modify-stat"]
    whiles = sorted(c.args[0] for c in ab.conditions if c.kind == "effect-while:self-state")
    assert whiles == ["effect 0", "effect 1"]


def test_was_in_an_army_that_won_a_battle():
    ab = parsed("Limited: If Kenji has been in an attacking army when it won a battle since your last turn "
                "began, target a Personality: Bow him.")
    (c,) = ab.conditions
    assert (c.kind, c.args) == ("did", ("Kenji", "won-battle-in", "attacking army", "since-your-last-turn-began"))
