"""Conditions in card text: "If ...", "Even if ...", "while ...", joined tests, the limits
block's requirements, and how the engine decides them. Sentences are written in the card style
for these tests."""

from __future__ import annotations

from adjudicator.core.ability import Condition, Effect
from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.ability_conditions import CONDITION_KINDS, decode, encode
from adjudicator.games.l5r.conditions import readable
from adjudicator.games.l5r.effects import executes

from .helpers import run_text


def conds(text: str) -> list[Condition]:
    ab = parse_ability(text)
    assert ab.structured, ab
    return list(ab.conditions)


def effects(text: str) -> list[Effect]:
    ab = parse_ability(text)
    assert ab.structured, ab
    return [e for e in (*ab.costs, *ab.effects) if isinstance(e, Effect)]


def subs(cond: Condition, skip: int = 0) -> list[tuple]:
    return [(s.kind, *s.args) for s in decode(cond.args[skip:])]


def test_encoding_round_trip():
    parts = [Condition(kind="is", args=("he", "Earth")), Condition(kind="your-turn"),
             Condition(kind="any-of", args=encode([Condition(kind="moved", args=("he",))]))]
    assert decode(encode(parts)) == parts
    assert decode(("is/3", "he")) is None


def test_limits_block_tests():
    (c,) = conds("Limited: If you control no Personalities: Gain 2 Honor.")
    assert (c.kind, c.args) == ("control-none", ("Personalities",))
    (c,) = conds("Battle: If no Terrain is at the current battlefield: Put this card into play there.")
    assert (c.kind, c.args) == ("none-at-battlefield", ("Terrain",))
    (c,) = conds("Open: If no other player has more Family Honor than you: Gain 1 Honor.")
    assert (c.kind, c.args) == ("stat-rank", ("you", "family-honor", "none-higher"))
    (c,) = conds("Limited: If another player has higher Family Honor than you: Gain 1 Honor.")
    assert c.args == ("you", "family-honor", "someone-higher")
    (c,) = conds("Open: If you control at least three Personalities: Draw a card.")
    assert (c.kind, c.args) == ("control-at-least", ("3", "Personalities"))
    (c,) = conds("Open: If you are Lion Clan: Draw a card.")
    assert (c.kind, c.args) == ("clan-player", ("Lion",))


def test_even_if_no_units_here():
    (c,) = conds("Battle: Even if you control no units at the current battlefield, target a Personality: Bow him.")
    assert (c.kind, c.args) == ("even-if", ("control-none", "units at the current battlefield"))
    assert readable(c)
    (c,) = conds("Battle: Even if this unit is not at the current battlefield, target a Personality: Bow him.")
    assert (c.kind, c.args) == ("even-if", ("not-at-battlefield", "this unit")) and readable(c)
    # only what the engine honours is readable: another card away from the battlefield is not
    (c,) = conds("Battle: Even if your Personality is not at the current battlefield, target a Personality: Bow him.")
    assert not readable(c)


def test_joined_tests_on_an_effect():
    (c,) = conds("Open: If it is your turn or you control a Courtier, give a target Personality -2F.")
    assert c.kind == "effect-if:any-of" and c.args[0] == "effect 0"
    assert subs(c, 1) == [("your-turn",), ("you-control", "a Courtier")]
    (c,) = conds("Battle: Target a Personality. If he is Earth and opposed, bow him.")
    assert c.kind == "effect-if:all-of"
    assert subs(c, 1) == [("is", "he", "Earth"), ("is", "he", "opposed")]
    (c,) = conds("Battle: Target a Personality. If he is dishonorable, Kolat, Ninja, or Shadowlands, destroy him.")
    assert subs(c, 1) == [("is", "he", "dishonorable"), ("is-any-keyword", "he", "Kolat", "Ninja", "Shadowlands")]


def test_several_verb_phrases_of_one_subject():
    (c,) = conds("Battle: Target a card. If it has no attachments, and is bowed or Nonhuman, destroy it.")
    (first, second) = decode(c.args[1:])
    assert (first.kind, first.args) == ("has-no", ("it", "attachments"))
    assert second.kind == "any-of" and [(s.kind, *s.args) for s in decode(second.args)] == [
        ("is", "it", "bowed"), ("is", "it", "Nonhuman")]
    (c,) = conds("Battle: Target a Shugenja. If he has 4 or higher Chi, or is Void, bow him.")
    assert subs(c, 1) == [("stat-at-least", "he", "4", "chi"), ("is", "he", "Void")]
    (c,) = conds("Battle: Target a Personality. If he has 0 Force or no abilities, destroy him.")
    assert subs(c, 1) == [("stat-value", "he", "force", "=", "0"), ("has-no-abilities", "he")]


def test_if_before_other_clause_shapes():
    # "If C, X to Y": the test guards both the cost-like first part and the effect
    ab = parse_ability("Battle: Target a Personality. If he would be opposed, discard a card to move him to the current battlefield.")
    assert ab.structured
    guarded = [c for c in ab.conditions if c.kind == "effect-if:would-be"]
    assert [c.args[0] for c in guarded] == ["effect 1", "effect 2"]
    # "If C, you may target and X": the choice and the test on the same effect
    ab = parse_ability("Battle: Target a Personality. If he is Earth, you may target and bow an enemy Follower.")
    assert ab.structured
    assert sorted(c.kind for c in ab.conditions) == ["effect-if:is", "effect-optional"]
    # "If C, X or Y": a choice under the test
    ab = parse_ability("Battle: If your Personality won it, gain 2 Honor or draw a card.")
    assert ab.structured and sum(c.kind == "effect-if:won" for c in ab.conditions) == 2


def test_otherwise_after_a_granted_ability():
    text = ('Limited: Choose your performing Personality: If he is a Monk, permanently give him the ability, '
            '"Battle: Bow this Personality: Draw a card." Otherwise, permanently give him Monk.')
    ab = parse_ability(text)
    assert ab.structured
    kinds = {c.args[0]: c.kind for c in ab.conditions}
    assert kinds == {"effect 0": "effect-if:is", "effect 1": "effect-unless:is"}
    assert [e.duration for e in ab.effects] == ["permanent", "permanent"]
    assert [e.kind for e in ab.effects] == ["grant-ability", "grant-keyword"]


def test_during_the_duel():
    ab = parse_ability("During the duel, if this Shugenja is Fire, he has Duelist.")
    assert ab.structured
    assert sorted(c.kind for c in ab.conditions) == ["effect-during", "effect-if:is"]


def test_new_kinds_are_named():
    assert {"control-none", "stat-rank", "any-of", "all-of", "control-at-least"} <= CONDITION_KINDS


def test_readable_tests_and_honest_refusals():
    assert executes(parse_ability("Limited: If you control no Personalities: Gain 2 Honor."))
    assert executes(parse_ability("Open: Target a Personality. If he is Earth and opposed, bow him."))
    # a limits-block test on a triggered trait: checked when the trait resolves (triggers._resolve_trait)
    assert executes(parse_ability("After this card enters play, if you are Crab Clan: Gain 1 Honor."))
    # a part the engine cannot decide makes the whole joined test unreadable
    assert not executes(parse_ability("Open: If it is your turn or you control five Fudo Rings, draw a card."))


HEAD = """scenario "t"
game l5r
card "Watch Post" holding gold-cost 0 text "Open: If you control no Personalities: Gain 2 Honor."
card "Temple Bell" holding gold-cost 0 text "Open: Target a Personality. If he is bowed and Courtier, dishonor him."
card "Ronin Guard" personality force 1 chi 1 honor-requirement 0 personal-honor 1 gold-cost 3 keywords Ronin
card "Court Herald" personality force 1 chi 1 honor-requirement 0 personal-honor 1 gold-cost 3 keywords Courtier
player Alice clan Crane family-honor 12
player Bob   clan Crab  family-honor 9
phase action
"""


