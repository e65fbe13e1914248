"""How often an ability may work: «один (Х) раз за ход» and «Х раз за бой».

Glossary of the Heroes rules, «Один (Х) раз за ход»: «В качестве дополнительной оплаты
свойства или особенности „один (Х) раз за ход“ карта получает специальный маркер … Карта не
может иметь более одного (Х) таких маркеров. Перед началом хода карта теряет эти маркеры.»
The markers are the card's entries in ``memo["used_turn"]`` (cleared as the turn passes,
B-415.3, before the next turn starts); "per battle" markers (``memo["used_battle"]``) are the
same marker never lost (B-404.2, B-406.1, B-407.1 use "once per battle per card" likewise).
B-401.4: such an ability is not used in the Preliminary phase (battle._use_preliminary).
"""

from __future__ import annotations

from adjudicator.core.position import Position


def _key(uid: int, ab: dict) -> str:
    return f"{uid}:{ab['index']}"


def turn_limit(ab: dict) -> int | None:
    return (ab.get("turn_limit") or 1) if ab.get("once_per_turn") else None


def battle_limit(ab: dict) -> int | None:
    return (ab.get("battle_limit") or 1) if ab.get("once_per_battle") else None


def exhausted(position: Position, ab: dict, uid: int) -> str | None:
    """Why the card cannot pay another marker for this ability (None when it can)."""
    key = _key(uid, ab)
    n = turn_limit(ab)
    if n is not None and position.memo.get("used_turn", []).count(key) >= n:
        return f"it has already worked {_times(n)} this turn (its limit: {_times(n)} per turn)"
    n = battle_limit(ab)
    if n is not None and position.memo.get("used_battle", []).count(key) >= n:
        return f"it has already worked {_times(n)} this battle (its limit: {_times(n)} per battle)"
    return None


def mark(position: Position, ab: dict, uid: int, turn: bool = True) -> None:
    """The card takes its markers for one use (a per-turn one always when ``turn``: played
    abilities are recorded so that a per-turn limit counts every use)."""
    key = _key(uid, ab)
    if turn or turn_limit(ab) is not None:
        position.memo.setdefault("used_turn", []).append(key)
    if battle_limit(ab) is not None:
        position.memo.setdefault("used_battle", []).append(key)


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def target_exhausted(position: Position, ab: dict, uid: int, target_uid: int | None) -> str | None:
    """«(1 раз за бой для каждого существа)»: why this target cannot receive it again (None: it can)."""
    if not ab.get("battle_per_target") or target_uid is None:
        return None
    if f"{_key(uid, ab)}:{target_uid}" in position.memo.get("used_battle_target", []):
        return "it has already worked on that card this battle (its limit: once per battle for each card)"
    return None


def mark_target(position: Position, ab: dict, uid: int, target_uid: int | None) -> None:
    if ab.get("battle_per_target") and target_uid is not None:
        position.memo.setdefault("used_battle_target", []).append(f"{_key(uid, ab)}:{target_uid}")
