"""The stack (B-STACK): declared and triggered abilities, movements and actions, last on
resolves first; triggered abilities of the Opening and Final phases (B-410.2, B-415.1)."""

from __future__ import annotations

from adjudicator.core.position import Position, StackItem

from . import state as S
from .effects import carry_out, carry_out_all


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
        carry_out_all(position, p["effects"], p["uid"], p.get("target"), rec, p["rule"], item.controller,
                      p.get("x"), p.get("tier"), p.get("attacked"))
        if kind == "action":
            _pay_by_closing(position, p, rec)
    close_triggers(position, p.get("rule", "B-STACK"), rec)
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
    # «При перемещении»: the card's own movement has happened (B-413: "once the movement
    # happens"); its abilities go onto the stack above nothing else (B-STACK)
    for ab in S.abilities(position, copy):
        if ab["trigger"] != "on-move" and not ab.get("also_on_move"):
            continue
        if ab.get("move_turn") == "opponent" and copy.controller == position.timing.active:
            rec("note", f"\"{copy.name}\" ability {ab['index']} works on a movement in the opponent's turn; this "
                "is its controller's turn", "B-413")
            continue
        why = trigger_blocker(position, ab, copy.controller, copy.uid)
        if why:
            rec("note", f"\"{copy.name}\" ability {ab['index']} triggers but needs what this engine cannot carry out "
                f"({why}); it is not put on the stack", "B-413")
            continue
        push_trigger(position, copy, ab, copy.controller, "B-413", rec,
                     how="triggers on its movement and goes onto the stack")


def _pay_by_closing(position: Position, p: dict, rec) -> None:
    copy = position.copies.get(p["uid"])
    if copy is None:
        return
    if p.get("strike_attack") and (S.has_keyword(position, copy, "Опыт в атаке")
                                   or S.has_keyword(position, copy, "Опыт в атаке и защите")):
        # glossary «Опыт в атаке»: «Карта не закрывается после того как атаковало ударом» — the
        # price of B-414 is not paid by closing (cf. «Не закрывается после атаки»: the card still
        # counts as having acted)
        rec("cost", f"\"{copy.name}\" does not close after attacking with its strike (Опыт в атаке)", "B-414")
        return
    S.close(position, copy)
    rec("cost", f"close \"{copy.name}\": the price of its action", "B-414")


def _fires_for(ab: dict, controller: str, active: str) -> bool:
    whose = ab["whose"]
    return whose == "any" or (whose == "own") == (controller == active)


