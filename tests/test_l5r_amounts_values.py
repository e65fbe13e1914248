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
    "Open: Target a Personality whose Personal Honor is less than printed. His controller loses Honor equal to the difference.",
    "Battle, Bow this card: Fear equal to Kaito's Force plus the number of Spells he has.",
    "Battle: Ranged 3 Attack with +1 strength for each Follower in the target's unit.",
    ("Fire Battle: Target your performing unbowed Fire Personality to make a Ranged 3 Attack with +1 strength for "
     "each Fire token on your Personality."),
    ("Battle: Choose your performing unbowed Courtier and target an attacking Personality: Move him home. If he "
     "is dishonorable, his controller loses Honor equal to his base Personal Honor."),
    ("Battle: Choose one to four of your performing Personalities. Give each of them a Force bonus equal to his "
     "printed Personal Honor."),
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


@pytest.mark.parametrize("text", [
    # the gap between an enemy's Force and another target's: not a target's own printed value
    "Battle: Target your Personality and an enemy Personality with lower Force. Give your Personality a Force bonus "
    "equal to the difference.",
    # "the target's unit" with a target of its own besides the attack's
    "Battle: Target your Follower. Ranged 3 Attack with +1 strength for each Follower in the target's unit.",
    # "he" names no card whose value was read: the Fear's strength starts from nothing
    "Battle: Fear 2, plus 1 for each Spell he has.",
    # "your Personality" names no target: whose tokens?
    "Fire Battle: Ranged 3 Attack with +1 strength for each Fire token on your Personality.",
    # "his" with no effect on "him" before it: the chosen Courtier or the target?
    "Battle: Choose your performing unbowed Courtier and target an attacking Personality: Gain Honor equal to his "
    "base Personal Honor.",
    # "him" before anything is chosen: the Choose after it binds nothing back
    "Battle: Give him a Force bonus equal to his Chi. Choose one of your Personalities.",
])
def test_these_stay_refused(text):
    assert not executes(parse_ability(text)), text


def test_difference_is_no_target():
    # "the difference" names a gap between values: the action asks for one target, not two
    from adjudicator.games.l5r.procedure import target_specs

    ab = parse_ability("Open: Target a Personality whose Personal Honor is less than printed. "
                       "His controller loses Honor equal to the difference.")
    assert [s.text for s in target_specs(ab)] == ["a Personality whose Personal Honor is less than printed"]


def test_your_noun_after_a_target_of_yours_is_that_target():
    # "Target your Samurai ... your Samurai": the target; "your Samurai" after an enemy's is no target
    from adjudicator.games.l5r.states import the_target_spec

    ab = parse_ability("Battle: Target your Samurai. Give your Samurai +2F.")
    specs = [c.target for c in ab.effects if c.target is not None]
    assert the_target_spec(specs, ab.effects[1].target) is ab.effects[0].target
    ab = parse_ability("Battle: Target an enemy Samurai. Give your Samurai +2F.")
    specs = [c.target for c in ab.effects if c.target is not None]
    assert the_target_spec(specs, ab.effects[1].target) is None


def test_either_option_on_one_target_asks_it_once():
    # "Increase or decrease a target Holding's Gold Production by half Hora's Chi": one target spec,
    # shared by both options, is asked for once
    from adjudicator.games.l5r.procedure import target_specs

    ab = parse_ability("Economic Open, Bow this card: Increase or decrease a target Holding's Gold Production "
                       "(this turn) by half Hora's Chi, rounded up.")
    assert executes(ab)
    assert len(target_specs(ab)) == 1
