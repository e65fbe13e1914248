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
    for text in ("Battle: If your card bowed this Personality this battle, straighten him.",
                 "Battle: Ranged 4 Attack. If this targeted a card, gain 2 Honor."):
        ab, conds = _did(text)
        assert conds and not all(readable(c) or readable_in(ab, c) for c in conds), text
