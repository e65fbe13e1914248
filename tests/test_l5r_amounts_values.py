"""More values an amount is read from (adjudicator/games/l5r/amounts.py): half a printed Gold
Cost, "the highest X among ...", a Province change times a count; and an Item's Force with its
lasting changes (the value such bonuses give)."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r import amounts
from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes

from .helpers import run_text


@pytest.mark.parametrize("text", [
    "Siege Battle: Bow your target unbowed Fortification. Ranged Attack equal to half its Gold Cost, rounded up, plus 1.",
    "This card has a Force bonus equal to the highest Focus Value among Spells in its unit.",
    "Earth Open: Give your Provinces +2 strength for each Ring you control (this turn).",
])
def test_these_amounts_execute(text):
    ab = parse_ability(text)
    assert ab.structured and executes(ab), text


def test_highest_needs_its_own_value_word():
    # "highest:force" names the value compared: a Focus Value read from it is not that value
    ab = parse_ability("This card has a Force bonus equal to the highest Focus Value among Spells in its unit.")
    spec = ab.effects[1].target
    assert amounts.highest_of("focus", spec) is not None
    assert amounts.highest_of("chi", spec) is None


ONE_UNIT = """scenario "t"
game l5r
card "Crane Blade" item force 1 gold-cost 0 text "{text}"
card "Quiet Monk" personality force 1 chi 3 honor-requirement 0 personal-honor 1 gold-cost 3 keywords Monk Crane
card "Small Prayer" spell focus 2 gold-cost 0
player Alice clan Crane family-honor 12
player Bob   clan Crab family-honor 9
phase action
Alice home: "Quiet Monk" as M1, "Crane Blade" as B attached-to M1, "Small Prayer" attached-to M1, "Quiet Monk" as M2
{expect}
"""


@pytest.mark.parametrize("text, blade, monk", [
    ("This Item has +1F for each Crane Clan Personality you control.", 3, 4),
    ("This card has a Force bonus equal to the highest Focus Value among Spells in its unit.", 3, 4),
])
def test_item_force_includes_its_lasting_bonus(text, blade, monk):
    # an Item's Force modifier with the lasting change to it is what its Personality gets
    r = run_text(ONE_UNIT.format(text=text, expect=f"expect B force {blade}\nexpect M1 force {monk}"))
    assert r.passed, [f.render() for f in r.failures]
