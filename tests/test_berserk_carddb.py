"""Berserk card database loader: the real all_cards.json and malformed files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from adjudicator.games.berserk.carddb import CardDatabaseError, LoadResult, load_pool


def _shared_berserk() -> Path:
    env = os.environ.get("ADJUDICATOR_SHARED")
    if env:
        return Path(env) / "data" / "berserk"
    return Path(__file__).resolve().parents[2] / "shared" / "data" / "berserk"


ALL_CARDS = _shared_berserk() / "all_cards.json"


def need(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"shared Berserk data not found at {path} (set ADJUDICATOR_SHARED to the shared/ folder)")
    return path


# ------------------------------------------------------------------ real data


def test_real_file_loads_with_duplicates_reported():
    need(ALL_CARDS)
    raw = json.loads(ALL_CARDS.read_text(encoding="utf-8"))
    distinct = {r["name"] for r in raw}
    result = load_pool(ALL_CARDS)
    assert isinstance(result, LoadResult)
    assert result.path == ALL_CARDS
    assert len(result.pool) == len(distinct)
    dups = [s for s in result.skipped if "duplicate" in s[1]]
    assert len(dups) == len(raw) - len(distinct)
    assert len(result.skipped) == len(dups)


def test_real_card_values():
    result = load_pool(need(ALL_CARDS))
    raw = json.loads(ALL_CARDS.read_text(encoding="utf-8"))
    first = {}
    for r in raw:
        first.setdefault(r["name"], r)
    kelem = result.pool.get("Келем")
    rec = first["Келем"]
    assert kelem.type == "creature"
    assert kelem.attrs[f"{rec['crystal']}-cost"] == rec["crystalCount"]
    assert kelem.attrs["life"] == int(rec["health"])
    assert kelem.attrs["strike"] == tuple(rec["kick"])
    assert len(kelem.attrs["strike"]) == 3
    assert kelem.attrs["element"] == "swamp"
    assert "[:tap]" in kelem.text
    assert kelem.source == "all_cards.json"


def test_real_types_flags_and_keywords():
    result = load_pool(need(ALL_CARDS))
    cards = [result.pool.get(n) for n in result.pool.names()]
    assert {c.type for c in cards} == {"creature", "equipment", "terrain", "artifact"}
    uniques = [c for c in cards if "[:unq]" in c.text]
    assert uniques and all("unique" in c.flags for c in uniques)
    assert any("fly" in c.flags for c in cards)
    assert any(c.keywords for c in cards)
    assert {c.attrs.get("element") for c in cards} <= {"steppe", "mountains", "forest", "darkness", "swamp", "neutral"}


def test_keeps_first_of_duplicate_names(tmp_path):
    recs = [
        {"type": "c", "race": "s", "name": "Дубль", "desc": "Броня 1.", "crystal": "gold", "crystalCount": 3,
         "health": "5", "kick": [1, 2, 3], "steps": 1, "abilities": []},
        {"type": "c", "race": "s", "name": "Дубль", "desc": "Броня 2.", "crystal": "gold", "crystalCount": 4,
         "health": "6", "kick": [1, 2, 3], "steps": 1, "abilities": []},
    ]
    f = tmp_path / "cards.json"
    f.write_text(json.dumps(recs, ensure_ascii=False), encoding="utf-8")
    result = load_pool(f)
    assert result.pool.get("Дубль").text == "Броня 1."
    assert len(result.skipped) == 1 and "duplicate" in result.skipped[0][1]


# ------------------------------------------------------------------ malformed files


def test_truncated_file_raises_clear_error(tmp_path):
    f = tmp_path / "cut.json"
    f.write_text('[{"type":"c","name":"Ахти","desc":"-1 от [:atk].", "crystal": "sil', encoding="utf-8")
    with pytest.raises(CardDatabaseError) as info:
        load_pool(f)
    msg = str(info.value)
    assert "cut.json" in msg and "invalid JSON" in msg


def test_missing_and_empty_file(tmp_path):
    with pytest.raises(CardDatabaseError, match="not found"):
        load_pool(tmp_path / "nope.json")
    empty = tmp_path / "empty.json"
    empty.write_text("", encoding="utf-8")
    with pytest.raises(CardDatabaseError, match="empty"):
        load_pool(empty)


def test_wrong_shape_raises(tmp_path):
    f = tmp_path / "num.json"
    f.write_text("42", encoding="utf-8")
    with pytest.raises(CardDatabaseError, match="num.json"):
        load_pool(f)


def test_not_utf8(tmp_path):
    f = tmp_path / "latin.json"
    f.write_bytes('[{"name": "Ахти"}]'.encode("cp1251"))
    with pytest.raises(CardDatabaseError, match="UTF-8"):
        load_pool(f)


def test_bad_records_skipped_others_loaded(tmp_path):
    good = {"type": "t", "race": "f", "name": "Поляна", "desc": "Лес.", "crystal": "silver", "crystalCount": 2,
            "abilities": []}
    recs = [
        good,
        {"type": "z", "name": "Странная"},
        {"type": "c", "race": "f", "name": "Без удара", "crystal": "gold", "crystalCount": 1, "kick": [1, 2]},
        "not a record",
        {"type": "c", "race": "f", "crystal": "gold", "crystalCount": 1},
        {"type": "c", "race": "f", "name": "Жизнь-текст", "crystal": "gold", "crystalCount": 1, "health": "много"},
    ]
    f = tmp_path / "mixed.json"
    f.write_text(json.dumps(recs, ensure_ascii=False), encoding="utf-8")
    result = load_pool(f)
    assert result.pool.names() == ["Поляна"]
    card = result.pool.get("Поляна")
    assert card.type == "terrain" and card.attrs["silver-cost"] == 2 and card.attrs["element"] == "forest"
    reasons = " | ".join(r for _, r in result.skipped)
    assert len(result.skipped) == 5
    assert "unknown type" in reasons and "kick" in reasons and "name" in reasons and "health" in reasons
