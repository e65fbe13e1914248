"""L5R card database loaders: the real Oracle/EoPK files and small malformed ones."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from adjudicator.games.l5r.carddb import CardDatabaseError, LoadResult, load_pool


def _shared_l5r() -> Path:
    env = os.environ.get("ADJUDICATOR_SHARED")
    if env:
        return Path(env) / "data" / "l5r"
    return Path(__file__).resolve().parents[2] / "shared" / "data" / "l5r"


L5R = _shared_l5r()
ORACLE = L5R / "oracle_of_the_void_json"
EOPK = L5R / "eopk" / "cards-emperor.xml"


def need(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"shared L5R data not found at {path} (set ADJUDICATOR_SHARED to the shared/ folder)")
    return path


# ------------------------------------------------------------------ real data


def test_oracle_folder_loads_every_record():
    need(ORACLE)
    result = load_pool(ORACLE)
    assert isinstance(result, LoadResult)
    assert result.skipped == []
    # every record has a distinct name once experienced versions use their "- exp" title
    raw = sum(len(json.loads(p.read_text(encoding="utf-8"))) for p in ORACLE.glob("*.json"))
    assert len(result.pool) + len(result.duplicates) == raw


def test_oracle_card_fields():
    need(ORACLE)
    pool = load_pool(ORACLE).pool
    kodo = pool.get("Agasha Kodo")
    assert kodo is not None
    assert kodo.type == "personality"
    assert kodo.attrs["gold-cost"] == 7
    assert kodo.attrs["chi"] == 4
    assert kodo.attrs["honor-requirement"] == 6
    assert kodo.attrs["personal-honor"] == 4
    assert kodo.attrs["clan"] == "Phoenix"
    assert "Courtier" in kodo.keywords
    assert kodo.text == "Political Open: Straighten a target Holding."
    assert kodo.source == "personalities.json"


def test_oracle_types_and_text_cleaned():
    need(ORACLE)
    pool = load_pool(ORACLE).pool
    types = {pool.get(n).type for n in pool.names()}
    assert "action" in types and "strategy" not in types
    assert {"sensei", "celestial", "personality", "holding", "follower"} <= types
    for name in pool.names():
        text = pool.get(name).text
        assert "<b>" not in text and "<br>" not in text and ":bow:" not in text
        assert "&#" not in text


def test_oracle_follower_bonus_and_missing_values():
    need(ORACLE)
    pool = load_pool(ORACLE).pool
    followers = [pool.get(n) for n in pool.names() if pool.get(n).type == "follower"]
    assert followers
    assert all(isinstance(f.attrs.get("force", 0), (int, str)) for f in followers)
    # "-" honor requirements are omitted, never stored as "-"
    assert all(pool.get(n).attrs.get("honor-requirement") != "-" for n in pool.names())


def test_single_oracle_file():
    path = need(ORACLE / "rings.json")
    result = load_pool(path)
    assert len(result.pool) == len(json.loads(path.read_text(encoding="utf-8")))
    assert all(result.pool.get(n).type == "ring" for n in result.pool.names())


def test_eopk_loads_with_keywords_from_bold_line():
    need(EOPK)
    result = load_pool(EOPK)
    assert len(result.pool) > 2000
    assert result.skipped == []
    oni = result.pool.get("Raido no Oni")
    assert oni.type == "personality"
    assert oni.keywords == ("Shadowlands", "Nonhuman", "Oni")
    assert oni.attrs["force"] == 10 and oni.attrs["personal-honor"] == 0
    assert "honor-requirement" not in oni.attrs  # printed "-"
    assert not oni.text.startswith("Shadowlands")
    assert "(MRP)" not in oni.text
    bar = result.pool.get("Blue Tanuki Bar")
    assert bar.keywords == ("Sake Works",)
    assert bar.text.splitlines()[0] == "Bow this card: Produce 1 Gold."


# ------------------------------------------------------------------ malformed input


def test_malformed_records_are_skipped_with_reason(tmp_path):
    records = [
        {"title": ["Good Card"], "type": ["Holding"], "cost": ["2"], "text": ["<b>Limited:</b> Draw a card."]},
        {"type": ["Holding"]},  # no title
        {"title": ["Bad Cost"], "type": ["Holding"], "cost": [{"x": 1}]},
        "not a record",
        {"title": ["No Type"]},
        {"title": ["X Card"], "type": ["Strategy"], "cost": ["X"], "focus": ["-"]},
    ]
    f = tmp_path / "mixed.json"
    f.write_text(json.dumps(records), encoding="utf-8")
    result = load_pool(f)
    assert sorted(result.pool.names()) == ["Good Card", "X Card"]
    assert result.pool.get("Good Card").text == "Limited: Draw a card."
    assert result.pool.get("X Card").type == "action"
    assert result.pool.get("X Card").attrs == {"gold-cost": "X"}
    assert len(result.skipped) == 4
    for rid, reason in result.skipped:
        assert "mixed.json" in rid and "mixed.json" in reason
    reasons = " | ".join(r for _, r in result.skipped)
    assert "title" in reasons and "type" in reasons


def test_duplicate_titles_keep_first(tmp_path):
    f = tmp_path / "dup.json"
    f.write_text(
        json.dumps(
            [
                {"title": ["Same"], "type": ["Item"], "force": ["+1"]},
                {"title": ["Same"], "type": ["Item"], "force": ["+3"]},
            ]
        ),
        encoding="utf-8",
    )
    result = load_pool(f)
    assert result.pool.get("Same").attrs["force"] == 1
    assert len(result.duplicates) == 1


@pytest.mark.parametrize(
    "name, content",
    [
        ("truncated.json", '[{"title": ["A"], "type": ["Item"]'),
        ("garbage.json", "this is not json"),
        ("wrong.json", '"just a string"'),
        ("truncated.xml", '<cards><card id="1" type="item"><name>A</name>'),
        ("notcards.xml", "<decks><deck/></decks>"),
    ],
)
def test_broken_files_raise_card_database_error(tmp_path, name, content):
    f = tmp_path / name
    f.write_text(content, encoding="utf-8")
    with pytest.raises(CardDatabaseError) as info:
        load_pool(f)
    assert name in str(info.value)
    assert info.value.path.endswith(name)


def test_missing_path_and_empty_folder(tmp_path):
    with pytest.raises(CardDatabaseError):
        load_pool(tmp_path / "nope.json")
    with pytest.raises(CardDatabaseError):
        load_pool(tmp_path)


def test_eopk_malformed_card_skipped(tmp_path):
    f = tmp_path / "cards-small.xml"
    f.write_text(
        """<cards version="t">
  <card id="A1" type="personality"><name>Hida Test</name>
    <text><![CDATA[<b>Crab Clan &#8226; Samurai</b> <br><b>Battle:</b> Bow a target Follower.]]></text>
    <force>3</force><chi>2</chi><honor_req>-</honor_req><clan>crab</clan></card>
  <card id="A2" type="holding"><text>no name</text></card>
  <card id="A3"><name>No Type</name></card>
</cards>""",
        encoding="utf-8",
    )
    result = load_pool(f)
    assert result.pool.names() == ["Hida Test"]
    card = result.pool.get("Hida Test")
    assert card.keywords == ("Crab Clan", "Samurai")
    assert card.attrs == {"force": 3, "chi": 2, "clan": "Crab"}
    assert card.text == "Battle: Bow a target Follower."
    assert [rid for rid, _ in result.skipped] == ["cards-small.xml#1 (id A2)", "cards-small.xml#2 (id A3)"]
