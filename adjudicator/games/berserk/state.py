"""Reading a Berserk position: who is First, where cards stand, what abilities a card has."""

from __future__ import annotations

import re

from adjudicator.core.position import Copy, Position

from .reader import parse_abilities

ROWS, COLUMNS = 3, 5
FLYER_WORDS = ("полёт", "полет", "летающ", "flying")


def first_player(position: Position) -> str:
    return position.memo.get("first") or position.seat_order[0]


def second_player(position: Position) -> str:
    return other(position, first_player(position))


def other(position: Position, player: str) -> str:
    return next(p for p in position.players if p != player)


def is_draft(position: Position) -> bool:
    return any("draft" in p.flags for p in position.players.values())


def cell_of(copy: Copy) -> tuple[int, int] | None:
    m = re.fullmatch(r"cell (\d+)\.(\d+)", copy.zone)
    return (int(m.group(1)), int(m.group(2))) if m else None


def in_play(copy: Copy) -> bool:
    return copy.zone.startswith("cell ") or copy.zone == "auxiliary"


def cards_in_play(position: Position, player: str | None = None) -> list[Copy]:
    return [c for c in position.all_copies() if in_play(c) and (player is None or c.controller == player)]


def board_order(copy: Copy) -> tuple:
    """A fixed order of one player's cards on the field, independent of how a scenario lists
    them: cells by row (front first), then column, then the auxiliary zone; ties by name."""
    cell = cell_of(copy)
    return (0, cell[0], cell[1], copy.name) if cell else (1, 0, 0, copy.name)


def occupant(position: Position, player: str, cell: tuple[int, int]) -> Copy | None:
    for c in position.zone(player, f"cell {cell[0]}.{cell[1]}"):
        if c.attached_to is None:
            return c
    return None


def forbidden_cells(position: Position, player: str) -> set[tuple[int, int]]:
    """B-404.1: cells an effect bars this player from using for placement."""
    raw = str(position.players[player].attrs.get("forbidden-cells", ""))
    return {(int(r), int(c)) for r, c in re.findall(r"(\d+)\.(\d+)", raw)}


def is_flyer(position: Position, copy: Copy) -> bool:
    words = [k.casefold() for k in keywords(position, copy)] + [copy.card.text.casefold()]
    # «нелетающее существо» in a text names other cards: it does not make this one a flyer
    return any(re.search(rf"(?<!не){w}", word) for word in words for w in FLYER_WORDS)


def is_parasite(copy: Copy) -> bool:
    return copy.card.type == "parasite" or (
        copy.card.type == "symbiote" and ("паразит" in copy.card.text.casefold()
                                           or any(k.casefold() == "паразит" for k in copy.card.keywords)))


def has_x_cost(copy: Copy) -> bool:
    return any(str(copy.card.attrs.get(a, "")).upper() == "X" for a in ("gold-cost", "silver-cost"))


def abilities(position: Position, copy: Copy) -> list[dict]:
    """Printed abilities, then those gained from effects (numbered after them)."""
    printed = parse_abilities(copy.card.text)
    found = [ab for ab in printed if _turn_order_holds(position, copy, ab) and _in_squad_holds(position, copy, ab)
             and _wearing_holds(position, copy, ab) and _squad_has_holds(position, copy, ab)
             and _life_holds(position, copy, ab)
             and (not ab.get("while_squad_tokens") or any(c.card.type == "creature" and c.counters.get("tokens", 0)
                                                          for c in cards_in_play(position, copy.controller)))]
    count = len(printed)
    for gained in position.memo.get("gained", []):
        if gained["uid"] == copy.uid:
            for ab in parse_abilities(gained["text"]):
                count += 1
                if not _turn_order_holds(position, copy, ab):
                    continue
                ab["index"] = count
                ab["gained"] = {"turn": gained["turn"], "phase": gained["phase"]}
                found.append(ab)
    return found


def _in_squad_holds(position: Position, copy: Copy, ab: dict) -> bool:
    """«…, пока Этген в (вашем) отряде»: a card whose name is (or begins with) the one the text
    names is in play — under the ability's controller when the text says «вашем» (glossary: your
    card is a card in your squad), on either side otherwise. A card naming itself is in play
    whenever its continuous ability counts at all."""
    wanted = ab.get("while_in_squad")
    if wanted is None:
        return True
    name, yours = wanted[0].casefold(), wanted[1]
    return any((c.name.casefold() == name or c.name.casefold().startswith(name + " ")
                or c.name.casefold().startswith(name + ","))
               and (not yours or c.controller == copy.controller) for c in cards_in_play(position))


