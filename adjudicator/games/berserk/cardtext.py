"""What the battle engine needs to know about a card's Russian ability text.

The full Russian grammar (``ability.py``, another module's job) structures every ability;
the battle engine needs less: when an ability works (its trigger), how it is used (a
played ability with [:tap], an instant, "once per turn") and the few effects this engine
can carry out (see ``effects.EXECUTABLE_KINDS``). This recogniser reads exactly that and
keeps every fragment it cannot read in ``unknown``, so the engine can refuse honestly
instead of guessing. Abilities are plain dicts so they can live in ``Position.memo``.
"""

from __future__ import annotations

import re
from functools import lru_cache

# trigger heads, longest first: (regex at the start of a sentence, trigger, whose turn)
_TRIGGERS = (
    (r"до начала (вашего )?хода", "before-start", "any"),
    (r"в начале вашего хода", "start-of-turn", "own"),
    (r"в начале хода противника", "start-of-turn", "opponent"),
    (r"в начале хода", "start-of-turn", "any"),
    (r"в конце вашего хода", "end-of-turn", "own"),
    (r"в конце хода противника", "end-of-turn", "opponent"),
    (r"в конце хода", "end-of-turn", "any"),
    (r"при открытии", "on-opening", "any"),
    (r"после расстановки( карт)?", "after-placement", "any"),
    (r"в начале боя", "start-of-battle", "any"),
    (r"авангард", "vanguard", "any"),
)
_DASH = r"\s*[-—–:]?\s*"
_STATS = {"жизни": "life", "удару": "strike", "движению": "movement"}


def sentences(text: str) -> list[str]:
    """Split a card text into ability sentences (a quoted «…» ability stays whole)."""
    out, depth, cur = [], 0, ""
    for ch in text.replace("\n", ". "):
        depth += ch == "«"
        depth -= ch == "»"
        if ch == "." and depth == 0:
            if cur.strip():
                out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


@lru_cache(maxsize=512)
def _parse_cached(text: str) -> tuple:
    return tuple(_parse_sentence(s, i) for i, s in enumerate(sentences(text), 1))


from ...core.position import _deep_copy_plain  # noqa: E402  (fast copy of plain data)


def parse_abilities(text: str) -> list[dict]:
    """Every ability sentence of ``text`` as a fresh plain dict."""

    return [_deep_copy_plain(a) for a in _parse_cached(text or "")]


def _parse_sentence(sentence: str, index: int) -> dict:
    ab = {"index": index, "text": sentence, "trigger": None, "whose": "any", "instant": False,
          "tap": False, "once_per_turn": False, "once_per_battle": False, "static": None,
          "effects": [], "unknown": []}
    body = sentence.strip()
    if "[:tap]" in body:
        ab["tap"] = True
        body = body.replace("[:tap]", " ").strip()
    low = body.lower()
    if low.startswith("может не открываться в начале хода"):
        ab["static"] = "may-stay-closed"
        return ab
    if low.startswith("внезапное действие"):
        ab["instant"] = True
        body = body[len("внезапное действие"):]
    body = _limits(body, ab).strip(" :—–-")
    for head, trigger, whose in _TRIGGERS:
        m = re.match(head + _DASH, body, flags=re.I)
        if m:
            ab["trigger"], ab["whose"] = trigger, whose
            body = body[m.end():]
            break
    ab["effects"], ab["unknown"] = _parse_effects(body.strip(" :—–-"))
    rest = re.search(r"\(?[^(),.]*раза?\s+за\s+(ход|бой)[^()]*\)?", body, flags=re.I)
    if rest:  # a limit this reader does not hold ("… для каждого существа"): never dropped silently
        ab["unknown"].append(rest.group(0).strip())
    if not ab["effects"] and not ab["unknown"] and not ab["trigger"] and not ab["tap"]:
        ab["static"] = "keyword-line"
    return ab


_NUMBERS = {"один": 1, "два": 2, "три": 3, "четыре": 4, "пять": 5}
_LIMIT = re.compile(r"\(?\s*(один|два|три|четыре|пять|\d+)\s+раза?\s+за\s+(ход|бой)\s*(\)|(?=[:.,—–-]|$))", re.I)