def turn_triggers(position: Position, trigger: str, rule: str, rec, opened: set[int] = frozenset()) -> None:
    """Put "at the start of turn" / "on opening" (B-410.2) or "at the end of turn" (B-415.1)
    abilities and delayed effects onto the stack.

    Who orders simultaneous triggers: the seeds (B-410.2, B-415.1) only say they go onto the
    stack. The one source that speaks to it, the FAQ of «Возвращение древних» (rules_heroes/
    FAQ12.rst, «Алое пламя дракона»: «При одновременной гибели существ особенности «гибель»
    … срабатывают в выбранном игроком порядке, начиная с неактивного игрока»), with the
    glossary's «Наименее активный игрок … первым объявляет … срабатывающие способности»,
    gives the order used here: the inactive player's triggers go on first (they resolve
    last), then the active player's (on top, resolving first); each player orders their own,
    and the engine's default for that choice is the board order (``S.board_order``: cells
    row by row, then column, then the auxiliary zone) — never the order in which the
    scenario happened to declare its cells."""
    t = position.timing
    order = [S.other(position, t.active), t.active]
    for player in order:
        for copy in sorted(S.cards_in_play(position, player), key=S.board_order):
            if "hidden" in copy.flags:
                continue
            for ab in S.abilities(position, copy):
                fires = ab["trigger"] == trigger and _fires_for(ab, player, t.active)
                fires = fires or (trigger == "start-of-turn" and ab["trigger"] == "on-opening" and copy.uid in opened)
                if not fires:
                    continue
                if ab.get("nth_turn") and t.turn != 2 * ab["nth_turn"] - (1 if S.first_player(position) == player
                                                                          else 0):
                    continue  # «В начале вашего второго хода»: not that turn of its controller
                if ab.get("if_unwounded") and copy.counters.get("wounds", 0):
                    rec("note", f"\"{copy.name}\" ability {ab['index']} works only if the card has no wounds at the "
                        "start of the turn; it has some", rule)
                    continue
                if ab.get("if_open") and "closed" in copy.flags:
                    rec("note", f"\"{copy.name}\" ability {ab['index']} works only if the card is open at the start "
                        "of the opponent's turn; it is closed", rule)
                    continue
                why = trigger_blocker(position, ab, player, copy.uid)
                if why:
                    rec("note", f"\"{copy.name}\" ability {ab['index']} triggers but needs what this engine "
                        f"cannot carry out ({why}); it is not put on the stack", rule)
                    continue
                push_trigger(position, copy, ab, player, rule, rec, {"x": _fixed_x(position, copy)})
        if trigger == "start-of-turn" and player == t.active:
            _recurring(position, player, rule, rec)
        for delayed in [d for d in position.memo.get("delayed", []) if d["when"] == trigger
                        and d["controller"] == player]:
            position.memo["delayed"].remove(delayed)
            push(position, delayed["name"], player, f"delayed effect: {delayed['effect']['kind']}",
                 {"kind": "delayed", "effect": delayed["effect"], "source": delayed["source"],
                  "target": delayed["target"], "rule": rule, "x": delayed.get("x")})
            rec("event", f"the delayed effect of \"{delayed['name']}\" goes onto the stack", rule, "B-STACK")


def trigger_blocker(position: Position, ab: dict, controller: str, uid: int, attacked: int | None = None,
                    tier: str | None = None) -> str | None:
    """Why the engine cannot put this triggered ability on the stack and carry it out (None
    when it can): an unknown part, an effect kind it does not execute, an open defence."""
    from .effects import carried_out, open_defence

    if ab["unknown"]:
        return "; ".join(ab["unknown"])
    bad = [e["kind"] for e in ab["effects"] if not carried_out(e)]
    if bad:
        return f"effect kinds {bad}"
    return open_defence(position, ab, controller, uid, None, attacked)


# ---- triggered abilities with a target ------------------------------------------------------
# Glossary «Объявить (особенность)»: «указать источник и цель, на которую оно направлено»; a
# triggered ability goes onto the stack when it triggers (B-STACK), so its controller names the
# target then: with one legal target the engine names it (SCENARIO-LANGUAGE: a choice with one
# legal option is made automatically); with two or more, the ability waits on the stack for
# `NAME uses "Card" targeting "X"`, and nobody may pass until then (``awaiting_target``); with
# none it cannot be declared and is left out.

def legal_targets(position: Position, ab: dict, controller: str, uid: int, attacked: int | None = None) -> list:
    from . import defences as D
    from .effects import open_defence, restriction_failure

    source = position.copies.get(uid)
    src = source if source is not None and S.in_play(source) else None
    out = []
    for card in sorted(S.cards_in_play(position), key=lambda c: (c.controller, S.board_order(c))):
        if "hidden" in card.flags:
            continue
        if any(restriction_failure(position, card, e.get("spec") or {}, controller, src)
               for e in ab["effects"] if e["subject"] == "target"):
            continue
        if any((e.get("spec") or {}).get("on_attacked") and (attacked is None or card.attached_to != attacked)
               for e in ab["effects"] if e["subject"] == "target"):
            continue  # «… на атакованном»: seated on the attack's target
        from .effects import element_fits

        if not all(element_fits(position, card, e.get("spec") or {}, attacked)
                   for e in ab["effects"] if e["subject"] == "target"):
            continue  # «(кроме существ той же стихии, что и атакованный)»
        if D.spell_target_ban(position, card, ab.get("spell", False), frozenset().union(
                D.ignored_by(position, src), *(D.ignored_for(position, src, card, e["kind"])
                                               for e in ab["effects"] if e["subject"] == "target"))):
            continue
        if open_defence(position, ab, controller, uid, card.uid, attacked):
            continue
        out.append(card)
    return out