def test_limits_test_checked_when_the_action_is_taken():
    r = run_text(HEAD + 'Alice home: "Watch Post", "Ronin Guard"\nAlice uses "Watch Post"\n'
                 'expect illegal because L5R-ACT-COND "control no Personalities"\n')
    assert r.passed, [f.render() for f in r.failures]
    r = run_text(HEAD + 'Alice home: "Watch Post"\nAlice uses "Watch Post"\nexpect legal\n'
                 'expect Alice family-honor 14\n')
    assert r.passed, [f.render() for f in r.failures]


def test_joined_test_decided_by_the_engine():
    setup = HEAD + 'Alice home: "Temple Bell"\nBob home: "Court Herald" bowed, "Ronin Guard" bowed\n'
    r = run_text(setup + 'Alice uses "Temple Bell" targeting "Court Herald"\nexpect legal\n'
                 'expect "Court Herald" dishonored\n')
    assert r.passed, [f.render() for f in r.failures]
    r = run_text(setup + 'Alice uses "Temple Bell" targeting "Ronin Guard"\nexpect legal\n'
                 'expect "Ronin Guard" not dishonored\n')
    assert r.passed, [f.render() for f in r.failures]


def test_every_condition_on_an_effect_is_checked():
    # "If he is a Courtier, you may dishonor him": the test holds as well as the choice
    setup = HEAD.replace("If he is bowed and Courtier, dishonor him.", "If he is a Courtier, you may dishonor him.")
    setup += 'Alice home: "Temple Bell"\nBob home: "Court Herald", "Ronin Guard"\n'
    r = run_text(setup + 'Alice uses "Temple Bell" targeting "Ronin Guard"\nexpect legal\n'
                 'expect "Ronin Guard" not dishonored\n')
    assert r.passed, [f.render() for f in r.failures]
    r = run_text(setup + 'Alice uses "Temple Bell" targeting "Court Herald"\nexpect legal\n'
                 'expect "Court Herald" dishonored\n')
    assert r.passed, [f.render() for f in r.failures]


BATTLE = """scenario "t"
game l5r
card "Recall Drum" holding gold-cost 0 text "Battle: Target a Personality. Move him home. If he moved, gain 1 Honor."
card "Ronin Guard" personality force 1 chi 1 honor-requirement 0 personal-honor 1 gold-cost 3 keywords Ronin
card "Ronin Scout" personality force 1 chi 1 honor-requirement 0 personal-honor 1 gold-cost 3 keywords Ronin
player Alice clan Crane family-honor 12
player Bob   clan Crab  family-honor 9
turn 3
phase attack
step combat
Alice battlefield 1: "Ronin Scout"
Bob battlefield 1: "Ronin Guard"
Alice home: "Recall Drum"
"""


def test_moved_by_this_ability():
    assert executes(parse_ability("Battle: Target a Personality. Move him home. If he moved, gain 1 Honor."))
    r = run_text(BATTLE + 'Bob passes\nAlice uses "Recall Drum" targeting "Ronin Guard"\nexpect legal\n'
                 'expect "Ronin Guard" in Bob home\nexpect Alice family-honor 13\n')
    assert r.passed, [f.render() for f in r.failures]


def test_more_wordings():
    (c,) = conds("Limited: If it is not your first or second turn: Draw a card.")
    assert (c.kind, c.args) == ("not-first-turns", ("2",))
    (c,) = conds("Open: If you control one or no Rings: Draw a card.")
    assert (c.kind, c.args) == ("control-at-most", ("1", "Rings")) and readable(c)
    (c,) = conds("Battle: Target a Personality. If he has one or no Followers, bow him.")
    assert (c.kind, c.args[1:]) == ("effect-if:has-at-most", ("he", "1", "Followers")) and readable(c)
    (c,) = conds("Battle: Target a Personality. If it is still in play, bow it.")
    assert (c.kind, c.args[1:]) == ("effect-if:in-play", ("it",))
    (c,) = conds("Open: If the active player has 11 or more Family Honor, draw a card.")
    assert c.args[1:] == ("the active player", "family-honor", ">=", "11") and readable(c)
    (c,) = conds("Unless you are Spider Clan, discard a card.")
    assert (c.kind, c.args[1:]) == ("effect-unless:clan-player", ("Spider",))
    (c,) = conds("Compassion, or if you are Unicorn Clan: This Personality has +2F.")
    assert (c.kind, c.args) == ("or-if", ("clan-player", "Unicorn")) and not readable(c)


def test_if_then_the_effects_own_if():
    ab = parse_ability("Battle: If he would be opposed, draw a card if you control a Courtier.")
    assert ab.structured
    assert sorted(c.kind for c in ab.conditions) == ["effect-if:would-be", "effect-if:you-control"]
    assert {c.args[0] for c in ab.conditions} == {"effect 0"}


CHOICE = """scenario "t"
game l5r
card "Shrine Gift" holding gold-cost 0 text "Open: Gain 2 Honor or draw a card."
card "Border Post" holding gold-cost 0 text "Open: Target a Personality. Bow him. If this bowed a Personality, gain 1 Honor."
card "Ronin Guard" personality force 1 chi 1 honor-requirement 0 personal-honor 1 gold-cost 3 keywords Ronin
player Alice clan Crane family-honor 12
player Bob   clan Crab  family-honor 9
phase action
Alice home: "Shrine Gift", "Border Post"
"""


def test_choice_between_effects_follows_the_acting_player():
    assert executes(parse_ability("Open: Gain 2 Honor or draw a card."))
    r = run_text(CHOICE + 'Alice uses "Shrine Gift" choosing first\nexpect legal\nexpect Alice family-honor 14\n')
    assert r.passed, [f.render() for f in r.failures]
    r = run_text(CHOICE + 'Alice uses "Shrine Gift" choosing second\nexpect legal\nexpect Alice family-honor 12\n')
    assert r.passed, [f.render() for f in r.failures]


def test_what_this_ability_did():
    (c,) = conds("Open: Target a Personality. Bow him. If this bowed a Personality, gain 1 Honor.")
    assert (c.kind, c.args[1:]) == ("effect-if:did", ("this", "bowed", "a Personality")) and readable(c)
    r = run_text(CHOICE + 'Bob home: "Ronin Guard"\nAlice uses "Border Post" targeting "Ronin Guard"\nexpect legal\n'
                 'expect "Ronin Guard" bowed\nexpect Alice family-honor 13\n')
    assert r.passed, [f.render() for f in r.failures]
    r = run_text(CHOICE + 'Bob home: "Ronin Guard" bowed\nAlice uses "Border Post" targeting "Ronin Guard"\n'
                 'expect legal\nexpect Alice family-honor 12\n')
    assert r.passed, [f.render() for f in r.failures]


def test_trait_conditions_are_checked_when_it_resolves():
    # readable conditions are checked when the trait resolves; unreadable ones keep it unexecutable
    assert executes(parse_ability("After this card enters play, gain 1 Honor if you are Crab Clan."))
    assert not executes(parse_ability("After this card enters play, gain 1 Honor if you have Reconnaissance."))


def test_unless_after_if_reads_as_a_requirement():
    ab = parse_ability("Battle: If this Shugenja is unbowed, bow him unless he is Water: Draw a card.")
    assert ab.structured
    kinds = [(c.kind, c.args) for c in ab.conditions]
    assert ("none-of", ("is/2", "he", "Water")) in kinds and ("is", ("this Shugenja", "unbowed")) in kinds
    ab = parse_ability("Battle: Target a Personality. If he is unbowed, bow him unless he is Water.")
    assert {c.kind for c in ab.conditions} == {"effect-if:is", "effect-if:none-of"}