def _limits(body: str, ab: dict) -> str:
    """«(Один / два … раза за ход)», «(Х раз за бой)»: the limit is kept (limits.py enforces
    it, glossary «Один (Х) раз за ход») and taken out of the effect text. A limit with more
    words ("… для каждого существа") does not match and stays in the text, unread."""
    for m in list(_LIMIT.finditer(body)):
        word = m.group(1).lower()
        n = _NUMBERS.get(word) or int(word)
        if m.group(2).lower() == "ход":
            ab["once_per_turn"], ab["turn_limit"] = True, n
        else:
            ab["once_per_battle"], ab["battle_limit"] = True, n
    return _LIMIT.sub("", body)


def _parse_effects(body: str) -> tuple[list[dict], list[str]]:
    effects, unknown = [], []
    granted: list[str] = []

    def keep_quote(m):
        granted.append(m.group(1))
        return f"«{len(granted) - 1}»"

    body = re.sub(r"«(.+?)»", keep_quote, body)
    x_source = None
    m = re.search(r",?\s*где\s+x\s*[-—–]\s*(.+)$", body, flags=re.I)
    if m:
        x_source = "tokens" if "фиш" in m.group(1).lower() else "wounds" if "ран" in m.group(1).lower() else None
        if x_source is None:
            unknown.append(m.group(0).strip(" ,"))
        body = body[:m.start()]
    until_end = bool(re.search(r"до конца хода", body, flags=re.I))
    body = re.sub(r",?\s*до конца хода", "", body, flags=re.I)
    last_subject = "self"
    for chunk in re.split(r",\s*|;\s*|\s+и\s+|\s+затем\s+", body):
        chunk = chunk.strip(" .")
        if not chunk:
            continue
        delayed = None
        m = re.match(r"(в конце хода|в начале хода)" + _DASH, chunk, flags=re.I)
        if m:
            delayed = "end-of-turn" if "конце" in m.group(1).lower() else "start-of-turn"
            chunk = chunk[m.end():]
        effect = _one_effect(chunk, granted, x_source)
        if effect is None:
            unknown.append(chunk)
            continue
        if effect["subject"] == "it":
            effect["subject"] = last_subject
        last_subject = effect["subject"]
        effect["delayed"] = delayed
        if effect["kind"] == "modify-stat" and until_end:
            effect["duration"] = "turn"
        effects.append(effect)
    return effects, unknown


def _subject(chunk: str) -> str:
    low = chunk.lower()
    if re.search(r"выбранн|ваше существо|существо противника|целев", low):
        return "target"
    if re.search(r"\b(его|её|ее|него|неё|нее|ей|ему)\b", low):
        return "it"
    return "self"


def _amount(raw: str, x_source: str | None):
    if raw.lower() == "x":
        return {"x": x_source or "stated"}
    return int(raw)


def _one_effect(chunk: str, granted: list[str], x_source) -> dict | None:
    low = chunk.lower()
    subject = _subject(chunk)
    patterns = (
        (r"^ранить\b.*?\bна\s+(\d+|x)\b", "wound"),
        (r"^излечить\b.*?\bна\s+(\d+|x)\b", "heal"),
        (r"\b(?:получает|получить|положить|поставить)\s+(\d+|x)\s+фишк", "gain-token"),
        (r"\b(?:теряет|потерять|снять|убрать)\s+(\d+|x)\s+фишк", "lose-token"),
    )
    for pattern, kind in patterns:
        m = re.search(pattern, low)
        if m:
            return {"kind": kind, "amount": _amount(m.group(1), x_source), "subject": subject}
    m = re.search(r"получает\s+«(\d+)»", chunk)
    if m:
        return {"kind": "grant-ability", "text": granted[int(m.group(1))], "subject": subject}
    m = re.search(r"([+-]\d+)\s+к\s+(жизни|удару|движению)", low)
    if m:
        return {"kind": "modify-stat", "amount": int(m.group(1)), "stat": _STATS[m.group(2)], "subject": subject,
                "duration": "permanent"}
    if re.match(r"^(закрыть|закрыться)", low):
        return {"kind": "close", "subject": subject}
    if re.match(r"^(открыть|открыться)", low):
        return {"kind": "open", "subject": subject}
    if re.match(r"^вскрыться", low):
        return {"kind": "reveal", "subject": "self"}
    return None


def has_alternative_cost(text: str) -> bool:
    """B-404.2.2: an ability that lets the card be recruited for another price."""
    low = (text or "").lower()
    return "стоимост" in low and ("вместо" in low or "замен" in low)
