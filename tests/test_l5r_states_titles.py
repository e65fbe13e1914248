"""'not named X' / 'without this card's title': the title test of states.py."""
from adjudicator.games.l5r.states import _title, checked


def test_not_titled_states_are_checked():
    assert checked("not-titled:Yasuki Tono")
    assert checked("not-titled:this")


def test_an_experienced_version_has_the_same_title():
    assert _title("Yasuki Tono \u2022 Experienced") == _title("Yasuki Tono")
    assert _title("Yasuki Tono") != _title("Yasuki Taka")


def test_a_target_not_named_is_executable():
    from adjudicator.games.l5r.ability import parse_ability
    from adjudicator.games.l5r.effects import executes

    assert executes(parse_ability("Limited: Dishonor a target Personality not named Kakita Ryoku."))