def test_joining_words_do_not_reach_into_effects():
    # "and you will ..." joins two effects, not two tests
    cs = conds("Open: Target a Personality. If he is a Kensai and you control a Courtier, draw a card.")
    assert sorted(c.kind for c in cs) == ["effect-if:is", "effect-if:you-control"]
    ab = parse_ability("Open: If it is your turn, draw a card and you may gain 1 Honor.")
    assert ab.structured and all(c.kind != "effect-if:all-of" for c in ab.conditions)


def test_more_tests_the_engine_reads():
    (c,) = conds("Battle: Target a Follower. If it is attached to a Commander, bow it.")
    assert (c.kind, c.args[1:]) == ("effect-if:attached-to", ("it", "a Commander")) and readable(c)
    (c,) = conds("Battle: Target a Personality. Bow him if he has lower Personal Honor.")
    assert (c.kind, c.args[1:]) == ("effect-if:stat-compare", ("he", "personal-honor", "<", "this")) and readable(c)
    (c,) = conds("Battle: If there are no Terrains there: Put this card into play there.")
    assert readable(c)
    # "dishonorable": a Personality with the dishonored state (conditions._state)
    (c,) = conds("Battle: Target a Personality. If he is dishonorable, bow him.")
    assert readable(c)
    # "there are enemy units ..." is read only at the current battlefield
    (c,) = conds("Battle: If there are any attacking enemy units at the current battlefield, draw a card.")
    assert c.kind == "effect-if:exists" and readable(c)
    (c,) = conds("Battle: If there are any enemy units at this battlefield, draw a card.")
    assert c.kind == "effect-if:exists" and not readable(c)


# ---------------------------------------------------------------- r4: what happened before, more clause shapes


def test_past_events_are_did_tests():
    (c,) = conds("Open: If you have resolved a Kata from a Crab Stronghold: Gain 1 Honor.")
    assert (c.kind, c.args) == ("did", ("you", "resolved", "a Kata from a Crab Stronghold"))
    (c,) = conds("Open: If you have not played a Strategy this phase: Draw a card.")
    assert (c.kind, c.args) == ("did-not", ("you", "played", "a Strategy", "this-phase"))
    (c,) = conds("Limited: If Hideo has cast a Water Spell: Straighten Hideo.")
    assert (c.kind, c.args) == ("did", ("Hideo", "cast", "a Water Spell"))
    (c,) = conds("Open: If you paid the Gold: Draw a card.")
    assert (c.kind, c.args) == ("did", ("you", "paid", "the Gold"))
    (c,) = conds("Open: If you have gained 5 or more Honor this game: Draw a card.")
    assert (c.kind, c.args[:3]) == ("did", ("you", "gained", "5 or more Honor"))
    # a history test the engine does not keep is never readable
    assert not readable(c)


def test_did_not_and_chose_not():
    ab = parse_ability("Battle: Bow a target Personality. If he does not pay the Gold, he loses 2 Honor.")
    assert ab.structured
    (c,) = [c for c in ab.conditions if c.kind.startswith("effect-if:")]
    assert c.kind == "effect-if:did-not" and c.args[1:] == ("he", "paid", "the Gold")
    ab = parse_ability("Open: Challenge a target Personality. If he chooses not to, gain 1 Honor.")
    assert any(c.kind == "effect-if:did-not" for c in ab.conditions)


def test_none_of_were_destroyed():
    (c,) = conds("Open: If none of your provinces were destroyed since your last turn began: Gain 2 Honor.")
    assert (c.kind, c.args) == ("none-was", ("your provinces", "destroyed", "since-your-last-turn-began"))
    assert "none-was" in CONDITION_KINDS


def test_was_ever_segment_and_action_source():
    (c,) = conds("Open: If the Spell was Air: Gain 1 Honor.")
    assert (c.kind, c.args) == ("is", ("the Spell", "Air"))
    (c,) = conds("Battle: If this Personality is ever attacking: Destroy this Follower.")
    assert (c.kind, c.args) == ("ever", ("this Personality", "attacking"))
    (c,) = conds("Battle: If it is a Combat Segment: Draw a card.")
    assert (c.kind, c.args) == ("phase-is", ("combat-segment",))
    e = parse_ability("Interrupt: Before an action resolves, if the action is from a Crane Strategy: Negate its effects.")
    (c,) = e.conditions
    assert (c.kind, c.args) == ("action-from", ("the action", "a Crane Strategy"))


def test_joined_tests_with_the_active_player_and_yours():
    (c,) = conds("Open: If it is not your turn and the active player controls any Courtiers: Draw a card.")
    assert c.kind == "all-of"
    assert subs(c) == [("not-your-turn",), ("controls", "the active player", "any Courtiers")]
    (c,) = conds("Reaction: After an action resolves, if the action is yours and Political: Draw a card.")
    assert subs(c) == [("is-yours", "the action"), ("is", "the action", "Political")]


def test_if_before_a_delay_after_it_resolves():
    ab = parse_ability("Battle: If he is bowed, after it resolves, destroy him.")
    assert ab.structured
    kinds = {c.kind for c in ab.conditions}
    assert "effect-if:is" in kinds and "effect-delayed" in kinds
    ab = parse_ability("Battle: If this Shugenja is Fire, give him +1F for each Fire card in this unit.")
    assert ab.structured and [e.kind for e in effects(ab.text)] == ["modify-stat", "amount-for-each"]
    ab = parse_ability("Open: If it is your turn, he may pay 2 Gold.")
    assert ab.structured and any(c.kind == "effect-if:your-turn" for c in ab.conditions)
    ab = parse_ability("Battle: If you control a Courtier, give Hiro +2F, or +3F if you control a Magistrate.")
    assert ab.structured and [e.kind for e in effects(ab.text)] == ["modify-stat", "modify-stat"]


def test_keyword_cost_and_choose_who_gains_or_loses():
    (e,) = effects("If you are a Crab Clan player, this Strategy has Discipline Pay 2 Gold.")
    assert (e.kind, e.keyword, e.amount, e.target.text) == ("keyword", "Discipline", 2, "this Strategy")
    choose, gl = effects("Battle: If he moved, choose a player, who gains or loses 2 Honor.")
    assert (choose.kind, gl.kind, gl.amount, gl.target.ref) == ("choose", "gain-or-lose-honor", 2, "it")
    _, gl = effects("Battle: If he is dishonorable, choose a player who gains or loses 3 Honor.")
    assert gl.amount == 3


def test_more_past_events_and_sources():
    (c,) = conds("Open: If he did not become dishonorable: Gain 1 Honor.")
    assert (c.kind, c.args) == ("did-not", ("he", "became", "dishonorable"))
    (c,) = conds("Battle: If Taro has not moved to a battlefield: Draw a card.")
    assert (c.kind, c.args) == ("did-not", ("Taro", "moved", "a battlefield"))
    (c,) = conds("Open: If the action was performed by a Courtier: Gain 1 Honor.")
    assert (c.kind, c.args) == ("performed-by", ("the action", "a Courtier"))
    (c,) = conds("Battle: If your current army is opposed: Draw a card.")
    assert (c.kind, c.args) == ("is", ("your current army", "opposed"))
    (c,) = conds("Open: If the action is a Ranged Attack action: Draw a card.")
    assert (c.kind, c.args) == ("is", ("the action", "Ranged Attack action"))
    (c,) = conds("Open: If his army contains any Shadowlands cards: Draw a card.")
    assert (c.kind, c.args) == ("contains", ("his army", "any Shadowlands cards"))


