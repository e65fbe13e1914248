"""A position as a readable board: timing, each player with attributes and zones, the
shared table, the stack. Plain text lines; the session colours them when it may."""

from __future__ import annotations

from ..core.position import TABLE, Copy, Position


def _copy_text(position: Position, copy: Copy) -> str:
    state = sorted(copy.flags | {m.flag for m in position.modifiers_on(copy.uid) if m.flag})
    state += [f"{k} {v}" for k, v in sorted(copy.counters.items()) if v]
    state += [f"{k} {v}" for k, v in sorted(copy.overrides.items(), key=str)]
    for m in position.modifiers_on(copy.uid):
        if m.stat and m.delta:
            state.append(f"{m.stat} {m.delta:+d} ({m.duration})")
        if m.keyword:
            state.append(f"gains {m.keyword}")
    if copy.attached_to is not None and copy.attached_to in position.copies:
        state.append(f'attached to "{position.copies[copy.attached_to].name}"')
    text = f'"{copy.name}"'
    if copy.label:
        text += f" ({copy.label})"
    return text + (f" [{', '.join(state)}]" if state else "")


def _zone_line(position: Position, owner: str, zone: str) -> str:
    shown: list[str] = []
    counts: list[int] = []
    for copy in position.zone(owner, zone):
        text = _copy_text(position, copy)
        if shown and shown[-1] == text:
            counts[-1] += 1
        else:
            shown.append(text)
            counts.append(1)
    cards = ", ".join(f"{n}× {t}" if n > 1 else t for t, n in zip(shown, counts)) or "(empty)"
    return f"  {zone}: {cards}"


def _value(v) -> str:
    return "-".join(map(str, v)) if isinstance(v, tuple) else str(v)


def render_board(position: Position, *, hide: str | None = None) -> list[str]:
    """The board as lines. ``hide`` names a timing field (priority, phase …) to show as '?'."""
    t = position.timing

    def show(field: str, value) -> str:
        return f"{field} {'?' if hide == field else (value if value not in (None, '') else '-')}"

    timing = [show("turn", t.turn), show("active", t.active), show("phase", t.phase)]
    if t.step:
        timing.append(show("step", t.step))
    timing.append(show("priority", t.priority))
    lines = ["· ".join(part + " " for part in timing).rstrip()]
    if position.game_over:
        lines.append("game over" + (f", winner {position.winner}" if position.winner else ""))
    for name, player in position.players.items():
        attrs = [f"{k} {_value(v)}" for k, v in player.attrs.items() if v is not None]
        attrs += sorted(player.flags)
        marks = [m for m, on in (("active", t.active == name), ("priority", t.priority == name)) if on and hide != m]
        head = name + (f" ({', '.join(attrs)})" if attrs else "") + (f"  <- {', '.join(marks)}" if marks else "")
        lines.append(head)
        lines.extend(_zone_line(position, owner, zone) for owner, zone in position.zones
                     if owner == name and position.zones[(owner, zone)])
    table = [_zone_line(position, owner, zone) for owner, zone in position.zones
             if owner == TABLE and position.zones[(owner, zone)]]
    if table:
        lines.append("table")
        lines.extend(table)
    if position.stack:
        lines.append("stack (top first): " + ", ".join(f'"{s.source}"' for s in reversed(position.stack)))
    return lines