def push_trigger(position: Position, copy, ab: dict, controller: str, rule: str, rec, extra: dict | None = None,
                 how: str = "goes onto the stack") -> bool:
    """Put a triggered ability on the stack, naming its target when it has one."""
    from . import limits as L

    spent = L.exhausted(position, ab, copy.uid) if ab.get("index") is not None else None
    if spent:  # glossary «Один (Х) раз за ход»: no marker left to pay with, so it does not work
        rec("note", f"\"{copy.name}\" ability {ab['index']} triggers, but {spent}; it is not put on the stack",
            rule, "B-STACK")
        return False
    payload = {"kind": "trigger", "uid": copy.uid, "effects": ab["effects"], "rule": rule, **(extra or {})}
    needs = any(e["subject"] == "target" for e in ab["effects"])
    if needs:
        found = legal_targets(position, ab, controller, copy.uid, payload.get("attacked"))
        if not found:
            from .effects import open_defence

            open_ = next((why for c in S.cards_in_play(position) if "hidden" not in c.flags
                          for why in [open_defence(position, ab, controller, copy.uid, c.uid, payload.get("attacked"))]
                          if why), None)
            rec("note", f"\"{copy.name}\" ability {ab['index']} triggers but has no legal target"
                + (f" the engine can carry it out on ({open_})" if open_ else "") + "; it is not put on the stack",
                rule, "B-STACK")
            return False
        if len(found) == 1:
            payload["target"] = found[0].uid
        else:
            payload["target"] = None
            payload["awaiting_target"] = True
            payload["text"] = ab["text"]
    dashed = payload.get("tier") is None and any(len(set(e.get("values") or [])) > 1 for e in ab["effects"])
    if dashed:
        # a dashed value (1-2-2) lands by the die's result; the engine does not roll, so the
        # controller states it as the ability is declared (as for a played ability, battle._honest)
        payload["awaiting_target"], payload["needs_tier"], payload["text"] = True, True, ab["text"]
    push(position, copy.name, controller, f"ability {ab['index']}: {ab['text']}", payload)
    if ab.get("index") is not None:
        L.mark(position, ab, copy.uid, turn=False)
    rec("event", f"\"{copy.name}\" ({ab['text']}) {how}", rule, "B-STACK")
    if not payload.get("awaiting_target"):
        trigger_attacks(position, payload, rec, rule)
    if dashed:
        rec("note", f"{controller} must state the result of \"{copy.name}\" ability {ab['index']} (the die is not "
            f"rolled): {controller} uses \"{copy.name}\"{' targeting …' if needs else ''} choosing weak|medium|strong",
            rule, "B-STACK")
    elif needs and payload.get("target") is not None:
        rec("target", f"target \"{position.copies[payload['target']].name}\" (the only legal target)", rule, "B-STACK")
    elif needs:
        rec("note", f"{controller} must name the target of \"{copy.name}\" ability {ab['index']}: "
            f"{controller} uses \"{copy.name}\" targeting …", rule, "B-STACK")
    return True


def awaiting_target(position: Position):
    """The stack item whose controller has yet to name its target (None when there is none)."""
    return next((item for item in position.stack if item.payload.get("awaiting_target")), None)


def _fixed_x(position: Position, copy) -> int | None:
    fixed = position.memo.get("fixed_x", {}).get(str(copy.uid))
    return fixed.get("tokens") if fixed else None