def test_joined_with_comma_or_and_none_of():
    (c,) = conds("Open: If none of your provinces were destroyed this game, or you are a Crab Clan player: Gain 1 Honor.")
    assert c.kind == "any-of"
    assert subs(c) == [("none-was", "your provinces", "destroyed", "this-game"), ("clan-player", "Crab")]


def test_trigger_after_a_requirement_in_the_limits_block():
    ab = parse_ability("Even if Ruri is bowed, after you announce a Battle action, if she is at the current battlefield: Straighten her.")
    assert ab.structured
    kinds = [c.kind for c in ab.conditions]
    assert kinds == ["even-if", "after-event", "at-battlefield"]
    # a test of something that just happened: not something the engine reads as a condition
    assert not readable(ab.conditions[1])


def test_if_legal_and_other_tests():
    ab = parse_ability("Battle: Move a target Personality home, if legal.")
    assert ab.structured and any(c.kind == "effect-if:legal" for c in ab.conditions)
    (c,) = conds("Open: If the card was a Spell: Draw a card.")
    assert (c.kind, c.args) == ("is", ("the card", "a Spell"))
    (c,) = conds("Open: If another player's action has destroyed one of your Holdings this game: Gain 1 Honor.")
    assert (c.kind, c.args) == ("did", ("another player's action", "destroyed", "one of your Holdings", "this-game"))
    (c,) = conds("Open: If he is home: Draw a card.")
    assert (c.kind, c.args) == ("at-home", ("he",))
    (c,) = conds("Open: If Toku wins this duel: Gain 1 Honor.")
    assert (c.kind, c.args) == ("wins", ("Toku",))


def test_names_and_this_keyword_start_a_second_test():
    ab = parse_ability("Bow him if he moved and Jiro has a Weapon.")
    (c,) = ab.conditions
    assert subs(c, 1) == [("moved", "he"), ("has", "Jiro", "a Weapon")]
    ab = parse_ability("Destroy it if it is an attachment and this Shugenja is Fire.")
    (c,) = ab.conditions
    assert subs(c, 1) == [("is", "it", "an attachment"), ("is", "this Shugenja", "Fire")]
    # a keyword list of one subject is no second test
    ab = parse_ability("Each of your cards that is Courtier or Magistrate has +1F.")
    assert ab.structured and not ab.conditions


def test_or_if_is_not_and_in_province():
    ab = parse_ability("Straighten Goro if he has a Spear or if the target is Shadowlands.")
    (c,) = ab.conditions
    assert subs(c, 1) == [("has", "he", "a Spear"), ("is", "the target", "Shadowlands")]
    ab = parse_ability("Destroy it if it is not Ninja and has no attachments.")
    (c,) = ab.conditions
    assert subs(c, 1) == [("is-not", "it", "Ninja"), ("has-no", "it", "attachments")]
    (c,) = conds("Open: If Aiko is in your Province and you are Crane Clan: Draw a card.")
    assert subs(c) == [("in-province", "Aiko", "yours"), ("clan-player", "Crane")]
    (c,) = conds("Open: If its Province was not destroyed: Draw a card.")
    assert (c.kind, c.args) == ("was-not", ("its Province", "destroyed"))
    (c,) = conds("Battle: If Goro has moved this phase: Draw a card.")
    # a move in a period is a past event, not the engine's "moved" test
    assert (c.kind, c.args) == ("did", ("Goro", "moved", "", "this-phase"))


def test_moves_after_a_test():
    (e,) = effects("Battle: If he would be opposed, move your target Personality at any location to a battlefield.")
    assert (e.kind, tuple(e.values)) == ("move-to-battle", ("any",))
    (e,) = effects("Battle: If Ren has one or no Followers, move her to an unresolved battlefield.")
    assert (e.kind, tuple(e.values)) == ("move-to-battle", ("unresolved",))
    (e,) = effects("Battle: If he would be opposed, move to the current battlefield your target Monk at any location.")
    assert (e.kind, tuple(e.values), e.target.ref) == ("move-to-battle", (), "target")
    (e,) = effects("Battle: Move your target Personality in your home to the current battlefield.")
    assert "at-home" in e.target.states
    # "where he would be opposed" stays the battle topic's reading
    (e,) = effects("Battle: Move a target Personality to an unresolved battlefield where he would be opposed.")
    assert tuple(e.values) == ("unresolved", "where-opposed")


def test_move_there_takes_the_destination_back_from_the_noun_phrase():
    (e,) = effects("Battle: Move Jiro there.")
    assert (e.kind, e.target.text, tuple(e.values)) == ("move-to-battle", "Jiro", ())
    (e,) = effects("Battle: Move your target Personality at any location there.")
    assert "at-battlefield" not in e.target.states and e.target.text.endswith("at any location")
    # a move with no destination is no effect
    assert not parse_ability("Battle: Move Jiro.").structured


def test_imperial_and_opposed_there():
    ab = parse_ability("This Personality has +1F while he is Imperial.")
    assert ab.structured and ab.conditions[0].args[1:] == ("he", "Imperial")
    ab = parse_ability("Battle: Move this unit to the current battlefield if it would be opposed there.")
    (c,) = ab.conditions
    # not the engine's "would be opposed" (at the current battlefield): a kind of its own
    assert (c.kind, c.args[1:]) == ("effect-if:would-be-there", ("it", "opposed"))


# ---------------------------------------------------------------- r6: a period inside a condition


def test_a_period_in_a_condition_stays_with_the_condition():
    # "this turn" after "if ..." is the test's period, not the effects' duration
    ab = parse_ability("Battle: Ranged 2 Attack. Straighten this Follower if this unit moved this turn.")
    assert ab.structured
    (c,) = ab.conditions
    assert (c.kind, c.args[1:]) == ("effect-if:moved", ("this unit", "this-turn"))
    assert all(e.duration is None for e in ab.effects)
    (c,) = conds("Battle: If Nozomi moved this battle, give her +2F.")
    assert c.args[1:] == ("Nozomi", "this-battle")
    (c,) = conds("Battle: If he is bowed this turn, draw a card.")
    assert c.args[1:] == ("he", "bowed", "this-turn")
    # after the comma the period is the effect's again
    ab = parse_ability("Open: Target a Personality. If he is bowed, give him +2F this turn.")
    assert ab.structured and ab.effects[-1].duration == "turn"
    assert [c.args[1:] for c in ab.conditions] == [("he", "bowed")]


def test_a_test_over_a_period_is_read_from_the_turns_record():
    # "moved this turn" is not "moved by this": it is read from the turn's record (history.py), and a
    # period the record does not hold ("since your last turn began") is not read
    (c,) = conds("Battle: If Nozomi moved this battle, give her +2F.")
    assert readable(c)
    (c,) = conds("Battle: Target a Personality. If he moved, straighten him.")
    assert readable(c)
    ab = parse_ability("Battle: Give a target Personality -2F, or -3F if this Personality has moved this turn.")
    assert ab.structured and executes(ab)
    ab = parse_ability("Battle: Bow Tamasine and target your Ancestor, or one to four of your Ancestors if you "
                       "have lost Honor from another player's action during an Action Phase since your last turn "
                       "began: Give each target +4F.")
    assert not executes(ab)


def test_opposing_and_keyword_words_are_read():
    (c,) = conds("Uehara has +1F while he opposes a Phoenix Clan Personality.")
    assert c.kind == "effect-while:opposing" and readable(c)
    (c,) = conds("Atsuto has +2F while opposing a dishonorable Personality.")
    assert readable(c)
    # a comparison with the card itself is not read
    (c,) = conds("Tochiko has +2F while opposing a Personality or Follower with lower Force.")
    assert not readable(c)
    (c,) = conds("Minoko has +1F while she has a Peasant Weapon.")
    assert readable(c)
    cs = conds("Raiko has +1F/+1C while she has an Air, Fire, or Thunder Spell.")
    assert cs and all(c.kind == "effect-while:has" and readable(c) for c in cs)


