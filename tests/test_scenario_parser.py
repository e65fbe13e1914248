"""The scenario grammar and its errors: FILE:LINE:COL, caret, expected words, suggestions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core import scenario_ast as A
from adjudicator.core.errors import ScenarioError, ScenarioSyntaxError, SourceError
from adjudicator.core.scenario_parser import parse_scenario

from .helpers import REPO


def statements(text: str):
    return parse_scenario(text, "x.scn").statements


def test_header_fields_are_pulled_out():
    scn = parse_scenario('scenario "T"\ngame l5r\nrule L5R-ROUND B-401.1\nnote "n"\n', "x.scn")
    assert (scn.title, scn.game, scn.rules, scn.notes) == ("T", "l5r", ("L5R-ROUND", "B-401.1"), ("n",))


def test_zone_entries_with_counts_flags_and_labels():
    (zone,) = statements('scenario "T"\ngame l5r\nAlice home: 2 "Ashigaru" bowed, "Doji \\"Hoturi\\"" force 4 as H\n')
    assert isinstance(zone, A.ZoneStmt)
    first, second = zone.entries
    assert (first.count, first.name, first.atoms[0].value) == (2, "Ashigaru", "bowed")
    assert (second.name, second.label) == ('Doji "Hoturi"', "H")
    assert [a.value for a in second.atoms] == ["force", 4]


def test_empty_zone_and_numbered_and_cell_zones():
    sts = statements('scenario "T"\ngame berserk\nAlice province 2:\nBob cell 1.2: "X" strike 1-2-2\n')
    assert sts[0].zone.key == "province 2" and sts[0].entries == ()
    assert sts[1].zone.key == "cell 1.2"
    assert sts[1].entries[0].atoms[1].value == (1, 2, 2)


def test_action_objects_and_clauses():
    (act,) = statements('scenario "T"\ngame l5r\nAlice buys "X" with A, "B" discounted\n')
    body = act.body
    assert body.verb == "buys" and body.objects[0].text == "X"
    assert [o.text for o in body.with_] == ["A", "B"] and body.flags == ("discounted",)


def test_word_objects_with_numbers_and_mode_flags():
    (act,) = statements('scenario "T"\ngame time-masters\nAlice takes level 4 second\n')
    assert (act.body.objects[0].text, act.body.objects[0].number, act.body.flags) == ("level", 4, ("second",))


def test_expectations_forms():
    sts = statements('''scenario "T"
game l5r
expect illegal because L5R-ACT-COST "dishonored"
expect Alice may not play "X" targeting "Y" because L5R-ACT-COST
expect order target "Y", cost, effect "draw", cleanup
expect "X" in Alice province 2
expect H bowed
expect Alice hand 8
expect Alice not imperial-favor
expect stack "A", "B"
expect stack empty
expect game not over
expect winner Bob
''')
    kinds = [type(s).__name__ for s in sts]
    assert kinds == ["ExpectIllegal", "ExpectMay", "ExpectOrder", "ExpectIn", "ExpectProp", "ExpectProp",
                     "ExpectProp", "ExpectStack", "ExpectStack", "ExpectGameOver", "ExpectWinner"]
    assert sts[0].rules == ("L5R-ACT-COST",) and sts[0].text == "dishonored"
    assert sts[1].negated and sts[1].rules == ("L5R-ACT-COST",)
    assert [s.kind for s in sts[2].steps] == ["target", "cost", "effect", "cleanup"]
    assert sts[6].negated and sts[6].prop == "imperial-favor"
    assert sts[8].names == ()


def test_positions_are_carried():
    (act,) = statements('scenario "T"\ngame l5r\n\n  Alice passes\n')
    assert (act.pos.file, act.pos.line, act.pos.column) == ("x.scn", 4, 3)


@pytest.mark.parametrize("text, line, col, needle", [
    ('scenario "T\n', 1, 10, "unterminated string"),
    ('scenario "T"\ngame l5r\nAlice home: Doji\n', 3, 13, "quoted"),
    ('scenario "T"\ngame l5r\nexpect legl\n', 3, 12, "did you mean 'legal'"),
    ('game l5r\n', 1, 6, 'scenario "Title"'),
    ('scenario "T"\n', 1, 10, "'game' line is missing"),
])
def test_errors_point_at_the_place(text, line, col, needle):
    with pytest.raises(SourceError) as info:
        parse_scenario(text, "bad.scn")
    err = info.value
    assert (err.file, err.line, err.column) == ("bad.scn", line, col)
    assert needle in err.render()
    assert err.render().startswith(f"bad.scn:{line}:{col}:")


def test_error_render_shows_line_and_caret():
    with pytest.raises(ScenarioSyntaxError) as info:
        parse_scenario('scenario "T"\ngame l5r\nAlice home: Doji\n', "bad.scn")
    lines = info.value.render().splitlines()
    assert lines[1].strip() == "Alice home: Doji"
    assert lines[2].index("^") == lines[1].index("Doji")


def test_huge_input_is_refused():
    with pytest.raises(ScenarioError):
        parse_scenario('scenario "T"\n' + "# x\n" * 600_000, "big.scn")


SHIPPED = sorted((REPO / "scenarios").rglob("*.scn"))


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_mutated_scenarios_parse_or_fail_cleanly(data):
    """Random edits of shipped scenarios give an AST or a SourceError, never another exception."""
    if not SHIPPED:
        pytest.skip("no shipped scenarios")
    path = data.draw(st.sampled_from(SHIPPED))
    text = path.read_text(encoding="utf-8")
    pos = data.draw(st.integers(0, len(text)))
    cut = data.draw(st.integers(0, 8))
    insert = data.draw(st.text(alphabet='ab "#:,.-1\n\\é', max_size=6))
    mutated = text[:pos] + insert + text[pos + cut:]
    try:
        parse_scenario(mutated, "m.scn")
    except SourceError as err:
        assert err.line >= 0 and err.render()


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_never_crashes(text):
    try:
        parse_scenario(text, "r.scn")
    except SourceError:
        pass
