"""Carrying out ability effects: wounds, healing, tokens, opening/closing, stat changes,
granted abilities and delayed effects ("в конце хода — …").

``EXECUTABLE_KINDS`` lists the effect kinds this engine really carries out (the coverage
tool reads it). Any other kind is refused where it is declared, never faked.
"""

from __future__ import annotations

from adjudicator.core.position import Modifier, Position

#: kinds of the ability AST (ability.EFFECT_KINDS) this engine carries out; "may-stay-closed"
#: is honoured by the keep-closed choice of the preparation step (B-410.1)
EXECUTABLE_KINDS: frozenset[str] = frozenset({
    "wound", "heal", "gain-token", "lose-token", "open", "close", "modify-stat", "grant-ability", "may-stay-closed",
})
#: kinds the engine itself creates (the automatic "after placement — reveal" of B-404.2.1/.2)
INTERNAL_KINDS: frozenset[str] = frozenset({"reveal"})


def amount_of(position: Position, effect: dict, source_uid: int, stated_x: int | None) -> int:
    """An effect's number; X is read from the value fixed at the start of the turn (B-409.1)
    when the phase fixed one, else from the card now, else the value the player stated."""
    amount = effect.get("amount", 0)
    if not isinstance(amount, dict):
        return amount
    what = amount["x"]
    if what == "stated":
        return stated_x or 0
    fixed = position.memo.get("fixed_x", {}).get(str(source_uid))
    if fixed is not None and what in fixed:
        return fixed[what]
    return position.copies[source_uid].counters.get(what, 0)


def carry_out(position: Position, effect: dict, source_uid: int, target_uid: int | None, rec, rule: str,
              controller: str, stated_x: int | None = None) -> None:
    """Do one effect now; ``rec(kind, text, *rules)`` records the step."""
    source = position.copies.get(source_uid)
    subject_uid = target_uid if effect["subject"] == "target" else source_uid
    card = position.copies.get(subject_uid) if subject_uid is not None else None
    if card is None:
        rec("note", f"{effect['kind']} from \"{source.name if source else '?'}\" has no card to act on any more",
            rule)
        return
    if effect.get("delayed"):
        position.memo.setdefault("delayed", []).append({
            "when": effect["delayed"], "effect": {**effect, "delayed": None}, "source": source_uid,
            "target": subject_uid, "controller": controller, "name": source.name if source else card.name,
            "x": amount_of(position, effect, source_uid, stated_x)})
        rec("effect", f"create a delayed effect of \"{card.name}\": {effect['kind']} {effect.get('amount', '')}"
            f" at the {'end' if effect['delayed'] == 'end-of-turn' else 'start'} of turn", rule)
        return
    kind = effect["kind"]
    n = amount_of(position, effect, source_uid, stated_x)
    name = f'"{card.name}"'
    if kind == "wound":
        card.counters["wounds"] = card.counters.get("wounds", 0) + n
        rec("effect", f"wound {name} by {n}", rule)
    elif kind == "heal":
        healed = min(n, card.counters.get("wounds", 0))
        card.counters["wounds"] = card.counters.get("wounds", 0) - healed
        rec("effect", f"heal {name} by {n} ({healed} wound{'s' if healed != 1 else ''} removed)", rule)
    elif kind == "gain-token":
        card.counters["tokens"] = card.counters.get("tokens", 0) + n
        rec("effect", f"put {n} token{'s' if n != 1 else ''} on {name}", rule)
    elif kind == "lose-token":
        lost = min(n, card.counters.get("tokens", 0))
        card.counters["tokens"] = card.counters.get("tokens", 0) - lost
        rec("effect", f"remove {lost} token{'s' if lost != 1 else ''} from {name}", rule)
    elif kind == "close":
        card.flags.add("closed")
        rec("effect", f"close {name}", rule)
    elif kind == "open":
        card.flags.discard("closed")
        rec("effect", f"open {name}", rule)
    elif kind == "reveal":
        card.flags.discard("hidden")
        rec("effect", f"reveal {name}", rule)
    elif kind == "modify-stat":
        duration = effect.get("duration", "permanent")
        position.modifiers.append(Modifier(subject_uid, stat=effect["stat"], delta=n, duration=duration,
                                           source=source.name if source else "", rule=rule,
                                           created_turn=position.timing.turn))
        until = " until the end of turn" if duration == "turn" else ""
        rec("effect", f"give {name} {n:+d} {effect['stat']}{until}", rule)
    elif kind == "grant-ability":
        t = position.timing
        position.memo.setdefault("gained", []).append(
            {"uid": subject_uid, "text": effect["text"], "turn": t.turn, "phase": t.phase})
        rec("effect", f"{name} gains the ability «{effect['text']}»", rule)
    else:  # pragma: no cover - declarations refuse unknown kinds first
        raise ValueError(kind)