def test_attacking_at_not_yours_in_hand_destroyed():
    (c,) = conds("While Tanihara is attacking at a battlefield, his province has +2 strength.")
    assert (c.kind, c.args[1:]) == ("effect-while:is", ("Tanihara", "attacking"))
    # "bowed at a battlefield" says more than "bowed": not this rule
    assert not parse_ability("While Tanihara is bowed at a battlefield, his province has +2 strength.").structured
    (c,) = conds("Open: Target a card. If the card is not yours, bow it.")
    assert (c.kind, c.args[1:]) == ("effect-if:is-not-yours", ("the card",))
    (c,) = conds("Open: Target a card. If the targeted card is in his hand, discard it.")
    assert (c.kind, c.args[1:]) == ("effect-if:in-hand-of", ("the targeted card", "his"))
    (c,) = conds("Battle: Melee 3 Attack. If this Melee Attack destroyed a card, gain 1 Honor.")
    assert (c.kind, c.args[1:]) == ("effect-if:did", ("this Melee Attack", "destroyed", "a card"))
    assert not readable(c)  # "did" is read for "this" (the whole ability) only


def test_now_has_and_hand_limit_forms():
    (c,) = conds("Open: If your maximum hand size is 10 or more, draw a card.")
    assert (c.kind, c.args[1:]) == ("effect-if:max-hand-size-at-least", ("10",))
    cs = conds("Battle: If the current enemy army has any units, draw a card.")
    assert cs and cs[0].args[1:] == ("the current enemy army", "any units")
    (c,) = conds("Battle: Bow a target Personality. If he now has 0 Force or no abilities, draw a card.")
    assert c.kind == "effect-if:any-of" and [s.kind for s in decode(c.args[1:])] == ["stat-value", "has-no-abilities"]


def test_control_or_have_and_honorably():
    (c,) = conds("While you control any Ancestor Personalities or have any dead Personalities in your discard pile, "
                 "Daiken has +1F.")
    assert c.kind == "effect-while:any-of" and [s.kind for s in decode(c.args[1:])] == ["you-control", "you-have"]
    (c,) = conds("Open: If Kunji is honorably dead: Draw a card.")
    assert (c.kind, c.args) == ("is", ("Kunji", "honorably-dead")) and not readable(c)


def test_in_army_with_is_read():
    (c,) = conds("Saeki has +1F while in an army with any Ronin.")
    assert c.kind == "effect-while:in-army-with" and readable(c)


def test_another_player_controls_is_read():
    (c,) = conds("Kahoku has +2F while another player controls a dishonorable Personality.")
    assert c.kind == "effect-while:controls" and readable(c)


def test_before_your_turn_is_read():
    (c,) = conds("This card will not straighten before your second turn.")
    assert (c.kind, c.args[1:]) == ("effect-while:before-your-turn", ("2",)) and readable(c)


def test_bare_won_lost_is_a_contest_result():
    # "won"/"lost" with no object: the duel or battle the ability is about
    ab = parse_ability("As a Focus Effect, after this duel resolves, put this card into your hand if you lost.")
    assert ab.structured and [c.kind for c in ab.conditions] == ["effect-if:lost-contest"]
    (c,) = conds("Give Kudome a +1F Fire token if she won and you control a Shugenja.")
    assert c.kind == "effect-if:all-of" and subs(c, 1) == [("won-contest", "she"), ("you-control", "a Shugenja")]
    assert {"won-contest", "lost-contest"} <= CONDITION_KINDS
    # "won" with an object still reads the old way
    assert [c.kind for c in conds("Straighten Rikiya if he won a duel this turn.")] == ["effect-if:won-duel"]


def test_counts_against_another_side():
    (c,) = conds("Battle: If the target has fewer attachments, gain 1 Honor.")
    assert (c.kind, c.args[1:]) == ("effect-if:count-compare", ("the target", "attachments", "<", "this"))
    (c,) = conds("Battle: If your current army has more Personalities than the current enemy army, draw a card.")
    assert c.args[1:] == ("your current army", "personalities", ">", "the current enemy army")
    (c,) = conds("Open: If there are more than two players, choose a player.")
    assert (c.kind, c.args[1:]) == ("effect-if:player-count", (">", "2"))


def test_values_margins_and_roles():
    (c,) = conds("Battle: If the current battlefield's Province Strength is 9 or greater, gain 2 Honor.")
    assert c.args[1:] == ("the current battlefield", "province-strength", ">=", "9")
    (c,) = conds("Battle: If the discarded card's Focus Value is odd, bow the target.")
    assert (c.kind, c.args[2:]) == ("effect-if:stat-parity", ("focus", "odd"))
    (c,) = conds("Open: If Crab Clan is your only Clan Alignment, draw a card.")
    assert (c.kind, c.args[1:]) == ("effect-if:only-clan-alignment", ("Crab",))
    (c,) = conds("Battle: If the caster is Water, draw a card.")
    assert c.kind == "effect-if:is" and c.args[1:] == ("the caster", "Water")
    won, duelist = conds("Battle: If your Personality is a Duelist and you won the duel by three or more, draw a card.")
    assert (won.kind, won.args[1:]) == ("effect-if:won-by", ("you", "the duel", "3"))
    assert duelist.args[1:] == ("your Personality", "a Duelist")


def test_one_subject_doing_and_being():
    (c,) = conds("Open: If the action targets Kenji and is another player's, gain 1 Honor.")
    assert subs(c, 1) == [("did", "the action", "targets", "Kenji"), ("is-another-players", "the action")]
    (c,) = conds("Battle: If this Shugenja is unbowed and is targeted by the Battle action, bow him.")
    assert subs(c, 1)[1] == ("was-targeted-by", "this Shugenja", "the Battle action")
    (c,) = conds("Open: If he is no longer a legal target for that action, negate its effects.")
    assert (c.kind, c.args[1:]) == ("effect-if:not-legal-target", ("he", "that action"))


def test_leading_test_on_other_clause_shapes():
    # the test guards the clause other topics build: a player who must act, an effect with a rider
    ab = parse_ability("Open: If he does not, he must target and bow one of his unbowed Personalities.")
    assert ab.structured and "effect-if:did-not" in [c.kind for c in ab.conditions]
    ab = parse_ability("Battle: If this Follower is attacking, Fear 2 that may target a Personality with Followers.")
    assert ab.structured and [(c.kind, c.args[0]) for c in ab.conditions] == [("effect-if:is", "effect 0"), ("effect-if:is", "effect 1")]
    # both tests of "If A and B, you may target and ..." guard the clause
    kinds = [c.kind for c in conds("Battle: If its Force is now 0 and you control a Shugenja, you may target "
                                   "and destroy a card without attachments.")]
    assert {"effect-if:stat-value", "effect-if:you-control", "effect-optional"} <= set(kinds)


def test_contractions_and_now_has():
    (c,) = conds("Battle: If you don't have a Ring in play, draw a card.")
    assert (c.kind, c.args[1:]) == ("effect-if:has-no", ("you", "a Ring in play"))
    # "now" before "has" after a noun is the test's, not the noun's post-modifier
    (c,) = conds("Battle: If the target now has 0 Force or no abilities, draw a card.")
    assert subs(c, 1) == [("stat-value", "the target", "force", "=", "0"), ("has-no-abilities", "the target")]
    (c,) = conds("Battle: If the target now has lower Force than Aimaro, draw a card.")
    assert c.kind == "effect-if:stat-compare"


