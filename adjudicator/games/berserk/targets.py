"""What a target description asks of a card beyond owner, type and range: its element, being
flying or not, closed, poisoned or cursed, another card than the source, its cost.

The grammar (ability.py) reads these from the Russian adjectives ("лесное", "нелетающее",
"закрытое", "отравленное", "с проклятием", "другое", "стоимостью 4 или менее") into
TargetSpec states and tests; this module checks them. Sources: the card base gives each card
its element (carddb: ``race`` -> element; the five elements of the classic rules) and its
cost in crystals; flying is the card's «Полёт» (B-REVEAL places flyers); poison and curse are
the statuses the engine carries (effects.py); «другое» excludes the ability's own card.
Also: «герой» (either hero class), «с бронёй» (Броня), «с экипировкой» (equipment seated on
it), «бестелесное» (the keyword Бестелесность). Anything else (adjacency «стоящий рядом»,
"random", defenders …) stays unsupported
and the reader refuses the ability (no source pins adjacency; the engine has no defenders).
"""

from __future__ import annotations

import re

from adjudicator.core.position import Position

ELEMENTS = ("steppe", "mountains", "forest", "darkness", "swamp", "neutral")
_STATUS_STATES = {"poisoned": "poison", "with:poison": "poison", "cursed": "curse", "with:curse": "curse",
                  "with:vulnerability": "vulnerability"}
SUPPORTED_STATES = frozenset({"flying", "non-flying", "closed", "open", "other", *_STATUS_STATES,
                              "hero", "with:armor", "with:equipment", "incorporeal", "with:fewer-life",
                              *(f"element:{e}" for e in ELEMENTS), "element:not-darkness"})
SUPPORTED_TESTS = frozenset({"cost"})


#: class names as the texts name them (ability._CLASS) -> the card base's ``classes`` codes
CLASS_CODES = {
    "Тролль": {"troll"}, "Орк": {"orc"}, "Темный эльф": {"dark_elf"}, "Эльф": {"elf"}, "Гном": {"gnome"},
    "Демон": {"demon"}, "Дракон": {"dragon"}, "Гарпия": {"garpiya"}, "Койар": {"kojar"}, "Слуа": {"slua"},
    "Архаалит": {"arhaalit"}, "Инквизитор": {"inquisitor"}, "Аккениец": {"akkeniec"}, "Линунг": {"linung"},
    "Йордлинг": {"jordling"}, "Пират": {"pirat"}, "Ангел": {"angel"}, "Тоа-Дан": {"toa-dan"},
    "Возрожденный": {"vozrozhdenny"}, "Порождение": {"spawn"}, "Речная дева": {"mermaid"},
    "Страж леса": {"forest.guard"}, "Дитя Кронга": {"krong.child", "krong_child"}, "Ковен": {"coven", "koven"},
    "Герой-воин": {"hero.warrior"}, "Герой-маг": {"hero.mage"},
}
_SPELLINGS = {"Темный эльф": {"тёмный эльф"}, "Возрожденный": {"возрождённый"}, "Тоа-Дан": {"тоа-дан", "тоа дан"}}


def has_class(position: Position, card, name: str) -> bool:
    """The card is of class ``name``: its card-base code, or the name on its keyword line."""
    from . import state as S

    words = {k.casefold() for k in S.keywords(position, card)} | {k.casefold() for k in card.card.keywords}
    return bool(words & ({name.casefold()} | _SPELLINGS.get(name, set()) | CLASS_CODES.get(name, set())))


def element_of(card) -> str | None:
    return card.card.attrs.get("element")


def cost_of(card) -> int | None:
    for attr in ("gold-cost", "silver-cost"):
        value = card.card.attrs.get(attr)
        if isinstance(value, int):
            return value
    return None


def is_flying(position: Position, card) -> bool:
    from . import state as S  # state reads abilities through reader, which imports this module

    return "fly" in card.card.flags or S.is_flyer(position, card)


def state_failure(position: Position, card, state: str, source) -> str | None:
    """Why ``card`` lacks the state a target description names (None when it has it)."""
    name = f"\"{card.name}\""
    if state == "flying":
        return None if is_flying(position, card) else f"{name} is not a flying card"
    if state == "non-flying":
        return f"{name} is a flying card" if is_flying(position, card) else None
    if state == "closed":
        return None if "closed" in card.flags else f"{name} is not closed"
    if state == "open":
        return f"{name} is closed" if "closed" in card.flags else None
    if state == "other":
        return f"{name} is the ability's own card, and the ability names another" if (
            source is not None and card.uid == source.uid) else None
    if state == "hero":
        # «герой»: the card base's two hero classes (hero.warrior, hero.mage)
        ok = has_class(position, card, "Герой-воин") or has_class(position, card, "Герой-маг")
        return None if ok else f"{name} is not a hero (Герой-воин / Герой-маг)"
    if state == "with:armor":
        from .defences import armour_of

        return None if armour_of(position, card) else f"{name} has no armour (Броня)"
    if state == "with:equipment":
        has = any(a.card.type == "equipment" for a in position.attachments_of(card.uid))
        return None if has else f"{name} wears no equipment"
    if state == "with:fewer-life":
        # «существам с меньшим числом текущих жизней»: fewer current lives (glossary «Жизни карты (текущее
        # число жизней)»: lives with additional lives, less wounds) than the ability's own card
        from . import state as S

        if source is None:
            return f"{name}: fewer lives than which card is not known"
        mine, theirs = S.life_now(position, source), S.life_now(position, card)
        if mine is None or theirs is None:
            return f"{name} or \"{source.name}\" has no lives to compare"
        return None if theirs < mine else f"{name} has {theirs} lives, not fewer than \"{source.name}\" ({mine})"
    if state == "incorporeal":
        from . import state as S

        return None if S.has_keyword(position, card, "Бестелесность") else f"{name} is not incorporeal (Бестелесность)"
    if state in _STATUS_STATES:
        from . import state as S

        status = _STATUS_STATES[state]
        return None if S.statuses(position, card).get(status) else f"{name} has no {status}"
    if state.startswith("element:"):
        want = state.split(":", 1)[1]
        have = element_of(card)
        if have is None:
            return f"{name} has no element in the card base, so it is not of the element the ability names"
        if want == "not-darkness":
            return f"{name} is a darkness card" if have == "darkness" else None
        return None if have == want else f"{name} is a {have} card, not {want}"
    raise ValueError(state)  # pragma: no cover - the reader lets only SUPPORTED_STATES through


def test_failure(card, stat: str, op: str, value: int) -> str | None:
    if stat != "cost":  # pragma: no cover - the reader lets only SUPPORTED_TESTS through
        raise ValueError(stat)
    cost = cost_of(card)
    if cost is None:
        return f"\"{card.name}\" has no numeric cost"
    ok = {"<=": cost <= value, ">=": cost >= value, "=": cost == value}[op]
    return None if ok else f"\"{card.name}\" costs {cost} (the ability asks for cost {op} {value})"


def spec_failure(position: Position, card, spec: dict, source) -> str | None:
    for state in spec.get("states", []):
        why = state_failure(position, card, state, source)
        if why:
            return why
    for name in spec.get("classes", []):
        if not has_class(position, card, name):
            return f"\"{card.name}\" is not of the class {name}"
    for stat, op, value in spec.get("tests", []):
        why = test_failure(card, stat, op, value)
        if why:
            return why
    return None


def supported(state: str) -> bool:
    return state in SUPPORTED_STATES or bool(re.fullmatch(r"element:\w+", state) and state[8:] in ELEMENTS)