_LIFE_DECIDING: set[int] = set()


def _life_holds(position: Position, copy: Copy, ab: dict) -> bool:
    """«…, пока у Полевицы 3 или менее [:tgh]»: the card's current lives (life_now) are at most N. While
    those lives are being computed, such abilities count as absent (none of them changes lives: the
    reader lets the condition stand only on a «-X от …»)."""
    n = ab.get("while_life_at_most")
    if n is None:
        return True
    if copy.uid in _LIFE_DECIDING:
        return False
    _LIFE_DECIDING.add(copy.uid)
    try:
        now = life_now(position, copy)
    finally:
        _LIFE_DECIDING.discard(copy.uid)
    return now is not None and now <= n


def _wearing_holds(position: Position, copy: Copy, ab: dict) -> bool:
    """«…, пока носит оружие / доспех / экипировку»: equipment (of that class) is seated on the card."""
    if "while_wearing" not in ab:
        return True
    from .targets import has_class

    wanted = ab["while_wearing"]
    return any(att.card.type == "equipment" and (wanted is None or has_class(position, att, wanted))
               for att in position.attachments_of(copy.uid))


def _squad_has_holds(position: Position, copy: Copy, ab: dict) -> bool:
    """«…, пока в вашем отряде есть (другой) дракон / местность горы»: a card of that class (a
    terrain, for «местность») is in play under the card's controller — on either side for «в отряде»
    without «вашем» — another than the card itself when the text says «другой»."""
    wanted = ab.get("while_squad_has")
    if wanted is None:
        return True
    from .targets import has_class

    cls, other, yours = wanted
    terrain = cls.startswith("terrain:")
    cls = cls.split(":", 1)[1] if terrain else cls
    if copy.uid in _SQUAD_DECIDING:
        return False  # asked again while deciding it: a class test reads the card's keywords
    _SQUAD_DECIDING.add(copy.uid)
    try:
        return any((not yours or c.controller == copy.controller) and not (other and c.uid == copy.uid)
                   and (not terrain or c.card.type == "terrain") and has_class(position, c, cls)
                   for c in cards_in_play(position))
    finally:
        _SQUAD_DECIDING.discard(copy.uid)


_SQUAD_DECIDING: set[int] = set()


def _turn_order_holds(position: Position, copy: Copy, ab: dict) -> bool:
    """[:1hod] / [:2hod] abilities exist only while the card's controller is the First / Second
    player (B-402.1; before the roll, the first seat counts as First)."""
    wanted = ab.get("turn_order")
    if wanted is None:
        return True
    first = first_player(position) == copy.controller
    return first == (wanted == "first")


def static_delta(position: Position, copy: Copy, stat: str) -> int:
    """What continuous abilities add to a stat while their card is in play: the card's own
    ("+1 к [:atk]", "[:2hod]: +4 [:tgh]") and those of cards attached to it ("Хозяин получает
    +2 к [:atk]")."""
    total = 0
    for card, subject in [(copy, "self")] + [(a, "host") for a in position.attachments_of(copy.uid)]:
        for ab in abilities(position, card):
            if ab.get("static") == "stat" and not ab["unknown"]:
                total += sum(amount(position, card, e["amount"]) for e in ab["effects"]
                             if e["stat"] == stat and e["subject"] == subject)
    total += sum(e["amount"] for e in aura_effects(position, copy, "aura-stat") if e["stat"] == stat)
    return total


def amount(position: Position, copy: Copy, value) -> int:
    """A continuous line's number: printed, or X counted from the squad (reader.count_of_text)."""
    if isinstance(value, int):
        return value
    if isinstance(value, dict) and value.get("x") == "graveyard":
        # «где Х - число тёмных карт на вашем кладбище»: cards of that element in the controller's graveyard
        from .targets import element_of

        return sum(1 for c in position.zone(copy.controller, "graveyard") if element_of(c) == value["of"][0])
    if isinstance(value, dict) and value.get("x") in ("count", "tokens", "wounds"):
        # X counted from the squad, or the card's own tokens / wounds now («где Х - число [:cnt] на
        # Дрягве»); «(максимум +N)» caps it; «-Х» takes it away
        n = count_in_squad(position, copy, value["of"]) if value["x"] == "count" else copy.counters.get(value["x"], 0)
        if value.get("max") is not None:
            n = min(n, value["max"])
        return n * value.get("sign", 1)
    raise ValueError(value)  # pragma: no cover - the reader lets only these through