def _recurring(position: Position, player: str, rule: str, rec) -> None:
    """B-410.2: poison and regeneration act at the start of their card's controller's turn, on
    the stack: poison N wounds the card by N, regeneration N heals it by N."""
    for copy in sorted(S.cards_in_play(position, player), key=S.board_order):
        poison = S.statuses(position, copy).get("poison")
        if poison:
            push(position, copy.name, player, f"poison {poison}",
                 {"kind": "trigger", "uid": copy.uid, "rule": rule, "effects": [
                     {"kind": "wound", "amount": poison, "subject": "self", "delayed": None,
                      "from": "poison"}]})
            rec("event", f"the poison on \"{copy.name}\" goes onto the stack", rule, "B-STACK")
        regen = S.keyword_amount(position, copy, "regeneration")
        if regen is None:
            regen = S.keyword_amount(position, copy, "Регенерация")
        if regen and "hidden" not in copy.flags:
            push(position, copy.name, player, f"regeneration {regen}",
                 {"kind": "trigger", "uid": copy.uid, "rule": rule, "effects": [
                     {"kind": "heal", "amount": regen, "subject": "self", "delayed": None}]})
            rec("event", f"the regeneration of \"{copy.name}\" goes onto the stack", rule, "B-STACK")


def close_triggers(position: Position, rule: str, rec) -> None:
    """«Когда закрывается»: cards that closed (S.close) put these abilities on the stack once
    what closed them is done (the cost paid and its ability declared, or the effect resolved)."""
    for uid in position.memo.pop("closed_now", []):
        copy = position.copies.get(uid)
        if copy is None or not S.in_play(copy):
            continue
        for ab in S.abilities(position, copy):
            if ab["trigger"] != "on-close":
                continue
            why = trigger_blocker(position, ab, copy.controller, copy.uid)
            if why:
                rec("note", f"\"{copy.name}\" ability {ab['index']} triggers but needs what this engine cannot carry "
                    f"out ({why})", rule)
                continue
            push_trigger(position, copy, ab, copy.controller, rule, rec, how="triggers as it closes and goes onto the stack")


# ---- «При атаке по …»: triggers of the attacked card, its host's cards, its squad ----------------

def _attacked_watchers(position: Position, attacker, target, kinds=()):
    """(card, ability, spec) for every on-attacked ability that looks at an attack by ``attacker``
    at ``target``: the target's own («по себе», «по Умертвиям»), the cards seated on it («по
    хозяину»), and cards of the target's controller for a card of a class («по вашей гарпии»)."""
    from .effects import restriction_failure
    from .reader import names_card

    out = []
    for card in sorted(S.cards_in_play(position, target.controller), key=S.board_order):
        if "hidden" in card.flags:
            continue
        for ab in S.abilities(position, card):
            spec = ab.get("attacked_by")
            if ab["trigger"] != "on-attacked" or not spec:
                continue
            who = spec["who"]
            if who == "self" and (card.uid != target.uid or (spec.get("name") and not names_card(spec["name"],
                                                                                                  card.name))):
                continue
            if who == "host" and card.attached_to != target.uid:
                continue
            if who == "yours" and not (target.card.type == "creature" and restriction_failure(
                    position, target, {"owner": "you", "types": ["creature"], "classes": spec["classes"],
                                       "states": [], "tests": [], "text": ""}, card.controller, card) is None):
                continue
            if spec.get("by") and restriction_failure(position, attacker, spec["by"], card.controller, card):
                continue
            if card.uid == target.uid and _ignored(position, attacker, target, kinds):
                continue  # glossary «Игнорировать особенности [карт]»: «все срабатывающие способности» of the target
            out.append((card, ab, spec))
    return out


def _ignored(position: Position, attacker, target, kinds) -> bool:
    from .defences import ignores_all

    return any(ignores_all(position, attacker, target, k) for k in kinds)


