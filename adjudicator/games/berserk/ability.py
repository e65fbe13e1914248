"""Berserk (classic) ability text -> the typed AST of :mod:`adjudicator.core.ability`.

Public API
----------
``parse_ability(text) -> Ability``      one ability (a sentence, or a run of keyword sentences)
``parse_card_text(text) -> list[Ability]``  a card's whole ``desc``
``EFFECT_KINDS``                        the closed vocabulary of effect / cost kinds emitted

Neither function raises on any input: what the grammar (``grammar/berserk_ability.lark``) cannot
structure is kept as an :class:`Unparsed` node carrying the text; a sentence whose *head* (cost,
trigger, condition) is recognised keeps its kind even when its effect text is not understood.

How a ``desc`` is split
-----------------------
Sentences end at ``.`` followed by a space / end of text, outside quotes (card texts quote
granted abilities: ``получает: "[:tap]: Воздействие "отдышаться" - ..."``) and newlines end
sentences too. Consecutive keyword-only sentences ("Броня 2. Регенерация 1." / "[:unq]. Орк.")
become ONE ability of kind ``"keywords"`` with one ``Effect(kind="keyword")`` per keyword.
Every other sentence is one ability.

Icon tokens of the berserktcg.ru base (meanings inferred; evidence = the engine tags in the same
records' ``abilities`` field, the texts around the icon, the rules glossary
``rules_heroes/dictionary.rst`` and seeds 001/002)
------------------------------------------------------------------------------------------------
============ ============================== ====================================================== ==========
icon         meaning (how the AST uses it)  evidence                                               confidence
============ ============================== ====================================================== ==========
[:tap]       "закрыться": close this card   always a cost before ":" ("[:tap]: Выстрел на 1");    high
             as a cost -> Effect("close",   seeds 414 "the card pays by closing (tapping)"; SOURCE.md
             target ref "this") in costs
[:unq]       unique (flag / keyword)        engine tag "unique" on 379 of its 381 cards            high
[:atk]       simple strike, "удар"          "-1 от [:atk]", "При [:atk] - атакованный ...";        high
             (stat "strike", event strike)  tags kick.aim.*, kick.exp on the same cards
[:cnt]       counter token, "фишка"         "Накопить [:cnt]", "2[:cnt][:tap]:"; tag "counter"     high
                                            on 119 of 124 cards
[:tgh]       life, "жизнь" (stat "life")    "Максимум 11 [:tgh]", "дополнительные [:tgh]";         high
                                            tags health.max / extra_life
[:prm]       protection from magic          tag "xmagic" on 95 of 98 cards; "Игнорирует [:prm]"   high
[:drs]       directed strike                tag "kick.aim.1" on 90 of 90 cards; glossary          high
             ("направленный удар")          "Направленный удар: нельзя назначить защитника"
[:2hod]      "if you move second"           "[:2hod]: Начинает бой с [:cnt]" / "+2 [:tgh]" — small  medium
             (turn-order condition)         compensations; Аластор "[:1hod]: Душелов 2. [:2hod]:
                                            Душелов 3." (more for the second player)
[:1hod]      "if you move first"            4 cards, always paired with [:2hod] (see above)        medium
[:rgn]       regeneration ("[:rgn]-2" =     tag "regen" on 64 of 64 cards; "величина регенерации"  high
             Регенерация 2)
[:prs]       protection from shots          tag "xshot" on 66 of 67 cards                          high
[:prp]       protection from poison         tag "xpoison" on 51 of 53; "теряет [:prp] и получает   high
                                            отравление"
[:ovs]       strike through a row           tag "rank_kick" on 41 of 41 cards that use it as an    medium-high
             ("удар через ряд")             attack ("[:tap]: [:ovs] на 1-2-3"); "дальней атакой
                                            (кроме [:ovs])"
[:zoz]       protection from spells         tag "xspell" on 30 of 30                               high
[:zor]       protection from discharges     tag "xdischarge" on 29 of 29                           high
[:mvt]       movement (stat "movement")     "-1 к [:mvt] до конца хода противника", "+Х к [:mvt]"  high
[:zomet]     protection from throwing       tag "xthrowing" on 16 of 17                            high
[:fly]       flying                         tag "fly" on 14 of 14; "В начале боя - получает [:fly]" high
============ ============================== ====================================================== ==========

TargetSpec conventions used here (beyond the core doc's list): ``ref="attacked"`` / ``"attacker"``
(the other card of the current attack), ``ref="named"`` (a proper name printed in the sentence —
usually the card's own name in some grammatical case; ``text`` keeps it), ``ref="choice"`` (an
object named without "выбранный": chosen at resolution, no targeting). Elements are ``states``
entries ``element:forest`` etc.; range ("дальность N") is ``StatTest("range", "<=", N)``; cost
restrictions are ``StatTest("cost", "<=", N)``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from adjudicator.core.ability import (
    Ability,
    Condition,
    Effect,
    Span,
    StatTest,
    TargetSpec,
    Trigger,
    Unparsed,
)

__all__ = ["EFFECT_KINDS", "parse_ability", "parse_card_text", "split_sentences", "grammar_path"]

# --------------------------------------------------------------------------- vocabulary

#: kind -> the Effect fields that kind uses (documentation; EFFECT_KINDS is its key set)
EFFECT_ARGS: dict[str, str] = {
    "keyword": "keyword, amount? (Броня 2), target? (restriction 'по ...'), values?",
    "close": "target (cost [:tap]: ref this)",
    "open": "target",
    "pay-tokens": "amount (tokens [:cnt] removed as a cost; None = X)",
    "shot": "amount | values, target (range test)",
    "throw": "amount | values, target (range test)",
    "discharge": "amount | values, target (range test)",
    "magic-strike": "amount | values, target",
    "special-strike": "amount | values, target",
    "strike": "amount | values, target",
    "strike-through-row": "amount | values, target  ([:ovs])",
    "finish": "amount | values  (добивание)",
    "ranged-attack": "target",
    "wound": "amount | values, target",
    "heal": "amount?, target",
    "heal-full": "target",
    "gain-status": "keyword (poison|curse|vulnerability|fading|unhealing-wounds|blessing|fear|plague), amount?, target",
    "lose-status": "keyword, target",
    "gain-token": "amount?, target",
    "lose-token": "amount?, target",
    "extra-life": "amount, target",
    "modify-stat": "stat (strike|life|movement|regeneration|armor|shot|...), amount (signed), target?",
    "damage-reduction": "amount, stat (attack kind reduced), target?",
    "extra-damage": "amount, stat",
    "grant-keyword": "keyword, amount?, target",
    "lose-keyword": "keyword, target",
    "grant-ability": "text (quoted granted ability), target",
    "grant-class": "keyword, target",
    "start-with": "amount?, stat (tokens|life|wounds)",
    "move": "target",
    "diagonal-move": "target",
    "extra-attack": "amount",
    "destroy": "target",
    "summon": "target",
    "resurrect": "target",
    "return-to-deck": "target",
    "take-control": "target, duration?",
    "roll-die": "-",
    "mill": "target",
    "choose": "target",
    "block": "target",
    "change-element": "keyword (element), target",
    "redirect-damage": "target, amount?",
    "prevent-damage": "target",
    "ignore": "keyword (what is ignored), target?",
    "reduce-attack-to": "amount, target",
    "no-damage": "target, stat? (source)",
    "no-open": "target",
    "no-close": "target",
    "may-stay-closed": "target",
    "cannot-move": "target, duration?",
    "cannot-be-healed": "target",
    "cannot-be-summoned": "target",
    "cannot-declare": "target",
    "attack-only": "target",
    "cannot-gain-token": "target",
    "cannot-defend": "target",
    "cannot-act": "target",
    "incarnate-open": "target",
}
EFFECT_KINDS: frozenset[str] = frozenset(EFFECT_ARGS)

ICON_MEANINGS: dict[str, str] = {
    "tap": "close", "unq": "unique", "atk": "strike", "cnt": "token", "tgh": "life",
    "prm": "protection-from-magic", "drs": "directed-strike", "2hod": "moves-second",
    "1hod": "moves-first", "rgn": "regeneration", "prs": "protection-from-shots",
    "prp": "protection-from-poison", "ovs": "strike-through-row", "zoz": "protection-from-spells",
    "zor": "protection-from-discharges", "mvt": "movement", "zomet": "protection-from-throwing",
    "fly": "flying",
}

_STATUS = [
    ("отравл", "poison"), ("прокля", "curse"), ("уязвим", "vulnerability"), ("угасан", "fading"),
    ("незажива", "unhealing-wounds"), ("благосл", "blessing"), ("страх", "fear"), ("чум", "plague"),
    ("вампиризм", "vampirism"), ("трупоед", "corpse-eating"), ("инкарнац", "incarnation"),
    ("класс", "class"), ("печать", "mark"),
]
_ATTACK = [
    ("выстрел", "shot"), ("метани", "throw"), ("разряд", "discharge"), ("магическ", "magic-strike"),
    ("особ", "special-strike"), ("добивани", "finish"), ("[:ovs]", "strike-through-row"),
    ("заклинани", "spell"), ("дальн", "ranged-attack"), ("удар", "strike"),
]
_STATE = [
    ("нелетающ", "non-flying"), ("летающ", "flying"), ("небестелесн", "corporeal"),
    ("бестелесн", "incorporeal"), ("закрыт", "closed"), ("открыт", "open"), ("отравлен", "poisoned"),
    ("прокля", "cursed"), ("ранен", "wounded"), ("вскрыт", "revealed"), ("элитн", "elite"),
    ("рядов", "rank-and-file"), ("нечетн", "odd"), ("четн", "even"), ("вызванн", "summoned"),
    ("погибш", "dead"), ("излеч", "healed"), ("возрожден", "resurrected"), ("соседн", "adjacent"),
    ("свободн", "free"), ("незанят", "free"), ("следующ", "next"), ("перв", "first"),
    ("случайн", "random"), ("дальн", "ranged"), ("немагическ", "non-magic"), ("магическ", "magic"),
]
_ELEMENT = [
    ("нетемн", "element:not-darkness"), ("нетёмн", "element:not-darkness"), ("лесн", "element:forest"),
    ("горн", "element:mountains"), ("степн", "element:steppe"), ("болотн", "element:swamp"),
    ("темн", "element:darkness"), ("тёмн", "element:darkness"), ("нейтральн", "element:neutral"),
]
_STAT = [
    ("[:atk]", "strike"), ("[:tgh]", "life"), ("[:mvt]", "movement"), ("[:rgn]", "regeneration"),
    ("[:cnt]", "tokens"), ("брон", "armor"), ("регенерац", "regeneration"), ("опыт", "experience"),
    ("бросок", "die-roll"), ("броск", "die-roll"), ("атак", "attack"), ("выстрел", "shot"),
    ("метани", "throw"), ("разряд", "discharge"), ("удар", "strike"), ("заклинан", "spell"),
]
_CLASS = [
    ("тролл", "Тролль"), ("орк", "Орк"), ("тёмн", "Темный эльф"), ("темн", "Темный эльф"),
    ("эльф", "Эльф"), ("гном", "Гном"), ("демон", "Демон"), ("дракон", "Дракон"), ("гарпи", "Гарпия"),
    ("койар", "Койар"), ("слуа", "Слуа"), ("архаалит", "Архаалит"), ("инквизитор", "Инквизитор"),
    ("аккени", "Аккениец"), ("линунг", "Линунг"), ("йордлинг", "Йордлинг"), ("пират", "Пират"),
    ("ангел", "Ангел"), ("паладин", "Паладин"), ("тоа-дан", "Тоа-Дан"), ("возрожден", "Возрожденный"),
    ("порожден", "Порождение"), ("речн", "Речная дева"), ("страж", "Страж леса"),
    ("дит", "Дитя Кронга"), ("вампир", "Вампир"), ("нежит", "Нежить"), ("геро", "Герой"),
    ("член", "Ковен"),
]
_KW_LEMMA = [
    ("брон", "Броня"), ("инкарнац", "Инкарнация"), ("неповоротлив", "Неповоротливость"),
    ("дар жизни", "Дар жизни"), ("жажд", "Жажда"), ("душелов", "Душелов"), ("ярост", "Ярость"),
    ("щит архааля", "Щит Архааля"), ("страх", "Страх"), ("рывок", "Рывок"), ("рывком", "Рывок"),
    ("превосходство", "Превосходство"), ("отравлени", "Отравление"), ("угасани", "Угасание"),
    ("вампиризм", "Вампиризм"), ("медитац", "Медитация"), ("концентрац", "Концентрация"),
    ("единени", "Единение"), ("телепортац", "Телепортация"), ("безответн", "Безответный удар"),
    ("бестелесн", "Бестелесность"), ("благосл", "Благословение"), ("авангард", "Авангард"),
    ("стойкост", "Стойкость"), ("полёт", "Полёт"), ("полет", "Полёт"),
]


def _lookup(table: Iterable[tuple[str, str]], word: str, default: str | None = None) -> str | None:
    low = word.casefold()
    for stem, value in table:
        if stem in low:
            return value
    return default


def _norm(text: str) -> str:
    return " ".join(str(text).split())


# --------------------------------------------------------------------------- grammar / parser


def grammar_path() -> Path:
    """Where ``berserk_ability.lark`` lives (see :func:`adjudicator.core.grammar_files.grammar_path`)."""
    from ...core.grammar_files import grammar_path as _find

    return _find("berserk_ability.lark")


@lru_cache(maxsize=None)
def _parser(kind: str = "lalr"):
    from lark import Lark

    path = grammar_path()
    text = path.read_text(encoding="utf-8")
    if kind == "lalr":
        return Lark(
            text,
            parser="lalr",
            start=["start", "head", "head_loose", "body"],
            propagate_positions=True,
            cache=True,
        )
    return Lark(text, parser="earley", start="start", propagate_positions=True)


# --------------------------------------------------------------------------- splitting

_QUOTE_OPEN = {'"': '"', "«": "»"}


def split_sentences(text: str) -> list[str]:
    """Split a card text into sentences: '.' + space/end outside quotes, or a newline."""
    out: list[str] = []
    for line in str(text).replace("\r", "\n").split("\n"):
        cur: list[str] = []
        depth = 0  # nesting of quotes; '"' toggles unless it clearly opens a nested quote
        i = 0
        n = len(line)
        while i < n:
            c = line[i]
            cur.append(c)
            if c == "«":
                depth += 1
            elif c == "»":
                depth = max(0, depth - 1)
            elif c == '"':
                prev = line[i - 1] if i else " "
                nxt = line[i + 1] if i + 1 < n else " "
                if depth and (prev.isspace() or prev in ":(") and not nxt.isspace() and nxt not in ".,":
                    depth += 1  # a quote opening inside a quote
                elif depth:
                    depth -= 1
                else:
                    depth = 1
            elif c == "." and depth == 0 and (i + 1 == n or line[i + 1].isspace()):
                s = "".join(cur).strip()
                if s.strip(". "):
                    out.append(s)
                cur = []
            i += 1
        s = "".join(cur).strip()
        if s.strip(". "):
            out.append(s)
    return out


# --------------------------------------------------------------------------- tree helpers


def _tokens(tree) -> list:
    from lark import Token

    if isinstance(tree, Token):
        return [tree]
    out = []
    for ch in tree.children:
        out.extend(_tokens(ch))
    return out


def _text(tree) -> str:
    return _norm(" ".join(str(t) for t in _tokens(tree)))


def _span(tree) -> Span:
    meta = getattr(tree, "meta", None)
    if meta is not None and not getattr(meta, "empty", True):
        return Span(line=meta.line, column=meta.column, end_column=meta.end_column)
    from lark import Token

    if isinstance(tree, Token) and tree.line is not None:
        return Span(line=tree.line, column=tree.column, end_column=tree.end_column or 0)
    return Span()


def _sub(tree, name: str):
    from lark import Tree

    for ch in tree.children:
        if isinstance(ch, Tree) and ch.data == name:
            return ch
    return None


def _subs(tree, name: str) -> list:
    from lark import Tree

    return [ch for ch in tree.children if isinstance(ch, Tree) and ch.data == name]


def _find(tree, name: str):
    """First descendant tree with this data (pre-order)."""
    from lark import Tree

    for ch in tree.children:
        if isinstance(ch, Tree):
            if ch.data == name:
                return ch
            got = _find(ch, name)
            if got is not None:
                return got
    return None


def _tok(tree, *types: str):
    from lark import Token

    for ch in tree.children:
        if isinstance(ch, Token) and ch.type in types:
            return ch
    return None


def _amount(tree) -> tuple[int | None, tuple[int, ...]]:
    """amount subtree -> (amount, values). X -> (None, ())."""
    if tree is None:
        return None, ()
    toks = _tokens(tree)
    if not toks:
        return None, ()
    first = toks[0]
    if first.type == "VALUES":
        vals = tuple(int(v) for v in str(first).split("-"))
        return None, vals
    if first.type == "INT":
        return int(first), ()
    if first.type == "NUMWORD":
        return _numword(str(first)), ()
    return None, ()


_NUMWORDS = {"один": 1, "одну": 1, "одного": 1, "одна": 1, "два": 2, "две": 2, "двух": 2, "три": 3,
             "трех": 3, "трёх": 3, "четыре": 4, "пять": 5}


def _numword(w: str) -> int | None:
    w = w.casefold()
    if w.isdigit():
        return int(w)
    return _NUMWORDS.get(w)


# --------------------------------------------------------------------------- noun phrases


def _target(np, *, default_ref: str = "choice") -> TargetSpec:
    """An ``np`` subtree -> TargetSpec."""
    from lark import Tree

    ref = None
    owner = "any"
    types: list[str] = []
    keywords: list[str] = []
    states: list[str] = []
    tests: list[StatTest] = []
    zone = None
    count = 1
    up_to = False
    plural = False

    for part in np.children:
        if isinstance(part, Tree) and part.data == "np_mod":
            toks = _tokens(part)
            t0 = toks[0]
            ty = t0.type
            w = str(t0).casefold()
            if ty == "CHOSEN":
                ref = "target"
            elif ty in ("EACH", "ALL"):
                ref = ref or "each"
                plural = True
            elif ty == "THIS":
                ref = ref or "this"
            elif ty == "YOUR":
                owner = "you"
                # «Другие ваши члены ковена получают …», «Ваши гномы получают …»: the plural names
                # every card of the description, as «каждый» does («ваших», genitive, counts: «двух ваших»)
                plural = plural or w == "ваши"
            elif ty == "OWN":
                owner = "you"
            elif ty == "OTHER":
                states.append("other")
            elif ty == "ELEM_ADJ":
                states.append(_lookup(_ELEMENT, w, "element:?"))
            elif ty in ("STATE_ADJ", "RANK_ADJ", "RANDOM"):
                states.append(_lookup(_STATE, w, w))
            elif ty == "ATTACKED_ADJ":
                ref = ref or "attacked"
            elif ty in ("STANDING", "NEAR", "STANDING_NEAR_WITH"):
                kinds = {str(t).casefold() for t in toks}
                if any("напротив" in k for k in kinds):
                    states.append("opposite")
                elif any("позади" in k for k in kinds):
                    states.append("behind")
                else:
                    states.append("adjacent")
            elif ty in ("NUMWORD", "INT", "XVAR", "VALUES", "TWO_GEN"):
                n = _numword(str(t0)) if ty in ("NUMWORD", "TWO_GEN") else (int(t0) if ty == "INT" else None)
                if n is not None:
                    count = n
                if any(t.type == "OR_LESS" for t in toks):
                    up_to = True
                plural = True
            continue
        if isinstance(part, Tree) and part.data == "np_head":
            t0 = _tokens(part)[0]
            ty = t0.type
            w = str(t0).casefold()
            if ty == "CREATURE":
                types.append("creature")
            elif ty == "CARD":
                types.append("card")
            elif ty == "HERO":
                types.append("hero")
            elif ty == "HEROCLASS":
                types.append("creature")
                keywords.append("Герой-маг" if "маг" in w else "Герой-воин")
            elif ty == "ARTIFACT":
                types.append("artifact")
            elif ty == "EQUIP":
                types.append("equipment")
            elif ty in ("TERRAIN", "TERRAIN_KW"):
                types.append("terrain")
                if ty == "TERRAIN_KW":
                    keywords.append(str(t0).capitalize())
            elif ty == "CLASSN":
                types.append("creature")
                keywords.append(_lookup(_CLASS, w, str(t0)))
            elif ty == "COVEN_MEMBER":
                types.append("creature")
                keywords.append("Ковен")
            elif ty == "ATTACKED":
                ref = ref or "attacked"
            elif ty == "ATTACKER":
                ref = ref or "attacker"
            elif ty == "HOST":
                ref = ref or "attached"
            elif ty == "DEFENDER":
                states.append("defender")
            elif ty == "PRONOUN":
                ref = ref or "it"
            elif ty == "SELF_W":
                ref = ref or "this"
            elif ty == "NAME":
                ref = ref or "named"
            elif ty in ("PLAYER_W",):
                ref = ref or "you"
            elif ty == "OPPONENT_SUBJ":
                ref = ref or "opponent"
            elif ty == "GRAVEYARD":
                zone = "graveyard"
            elif ty == "DECK":
                zone = "deck"
            continue
        if isinstance(part, Tree) and part.data == "np_post":
            toks = _tokens(part)
            tys = [t.type for t in toks]
            words = " ".join(str(t).casefold() for t in toks)
            if tys == ["OPP"]:
                owner = "opponent"
            elif tys and tys[0] == "COST_W":
                amt = next((int(t) for t in toks if t.type == "INT"), None)
                op = ">=" if "OR_MORE" in tys else ("<=" if "OR_LESS" in tys else "=")
                if amt is not None:
                    tests.append(StatTest("cost", op, amt))
                else:
                    states.append("cost:x" + (op if op != "=" else ""))
            elif tys and tys[0] == "FORCE":
                amt = next((int(t) for t in toks if t.type == "INT"), None)
                op = ">=" if "OR_MORE" in tys else ("<=" if "OR_LESS" in tys else "=")
                if amt is not None:
                    tests.append(StatTest("attack-force", op, amt))
            elif tys and tys[0] in ("WITH", "WITHOUT"):
                neg = tys[0] == "WITHOUT"
                rest = toks[1:]
                amt = next((int(t) for t in rest if t.type == "INT"), None)
                icon = next((t for t in rest if str(t).startswith("[:")), None)
                if icon is not None and amt is not None:
                    stat = _lookup(_STAT, str(icon), "value")
                    tests.append(StatTest(stat, ">=" if "OR_MORE" in tys else "=", amt))
                elif amt is not None:
                    tests.append(StatTest("wounds", ">=" if "OR_MORE" in tys else "=", amt))
                else:
                    label = _with_label(rest)
                    states.append(("without:" if neg else "with:") + label)
            elif tys and tys[0] == "IN_SQUAD":
                if "ваш" in words:
                    owner = "you"
                states.append("in-squad")
            elif tys and tys[0] in ("ON_GRAVEYARD", "FROM_GRAVEYARD"):
                zone = "graveyard"
                if "ваш" in words:
                    owner = "you"
                elif "противник" in words:
                    owner = "opponent"
            elif "IN" in tys and "SQUAD" in tys:
                zone = zone or None
                if "YOUR" in tys:
                    owner = "you"
                states.append("in-squad")
            elif "GRAVEYARD" in tys:
                zone = "graveyard"
                if "YOUR" in tys:
                    owner = "you"
                elif "OPP" in tys:
                    owner = "opponent"
            elif tys and tys[0] in ("FROM",) and "DECK" in tys:
                zone = "deck"
            elif "DECK_GEN" in tys:
                zone = "deck"
            elif "ONE_ROW" in tys:
                states.append("same-row")
            elif "NEAR" in tys or "STANDING" in tys or "STANDING_NEAR_WITH" in tys:
                states.append("adjacent")
            elif tys and tys[0] == "ON":
                states.append("on:" + _norm(words[3:]))
            elif tys and tys[0] in ("OF_ELEMENT", "CHOSEN_COST", "OWNER_GEN", "HIS_GEN"):
                states.append(tys[0].lower().replace("_", "-"))
            continue
    if ref is None:
        ref = "each" if plural else default_ref
    return TargetSpec(
        ref=ref,
        count=count,
        up_to=up_to,
        owner=owner,
        card_types=tuple(dict.fromkeys(types)),
        keywords=tuple(dict.fromkeys(k for k in keywords if k)),
        states=tuple(dict.fromkeys(s for s in states if s)),
        tests=tuple(tests),
        zone=zone,
        text=_text(np),
    )


def _with_label(toks) -> str:
    words = " ".join(str(t) for t in toks)
    low = words.casefold()
    for table in (_STATUS,):
        v = _lookup(table, low)
        if v:
            return v
    for t in toks:
        if str(t).startswith("[:"):
            return ICON_MEANINGS.get(str(t)[2:-1], str(t))
    if "брон" in low:
        return "armor"
    if "экипиров" in low:
        return "equipment"
    if "класс" in low:
        return "class"
    if "выстрел" in low:
        return "shot"
    if "метани" in low:
        return "throw"
    if "разряд" in low:
        return "discharge"
    if "атак" in low:
        return "ranged-attack" if "дальн" in low else "attack"
    if "ярост" in low:
        return "rage"
    if "инкарнац" in low:
        return "incarnation"
    if "авангард" in low:
        return "vanguard"
    if "жизн" in low:
        return "fewer-life"
    return _norm(low)


def _nps(tree) -> list:
    """The np subtrees directly inside a clause (not inside nested nps)."""
    from lark import Tree

    out = []
    for ch in tree.children:
        if isinstance(ch, Tree):
            if ch.data == "np":
                out.append(ch)
            elif ch.data not in ("amount",):
                out.extend(_nps(ch))
    return out


# --------------------------------------------------------------------------- clauses

_SIMPLE_KIND = {
    "destroy": "destroy", "summon": "summon", "resurrect": "resurrect", "return_to_deck": "return-to-deck",
    "take_control": "take-control", "roll_die": "roll-die", "mill": "mill", "choose": "choose",
    "block": "block", "redirect": "redirect-damage", "prevent": "prevent-damage", "move": "move",
    "diagonal": "diagonal-move", "extra_attack": "extra-attack", "no_damage": "no-damage",
    "cannot_move": "cannot-move", "cannot_declare": "cannot-declare", "attack_only": "attack-only",
    "cannot_accumulate": "cannot-gain-token", "cannot_defend": "cannot-defend", "cannot_act": "cannot-act",
    "incarnate_open": "incarnate-open", "no_open": "no-open", "no_close": "no-close",
    "may_stay_closed": "may-stay-closed", "close": "close", "open": "open", "ignore": "ignore",
    "reduce_to": "reduce-attack-to", "wound": "wound", "heal": "heal", "gain_token": "gain-token",
    "put_token": "gain-token", "lose_token": "lose-token", "grant_ability": "grant-ability",
    "start_with": "start-with",
}
_SELF_KIND = {"destroy_self": "destroy", "heal_self": "heal", "close_self": "close", "open_self": "open",
              "move_self": "move", "self_wound": "wound"}


def _duration(tree) -> str | None:
    if tree is None:
        return None
    words = _text(tree).casefold()
    if "перв" in words and "конца" in words:
        return "until-end-of-first-turn"  # «до конца вашего первого хода»
    if "бо" in words and "конца" in words:
        return "battle"
    if "противник" in words:
        return "opponent-turn"
    if "следующ" in words:
        return "next-turn"
    if "начала" in words:
        return "until-your-turn"
    if "первый" in words:
        return "first-turn"
    return "turn"


def _clause_effects(cl) -> list[Effect]:
    """One clause subtree -> Effect(s)."""
    from lark import Tree

    name = cl.data
    span = _span(cl)
    text = _text(cl)
    nps = [ch for ch in cl.children if isinstance(ch, Tree) and ch.data == "np"]
    # the clause's own amount ("ранить … на 2") before one inside a noun phrase ("стоимостью 4 или менее")
    amt_tree = next((ch for ch in cl.children if isinstance(ch, Tree) and ch.data == "amount"), None) \
        or _find(cl, "amount")
    amount, values = _amount(amt_tree)
    dur = _duration(_find(cl, "duration"))

    def tgt(i: int = 0, default: str = "choice") -> TargetSpec | None:
        return _target(nps[i], default_ref=default) if len(nps) > i else None

    if name == "attack":
        kind_tok = next(t for t in _tokens(cl) if t.type == "ATTACK_N")
        kind = _lookup(_ATTACK, str(kind_tok), "strike")
        if kind == "spell":
            kind = "strike"
        target = None
        rng = None
        for tail in _subs(cl, "attack_tail"):
            inner = [c for c in tail.children if isinstance(c, Tree) and c.data == "np"]
            if inner:
                target = _target(inner[0], default_ref="choice")
            if _tok(tail, "RANGE", "COMMA_RANGE"):
                rng, _ = _amount(_sub(tail, "amount"))
            elif _sub(tail, "amount") is not None:
                amount, values = _amount(_sub(tail, "amount"))
        subj = nps[0] if nps else None
        if target is None:
            target = TargetSpec(ref="target", text="")
        if rng is not None:
            target = TargetSpec(**{**target.__dict__, "tests": (*target.tests, StatTest("range", "<=", rng))})
        return [Effect(kind=kind, target=target, amount=amount, values=values, duration=dur,
                       keyword=(_target(subj).text if subj is not None else None), text=text, span=span)]
    if name == "poison":  # «отравить X на N»: X gains poison N (as «X получает отравление на N»)
        return [Effect(kind="gain-status", keyword="poison", amount=amount if amount is not None else None,
                       values=values, target=tgt(0, "choice"), text=text, span=span)]
    if name in ("wound_it", "poison_it", "heal_it", "close_it", "open_it"):
        # «ранить его на 2», «открыть её»: the object is the card named before (ref "it")
        it = TargetSpec(ref="it", text=next((str(t) for t in _tokens(cl) if t.type == "HIS"), ""))
        kind = {"wound_it": "wound", "poison_it": "gain-status", "heal_it": "heal", "close_it": "close",
                "open_it": "open"}[name]
        if kind == "heal" and _tok(cl, "FULLY"):
            kind = "heal-full"
        return [Effect(kind=kind, target=it, amount=amount, values=values,
                       keyword="poison" if name == "poison_it" else None, text=text, span=span)]
    if name == "attacks_reduced_to":  # «(Все) немагические атаки по X сводятся к N»: attacks on X at most N
        words = " ".join(str(t) for t in _tokens(cl) if t.type in ("ALL", "ATTACK_KIND", "ATTACKS_W"))
        return [Effect(kind="reduce-attack-to", target=tgt(0, "this") or TargetSpec(ref="this"), amount=amount,
                       stat=words.casefold(), text=text, span=span)]
    if name == "deal_wounds":
        return [Effect(kind="wound", target=TargetSpec(ref="attacked"), amount=amount, values=values,
                       text=text, span=span)]
    if name in _SELF_KIND:
        kind = _SELF_KIND[name]
        if kind == "heal" and _tok(cl, "FULLY"):
            kind = "heal-full"
        target = tgt(0, "this") or TargetSpec(ref="this")
        if name == "move_self":
            target = TargetSpec(ref="this", states=(_text(_find(cl, "place_target") or cl),))
        return [Effect(kind=kind, target=target, amount=amount, values=values, duration=dur, text=text, span=span)]
    if name == "take_and_open":
        t = tgt(0, "choice")
        return [Effect(kind="take-control", target=t, text=text, span=span),
                Effect(kind="open", target=t, text=text, span=span)]
    if name == "gain":
        subj = tgt(0, "this") if nps and cl.children.index(nps[0]) == 0 else TargetSpec(ref="this")
        out = []
        for g in cl.children:
            if not isinstance(g, Tree) or not g.data.startswith("g_"):
                continue
            out.append(_gain_effect(g, subj, dur, text, span))
        return out or [Effect(kind="gain-status", target=subj, text=text, span=span)]
    if name == "lose":
        subj = tgt(0, "this") if nps else TargetSpec(ref="this")
        out = []
        for t in _tokens(cl):
            if t.type == "ICON_KW":
                out.append(Effect(kind="lose-keyword", target=subj, keyword=ICON_MEANINGS[str(t)[2:-1]],
                                  text=text, span=span))
            elif t.type in ("STATUS", "STATUS_KW"):
                out.append(Effect(kind="lose-status", target=subj, keyword=_lookup(_STATUS, str(t), str(t)),
                                  text=text, span=span))
            elif t.type == "ICON_CNT":
                out.append(Effect(kind="lose-token", target=subj, amount=amount, text=text, span=span))
        return out or [Effect(kind="lose-status", target=subj, text=text, span=span)]
    if name in ("modify", "reduce"):
        sign = next((str(t) for t in _tokens(cl) if t.type == "SIGNED"), "+")
        sw = _find(cl, "stat_word")
        stat = _lookup(_STAT, _text(sw), "strike") if sw is not None else None
        if name == "reduce":
            fo = _find(cl, "from_obj")
            stat = _lookup(_STAT, _text(fo), "attack") if fo is not None else "attack"
            if fo is not None and "немагическ" in _text(fo).casefold():
                stat = "non-magic-attack"
            if fo is not None and "дальн" in _text(fo).casefold():
                stat = "ranged-attack"
            return [Effect(kind="damage-reduction", target=tgt(0, "this") or TargetSpec(ref="this"),
                           amount=amount, stat=stat, values=values, duration=dur, text=text, span=span)]
        if amount is not None and sign.startswith("-"):
            amount = -amount
        if _tok(cl, "STRENGTHEN_V", "REDUCE_V"):
            st = next((t for t in _tokens(cl) if t.type == "STATUS"), None)
            if st is not None:
                return [Effect(kind="gain-status", keyword=_lookup(_STATUS, str(st)), amount=amount,
                               target=tgt(0, "choice"), text=text, span=span)]
            if _tok(cl, "REDUCE_V") and amount is not None:
                amount = -amount
            stat = "next-attack"
        if _tok(cl, "ALL_STRIKES"):
            stat = "all-strikes"
        return [Effect(kind="modify-stat", stat=stat, amount=amount, values=values, target=tgt(0, "this"),
                       duration=dur, text=text, span=span)]
    if name == "ignore":
        io = _find(cl, "ignore_obj")
        what = _with_label(_tokens(io)) if io is not None else "features"
        return [Effect(kind="ignore", keyword=what, target=tgt(0, "attacked"), text=text, span=span)]
    if name == "become":
        el = next((t for t in _tokens(cl) if t.type == "ELEM_ADJ"), None)
        return [Effect(kind="change-element", keyword=_lookup(_ELEMENT, str(el)) if el else None,
                       target=tgt(0, "this") or TargetSpec(ref="this"), text=text, span=span)]
    if name == "cannot_be":
        kind = "cannot-be-summoned" if _tok(cl, "SUMMONED") else "cannot-be-healed"
        return [Effect(kind=kind, target=tgt(0, "this") or TargetSpec(ref="this"), text=text, span=span)]
    if name in _SIMPLE_KIND:
        kind = _SIMPLE_KIND[name]
        if kind == "heal" and _tok(cl, "FULLY"):
            kind = "heal-full"
        default = "this" if name in ("no_damage", "cannot_move", "diagonal", "extra_attack", "no_open",
                                      "no_close", "may_stay_closed", "return_to_deck", "start_with",
                                      "incarnate_open", "cannot_declare", "attack_only", "cannot_defend",
                                      "cannot_act", "cannot_accumulate", "reduce_to", "grant_ability",
                                      "block") else "choice"
        target = tgt(0, default) or TargetSpec(ref=default)
        stat = None
        if name == "start_with":
            so = _find(cl, "start_obj")
            s = _text(so).casefold() if so is not None else ""
            stat = "tokens" if "[:cnt]" in s else ("wounds" if "ран" in s else "life")
        kw = None
        if name == "grant_ability":
            q = next((t for t in _tokens(cl) if t.type == "QUOTED"), None)
            kw = str(q).strip('"«»') if q is not None else None
        return [Effect(kind=kind, target=target, amount=amount, values=values, stat=stat, keyword=kw,
                       duration=dur, text=text, span=span)]
    return [Unparsed(text=text, reason=f"no effect mapping for clause {name!r}", span=span)]


def _gain_effect(g, subj: TargetSpec, dur: str | None, text: str, span: Span) -> Effect:
    amount, values = _amount(_find(g, "amount"))
    toks = _tokens(g)
    name = g.data
    if name == "g_status":
        st = next((t for t in toks if t.type in ("STATUS", "STATUS_KW")), toks[0])
        return Effect(kind="gain-status", keyword=_lookup(_STATUS, str(st), _norm(str(st))), amount=amount,
                      values=values, target=subj, duration=dur, text=text, span=span)
    if name == "g_token":
        return Effect(kind="gain-token", amount=amount if amount is not None else 1, target=subj,
                      duration=dur, text=text, span=span)
    if name == "g_extra_life":
        return Effect(kind="extra-life", amount=amount, values=values, target=subj, stat="life",
                      duration=dur, text=text, span=span)
    if name == "g_modify":
        sign = next((str(t) for t in toks if t.type == "SIGNED"), "+")
        if amount is not None and sign.startswith("-"):
            amount = -amount
        sw = _find(g, "stat_word")
        return Effect(kind="modify-stat", stat=_lookup(_STAT, _text(sw), "strike") if sw is not None else None,
                      amount=amount, values=values, target=subj, duration=dur, text=text, span=span)
    if name == "g_reduce":
        fo = _find(g, "from_obj")
        return Effect(kind="damage-reduction", stat=_lookup(_STAT, _text(fo), "attack") if fo is not None else None,
                      amount=amount, target=subj, duration=dur, text=text, span=span)
    if name in ("g_keyword", "g_keyword_icon"):
        eff = _keyword_effects(g)
        kw = eff[0].keyword if eff else _text(g)
        status = _lookup(_STATUS, _text(g))
        if status in ("poison", "curse", "vulnerability", "fading", "blessing", "fear", "plague"):
            return Effect(kind="gain-status", keyword=status, amount=eff[0].amount if eff else None, target=subj,
                          duration=dur, text=text, span=span)
        return Effect(kind="grant-keyword", keyword=kw, amount=eff[0].amount if eff else None, target=subj,
                      duration=dur, text=text, span=span)
    if name == "g_control":
        return Effect(kind="take-control", target=subj, duration=dur, text=text, span=span)
    if name == "g_vuln":
        return Effect(kind="gain-status", keyword="vulnerability", target=subj, duration=dur, text=text, span=span)
    if name == "g_class":
        cls = next((t for t in toks if t.type == "CLASSN"), None)
        return Effect(kind="grant-class", keyword=_lookup(_CLASS, str(cls), str(cls)) if cls else None,
                      target=subj, duration=dur, text=text, span=span)
    if name == "g_extra_damage":
        return Effect(kind="extra-damage", amount=amount, target=subj, text=text, span=span)
    return Effect(kind="gain-status", target=subj, text=text, span=span)


# --------------------------------------------------------------------------- keywords


def _keyword_effects(tree) -> list[Effect]:
    """kw_* subtrees (anywhere under tree, or tree itself) -> keyword Effects."""
    from lark import Tree

    out: list[Effect] = []

    def visit(t):
        if not isinstance(t, Tree):
            return
        if t.data.startswith("kw_") and t.data != "kw_list":
            out.append(_one_keyword(t))
            return
        if t.data == "icon_run":
            toks = _tokens(t)
            i = 0
            while i < len(toks):
                tk = toks[i]
                if tk.type == "ICON_KW":
                    out.append(Effect(kind="keyword", keyword=ICON_MEANINGS[str(tk)[2:-1]], text=str(tk),
                                      span=_span(tk)))
                elif tk.type == "ICON_RGN":
                    amt, _ = _amount(_find(t, "amount"))
                    out.append(Effect(kind="keyword", keyword="regeneration", amount=amt,
                                      text=" ".join(str(x) for x in toks[i:]), span=_span(tk)))
                    break
                i += 1
            return
        for ch in t.children:
            visit(ch)

    visit(tree)
    return out


def _one_keyword(t) -> Effect:
    text = _text(t)
    span = _span(t)
    amount, values = _amount(_find(t, "amount"))
    name = t.data
    toks = _tokens(t)
    first = toks[0]
    if name == "kw_against":
        inner = t.children[0]
        base = _one_keyword(inner) if hasattr(inner, "data") else Effect(kind="keyword", keyword=str(inner))
        nps = [c for c in t.children if hasattr(c, "data") and c.data == "np"]
        target = _target(nps[-1], default_ref="each") if nps else None
        return Effect(kind="keyword", keyword=base.keyword, amount=base.amount, values=base.values,
                      target=target, text=text, span=span)
    if name == "kw_icon":
        kw = ICON_MEANINGS[str(first)[2:-1]]
    elif name == "kw_regen":
        kw = "regeneration"
    elif name == "kw_num":
        kw = _lookup(_KW_LEMMA, str(first), _norm(str(first)).capitalize())
    elif name == "kw_plain":
        kw = _lookup(_KW_LEMMA, str(first), _norm(str(first)).capitalize())
    elif name == "kw_class":
        kw = _norm(str(first))
        kw = kw[0].upper() + kw[1:]
    elif name in ("kw_terrain", "kw_equip"):
        kw = _norm(str(first)).capitalize()
    elif name == "kw_jump":
        kw = "Прыжок"
    elif name == "kw_max":
        icon = next((x for x in toks if str(x).startswith("[:")), None)
        kw = "Максимум " + (ICON_MEANINGS.get(str(icon)[2:-1], "") if icon is not None else "")
        kw = kw.strip()
    elif name == "kw_protection":
        kw = "Защита от " + _with_label(toks[2:])
    elif name == "kw_enemy":
        kw = "Враг " + _norm(" ".join(str(x) for x in toks[1:]))
    elif name == "kw_no_equip":
        kw = "Не носит " + _norm(" ".join(str(x) for x in toks[2:])).casefold()
    elif name == "kw_experience":
        areas = [str(x).casefold() for x in toks if x.type in ("ATTACK_W", "DEFENCE_W", "SHOOTING_W", "THROWING_W")]
        names = {"атаке": "атаке", "атака": "атаке", "защите": "защите", "стрельбе": "стрельбе", "метании": "метании"}
        kw = "Опыт в " + " и ".join(names.get(a, a) for a in areas)
    else:
        kw = text
    return Effect(kind="keyword", keyword=kw, amount=amount, values=values, text=text, span=span)


# --------------------------------------------------------------------------- sentence -> Ability


class _Acc:
    """Accumulates the pieces of one ability while walking a sentence tree."""

    def __init__(self) -> None:
        self.kind = "continuous"
        self.designators: list[str] = []
        self.trigger: Trigger | None = None
        self.conditions: list[Condition] = []
        self.costs: list = []
        self.effects: list = []
        self.limit: str | None = None
        self.unparsed: list[Unparsed] = []
        self.duration: str | None = None
        self.range: int | None = None


def _walk_sentence(tree, acc: _Acc) -> None:
    from lark import Tree

    name = tree.data
    if name == "start":
        _walk_sentence(tree.children[0], acc)
        return
    if name == "keywords":
        acc.kind = "keywords"
        acc.effects.extend(_keyword_effects(tree))
        return
    if name == "keyword_explained":
        acc.effects.extend(_keyword_effects(_sub(tree, "kw_list")))
        _walk_body(_sub(tree, "body"), acc)
        return
    if name == "keywords_conditional":
        acc.effects.extend(_keyword_effects(tree.children[0]) or [
            Effect(kind="keyword", keyword=_norm(str(tree.children[0])).capitalize(), text=str(tree.children[0]))])
        for ch in tree.children[1:]:
            if isinstance(ch, Tree):
                _walk_suffix(ch, acc)
            elif ch.type == "WHILE":
                pass
        cb = _sub(tree, "cond_body")
        if cb is not None:
            acc.conditions.append(Condition(kind="while", args=(_text(cb),), text=_text(cb)))
        return
    if name == "activated":
        acc.kind = "action"
        acc.costs.extend(_costs(_sub(tree, "costs")))
        _walk_body(_sub(tree, "body"), acc)
        return
    if name == "turn_order":
        which = "first" if "1hod" in str(tree.children[0]) else "second"
        acc.conditions.append(Condition(kind="turn-order", args=(which,), text=str(tree.children[0])))
        inner = next(ch for ch in tree.children if isinstance(ch, Tree))
        _walk_sentence(inner, acc)
        return
    if name == "formation":
        acc.conditions.append(Condition(kind="formation", text="Строй"))
        inner = next(ch for ch in tree.children if isinstance(ch, Tree))
        _walk_sentence(inner, acc)
        if acc.kind == "keywords":
            acc.kind = "continuous"
        return
    if name == "triggered":
        acc.kind = "trait"
        acc.trigger = _trigger(tree.children[0])
        _walk_body(_sub(tree, "body"), acc)
        return
    if name in ("conditional", "conditional_triggered"):
        acc.conditions.append(_condition(tree.children[0]))
        th = next((ch for ch in tree.children[1:] if isinstance(ch, Tree) and ch.data.startswith("trig_")), None)
        if th is not None:
            acc.kind = "trait"
            acc.trigger = _trigger(th)
        elif acc.conditions[-1].kind in ("if",):
            acc.kind = "trait"
            acc.trigger = Trigger(timing="when", event="condition", text=acc.conditions[-1].text)
        _walk_body(_sub(tree, "body"), acc)
        return
    if name == "continuous":
        acc.kind = "continuous"
        _walk_body(_sub(tree, "body"), acc)
        return
    acc.unparsed.append(Unparsed(text=_text(tree), reason=f"unknown sentence form {name}"))


def _costs(tree) -> list[Effect]:
    out = []
    if tree is None:
        return out
    for c in tree.children:
        if c.data == "cost_tap":
            out.append(Effect(kind="close", target=TargetSpec(ref="this"), text="[:tap]", span=_span(c)))
        else:
            amount, _ = _amount(_sub(c, "amount"))
            if amount is None and _sub(c, "amount") is None:
                amount = 1
            out.append(Effect(kind="pay-tokens", amount=amount, target=TargetSpec(ref="this"), text=_text(c),
                              span=_span(c)))
    return out


def _trigger(th) -> Trigger:
    text = _text(th)
    low = text.casefold()
    name = th.data
    if name == "trig_start_turn":
        who = "opponent" if "противник" in low else ("you" if "ваш" in low else "any")
        return Trigger(timing="start-of-turn", event=f"turn-start:{who}", text=text)
    if name == "trig_end_turn":
        who = "opponent" if "противник" in low else ("you" if "ваш" in low else "any")
        return Trigger(timing="end-of-turn", event=f"turn-end:{who}", text=text)
    if name == "trig_start_battle":
        return Trigger(timing="start-of-battle", event="battle-start", text=text)
    if name == "trig_after_placement":
        return Trigger(timing="after-placement", event="placement-done", text=text)
    if name in ("trig_event", "trig_after"):
        ev = next((t for t in _tokens(th) if t.type == "EVENT_N"), None)
        return Trigger(timing="after" if name == "trig_after" else "when", event=_event(str(ev) if ev else low),
                       text=text)
    if name == "trig_when":
        effs = [e for e in _clause_effects(th.children[1]) if isinstance(e, Effect)] if len(th.children) > 1 and hasattr(th.children[1], "data") else []
        return Trigger(timing="when", event=effs[0].kind if effs else "event", text=text)
    if name == "trig_during_turn":
        return Trigger(timing="during-turn", event="opponent-turn" if "противник" in low else "your-turn", text=text)
    return Trigger(timing="when", event="event", text=text)


_EVENTS = [
    ("ответн", "counter-strike"), ("особ", "special-strike"), ("[:atk]", "strike"), ("[:ovs]", "strike-through-row"),
    ("атак", "attack"), ("удар", "strike"), ("выстрел", "shot"), ("метани", "throw"), ("разряд", "discharge"),
    ("перемещ", "move"), ("передвиж", "move"), ("гибел", "death"), ("инкарнац", "incarnation"),
    ("возрожд", "resurrection"), ("вызов", "summon"), ("промах", "miss"), ("прыжк", "jump"),
    ("телепорт", "teleport"), ("трупоед", "corpse-eating"), ("сражени", "fight"), ("авангард", "vanguard"),
    ("нападени", "attack"),
]


def _event(word: str) -> str:
    return _lookup(_EVENTS, word, "event") or "event"


def _condition(ch) -> Condition:
    text = _text(ch)
    kinds = {"cond_if": "if", "cond_while": "while", "cond_against": "against", "cond_instead_regen": "instead-of-regeneration",
             "cond_once": "once-per-turn"}
    return Condition(kind=kinds.get(ch.data, "if"), args=(text,), text=text)


def _walk_body(body, acc: _Acc) -> None:
    from lark import Tree

    if body is None:
        return
    for ch in body.children:
        if not isinstance(ch, Tree):
            continue
        if ch.data == "designator":
            low = _text(ch).casefold()
            acc.designators.append("spell" if "заклинани" in low else "influence")
            q = _tok(ch, "QUOTED")
            if q is not None:
                acc.designators.append("name:" + str(q).strip('"«»'))
            if _tok(ch, "RANGE", "COMMA_RANGE"):
                acc.range, _ = _amount(_sub(ch, "amount"))
        elif ch.data == "chain":
            for cl in ch.children:
                if isinstance(cl, Tree) and cl.data != "conj":
                    acc.effects.extend(_clause_effects(cl))
        else:
            _walk_suffix(ch, acc)


def _walk_suffix(s, acc: _Acc) -> None:
    name = s.data
    text = _text(s)
    if name == "suf_while":
        acc.conditions.append(Condition(kind="while", args=(_text(_sub(s, "cond_body") or s),), text=text))
    elif name == "suf_duration":
        acc.duration = _duration(_sub(s, "duration"))
    elif name == "suf_limit":
        acc.limit = _limit(text)
    elif name == "suf_no_close":
        acc.designators.append("no-close")
    elif name == "suf_where":
        acc.conditions.append(Condition(kind="x-is", args=(_text(_sub(s, "x_def") or s),), text=text))
    elif name == "suf_max":
        amount, _ = _amount(_sub(s, "amount"))
        acc.conditions.append(Condition(kind="maximum", args=(str(amount),), text=text))
    elif name == "suf_target":
        np = _find(s, "np")
        acc.conditions.append(Condition(kind="target-restriction", args=(_text(np) if np is not None else text,),
                                        text=text))
    elif name == "suf_distinct":
        acc.conditions.append(Condition(kind="distinct-targets", text=text))
    elif name == "suf_designator":
        acc.designators.append("influence")
        q = _tok(s, "QUOTED")
        if q is not None:
            acc.designators.append("name:" + str(q).strip('"«»'))
    elif name == "suf_except":
        acc.conditions.append(Condition(kind="except", args=(text.strip("() "),), text=text))
    elif name == "suf_if":
        acc.conditions.append(Condition(kind="if", args=(_text(_sub(s, "cond_body") or s),), text=text))
    elif name == "suf_elite":
        acc.conditions.append(Condition(kind="value-basis", args=(text.strip("() "),), text=text))
    elif name == "suf_range":
        acc.range, _ = _amount(_sub(s, "amount"))
    else:
        acc.unparsed.append(Unparsed(text=text, reason=f"unknown suffix {name}"))


def _limit(text: str) -> str:
    low = text.casefold()
    n = None
    for w, v in _NUMWORDS.items():
        if re.search(rf"(?<!\w){w}(?!\w)", low):
            n = v
            break
    m = re.search(r"\d+", low)
    if m:
        n = int(m.group())
    per = "battle" if "бо" in low.split("за", 1)[-1] else "turn"
    base = f"{'once' if n == 1 else f'{n} times'} per {per}"
    if "каждого" in low or "каждой" in low:
        base += " for each"
    return base


def _finish(acc: _Acc, text: str) -> Ability:
    effects = []
    for e in acc.effects:
        if isinstance(e, Effect):
            changes: dict[str, Any] = {}
            if acc.duration and e.duration is None and e.kind not in ("keyword",):
                changes["duration"] = acc.duration
            if acc.range is not None and e.target is not None and e.target.ref in ("target", "choice", "each"):
                if not any(t.stat == "range" for t in e.target.tests):
                    changes["target"] = TargetSpec(**{**e.target.__dict__,
                                                      "tests": (*e.target.tests, StatTest("range", "<=", acc.range))})
            if changes:
                e = Effect(**{**e.__dict__, **changes})
        effects.append(e)
    return Ability(
        text=text,
        kind=acc.kind,
        designators=tuple(dict.fromkeys(acc.designators)),
        trigger=acc.trigger,
        conditions=tuple(acc.conditions),
        costs=tuple(acc.costs),
        effects=tuple(effects),
        limit=acc.limit,
        unparsed=tuple(acc.unparsed),
    )


def _parse_sentence(sentence: str) -> Ability:
    """One sentence -> Ability; never raises. Abilities are frozen, so a sentence met again
    (reprints, common keyword lines, the engine re-reading a card each step) is parsed once."""
    text = _norm(sentence)
    if not text:
        return Ability(text=sentence, kind="unparsed", unparsed=(Unparsed(text=sentence, reason="empty"),))
    return _parse_normalised(text)


@lru_cache(maxsize=8192)
def _parse_normalised(text: str) -> Ability:
    try:
        parser = _parser()
    except Exception as exc:  # grammar missing / broken: still never raise
        return Ability(text=text, kind="unparsed", unparsed=(Unparsed(text=text, reason=f"no grammar: {exc}"),))
    try:
        tree = parser.parse(text, start="start")
    except Exception as exc:
        return _fallback(text, _short(exc))
    acc = _Acc()
    try:
        _walk_sentence(tree, acc)
    except Exception as exc:  # defensive: a transformer bug must not lose the ability
        return _fallback(text, f"transform error: {exc!r}")
    if not acc.effects and not acc.unparsed and acc.kind != "keywords":
        acc.unparsed.append(Unparsed(text=text, reason="no effect"))
    return _finish(acc, text)


def _short(exc: Exception) -> str:
    """The first line of a parse error. Built by hand: ``str()`` of lark's UnexpectedToken
    lists every expected terminal and cost ~2 s over the whole card pool."""
    token = getattr(exc, "token", None)
    if token is not None:
        return f"Unexpected token {token!r} at line {exc.line}, column {exc.column}."[:200]
    return str(exc).strip().split("\n")[0][:200]


def _fallback(text: str, reason: str) -> Ability:
    """The grammar could not parse the whole sentence: recognise its head, keep the rest Unparsed."""
    parser = _parser()
    acc = _Acc()
    rest_text = text
    tree = None
    for start in ("head", "head_loose"):
        try:
            tree = parser.parse(text, start=start)
            break
        except Exception:
            continue
    if tree is None:
        return Ability(text=text, kind="unparsed", unparsed=(Unparsed(text=text, reason=reason),))
    rest = next((t for t in _tokens(tree) if t.type == "REST"), None)
    rest_text = str(rest) if rest is not None else ""
    name = tree.data
    if name == "head_activated":
        acc.kind = "action"
        acc.costs.extend(_costs(_sub(tree, "costs")))
    elif name == "head_turn_order":
        acc.kind = "continuous"
        which = "first" if "1hod" in str(tree.children[0]) else "second"
        acc.conditions.append(Condition(kind="turn-order", args=(which,), text=str(tree.children[0])))
    elif name == "head_formation":
        acc.kind = "continuous"
        acc.conditions.append(Condition(kind="formation", text="Строй"))
    elif name == "head_triggered":
        acc.kind = "trait"
        acc.trigger = _trigger(tree.children[0])
    elif name == "head_triggered_loose":
        acc.kind = "trait"
        head, rest_text = _cut_head(rest_text)
        acc.trigger = Trigger(timing=_loose_timing(str(tree.children[0])), event=_event(head),
                              text=_norm(f"{tree.children[0]} {head}"))
    elif name == "head_conditional_loose":
        acc.kind = "trait"
        head, rest_text = _cut_head(rest_text)
        acc.conditions.append(Condition(kind="if", args=(head,), text=head))
        acc.trigger = Trigger(timing="when", event="condition", text=head)
    else:
        acc.kind = "continuous"
    # try to structure the remainder clause by clause
    if rest_text.strip() and name != "head_continuous":
        _partial_body(rest_text, acc, reason)
    else:
        acc.unparsed.append(Unparsed(text=rest_text.strip() or text, reason=reason))
    return _finish(acc, text)


_HEAD_CUT = re.compile(r"\s[-–—]\s|,\s")


def _cut_head(rest: str) -> tuple[str, str]:
    """'<trigger text> - <effects>' (or ', ') -> (trigger text, effects text)."""
    m = _HEAD_CUT.search(rest)
    if m is None:
        return _norm(rest), ""
    return _norm(rest[: m.start()]), rest[m.end():]


def _loose_timing(word: str) -> str:
    low = word.casefold()
    if "начале" in low:
        return "start"
    if "конце" in low:
        return "end"
    if "после" in low:
        return "after"
    return "when"


_THEN_SPLIT = re.compile(r",\s*при\s+этом\s*[-–—]\s*", re.I)


def _partial_body(rest: str, acc: _Acc, reason: str) -> None:
    parser = _parser()
    body_text = rest.rstrip(". ")
    try:
        tree = parser.parse(body_text, start="body")
        _walk_body(tree, acc)
        return
    except Exception:
        pass
    for piece in _THEN_SPLIT.split(body_text):
        piece = piece.strip()
        if not piece:
            continue
        try:
            tree = parser.parse(piece, start="body")
            _walk_body(tree, acc)
        except Exception:
            acc.effects.append(Unparsed(text=piece, reason=reason))


# --------------------------------------------------------------------------- public API


def _merge(abilities: list[Ability], text: str) -> Ability:
    if len(abilities) == 1:
        return abilities[0]
    first = abilities[0]
    kinds = {a.kind for a in abilities}
    kind = "keywords" if kinds == {"keywords"} else next((a.kind for a in abilities if a.kind != "keywords"), first.kind)
    if kind == "unparsed" and any(a.kind != "unparsed" for a in abilities):
        kind = next(a.kind for a in abilities if a.kind != "unparsed")
    return Ability(
        text=text,
        kind=kind,
        designators=tuple(dict.fromkeys(d for a in abilities for d in a.designators)),
        trigger=next((a.trigger for a in abilities if a.trigger), None),
        conditions=tuple(c for a in abilities for c in a.conditions),
        costs=tuple(c for a in abilities for c in a.costs),
        effects=tuple(e for a in abilities for e in a.effects),
        limit=next((a.limit for a in abilities if a.limit), None),
        unparsed=tuple(u for a in abilities for u in a.unparsed),
    )


def parse_ability(text: str) -> Ability:
    """Parse one ability (one sentence, or a keyword list such as "Броня 2. Регенерация 1.")."""
    try:
        raw = "" if text is None else str(text)
        sentences = split_sentences(raw)
        if not sentences:
            return Ability(text=raw, kind="unparsed", unparsed=(Unparsed(text=raw, reason="empty"),))
        return _merge([_parse_sentence(s) for s in sentences], _norm(raw))
    except Exception as exc:  # never raise
        return Ability(text=str(text), kind="unparsed", unparsed=(Unparsed(text=str(text), reason=repr(exc)),))


def parse_card_text(text: str) -> list[Ability]:
    """A card's whole ability text -> abilities, keyword runs merged into one "keywords" ability."""
    try:
        out: list[Ability] = []
        run: list[Ability] = []
        for s in split_sentences("" if text is None else str(text)):
            ab = _parse_sentence(s)
            if ab.kind == "keywords":
                run.append(ab)
                continue
            if run:
                out.append(_merge(run, " ".join(a.text for a in run)))
                run = []
            out.append(ab)
        if run:
            out.append(_merge(run, " ".join(a.text for a in run)))
        return out
    except Exception as exc:  # never raise
        return [Ability(text=str(text), kind="unparsed", unparsed=(Unparsed(text=str(text), reason=repr(exc)),))]
