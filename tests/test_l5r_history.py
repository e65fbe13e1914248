"""The turn's record (adjudicator/games/l5r/history.py): what is recorded, when a period is known, and
which tests over a period executes() claims."""

from __future__ import annotations

from adjudicator.core.cards import CardDef
from adjudicator.core.position import Position
from adjudicator.games.l5r import history
from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes, move_with_attachments
from adjudicator.games.l5r.triggers_events import raise_event

from .helpers import claims_tests


def _position(turn: int = 2) -> tuple[Position, object, object]:
    pos = Position("l5r")
    pos.add_player("Alice")
    pos.add_player("Bob")
    pos.timing.turn, pos.timing.active, pos.timing.phase = turn, "Alice", "action"
    samurai = pos.create_copy(CardDef(name="Samurai", type="personality", attrs={"force": 2},
                                      keywords=("Samurai", "Magistrate")), "Alice", "Alice", "home")
    ronin = pos.create_copy(CardDef(name="Ronin", type="personality", attrs={"force": 1}), "Bob", "Bob", "home")
    return pos, samurai, ronin


def test_a_period_is_known_only_once_the_engine_began_the_turn():
    pos, samurai, _ = _position()
    raise_event(pos, "bowed", samurai)
    assert history.entries(pos, "this-turn") is None  # declared mid-turn: what happened before is unknown
    history.turn_begins(pos)
    assert history.entries(pos, "this-turn") == []
    raise_event(pos, "bowed", samurai)
    (entry,) = history.entries(pos, "this-turn")
    assert entry["verb"] == "bowed" and entry["uid"] == samurai.uid and entry["phase"] == "action"
    pos.timing.turn += 1  # (turn._next_turn clears the record; the mark no longer matches either)
    assert history.entries(pos, "this-turn") is None


def test_a_move_records_the_card_and_its_attachments():
    pos, samurai, _ = _position()
    history.turn_begins(pos)
    sword = pos.create_copy(CardDef(name="Sword", type="item"), "Alice", "Alice", "home")
    sword.attached_to = samurai.uid
    move_with_attachments(pos, samurai, "battlefield 1")
    moved = [(e["uid"], e["to"]) for e in history.entries(pos, "this-turn") if e["verb"] == "moved"]
    assert moved == [(samurai.uid, "battlefield 1"), (sword.uid, "battlefield 1")]


def test_this_battle_is_the_current_battlefields():
    pos, samurai, _ = _position()
    history.turn_begins(pos)
    raise_event(pos, "destroyed", samurai)  # in the action phase: in no battle
    assert history.entries(pos, "this-battle") is None
    pos.timing.phase, pos.memo["current-battlefield"] = "attack", "battlefield 1"
    assert history.entries(pos, "this-battle") == []
    found = history.test("was", ("one of your Magistrates", "destroyed", "this-turn"), pos=pos, actor="Alice",
                         subject=lambda word: None)
    assert found is True


def test_a_destroyed_personality_is_dead_until_he_leaves_the_discard_pile():
    pos, samurai, _ = _position()
    raise_event(pos, "destroyed", samurai)
    pos.move(samurai.uid, "Alice", "dynasty-discard")
    assert history.dead(samurai)
    pos.move(samurai.uid, "Alice", "home")
    raise_event(pos, "enters-play", samurai)
    assert not history.dead(samurai)


CLAIMED = [
    "Battle: Give a target enemy Follower or Personality -2F, or -3F if this Personality has moved this turn.",
    "Battle, Bow this card: Ranged 2 Attack. If Ajasu has moved this battle, straighten him.",
    "Battle: Fear 1, or Fear 2 if you Equipped this Item during this battle.",
    "Open: If you have not played another Flashy Technique this turn, Personalities have -1F while attacking.",
    "Limited: If you have attached a card from your hand this turn, bow Madoka: Draw a card.",
    "Battle: Move this Personality to the current battlefield if he assigned there.",
    "Water Battle: If there is a dead Personality in any discard pile, Ranged 3 Attack.",
    "Open, Bow this card: Straighten this Holding if you have not given any Madness tokens this turn. Give a "
    "target Personality a Madness token.",
]

NOT_CLAIMED = [
    # not recorded: Honor lost, a period reaching into earlier turns
    "Political Open: If another player's action has caused you an Honor loss this turn, give your target "
    "Personality a +1F Revenge token.",
    "Limited: If none of your provinces have been destroyed since your last turn began, or you are a Scorpion "
    "Clan player: Gain 2 Honor.",
]


test_tests_over_the_turn_are_claimed, test_what_is_not_recorded_is_not_claimed = claims_tests(CLAIMED, NOT_CLAIMED)


def test_a_pronoun_after_an_if_about_this_card_is_this_card():
    from adjudicator.games.l5r.conditions import leading_subject

    pos, samurai, ronin = _position()
    ab = parse_ability("Battle, Bow this card: Ranged 2 Attack. If Samurai has moved this battle, straighten him.")
    assert leading_subject(pos, samurai, ab, 1, ab.effects[1]) == [samurai]
    # a card the text named before is the antecedent: the usual binding
    ab = parse_ability("Open: Target a Personality: If Samurai is at home, bow him.")
    index = next(i for i, e in enumerate(ab.effects) if e.kind == "bow")
    assert leading_subject(pos, samurai, ab, index, ab.effects[index]) is None


def test_a_test_on_a_delayed_effect_waits_for_its_moment():
    from adjudicator.games.l5r import delayed

    ab = parse_ability("Open: If it is not your turn, target your Fortification. Before this turn ends, if it is "
                       "still in play, gain 1 Honor.")
    in_play = next(c for c in ab.conditions if c.kind == "effect-if:in-play")
    assert delayed.at_moment(ab, in_play)
    # "-2F, or -3F if ...": not a test of a delayed effect
    ab = parse_ability("Battle: Give a target enemy Personality -2F, or -3F if this Personality has moved this turn.")
    assert not any(delayed.at_moment(ab, c) for c in ab.conditions)
    # "1 Honor, or 2 Honor if you control a Temple" after the moment: the alternative is not set aside with it
    assert not executes(parse_ability("Air Open: Bow this Shugenja to target another player's Personality. After the "
                                      "next time (this turn) the target assigns to attack you, gain 1 Honor, or 2 "
                                      "Honor if you control a Temple."))