def test_past_events_without_has():
    ab = parse_ability("Reaction: After an action resolves, if Tsuko performed it: Draw a card.")
    assert ab.structured and ("did", ("Tsuko", "performed", "it")) in [(c.kind, c.args) for c in ab.conditions]
    ab = parse_ability("Reaction: After an action resolves, if a player gained Honor from its effects: Draw a card.")
    assert ab.structured and [c.args[:2] for c in ab.conditions if c.kind == "did"] == [("a player", "gained")]
    (c,) = [c for c in conds("Battle: If he is a Kensai and you did not Equip a Weapon, draw a card.")
            if "did-not" in c.kind]
    assert c.args[1:] == ("you", "equipped", "a Weapon")
    (c,) = conds("Battle: If you only targeted one card, destroy it.")
    assert (c.kind, c.args[1:]) == ("effect-if:targeted-only", ("you", "1"))


def test_you_as_subject_of_have_comparisons():
    # after a literal "you" the parser shifts the spelled-out "you have ..." rules' next word, so
    # "you" is never the subject of "subj has higher Force ..."; these rules read it all the same
    (c,) = conds("Limited: If you have lower Family Honor than another player: Gain 1 Honor.")
    assert (c.kind, c.args) == ("stat-compare", ("you", "family-honor", "<", "opponent"))
    (c,) = conds("Limited: If you have higher Family Honor than another player: Gain 1 Honor.")
    assert (c.kind, c.args) == ("stat-compare", ("you", "family-honor", ">", "opponent"))
    (c,) = conds("Limited: If you have won a duel this turn: Gain 1 Honor.")
    assert c.kind == "won-duel" and c.args[0] == "you"


def test_fear_riders_after_a_test():
    # the riders of the ability's Fear, each guarded by the leading test
    ab = parse_ability("Battle: Fear 2. If he has moved this turn, this Fear destroys Items after it bows them.")
    assert ab.structured
    (rider,) = [e for e in ab.effects if isinstance(e, Effect) and e.kind == "fear-destroys"]
    assert rider.target.card_types == ("item",)
    assert [c.kind for c in ab.conditions] == ["effect-if:did"]
    kinds = [e.kind for e in effects("Battle: Fear 3. If you control a Courtier, the Fear has +2 strength and may target Spells.")]
    assert kinds == ["fear", "modify-stat", "attack-may-target"]
    (bonus,) = [e for e in effects("Battle: Fear 3. If you control a Courtier, the Fear has +2 strength.") if e.kind == "modify-stat"]
    assert (bonus.stat, bonus.amount, bonus.target) == ("strength", 2, None)
    assert [e.kind for e in effects("Interrupt: If the action is from a Strategy, its Fear effects destroy Followers after bowing them.")] == ["fear-destroys"]
    kinds = [e.kind for e in effects("Interrupt: If you control a Duelist, each of the action's Fear effects have +1 strength.")]
    assert kinds == ["modify-stat"]


def test_total_force_and_the_personalitys_unit():
    (e,) = effects("Battle: While you control a Cavalry unit, your army has +3 total Force.")
    assert (e.kind, e.stat, e.amount, e.target.card_types) == ("modify-stat", "force", 3, ("army",))
    # the unit of the Personality named before, not this card's unit (the base "in-unit")
    (pick,) = effects("Battle: If you control a Courtier, you may target and destroy an Item in the Personality's unit.")
    assert pick.target.states == ("in-unit-of:the personality",)


def test_refusal_paid_for():
    ab = parse_ability("Iaijutsu Battle: Challenge a target Personality. If the target is unbowed, "
                       "his controller may bow him and move him home to refuse the duel.")
    assert ab.structured
    assert [e.kind for e in ab.effects if isinstance(e, Effect)][-3:] == ["bow", "move-home", "refuse-duel"]
    assert {c.kind for c in ab.conditions} >= {"effect-if:is", "effect-optional"}


def test_more_tests_of_one_subject_and_past_events():
    (c,) = conds("Battle: If it has more Force, is Crab Clan, or has no attachments, bow it.")
    assert subs(c, 1) == [("stat-compare", "it", "force", ">", "this"), ("is-clan", "it", "Crab"),
                          ("has-no", "it", "attachments")]
    (c,) = conds("Battle: If the target moved to attack, bow him.")
    assert c.args[1:] == ("the target", "moved", "to attack")
    (c,) = conds("Battle: If one of your Courtiers has been destroyed this turn, draw a card.")
    assert c.kind == "effect-if:was" and c.args[1:3] == ("one of your Courtiers", "destroyed")
    (c,) = conds("Battle: If you have not put cards into your hand this phase and you have attached an Item this turn: Draw a card.")
    assert [s[0] for s in subs(c)] == ["did-not", "did"]
    (c,) = conds("Limited: If you have fewer Provinces than each other player, or exactly one Province, draw a card.")
    assert subs(c, 1) == [("fewest-provinces",), ("has-exactly", "you", "1", "Province")]
    (c,) = conds("Limited: If no other player controls The Iron Mine: Draw a card.")
    assert (c.kind, c.args) == ("nobody-controls", ("The Iron Mine",))
    (c,) = conds("Battle: If this card is not at the current battlefield and Aoi is at another battlefield: Draw a card.")
    assert "at-another-battlefield" in CONDITION_KINDS


def test_while_guards_both_clauses():
    ab = parse_ability("While attacking, this Personality has +2F and his Followers have +1F.")
    assert ab.structured and len(ab.effects) == 2
    assert sorted(c.args[0] for c in ab.conditions) == ["effect 0", "effect 1"]


def test_then_after_the_test_and_there_from_home():
    ab = parse_ability("Battle: If he moved your Personality to a battlefield, then draw a card.")
    assert ab.structured and [c.kind for c in ab.conditions] == ["effect-if:did"]
    (e,) = effects("Battle: If you control a Scout, move your target Personality there from home.")
    assert e.kind == "move-to-battle" and "at-home" in e.target.states
    (c,) = conds("Before you gain Honor, if the Personality's base PH is 2 or lower: Draw a card.")
    assert c.args == ("the Personality", "base-personal-honor", "<=", "2")


def test_gold_paid_for_recruiting_and_delays():
    (c,) = conds("Bow this card: Produce 2 Gold. If you bowed this Holding while paying to Recruit a Samurai, draw a card.")
    assert (c.kind, c.args[1:]) == ("effect-if:paying-for", ("recruiting a Samurai",))
    (c,) = conds("Bow this card: Produce 2 Gold. If this Holding bowed to produce Gold to Recruit a Courtier, draw a card.")
    assert c.args[1:] == ("recruiting a Courtier",)
    # a plain "you bowed X" stays the base reading (no Gold payment)
    assert not [c for c in conds("Battle: You may bow a card: Draw a card if you bowed a Ninja.") if "paying-for" in c.kind]
    ab = parse_ability("Battle: Equip a target Item from your hand to your target Personality. If he is a Samurai, draw a card after it attaches.")
    assert ab.structured and any(c.kind == "effect-delayed" and "card-attaches" in c.args for c in ab.conditions)


def test_province_counts_and_second_test_at_trigger():
    (c,) = conds("Limited: If you have two or fewer Provinces, draw a card.")
    assert (c.kind, c.args[1:]) == ("effect-if:province-count", ("you", "<=", "2"))
    (c,) = conds("Limited: If you have three or more Provinces, draw a card.")
    assert c.args[1:] == ("you", ">=", "3")
    ab = parse_ability("Limited: If it is your turn, before it ends, if you control a Courtier, gain 1 Honor.")
    assert ab.structured
    kinds = {c.kind: c.args for c in ab.conditions}
    # "it" is the turn the first test names
    assert kinds["effect-trigger"][1:] == ("before", "turn-ends")
    assert "effect-if:your-turn" in kinds and "effect-if:c_control" not in kinds
    ab = parse_ability("If this Follower has 5 Force or less, after a Personality is destroyed at this battlefield, draw a card.")
    assert ab.structured and any("personality-destroyed;at=this-card" in c.args for c in ab.conditions)