def attacked_question(position: Position, attacker, target, kind: str) -> str | None:
    """Why an attack of ``kind`` at ``target`` is left open by a «При атаке по …» that watches it:
    glossary «Атака» is «Выстрел или удар», so whether a throw, discharge, special or magic strike
    fires it is not said (nor a discharge as a «дальняя» or «немагическая» attack, as in defences.py)."""
    if attacker is None or target is None:
        return None
    for card, ab, spec in _attacked_watchers(position, attacker, target, (kind,)):
        if kind in spec["open"]:
            return (f"\"{card.name}\" has «{ab['text']}», and whether a {kind} is such an attack the glossary "
                    "(«Атака»: a shot or a strike) does not say; the engine does not guess")
    return None


def attacked_triggers(position: Position, attacker, target, kinds, rule: str, rec) -> None:
    """An attack of ``kinds`` by ``attacker`` at ``target`` is declared: the «При атаке по …» abilities
    watching it trigger and go onto the stack (B-STACK), "the attacker" being the attacking card."""
    if attacker is None or target is None or attacker.uid == target.uid:
        return
    depth = position.memo.get("attacked_depth", 0)
    if depth > 12:
        rec("note", "attacks triggering attacks loop here; the sources give no end to it, and the engine "
            "stops putting them on the stack", rule, "B-STACK")
        return
    position.memo["attacked_depth"] = depth + 1
    try:
        for card, ab, spec in _attacked_watchers(position, attacker, target, tuple(kinds)):
            if not set(kinds) & set(spec["kinds"]):
                continue
            why = trigger_blocker(position, ab, card.controller, card.uid, attacker.uid)
            if why:
                rec("note", f"\"{card.name}\" ability {ab['index']} triggers but needs what this engine cannot "
                    f"carry out ({why})", rule)
                continue
            push_trigger(position, card, ab, card.controller, rule, rec, {"attacked": attacker.uid},
                         how=f"triggers on the attack of \"{attacker.name}\" at \"{target.name}\" and goes onto "
                             "the stack")
    finally:
        position.memo["attacked_depth"] = depth
        if not depth:
            position.memo.pop("attacked_depth", None)


def trigger_attacks(position: Position, payload: dict, rec, rule: str) -> None:
    """A triggered ability that attacks a card now known (its target, the attacked or the attacker)
    is declared: the attacked card's «При атаке по …» fire (attacked_triggers)."""
    from .effects import ATTACK_KINDS, subjects

    src = position.copies.get(payload["uid"])
    if src is None:
        return
    for eff in payload["effects"]:
        if eff["kind"] not in ATTACK_KINDS or eff["subject"] not in ("target", "attacked", "attacker"):
            continue
        if eff["subject"] == "target" and payload.get("target") is None:
            continue
        for card in subjects(position, eff, src.uid, payload.get("target"), src.controller, payload.get("attacked")):
            attacked_triggers(position, src, card, (eff["kind"],), rule, rec)


def wound_triggers(position: Position, events: list, rule: str, rec) -> None:
    """«Когда ваш герой получает раны (в ход противника)», «Когда другое существо с проклятием получает Х
    ран»: each card watching puts its ability on the stack once the wounds are dealt (B-STACK), with X
    the number received; the inactive player's first (the order of turn_triggers)."""
    from .effects import restriction_failure

    active = position.timing.active
    for uid, n in events:
        card = position.copies.get(uid)
        if card is None or n <= 0:
            continue
        watchers = sorted(S.cards_in_play(position), key=lambda c: (c.controller == active, S.board_order(c)))
        for watcher in watchers:
            if "hidden" in watcher.flags:
                continue
            for ab in S.abilities(position, watcher):
                spec = ab.get("wounded")
                if ab["trigger"] != "on-wounded" or not spec:
                    continue
                if spec.get("turn") == "opponent" and watcher.controller == active:
                    continue
                if restriction_failure(position, card, spec["spec"], watcher.controller, watcher) is not None:
                    continue
                why = trigger_blocker(position, ab, watcher.controller, watcher.uid)
                if why:
                    rec("note", f"\"{watcher.name}\" ability {ab['index']} triggers but needs what this engine cannot "
                        f"carry out ({why})", rule)
                    continue
                push_trigger(position, watcher, ab, watcher.controller, rule, rec, {"x": n},
                             how=f"triggers: \"{card.name}\" received {n} wound{'s' if n != 1 else ''}; it goes "
                                 "onto the stack")


