"""`adjudicator fmt`: canonical layout, meaning unchanged, idempotent, --check exit codes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.formatter import format_text, signature
from adjudicator.core.scenario_parser import parse_scenario

from .helpers import run_cli, REPO

SHIPPED = sorted((REPO / "scenarios").rglob("*.scn"))


def run(args, **kwargs):
    return run_cli(args, **kwargs)


MESSY = '''\ufeff

# a leading comment
scenario   "A  title  with  spaces"\t
game l5r
rule L5R-ROUND    L5R-TURN   # trailing comment
\t
\t

player Alice clan Crane family-honor 12
player Bob   clan Crab  family-honor 9
phase action
  Alice home :"Veteran Sergeant" bowed ,"Doji Hoturi"   as DH
Alice hand:
Alice plays "Firm Stance#not a comment" targeting DH
expect illegal
Bob passes # he passes
expect priority Alice


'''

CANONICAL = '''# a leading comment
scenario "A  title  with  spaces"
game l5r
rule L5R-ROUND L5R-TURN  # trailing comment

player Alice clan Crane family-honor 12
player Bob clan Crab family-honor 9
phase action
Alice home: "Veteran Sergeant" bowed, "Doji Hoturi" as DH
Alice hand:
Alice plays "Firm Stance#not a comment" targeting DH
expect illegal
Bob passes  # he passes
expect priority Alice
'''


def test_messy_file_becomes_canonical():
    assert format_text(MESSY) == CANONICAL


def test_canonical_is_fixed_point():
    assert format_text(CANONICAL) == CANONICAL


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_shipped_scenarios_keep_their_meaning(path: Path):
    text = path.read_text(encoding="utf-8")
    once = format_text(text, str(path))
    assert signature(parse_scenario(once, str(path))) == signature(parse_scenario(text, str(path)))
    assert format_text(once, str(path)) == once
    for comment in re.findall(r"^\s*(#.*?)\s*$", text, re.M):
        assert comment in once


# ---- hypothesis: whitespace and comment noise never changes meaning -----------------------


def _outside_string_spaces(line: str) -> list[int]:
    """Indexes of spaces not inside a quoted string (strings cannot span lines)."""
    out, quoted, escaped = [], False, False
    for i, ch in enumerate(line):
        if quoted:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch == "#":
            break
        elif ch == " ":
            out.append(i)
    return out


WS = st.text(alphabet=" \t", min_size=1, max_size=4)


@st.composite
def noisy(draw, *, comments: bool):
    path = draw(st.sampled_from(SHIPPED))
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    for line in lines:
        spaces = _outside_string_spaces(line)
        chars = list(line)
        for i in reversed(spaces):
            if draw(st.booleans()):
                chars[i] = draw(WS)
        line = draw(st.sampled_from(["", " ", "\t", "  "])) + "".join(chars) + draw(st.sampled_from(["", " ", "\t"]))
        if comments and draw(st.integers(0, 5)) == 0 and "#" not in line:
            line += draw(st.sampled_from([" # why", "\t#x", "#  spaced  comment  "]))
        out.append(line)
        if comments and draw(st.integers(0, 6)) == 0:
            out.append(draw(st.sampled_from(["", "   ", "# a note", "\t# indented note", ""])))
    ending = draw(st.sampled_from(["\n", "", "\n\n", "\r\n"]))
    joiner = "\r\n" if ending == "\r\n" else "\n"
    return path, joiner.join(out) + ending


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(noisy(comments=False))
def test_spacing_noise_formats_to_the_same_text(case):
    path, text = case
    original = path.read_text(encoding="utf-8")
    assert format_text(text) == format_text(original)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(noisy(comments=True))
def test_comment_noise_keeps_meaning_and_comments(case):
    path, text = case
    once = format_text(text)
    assert signature(parse_scenario(once)) == signature(parse_scenario(text))
    assert format_text(once) == once
    for comment in re.findall(r"#.*$", text.replace("\r", ""), re.M):
        if '"' not in comment:
            assert comment.rstrip() in once


# ---- the command ------------------------------------------------------------------------


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "ok.scn").write_text(CANONICAL, encoding="utf-8")
    (tmp_path / "messy.scn").write_text(MESSY, encoding="utf-8")
    return tmp_path


def test_check_lists_unformatted_and_exits_1(folder):
    res = run(["fmt", "--check", str(folder)])
    assert res.exit_code == 1, res.output
    assert f"{folder / 'messy.scn'}: not formatted" in res.output
    assert "ok.scn" not in res.output
    assert (folder / "messy.scn").read_text(encoding="utf-8") == MESSY  # --check writes nothing


def test_fmt_rewrites_then_check_passes(folder):
    res = run(["fmt", str(folder)])
    assert res.exit_code == 0, res.output
    assert (folder / "messy.scn").read_text(encoding="utf-8") == CANONICAL
    res = run(["fmt", "--check", str(folder)])
    assert res.exit_code == 0, res.output


def test_syntax_error_exits_2_with_position(tmp_path):
    bad = tmp_path / "bad.scn"
    bad.write_text('scenario "x"\ngame l5r\nAlice home: Doji\n', encoding="utf-8")
    before = bad.read_text(encoding="utf-8")
    for args in (["fmt", str(bad)], ["fmt", "--check", str(bad)]):
        res = run(args)
        assert res.exit_code == 2
        assert f"{bad}:3:13" in res.output
    assert bad.read_text(encoding="utf-8") == before


def test_missing_path_exits_2(tmp_path):
    assert run(["fmt", str(tmp_path / "nope.scn")]).exit_code == 2