def count_in_squad(position: Position, copy: Copy, what: list) -> int:
    """«число (не)тёмных героев в вашем отряде»: the controller's cards in play of one of the classes
    (and of the element, or not of it); the card itself counts when it fits."""
    from .targets import element_of, has_class

    classes, element, negated = what[:3]
    others = len(what) > 3 and what[3]  # «других …»: the card itself is left out
    return sum(1 for c in cards_in_play(position, copy.controller)
               if any((k == "*creature" and c.card.type == "creature") or has_class(position, c, k) for k in classes)
               and (element is None or (element_of(c) == element) != negated)
               and not (others and c.uid == copy.uid))


#: copies whose aura membership is being decided: a class test inside an aura's description reads
#: the card's keywords, and those must not ask the auras again (auras give no classes)
_DECIDING: set[int] = set()


def aura_effects(position: Position, copy: Copy, kind: str) -> list[dict]:
    """Effects of continuous abilities of cards in play that reach ``copy`` as one of "each of
    your X" («Каждый ваш орк получает +1 к [:atk]»). Glossary «Постоянная способность»: it is
    present while its card is in the play zone and creates effects without targeting cards, so it
    reaches every card of the description, the card itself included when it fits («другие»
    leaves it out), and stops when the card leaves play."""
    from .effects import matches

    if copy.uid in _DECIDING or not in_play(copy):
        return []
    found = []
    _DECIDING.add(copy.uid)
    try:
        for source in cards_in_play(position):
            for ab in abilities(position, source):
                if ab.get("static") != kind or ab["unknown"]:
                    continue
                found += [e for e in ab["effects"] if e["subject"] == "each"
                          and matches(position, copy, e["spec"], source.controller, source)]
    finally:
        _DECIDING.discard(copy.uid)
    return found


def maximum(position: Position, copy: Copy, what: str) -> int | None:
    """N of the card's «Максимум N [:tgh]» (``what`` "life") or «Максимум N [:cnt]» ("token"), the
    lowest when it has several; None without one."""
    found = [int(kw.rsplit(" ", 1)[1]) for kw in keywords(position, copy)
             if kw.startswith(f"Максимум {what} ") and kw.rsplit(" ", 1)[1].isdigit()]
    return min(found) if found else None


def tokens_room(position: Position, copy: Copy, n: int) -> tuple[int, str]:
    """How many of ``n`` tokens the card can receive under its «Максимум N [:cnt]» (the card holds
    at most N), and a note for the record ("" when nothing is cut)."""
    cap = maximum(position, copy, "token")
    if cap is None or n <= 0:
        return n, ""
    room = max(0, cap - copy.counters.get("tokens", 0))
    if room >= n:
        return n, ""
    return room, f" (its maximum is {cap} tokens: {n - room} not put)"


def life_now(position: Position, copy: Copy) -> int | None:
    life = position.stat(copy, "life")
    if not isinstance(life, int):
        return None
    # additional lives (glossary «Дополнительные жизни», effects.py) add to the lives; wounds do not take them
    total = life + static_delta(position, copy, "life") + copy.counters.get("extra-life", 0)
    cap = maximum(position, copy, "life")
    if cap is not None:
        # «Максимум N [:tgh]»: the card's maximum lives are N. Glossary «Максимальные жизни»: «сумма
        # начальных жизней и эффектов +Х/-Х к жизням …, без учёта ран» — the cap is on lives before
        # wounds, which are then taken from it (glossary «Жизни карты»)
        total = min(total, cap)
    return total - copy.counters.get("wounds", 0)


def movement_left(position: Position, copy: Copy) -> int | None:
    printed = position.stat(copy, "movement")
    if not isinstance(printed, int):
        return None
    printed += static_delta(position, copy, "movement")
    spent = position.memo.get("moved", {}).get(str(copy.uid), 0)
    return printed - spent


