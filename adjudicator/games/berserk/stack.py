"""The stack (B-STACK): declared and triggered abilities, movements and actions, last on
resolves first; triggered abilities of the Opening and Final phases (B-410.2, B-415.1)."""

from __future__ import annotations

from adjudicator.core.position import Position, StackItem

from . import state as S
from .effects import carry_out


def push(position: Position, source: str, controller: str, description: str, payload: dict) -> None:
    position.stack.append(StackItem(source, controller, description, payload))


def resolve_top(position: Position, rec) -> None:
    """Both players passed in succession with something on the stack: the top resolves."""
    item = position.stack.pop()
    p = item.payload
    rec("event", f"both players passed: \"{item.source}\" resolves ({item.description})", "B-STACK", "B-408.3")
    kind = p["kind"]
    if kind == "movement":
        _resolve_movement(position, p, rec)
    elif kind == "delayed":
        eff = dict(p["effect"])
        if isinstance(eff.get("amount"), dict):
            eff["amount"] = p.get("x", 0)
        carry_out(position, eff, p["source"], p["target"], rec, p["rule"], item.controller)
    else:
        for eff in p["effects"]:
            carry_out(position, eff, p["uid"], p.get("target"), rec, p["rule"], item.controller, p.get("x"))
        if kind == "action":
            _pay_by_closing(position, p, rec)
    position.timing.priority = position.timing.active
    position.timing.passes = 0


def _resolve_movement(position: Position, p: dict, rec) -> None:
    copy = position.copies.get(p["uid"])
    if copy is None or not S.in_play(copy):
        rec("note", "the moving card has left the field; the movement does not happen", "B-413")
        return
    position.move(copy.uid, copy.controller, p["to"])
    for att in position.attachments_of(copy.uid):
        position.move(att.uid, copy.controller, p["to"], top=False)
    moved = position.memo.setdefault("moved", {})
    moved[str(copy.uid)] = moved.get(str(copy.uid), 0) + p["cost"]
    rec("effect", f"move \"{copy.name}\" to {p['to']}", "B-413")
    rec("cost", f"\"{copy.name}\" pays {p['cost']} movement point{'s' if p['cost'] != 1 else ''}", "B-413")


def _pay_by_closing(position: Position, p: dict, rec) -> None:
    copy = position.copies.get(p["uid"])
    if copy is None:
        return
    copy.flags.add("closed")
    rec("cost", f"close \"{copy.name}\": the price of its action", "B-414")


def _fires_for(ab: dict, controller: str, active: str) -> bool:
    whose = ab["whose"]
    return whose == "any" or (whose == "own") == (controller == active)


def turn_triggers(position: Position, trigger: str, rule: str, rec, opened: set[int] = frozenset()) -> None:
    """Put "at the start of turn" / "on opening" (B-410.2) or "at the end of turn" (B-415.1)
    abilities and delayed effects onto the stack: the active player's first (they resolve
    last), then the opponent's."""
    t = position.timing
    order = [t.active, S.other(position, t.active)]
    for player in order:
        for copy in S.cards_in_play(position, player):
            if "hidden" in copy.flags:
                continue
            for ab in S.abilities(position, copy):
                fires = ab["trigger"] == trigger and _fires_for(ab, player, t.active)
                fires = fires or (trigger == "start-of-turn" and ab["trigger"] == "on-opening" and copy.uid in opened)
                if not fires:
                    continue
                if ab["unknown"] or any(e["subject"] == "target" for e in ab["effects"]):
                    rec("note", f"\"{copy.name}\" ability {ab['index']} triggers but needs what this engine "
                        f"cannot carry out ({'; '.join(ab['unknown']) or 'a target chosen at resolution'}); "
                        "it is not put on the stack", rule)
                    continue
                x = _fixed_x(position, copy)
                push(position, copy.name, player, f"ability {ab['index']}: {ab['text']}",
                     {"kind": "trigger", "uid": copy.uid, "effects": ab["effects"], "rule": rule, "x": x})
                rec("event", f"\"{copy.name}\" ({ab['text']}) goes onto the stack", rule, "B-STACK")
        for delayed in [d for d in position.memo.get("delayed", []) if d["when"] == trigger
                        and d["controller"] == player]:
            position.memo["delayed"].remove(delayed)
            push(position, delayed["name"], player, f"delayed effect: {delayed['effect']['kind']}",
                 {"kind": "delayed", "effect": delayed["effect"], "source": delayed["source"],
                  "target": delayed["target"], "rule": rule, "x": delayed.get("x")})
            rec("event", f"the delayed effect of \"{delayed['name']}\" goes onto the stack", rule, "B-STACK")


def _fixed_x(position: Position, copy) -> int | None:
    fixed = position.memo.get("fixed_x", {}).get(str(copy.uid))
    return fixed.get("tokens") if fixed else None
