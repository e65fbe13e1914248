"""The runner and checker on small scenarios: failures carry FILE:LINE, expected, found, rules."""

from __future__ import annotations

import pytest

from adjudicator.core.errors import ScenarioError

from .helpers import L5R_HEAD, run_text


def test_wrong_expectation_fails_with_line_expected_found_rules():
    r = run_text(L5R_HEAD + 'phase action\nAlice passes\nexpect priority Alice\n')
    (failure,) = r.failures
    assert failure.line == 7
    assert failure.expected == "priority Alice"
    assert failure.found == "priority Bob"
    assert "L5R-ROUND" in failure.rules


def test_unexpected_rejection_fails_the_scenario():
    r = run_text(L5R_HEAD + 'phase action\nBob passes\n')
    (failure,) = r.failures
    assert failure.line == 6 and "L5R-ROUND" in failure.rules and "rejected" in failure.found


def test_rejection_leaves_the_position_unchanged():
    from adjudicator.core.registry import get_game
    from adjudicator.core.scenario_parser import parse_scenario
    from adjudicator.core.runner import ScenarioRun

    scn = parse_scenario(L5R_HEAD + 'phase action\nAlice home: "Veteran Sergeant" bowed\n'
                         'Alice hand: "Sudden Order"\nexpect Alice hand 1\n', "t.scn")
    run = ScenarioRun(scn)
    run.run()
    before = run.position.fingerprint()
    action = parse_scenario(L5R_HEAD + 'Bob plays "Sudden Order" targeting "Veteran Sergeant"\n', "a.scn")
    body = action.statements[-1].body
    ruling = get_game("l5r").attempt(run.position, "Bob", body)
    assert not ruling.accepted
    assert run.position.fingerprint() == before


@pytest.mark.parametrize("text, needle", [
    ('player Alice\nplayer Bob\nAlice hand: "Nope Card"\nexpect Alice hand 1\n', 'unknown card "Nope Card"'),
    ('player Alice\nplayer Bob\nAlice hnd: "Fresh Orders"\n', "did you mean 'hand'"),
    ('player Alice\nplayer Bob\nphase acton\n', "did you mean 'action'"),
    ('player Alice\nplayer Bob\nAlice plys "Fresh Orders"\n', "did you mean 'play'"),
    ('player Alice\nplayer Bob\nAlise passes\n', "did you mean 'Alice'"),
    ('player Alice\nplayer Bob\nexpect Alice family-honr 3\n', "did you mean 'family-honor'"),
    ('player Alice\nplayer Bob\nAlice passes\nexpect illegal because L5R-ACT-CST\n', "unknown rule ID"),
    ('player Alice\nplayer Bob\nexpect legal\n', "no action comes before it"),
    ('player Alice\nplayer Bob\nAlice home: "Fresh Orders" as X\nBob home: "Fresh Orders" as X\n', "used twice"),
    ('player Alice\nplayer Bob\ncard "Z" personality honor-requirement -2\nAlice home: "Z"\nexpect Alice hand 0\n',
     "negative Honor requirement"),
    ('player Alice\nplayer Alice\n', "declared twice"),
])
def test_bad_content_is_a_clear_error(text, needle):
    with pytest.raises(ScenarioError) as info:
        run_text('scenario "t"\ngame l5r\n' + text)
    assert needle in info.value.render()
    assert info.value.line > 0


def test_unknown_game_suggests():
    with pytest.raises(ScenarioError) as info:
        run_text('scenario "t"\ngame l5rr\n')
    assert "did you mean 'l5r'" in info.value.render()


def test_ambiguous_name_asks_for_a_label():
    with pytest.raises(ScenarioError) as info:
        run_text(L5R_HEAD + 'Alice home: "Veteran Sergeant", "Veteran Sergeant" bowed\nexpect "Veteran Sergeant" bowed\n')
    assert "label" in info.value.render()


def test_labels_pick_one_copy():
    r = run_text(L5R_HEAD + 'Alice home: "Veteran Sergeant" as V1, "Veteran Sergeant" bowed as V2\n'
                 'expect V2 bowed\nexpect V1 not bowed\n')
    assert r.passed, [f.render() for f in r.failures]


def test_same_report_every_time():
    text = L5R_HEAD + 'phase action\nAlice passes\nBob passes\nexpect phase attack\n'
    first, second = run_text(text), run_text(text)
    assert first.as_dict() == second.as_dict()
    assert [t.steps for t in first.trace] == [t.steps for t in second.trace]


def test_table_zone_counts_and_negated_values():
    r = run_text('scenario "t"\ngame here-i-stand\ncard "Machiavelli" event cp 2\nplayer Ottoman admin-rating 2\n'
                 'Ottoman hand: "Machiavelli"\nOttoman plays "Machiavelli" for cp\n'
                 "expect table discard 1\nexpect table not discard 2\nexpect Ottoman not hand 1\n")
    assert r.passed, [f.render() for f in r.failures]
    r = run_text('scenario "t"\ngame here-i-stand\nplayer Ottoman admin-rating 2\nexpect table discard 1\n')
    (failure,) = r.failures
    assert failure.found == "table discard 0"