def test_no_players_may_and_fear_may_target_and_destroy():
    ab = parse_ability("Limited: If you control a Courtier, no players may take Reactions this turn.")
    assert ab.structured
    kinds = [e.kind for e in effects("Interrupt: If the action is from a Strategy, its Fear effects may target Items, and destroy Followers after they bow them.")]
    assert kinds == ["attack-may-target", "fear-destroys"]
    # ", and destroy this card" elsewhere is no Fear rider
    assert parse_ability("Battle: Choose your performing Ninja, and destroy this card or discard it from your hand: Ranged 3 Attack.").structured


def test_in_play_during_your_last_turn():
    ab = parse_ability("Limited: If this card is in your hand, target your dead Personality who was in play during your last turn: Draw a card.")
    assert ab.structured
    (t,) = [e.target for e in ab.costs + ab.effects if isinstance(e, Effect) and e.kind == "target"]
    assert "was-in-play:your-last-turn" in t.states
    # a state the resolver does not read: never claimed
    assert not executes(ab)


def test_or_joins_a_test_on_your_card_group_or_on_the_target():
    ab = parse_ability("Battle: Straighten Suppon if you are Scorpion Clan or if your army has fewer units than the enemy army.")
    assert ab.structured, ab
    (c,) = ab.conditions
    assert c.kind == "effect-if:any-of" and c.args[1] == "clan-player/1" and c.args[3] == "count-compare/4"
    ab = parse_ability("Battle: Melee 2 Attack, or Melee 4 Attack if you control The Sorrow or the target is Shadowlands.")
    assert ab.structured, ab
    assert [c.kind for c in ab.conditions] == ["effect-unless:any-of", "effect-if:any-of"]
    assert ab.conditions[1].args[4:] == ("the target", "Shadowlands")


def test_more_subjects_and_verb_phrases():
    (c,) = conds("Battle: Give a target Personality -2F. Bow him if he now has 0 Force.")
    assert (c.kind, c.args[1:]) == ("effect-if:stat-value", ("he", "force", "=", "0"))
    (c,) = conds("Open: Draw a card if the target was Crab Clan.")
    assert (c.kind, c.args[1:]) == ("effect-if:is-clan", ("the target", "Crab"))
    (c,) = conds("Battle: Ranged 2 Attack, or Ranged 3 Attack if the target is Crane Clan or Unaligned.")[1:]
    assert c.kind == "effect-if:any-of"
    assert subs(c, 1) == [("is-clan", "the target", "Crane"), ("is", "the target", "unaligned")]
    (c,) = conds("Open: This Holding enters play for 1 less Gold if another of your Farms entered play this turn.")
    assert c.args[1:] == ("another of your Farms", "entered", "play", "this-turn")
    (c,) = conds("Battle: Bow the duel's loser if the duel was against The Lone Wolf.")
    assert (c.kind, c.args[1:]) == ("effect-if:contest-against", ("the duel", "The Lone Wolf"))
    (c,) = conds("Battle: Straighten this card if he is attacking and your Family Honor is higher than any other player's.")
    assert subs(c, 1) == [("is", "he", "attacking"), ("stat-rank", "you", "family-honor", "highest")]
    (c,) = conds("Kaneko has +1F while he has a Katana or opposes a Lion Clan Personality.")
    assert subs(c, 1 if c.args and c.args[0].startswith("effect") else 0)[-1] == ("opposing", "he", "a Lion Clan Personality")
    (c,) = conds("Battle: Give a target Follower -1F, or -2F if you control a Courtier or your Stronghold's Gold Production is 4.")[1:]
    assert subs(c, 1)[-1] == ("stat-value", "your Stronghold", "gold-production", "=", "4")
    (c,) = conds("Battle: Draw a card if he is Water and this destroyed a Follower.")
    assert subs(c, 1)[-1] == ("did", "this", "destroyed", "a Follower")


def test_a_plain_value_test_keeps_its_reading():
    # "your Family Honor is 10 or lower" is the base value test, not "higher than any other player's"
    (c,) = conds("Limited: If your Family Honor is 8 or lower: Gain 1 Honor.")
    assert (c.kind, c.args) == ("stat-value", ("your", "family-honor", "<=", "8"))
    # "or your Follower's Personality" is a second noun phrase, not a second test
    ab = parse_ability("Battle: Ranged 2 Attack, with +2 strength if your Personality or your Follower's Personality is a Paragon.")
    assert ab.structured and ab.conditions[0].kind == "effect-if:is"


def test_counts_tokens_and_the_last_card_used():
    (c,) = conds("Battle: Draw a card if he has 4 or more Personal Honor.")
    assert (c.kind, c.args[1:]) == ("effect-if:stat-at-least", ("he", "4", "personal-honor"))
    (c,) = conds("Battle: Draw a card if the target has 2 or more printed Chi.")
    assert c.args[1:] == ("the target", "2", "printed-chi")
    (c,) = conds("Open: If this Personality has more Rage tokens than printed Force, destroy him.")
    assert (c.kind, c.args[1:]) == ("effect-if:tokens-vs-stat", ("this Personality", "Rage", ">", "printed-force"))
    (c,) = conds("Open: Draw a card if the last Political action another player took bowed one of your cards.")
    assert c.kind == "effect-if:did" and c.args[2:] == ("bowed", "one of your cards")
    ab = parse_ability("Open: Draw a card if the last Political action another player took bowed one of your cards.")
    assert not executes(ab)  # "the last action another player took" is a card the resolver does not track
    (c,) = conds("Battle: Draw a card if they control no Followers at the current battlefield.")
    assert c.kind == "effect-if:none-of" and subs(c, 1) == [("player-controls", "they", "Followers at the current battlefield")]
    (c,) = conds("Open: Gain 1 Honor if you have not given any Rage tokens this turn.")
    assert c.args[1:] == ("you", "given", "any Rage tokens", "this-turn")


def test_a_test_after_the_effect_of_a_second_trigger():
    ab = parse_ability("Battle: Fear 2. After this bows the target, destroy it if it has 1 or lower Force.")
    assert ab.structured
    kinds = [c.kind for c in ab.conditions]
    assert "effect-if:stat-at-most" in kinds and "effect-trigger" in kinds
    # both scope the same effect (the destruction), not the Fear
    assert {c.args[0] for c in ab.conditions} == {"effect 1"}
    ab = parse_ability("Open: Before the turn ends, draw a card if you control a Courtier.")
    assert ab.structured and [c.kind for c in ab.conditions] == ["effect-if:you-control", "effect-trigger"]


def test_shared_keywords_and_bringing_into_play():
    (c,) = conds("Battle: Give your target Shugenja +1F if he shares an element keyword with one of his Spells.")
    assert (c.kind, c.args[1:]) == ("effect-if:shares-keyword", ("he", "element", "one of his Spells"))
    (c,) = conds("Battle: Straighten him if he and the Spell share an element or Thunder keyword.")
    assert c.args[1:] == ("he", "element|Thunder", "the Spell")
    (c,) = conds("Bow this card: Produce 1 Gold. Draw a card if you are bringing a Holding into play.")
    assert (c.kind, c.args[1:]) == ("effect-if:bringing-into-play", ("a Holding",))
    (c,) = conds("Open: Gain 1 Honor if the destruction was not from another player's card effect.")
    assert c.kind == "effect-if:none-of" and subs(c, 1) == [("action-from", "the destruction", "another player's card effect")]