def heal_triggers(position: Position, healed: list, rule: str, rec) -> None:
    """«Когда Егерь излечивается»: the healed card's own ability, when its name is the card's."""
    from .reader import names_card

    for uid in healed:
        card = position.copies.get(uid)
        if card is None or not S.in_play(card) or "hidden" in card.flags:
            continue
        for ab in S.abilities(position, card):
            if ab["trigger"] != "on-healed":
                continue
            if not names_card(ab.get("self_name") or [], card.name):
                rec("note", f"\"{card.name}\" ability {ab['index']} names another card; it does not trigger", rule)
                continue
            why = trigger_blocker(position, ab, card.controller, card.uid)
            if why:
                rec("note", f"\"{card.name}\" ability {ab['index']} triggers but needs what this engine cannot carry "
                    f"out ({why})", rule)
                continue
            push_trigger(position, card, ab, card.controller, rule, rec, how="triggers as it is healed and goes onto "
                         "the stack")


# ---- «Когда наносит атакой …», «Когда получает от [:atk] …»: the wounds an attack dealt -------------

def _result_watchers(position: Position, source, target):
    """(card, ability, spec, other) for abilities watching the result of ``source``'s attack at ``target``;
    ``other`` is the card their «атакующий / это существо» means."""
    out = []
    for card in sorted(S.cards_in_play(position), key=lambda c: (c.controller == position.timing.active,
                                                                  S.board_order(c))):
        if "hidden" in card.flags:
            continue
        for ab in S.abilities(position, card):
            spec = ab.get("attack_result")
            if ab["trigger"] != "on-attack-result" or not spec:
                continue
            who = spec["who"]
            if who == "self-source" and card.uid == source.uid:
                out.append((card, ab, spec, target))
            elif who == "self-target" and card.uid == target.uid:
                out.append((card, ab, spec, source))
            elif who == "opponent-source" and source.controller != card.controller \
                    and source.card.type == "creature":
                out.append((card, ab, spec, source))
    return out


def attack_result_question(position: Position, source, target, kind: str) -> str | None:
    """Why an attack of ``kind`` is left open by an ability watching its result: whether it is an «атака»
    (a strike or a shot, glossary «Атака») the glossary does not say."""
    if source is None or target is None:
        return None
    for card, ab, spec, _ in _result_watchers(position, source, target):
        if kind in spec["open"]:
            return (f"\"{card.name}\" has «{ab['text']}», and whether a {kind} is an attack for it the glossary "
                    "(«Атака»: a shot or a strike) does not say; the engine does not guess")
    return None


def attack_result_triggers(position: Position, results: list, rule: str, rec) -> None:
    """Put the abilities watching these attacks' wounds on the stack (B-STACK)."""
    for target_uid, dealt, source_uid, kind in results:
        source, target = position.copies.get(source_uid), position.copies.get(target_uid)
        if source is None or target is None:
            continue
        for card, ab, spec, other in _result_watchers(position, source, target):
            if not S.in_play(card) or kind not in spec["kinds"]:
                continue
            if (spec["min"] is not None and dealt < spec["min"]) or (spec["max"] is not None and dealt > spec["max"]):
                continue
            why = trigger_blocker(position, ab, card.controller, card.uid, other.uid)
            if why:
                rec("note", f"\"{card.name}\" ability {ab['index']} triggers but needs what this engine cannot carry "
                    f"out ({why})", rule)
                continue
            push_trigger(position, card, ab, card.controller, rule, rec, {"attacked": other.uid},
                         how=f"triggers: \"{source.name}\"'s {kind} dealt {dealt} wound{'s' if dealt != 1 else ''}; "
                             "it goes onto the stack")
