"""The rules reference covers RULES.md, and its API and `adjudicator rules` command behave."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator import rules as ref
from adjudicator.cli.rules_cmd import rules as rules_cmd

# ---------------------------------------------------------------------------------------------
# RULES.md, the catalogue the reference must cover
# ---------------------------------------------------------------------------------------------

_ROW_ID = re.compile(r"^\|\s*([A-Z][A-Z0-9]*-[A-Z0-9][A-Z0-9.\-]*)\s*\|")
_BERSERK_INLINE = re.compile(r"\b(\d{3}(?:\.\d+){2,})\b")


def _shared_dir() -> Path:
    env = os.environ.get("ADJUDICATOR_SHARED")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "shared"


@pytest.fixture(scope="module")
def rules_md() -> str:
    path = _shared_dir() / "RULES.md"
    if not path.is_file():
        pytest.skip(
            f"RULES.md not found at {path} (set ADJUDICATOR_SHARED to the shared folder "
            "holding RULES.md to run the coverage tests)"
        )
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def catalogue_rows(rules_md: str) -> list[tuple[str, str]]:
    rows = []
    for line in rules_md.splitlines():
        m = _ROW_ID.match(line)
        if m:
            rows.append((m.group(1), line))
    assert rows, "no rule IDs found in RULES.md tables"
    return rows


@pytest.fixture(scope="module")
def catalogue_ids(catalogue_rows: list[tuple[str, str]]) -> list[str]:
    return [rid for rid, _ in catalogue_rows]


def test_every_catalogue_id_has_an_entry_with_text(catalogue_ids: list[str]) -> None:
    missing = [rid for rid in catalogue_ids if not ref.is_known(rid)]
    assert not missing, f"RULES.md IDs missing from the reference: {missing}"
    for rid in catalogue_ids:
        entry = ref.get(rid)
        assert entry is not None
        assert entry.parent is None, f"{rid} must be a top-level entry"
        assert entry.text.strip() and entry.title.strip() and entry.seed.strip(), rid


def test_no_invented_top_level_ids(catalogue_ids: list[str]) -> None:
    top = [e.id for e in ref.all_rules().values() if e.parent is None]
    extra = sorted(set(top) - set(catalogue_ids))
    assert not extra, f"top-level IDs not in RULES.md: {extra}"
    assert len(top) == len(set(top))


def test_reference_follows_catalogue_order(catalogue_ids: list[str]) -> None:
    top = [e.id for e in ref.all_rules().values() if e.parent is None]
    assert top == catalogue_ids


def test_game_matches_id_prefix(catalogue_ids: list[str]) -> None:
    prefix_game = {"L5R": "l5r", "B": "berserk", "TM": "time-masters", "HIS": "here-i-stand"}
    for rid in catalogue_ids:
        assert ref.get(rid).game == prefix_game[rid.split("-", 1)[0]], rid


def test_berserk_inline_sub_numbers_are_entries(catalogue_rows: list[tuple[str, str]]) -> None:
    # RULES.md mentions 402.4.1, 404.2.1, 404.2.2, 405.2.1 inside Berserk rows.
    inline = set()
    for rid, line in catalogue_rows:
        if rid.startswith("B-"):
            inline.update(_BERSERK_INLINE.findall(line))
    assert inline, "expected Berserk sub-numbers such as 402.4.1 in RULES.md"
    for number in sorted(inline):
        entry = ref.get(f"B-{number}")
        assert entry is not None, f"B-{number} is cited in RULES.md but has no entry"
        assert entry.parent == ref.base_of(f"B-{number}")


# ---------------------------------------------------------------------------------------------
# The data itself
# ---------------------------------------------------------------------------------------------


def test_finer_ids_hang_under_their_parent() -> None:
    rules = ref.all_rules()
    for rid, entry in rules.items():
        assert entry.id == rid
        assert entry.game in ref.GAMES
        if entry.parent is not None:
            assert entry.parent in rules
            assert re.fullmatch(re.escape(entry.parent) + r"\.\d+", rid), rid
            assert entry.game == rules[entry.parent].game
            assert ref.base_of(rid) != rid


def test_brief_sub_rules_exist() -> None:
    assert "bowed" in ref.get("L5R-ACT-COND.1").text.lower()
    assert "in play" in ref.get("L5R-ACT-COND.2").text.lower()
    assert "once per turn" in ref.get("L5R-ACT-COND.3").text.lower()
    for n in range(1, 6):
        assert ref.is_known(f"L5R-ACT-COST.{n}")


def test_entries_are_frozen_and_cached() -> None:
    entry = ref.get("L5R-TURN")
    with pytest.raises(Exception):
        entry.title = "x"  # type: ignore[misc]
    assert ref.get("L5R-TURN") is entry
    # all_rules returns a copy: callers cannot corrupt the cache.
    d = ref.all_rules()
    d.clear()
    assert ref.is_known("L5R-TURN")


def test_counts_per_game() -> None:
    top = {g: sum(1 for e in ref.for_game(g) if e.parent is None) for g in ref.GAMES}
    assert top == {"l5r": 33, "berserk": 28, "time-masters": 7, "here-i-stand": 5}


# ---------------------------------------------------------------------------------------------
# API
# ---------------------------------------------------------------------------------------------


def test_get_and_is_known() -> None:
    assert ref.get("L5R-ACT-COST").title
    assert ref.get("l5r-act-cost").id == "L5R-ACT-COST"  # get tolerates case
    assert ref.get("NOPE-1") is None
    assert ref.is_known("B-402.4.1")
    assert not ref.is_known("l5r-act-cost")  # is_known is exact
    assert not ref.is_known("L5R-ACT-COST.99")  # finer forms are known only as entries


@pytest.mark.parametrize(
    "rid, base",
    [
        ("L5R-ACT-COST.2", "L5R-ACT-COST"),
        ("L5R-ACT-COST", "L5R-ACT-COST"),
        ("L5R-GOLD.9", "L5R-GOLD"),  # a finer ID with no entry still has a base
        ("B-402.4.1", "B-402.4"),
        ("B-401.1", "B-401.1"),  # dots are part of Berserk top-level IDs
        ("B-415.3", "B-415.3"),
        ("B-411.2", "B-411"),
        ("B-405.2.1", "B-405.2"),
        ("NOPE-1.2", "NOPE-1.2"),
    ],
)
def test_base_of(rid: str, base: str) -> None:
    assert ref.base_of(rid) == base


def test_cites() -> None:
    assert ref.cites("L5R-ACT-COST", "L5R-ACT-COST")
    assert ref.cites("L5R-ACT-COST.2", "L5R-ACT-COST")
    assert ref.cites("B-402.4.1", "B-402.4")
    assert not ref.cites("L5R-ACT-COST", "L5R-ACT-COST.2")
    assert not ref.cites("L5R-ACT-COND", "L5R-ACT-COST")
    assert not ref.cites("B-401.10", "B-401.1")
    assert not ref.cites("L5R-ACT-COSTS", "L5R-ACT-COST")


def test_children() -> None:
    assert [e.id for e in ref.children("L5R-ACT-COND")] == [
        "L5R-ACT-COND.1", "L5R-ACT-COND.2", "L5R-ACT-COND.3", "L5R-ACT-COND.4", "L5R-ACT-COND.5",
        "L5R-ACT-COND.6"]
    assert [e.id for e in ref.children("B-404.2")] == ["B-404.2.1", "B-404.2.2"]
    assert ref.children("L5R-TURN") == []


def test_suggest() -> None:
    assert ref.suggest("L5R-ACT-CST")[0] == "L5R-ACT-COST"
    assert ref.suggest("l5r-act-cost")[0] == "L5R-ACT-COST"  # case-insensitive
    assert ref.suggest("L5R-GOLD.9")[0] == "L5R-GOLD"
    assert "B-402.4" in ref.suggest("B-402.5")
    assert ref.suggest("HIS-IMPLSE")[0] == "HIS-IMPULSE"
    assert len(ref.suggest("L5R-ACT-CST", n=2)) <= 2
    assert ref.suggest("") == []


def test_for_game() -> None:
    tm = ref.for_game("time-masters")
    assert tm and all(e.game == "time-masters" for e in tm)
    assert [e.id for e in ref.for_game("TM")] == [e.id for e in tm]  # alias, any case
    assert ref.for_game("his")[0].id == "HIS-IMPULSE"
    with pytest.raises(ValueError):
        ref.for_game("chess")


def test_search() -> None:
    found = [e.id for e in ref.search("dishonored cost")]
    assert "L5R-ACT-COST" in found and "L5R-ACT-COST.5" in found
    # every word must occur
    assert all("parasite" in (e.text + e.title).lower() for e in ref.search("PARASITE"))
    assert ref.search("parasite xyzzy") == []
    assert ref.search("") == []
    # words match IDs too, and a quoted phrase is one word
    assert [e.id for e in ref.search("TM-SKIP")][0] == "TM-SKIP"  # TM-END.3 cites it too
    assert any(e.id == "L5R-ACT-COND.3" for e in ref.search('"once per turn"'))
    assert all(e.game == "berserk" for e in ref.search("stack", game="berserk"))


# ---------------------------------------------------------------------------------------------
# `adjudicator rules`
# ---------------------------------------------------------------------------------------------


@pytest.fixture()
def runner() -> CliRunner:
    return CliRunner()


def _stderr(result) -> str:
    try:
        return result.stderr
    except ValueError:  # click < 8.2 without mix_stderr=False
        return result.output


def test_cli_known_id_prints_rule_and_sub_rules(runner: CliRunner) -> None:
    result = runner.invoke(rules_cmd, ["L5R-ACT-COST"])
    assert result.exit_code == 0, result.output
    assert "L5R-ACT-COST — (D) Paying costs" in result.output
    for n in range(1, 6):
        assert f"L5R-ACT-COST.{n}" in result.output
    assert "\x1b[" not in result.output  # no colour when not a terminal


def test_cli_finer_id(runner: CliRunner) -> None:
    result = runner.invoke(rules_cmd, ["B-402.4.1"])
    assert result.exit_code == 0, result.output
    assert "sub-rule of B-402.4" in result.output


def test_cli_unknown_id_exits_2_with_suggestion(runner: CliRunner) -> None:
    result = runner.invoke(rules_cmd, ["L5R-ACT-CST"])
    assert result.exit_code == 2
    err = _stderr(result)
    assert "unknown rule ID 'L5R-ACT-CST'" in err
    assert "did you mean L5R-ACT-COST" in err


def test_cli_game_listing(runner: CliRunner) -> None:
    result = runner.invoke(rules_cmd, ["--game", "time-masters"])
    assert result.exit_code == 0, result.output
    assert "TM-TURN" in result.output and "TM-GAMEEND" in result.output
    assert "L5R-TURN" not in result.output
    bad = runner.invoke(rules_cmd, ["--game", "chess"])
    assert bad.exit_code == 2


def test_cli_search(runner: CliRunner) -> None:
    result = runner.invoke(rules_cmd, ["--search", "mulligan"])
    assert result.exit_code == 0, result.output
    assert "B-402.4" in result.output
    none = runner.invoke(rules_cmd, ["--search", "xyzzy plugh"])
    assert none.exit_code == 1


def test_cli_json(runner: CliRunner) -> None:
    result = runner.invoke(rules_cmd, ["L5R-ACT-COND", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["id"] == "L5R-ACT-COND" and data["game"] == "l5r" and data["parent"] is None
    assert [s["id"] for s in data["sub"]][:3] == [
        "L5R-ACT-COND.1", "L5R-ACT-COND.2", "L5R-ACT-COND.3"]
    assert data["text"] and data["seed"]

    listing = json.loads(runner.invoke(rules_cmd, ["--game", "his", "--format", "json"]).output)
    assert listing[0]["id"] == "HIS-IMPULSE"

    found = json.loads(runner.invoke(rules_cmd, ["--search", "Raphael", "--format", "json"]).output)
    assert [e["id"] for e in found] == ["B-415.2"]


def test_cli_no_arguments_lists_everything_grouped(runner: CliRunner) -> None:
    result = runner.invoke(rules_cmd, [])
    assert result.exit_code == 0, result.output
    out = result.output
    positions = [out.index(h) for h in ("(l5r)", "(berserk)", "(time-masters)", "(here-i-stand)")]
    assert positions == sorted(positions)
    for rid in ref.all_rules():
        assert rid in out
    data = json.loads(runner.invoke(rules_cmd, ["--format", "json"]).output)
    assert list(data) == list(ref.GAMES)


def test_cli_id_and_search_together_is_usage_error(runner: CliRunner) -> None:
    assert runner.invoke(rules_cmd, ["L5R-TURN", "--search", "x"]).exit_code == 2