def test_a_delay_until_you_recruit_and_n_or_more_in_joined_tests():
    ab = parse_ability("Unless you are Crab Clan, discard a card after you Recruit Hida Kisada.")
    assert ab.structured
    assert [c.kind for c in ab.conditions] == ["effect-delayed", "effect-unless:clan-player"]
    assert ab.conditions[0].args[1] == "after"
    # a leading "After you Recruit X, ..." stays the line's own trigger
    ab = parse_ability("Courtesy: After you Recruit Hida Kisada, gain 1 Honor.")
    assert not any(c.kind == "effect-delayed" for c in ab.conditions)
    (c,) = conds("Open: If he has 2 or more Chi, or is Crab Clan, draw a card.")
    assert subs(c, 1) == [("stat-at-least", "he", "2", "chi"), ("is-clan", "he", "Crab")]


def test_the_same_verb_on_other_cards_if():
    ab = parse_ability("Battle: Bow a Follower without attachments, or any card in that unit if you control a Duelist.")
    assert ab.structured
    bows = [e for e in ab.effects if isinstance(e, Effect)]
    assert [e.kind for e in bows] == ["bow", "bow"]
    assert [c.kind for c in ab.conditions] == ["effect-unless:you-control", "effect-if:you-control"]
    assert [c.args[0] for c in ab.conditions] == ["effect 0", "effect 1"]
    # a second target declaration: typed, but the resolver's target checks do not read the test
    ab = parse_ability("Battle: Target a Personality, or one or two Personalities if you control a Courtier: Give each target -3F.")
    assert ab.structured and not executes(ab)
    (first, second) = [e for e in ab.costs if isinstance(e, Effect)]
    assert (first.kind, second.kind) == ("target", "target") and second.target.ref == "target"
    assert second.target.count == 2 and second.target.up_to
    # "or" before any other words stays the base "X or Y"
    assert parse_ability("Battle: Bow a Follower, or destroy it if you control a Duelist.").structured


def test_more_counts_and_an_alternative_after_a_trigger():
    (c,) = conds("Open: Discard a card unless you have fewer cards in your hand or fewer Provinces than any other player.")
    assert c.kind == "effect-unless:any-of"
    assert subs(c, 1) == [("fewest-cards-in-hand",), ("fewest-provinces",)]
    (c,) = conds("This action costs 2 less Gold if it only targets one Follower.")
    assert (c.kind, c.args[1:]) == ("effect-if:targeted-only", ("it", "1"))
    ab = parse_ability("Battle: Fear 2. After this bows the target, give this Personality +1F, or +2F if he is Water.")
    assert ab.structured
    assert [c.kind for c in ab.conditions].count("effect-trigger") == 2  # both amounts wait for the trigger


def test_past_events_as_joined_verb_phrases():
    (c, _) = conds("Battle: After this battle resolves, if you won it and destroyed one or more "
                   "units during its resolution, gain 1 Honor.")
    assert c.kind == "effect-if:all-of"
    assert subs(c, 1) == [("won", "you", "it"),
                          ("did", "you", "destroyed", "one or more units", "during-its-resolution")]
    (c,) = conds("Interrupt: After the action resolves, if it was Water and bowed or destroyed any "
                 "enemy cards, gain 1 Honor.")
    (was, either) = decode(c.args[1:])
    assert (was.kind, was.args) == ("is", ("it", "Water"))
    assert either.kind == "any-of"
    assert [(s.kind, *s.args) for s in decode(either.args)] == [
        ("did", "it", "bowed", "any enemy cards"), ("did", "it", "destroyed", "any enemy cards")]
    c = conds("Battle: Fear 1, with +1 strength if Kenji has a Spear or has used his Battle "
              "ability this turn.")[-1]
    assert c.kind.endswith("any-of")
    assert subs(c, 1)[1] == ("did", "Kenji", "used", "his Battle ability", "this-turn")


def test_another_player_controls_and_assigned_none():
    (c,) = conds("After another player's Dynasty Phase begins, if he controls any Personalities and "
                 "he assigned none of them to an attacking army this turn: Gain 1 Honor.")
    assert c.kind == "all-of"
    assert subs(c) == [("controls", "he", "any Personalities"),
                       ("not-assigned", "he's cards", "to-attack", "this-turn")]


def test_and_before_a_second_subject_named_with_the():
    # each test its own condition on the effect, as "If A and B, X" reads
    cs = conds("Battle: Bow your Personality. If he is a Samurai and the Personality in the enemy "
               "target's unit is bowed, gain 1 Honor.")
    assert [(c.kind, *c.args[1:]) for c in cs] == [
        ("effect-if:is", "the Personality in the enemy target's unit", "bowed"),
        ("effect-if:is", "he", "a Samurai")]


def test_a_count_after_or_and_it_or_its_personality():
    c = conds("Limited: Give this Personality one Charging token, or two if any other player has 20 or "
              "higher Family Honor or more provinces than you.")[-1]
    assert c.kind.endswith("any-of")
    assert subs(c, 1)[-1] == ("count-compare", "any other player", "provinces", ">", "you")
    (c,) = conds("Battle: Put a target Follower in your discard pile into play if another player's action "
                 "destroyed it or its Personality this battle.")
    assert "did" in c.kind and "it or its Personality" in c.args
    # "or" before another test still joins two tests
    (c,) = conds("Battle: If this bowed it or you control a Courtier, gain 1 Honor.")
    assert c.kind == "effect-if:any-of"


def test_already_attaching_to_and_other_moments():
    (c,) = conds("Open: Until the turn ends, Rings will not enter play if their owner has already put "
                 "a Ring into play this turn.")
    assert (c.kind, *c.args[1:]) == ("effect-if:did", "their owner", "put", "a Ring into play", "this-turn")
    (_, c) = conds("Reaction: Even if this card is bowed, when paying for a Spell attaching to an opposed "
                   "Personality: Produce 1 Gold.")
    assert (c.kind, c.args) == ("paying-for", ("a Spell attaching to an opposed Personality",))
    c = conds("Battle: Choose your performing Samurai, bow him unless he was not in play when this "
              "Combat Segment began, and target an enemy card: Bow it.")[0]
    assert (c.kind, *c.args[1:]) == ("cost-unless:not-in-play-since", "he", "combat-segment-began")
    c = conds("Bow this card: When another Holding produces Gold to pay for a Spell, produce 1 Gold.")[0]
    assert (c.kind, *c.args[1:]) == ("effect-if:produces-gold-for", "another Holding", "a Spell")
    c = conds("Battle: Bow it if another player's action has destroyed one of your Personalities since "
              "the end of your last Battle action this battle.")[0]
    assert c.args[-2:] == ("since-the-end-of-your-last-battle-action", "this-battle")


def test_printed_action_rulebook_ability_and_a_changed_stat():
    c = conds("Interrupt: If the action Recruits Kenji or is his printed Battle action, gain 1 Honor.")[0]
    assert subs(c, 1) == [("did", "the action", "recruits", "Kenji"),
                          ("is-printed-action", "the action", "his", "Battle")]
    c = conds("Battle: Fear 1, with +1 strength if Kenji has used his rulebook Tactical Advantage "
              "ability this turn.")[-1]
    assert c.args[1:] == ("Kenji", "used", "his rulebook Tactical Advantage ability", "this-turn")
    c = conds("Battle: Ranged 1 Attack, plus 1 if the current Province's strength has been increased "
              "this turn.")[-1]
    assert (c.kind, *c.args[1:]) == ("effect-if:stat-changed", "the current Province", "strength", "increased",
                                     "this-turn")
