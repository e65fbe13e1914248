"""What "If this bowed / the Ranged Attack destroyed / this moved him" conditions read (conditions.py)."""

from adjudicator.games.l5r import ability as A
from adjudicator.games.l5r import effects as E
from adjudicator.games.l5r.conditions import readable, readable_in


def _did(text):
    ab = A.parse_ability(text)
    return ab, [c for c in ab.conditions if c.kind.startswith("effect-if:did")]


def test_attack_subject_is_read_only_with_its_ability():
    ab, (cond,) = _did("Battle: Ranged 4 Attack. If the Ranged Attack destroyed a card, gain 1 Honor.")
    assert not readable(cond)  # without the ability: which effects the attack made is unknown
    assert readable_in(ab, cond)
    assert E.executes(ab)


def test_attack_subject_not_read_when_other_effects_came_first():
    ab, (cond,) = _did("Battle: Bow a target enemy card. Ranged 4 Attack. If the Ranged Attack destroyed a card, "
                       "gain 1 Honor.")
    assert not readable_in(ab, cond)  # the bow's doings would be counted as the attack's


def test_this_with_pronoun_and_described_objects():
    for text in ("Battle: Move a target Personality home. Straighten him if this moved him.",
                 "Battle: Move a target Personality home. If this did not move him home, destroy him.",
                 "Battle: Bow a target enemy card. If this bowed a Personality with attachments, gain 1 Honor.",
                 "Battle: Fear 2. If this bowed a Personality with lower Personal Honor, gain 1 Honor."):
        _, conds = _did(text)
        assert conds and all(readable(c) for c in conds), text


def test_periods_and_other_subjects_stay_unread():
    # a period the turn's record does not hold is not read; what the action targeted is read only when
    # it has one target, named last (a cost "Bow your target X" names another card after it)
    for text in ("Limited: If you have not lost Honor from cards you own this game, gain 1 Honor.",
                 "Battle: Bow your target Samurai: Ranged 4 Attack. If this targeted a card, gain 2 Honor.",
                 "Battle: Bow a target card. Ranged 4 Attack. If this targeted a Follower, gain 2 Honor."):
        ab, conds = _did(text)
        assert conds and not all(readable(c) or readable_in(ab, c) for c in conds), text


def test_the_one_target_is_read():
    for text in ("Battle: Ranged 4 Attack. If this targeted a card, gain 2 Honor.",
                 "Battle: Dishonor a target enemy Personality and give him -2F. If this targeted a Crab Clan "
                 "Personality, gain 1 Honor."):
        ab, conds = _did(text)
        assert conds and all(readable_in(ab, c) for c in conds), text


def test_periods_of_the_turn_are_read_from_its_record():
    # history.py: what the engine recorded this turn
    for text in ("Battle: If your card bowed this Personality this battle, straighten him.",
                 "Battle: If Ajasu has moved this battle, straighten him.",
                 "Open: If you have not played another Flashy Technique this turn, gain 1 Honor."):
        ab, conds = _did(text)
        assert conds and all(readable(c) for c in conds), text


def _clause(text, kind):
    ab = A.parse_ability(text)
    return ab, next(c for c in ab.effects if getattr(c, "kind", "") == kind)


def test_army_restrictions_name_their_army():
    from adjudicator.games.l5r.effects_restrictions import _army, army_clause_executes

    ab, c = _clause("Open: Target a Personality: He may not assign to, and will not move into, an attacking army.",
                    "cannot-move-to")
    assert _army(c) == "attacking" and army_clause_executes(c, ab)
    ab, c = _clause("Open: Target a Personality: He may not be assigned, and will not move, to battlefields.",
                    "cannot-assign")
    assert _army(c) == "any" and army_clause_executes(c, ab)
    # a restriction lasting past the turn: the engine's flags end with the turn, so not claimed
    ab, c = _clause("Open: Target a Personality: He may not be assigned, and will not move, to battlefields "
                    "until the current phase ends.", "cannot-assign")
    assert not army_clause_executes(c, ab) or c.duration in (None, "turn")


def test_own_may_not_assign_traits_are_not_claimed():
    # the card's own "cannot-assign" flag does not keep to one army (game.continuous_flags)
    ab = A.parse_ability("Asuka may not assign, and will not move, into a defending army.")
    assert not E.executes(ab)


def _guards(text, prefix):
    ab = A.parse_ability(text)
    return ab, [c for c in ab.conditions if c.kind.startswith(prefix)]


def test_if_you_did_looks_back_to_the_players_own_optional_effect():
    ab, (cond,) = _guards("Battle: Bow a target enemy card. You may bow this card; if you did, draw a card.",
                          "effect-if:did")
    assert readable_in(ab, cond)
    # another player's choice ("His controller may …") is read by "he does", not by "you did"
    ab, conds = _guards("Open: Target a Personality. His controller may discard a card. If he does, draw a card.",
                        "effect-if:did")
    assert conds and all(readable_in(ab, c) for c in conds)
    ab, conds = _guards("Open: Target a Personality. His controller may discard a card. If you did, draw a card.",
                        "effect-if:did")
    assert conds and not any(readable_in(ab, c) for c in conds)


def test_your_personality_needs_one_card_it_can_mean():
    ab, (cond,) = _guards("Battle: Choose your performing Personality and target an enemy Personality: Bow him. "
                          "If your Personality is a Magistrate, gain 1 Honor.", "effect-if:is")
    assert readable_in(ab, cond)
    # two of your Personalities named before: which one is meant is not read
    ab, (cond,) = _guards("Battle: Choose your performing Personality and target your other Personality: Bow him. "
                          "If your Personality is a Magistrate, gain 1 Honor.", "effect-if:is")
    assert not readable_in(ab, cond)


def test_if_you_did_after_a_search_is_not_read():
    # a search is carried out on its own path: whether it found something is not recorded
    ab, conds = _guards("Battle: You may search your Fate deck for a Kiho; if you do, draw a card.", "effect-if:did")
    assert not any(readable_in(ab, c) for c in conds)