def keywords(position: Position, copy: Copy) -> list[str]:
    """Printed keywords, those of the card's keyword lines, and granted ones, less those an
    effect took away (a ``no-keyword:K`` modifier)."""
    found = list(position.keywords(copy))
    for ab in abilities(position, copy):
        for kw in ab.get("keywords", []):
            if kw.casefold() not in {k.casefold() for k in found}:
                found.append(kw)
    # «Хозяин получает [:prm] / опыт в атаке»: keywords the cards seated on it give it (B-405.2)
    for att in position.attachments_of(copy.uid):
        for ab in abilities(position, att):
            if ab.get("static") == "host-keyword" and not ab["unknown"]:
                for e in ab["effects"]:
                    if e["keyword"].casefold() not in {k.casefold() for k in found}:
                        found.append(e["keyword"])
    for e in aura_effects(position, copy, "aura-keyword"):
        if e["keyword"].casefold() not in {k.casefold() for k in found}:
            found.append(e["keyword"])
    lost = {m.flag.split(":", 1)[1].casefold() for m in position.modifiers
            if m.subject == copy.uid and m.flag and m.flag.startswith("no-keyword:")}
    return [k for k in found if k.casefold() not in lost and k.split(" ")[0].casefold() not in lost]


def has_keyword(position: Position, copy: Copy, name: str) -> bool:
    """The card has the keyword ``name`` (several words: "Опыт в атаке") now."""
    return any(k.casefold() == name.casefold() for k in keywords(position, copy))


def keyword_amount(position: Position, copy: Copy, name: str) -> int | None:
    """N of a keyword "Name N" the card has now (None when it lacks the keyword)."""
    for ab in abilities(position, copy):
        counted = (ab.get("keyword_x") or {}).get(name) if not ab["unknown"] else None
        if counted is not None:
            return amount(position, copy, counted)  # «[:rgn]-Х, где Х - число троллей в вашем отряде»
    for kw in keywords(position, copy):
        head, _, tail = kw.partition(" ")
        if head.casefold() == name.casefold():
            return int(tail) if tail.strip().isdigit() else 1
    return None


def statuses(position: Position, copy: Copy) -> dict:
    """The card's statuses (poison N, curse, vulnerability …): those given for good (memo), and those
    given «до конца хода (противника)», carried by a modifier flag ``status:<word>`` that ends with
    that turn (effects._one)."""
    out = dict(position.memo.get("status", {}).get(str(copy.uid), {}))
    for m in position.modifiers:
        if m.subject == copy.uid and m.flag and m.flag.startswith("status:"):
            word = m.flag.split(":", 1)[1]
            out[word] = max(out.get(word, 0), 1)
    return out


def strike_now(position: Position, copy: Copy):
    """The strike with modifiers: +N to strike raises each of the three values."""
    printed = copy.overrides.get("strike", copy.card.attrs.get("strike"))
    if not isinstance(printed, tuple):
        return printed
    delta = sum(m.delta for m in position.modifiers if m.subject == copy.uid and m.stat == "strike")
    delta += static_delta(position, copy, "strike")
    return tuple(max(0, v + delta) for v in printed)


def restricted(position: Position, copy: Copy, what: str) -> bool:
    """The card may not do ``what`` (no-open, cannot-move): a static ability or an effect."""
    if position.has_flag(copy, what):
        return True
    if what == "diagonal-move" and any(e["kind"] == what for e in aura_effects(position, copy, "aura-move")):
        return True  # «Каждое ваше лесное существо может двигаться по диагонали» of a card in play
    return any(e["kind"] == what and e["subject"] == "self" for ab in abilities(position, copy)
               if ab.get("static") == "restriction" and not ab["unknown"] for e in ab["effects"])


def close(position: Position, copy: Copy) -> bool:
    """Close the card; True when it was open (glossary «Закрыть»: closing a closed card is legal to
    declare, but nothing actually happens). Its «Когда закрывается» abilities wait in
    ``memo["closed_now"]`` until stack.close_triggers puts them on the stack."""
    if "closed" in copy.flags:
        return False
    copy.flags.add("closed")
    position.memo.setdefault("closed_now", []).append(copy.uid)
    return True
