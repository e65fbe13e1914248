"""Reading a Time Masters position: timers, the cards on and under them, time, VP.

Cards on a timer live in the zone ``on "Timer"`` and its extensions in ``under "Timer"``,
both owned by the timer's mage and keyed by the timer's name (the scenario language names
these zones by card name, so two same-named timers of one mage cannot be told apart there).
"""

from __future__ import annotations

from ...core.position import TABLE, Copy, Position

HAND_SIZE = 5  # TM-END.2: a mage draws up to five cards, less the cards under timers
LEVELS = (1, 2, 3, 4, 5)  # the five spheres of consciousness (TM-GAMEEND)
DEFAULT_SLOTS = 1  # a timer card that states no ``slots`` has one black slot (our pin)

RELEASED = "rotated"  # copy flag: a knowledge card left in the timer zone by an ended timer


def on_key(timer: Copy) -> str:
    return f'on "{timer.name}"'


def under_key(timer: Copy) -> str:
    return f'under "{timer.name}"'


def timers_of(pos: Position, player: str) -> list[Copy]:
    """The timer cards in the mage's timer zone (released knowledge cards are not timers)."""
    return [c for c in pos.zone(player, "timers") if c.card.type == "timer"]


def released_of(pos: Position, player: str) -> list[Copy]:
    """Knowledge cards lying loose in the timer zone, left there by an ended timer."""
    return [c for c in pos.zone(player, "timers") if c.card.type == "knowledge"]


def cards_on(pos: Position, timer: Copy) -> list[Copy]:
    return pos.zone(timer.zone_owner, on_key(timer))


def cards_under(pos: Position, timer: Copy) -> list[Copy]:
    return pos.zone(timer.zone_owner, under_key(timer))


def slots(pos: Position, timer: Copy) -> int:
    value = pos.stat(timer, "slots")
    return DEFAULT_SLOTS if value is None else int(value)


def free_slots(pos: Position, timer: Copy) -> int:
    return max(slots(pos, timer) - len(cards_on(pos, timer)), 0)


def is_full(pos: Position, timer: Copy) -> bool:
    """TM-TIMERS: a timer is fully filled when every black slot holds a knowledge card."""
    return free_slots(pos, timer) == 0


def extension_count(pos: Position, player: str) -> int:
    return sum(len(cards_under(pos, t)) for t in timers_of(pos, player))


def hand_limit(pos: Position, player: str) -> int:
    """TM-END.2 / TM-TIMERS.1: five, less the cards lying under the mage's timers."""
    return max(HAND_SIZE - extension_count(pos, player), 0)


def victory_points(pos: Position, player: str) -> int:
    """TM-GAMEEND.2: the VP printed on all the mage's cards, wherever they lie."""
    return sum(int(pos.stat(c, "vp") or 0) for c in pos.all_copies() if c.owner == player)


def time_left(pos: Position, player: str) -> int:
    """The tie-break of TM-GAMEEND.2: unspent regular time plus imaginary time."""
    attrs = pos.players[player].attrs
    return int(attrs.get("time", 0)) + int(attrs.get("imaginary-time", 0))


def level_key(level: int) -> str:
    return f"level {level}"


def level_stack(pos: Position, level: int) -> list[Copy]:
    return pos.zone(TABLE, level_key(level))


def empty_levels(pos: Position) -> list[int]:
    """Exhausted level stacks: declared by the scenario (or emptied by taking) and now empty.

    A level the scenario never mentions has no zone entry and is not counted (see the pin in
    the game module's docstring)."""
    return [n for n in LEVELS if (TABLE, level_key(n)) in pos.zones and not level_stack(pos, n)]


def turn_memo(pos: Position) -> dict:
    """Bookkeeping of the current turn (reset when a turn begins)."""
    memo = pos.memo.setdefault("turn", {})
    memo.setdefault("handled_timers", [])  # uids of full timers extended or ended this Timers phase
    memo.setdefault("main_acted", False)  # a Main-phase action was taken (no skipping after it)
    memo.setdefault("levels_taken", [])  # TM-ACCESS.2
    memo.setdefault("access_spent", 0)  # TM-ACCESS.1 (levels plus surcharges)
    memo.setdefault("exhausted", [])  # levels whose stack ran out this turn (TM-GAMEEND.1)
    return memo


def pending_full_timers(pos: Position, player: str) -> list[Copy]:
    """Full timers still waiting for the TM-TIMERS decision this turn."""
    handled = set(turn_memo(pos)["handled_timers"])
    return [t for t in timers_of(pos, player) if is_full(pos, t) and t.uid not in handled]
