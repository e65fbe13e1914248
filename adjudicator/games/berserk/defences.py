"""What stands between an attack and a card's wounds: protections, "–X от атаки" and armour.

None of these is in seeds 001/002; the source is the glossary of the Berserk: Heroes rules
(/work/shared/data/berserk/rules_heroes/dictionary.rst). The engine applies them where it
deals wounds (B-STACK: an effect resolving; B-410.2: poison at the start of turn), and refuses
a declaration (under the rule of the moment) whose outcome the source leaves open.

* «Защита от [текст]» — "a card with protection from [text] receives no wounds from [text].
  Exception: protection from spells — the player controlling a spell ability cannot choose
  this card as its target." [:prs] shots, [:zor] discharges, [:zomet] throws, [:prp] poison
  cancel those wounds; [:zoz] forbids the target. [:prm] "from magic": the glossary does not
  say what magic is; a magic strike («магический удар») plainly is, so its wounds are
  cancelled; whether a discharge or a spell counts is open, so declaring one at such a card
  is refused rather than guessed.
* «–X от атаки» — "when the strength of an attack on this card is computed, it is reduced by
  X". "An attack is a shot or a strike initiated by a player." So "-X от [:atk]" reduces
  strikes ([:atk] is the simple strike), "от выстрелов / метания / разрядов" those kinds,
  "от атак" strikes and shots; "дальних атак" (ranged) shots and throws — the attacks the
  cards give a range («дальность»); "немагических атак" strikes, shots and throws. Attack
  kinds the source does not place (a discharge or special strike as a ranged / non-magic
  attack …) make the declaration refused.
* «Броня X» — "prevent the first X wounds from strikes and shots dealt to this card during
  each player's turn (prevented wounds are counted from the start of the turn)". Only the
  highest armour acts. Special and magic strikes: the glossary does not say they are strikes
  for armour, so they are refused against an armoured card.

The order is the glossary's kinds of effect: protection replaces (no wounds at all), the
attack's strength is reduced, then armour prevents wounds of what lands.
"""

from __future__ import annotations

import re

from adjudicator.core.position import Position

from . import state as S

#: the kinds of wound source (an effect's kind, or "poison" for the poison of B-410.2)
STRIKES = {"strike"}
#: protection keyword -> wound kinds it cancels, kinds the source leaves open
PROTECTIONS = {
    "protection-from-shots": ({"shot"}, set()),
    "protection-from-discharges": ({"discharge"}, set()),
    "protection-from-throwing": ({"throw"}, set()),
    "protection-from-poison": ({"poison"}, set()),
    "protection-from-magic": ({"magic-strike"}, {"discharge", "spell"}),
    "protection-from-spells": (set(), set()),  # a targeting ban, checked by targets()
    # «Защита от дальних атак»: ranged attacks as "-X от дальних атак" reads them (shots and
    # throws, the attacks the cards give a range); discharges and magic strikes are left open
    "защита от ranged-attack": ({"shot", "throw"}, {"discharge", "magic-strike", "strike-through-row"}),
}
ARMOUR = ({"strike", "shot"}, {"special-strike", "magic-strike", "strike-through-row"})
#: the words after "от" in "-X от …" -> (kinds reduced, kinds the source leaves open)
_REDUCED = [
    (r"\[:atk\]", {"strike"}, set()),
    (r"выстрел\w*( и метани\w*)?", {"shot"}, set()),
    (r"метани\w*", {"throw"}, set()),
    (r"разряд\w*", {"discharge"}, set()),
    (r"дальних атак\w*", {"shot", "throw"}, {"discharge", "magic-strike", "strike-through-row"}),
    (r"немагических атак\w*", {"strike", "shot", "throw"}, {"discharge", "special-strike", "strike-through-row"}),
    (r"атак\w*", {"strike", "shot"}, {"throw", "discharge", "magic-strike", "special-strike", "strike-through-row"}),
]
_REDUCTION_TEXT = re.compile(r"-\s*(\d+)\s+от\s+(.+?)\.?$", re.I)


#: whose attacks a «-X от … <кого>» weakens (the attacker's description, genitive plural)
_ATTACKERS = {
    r"тёмных существ|темных существ": "darkness-creature",
    r"проклятых существ": "cursed-creature",
    r"летающих существ": "flying-creature",
    r"летающих карт": "flying",
    r"существ с экипировкой": "equipped-creature",
    r"существ с уязвимостью": "vulnerable-creature",
    r"существ с чумой": "plagued-creature",
    r"(?:карт|существ) с классом": "classed",
}


def reduction_of(text: str) -> tuple[int, set, set, str | None] | None:
    """Read a whole "-X от …" sentence: (X, kinds reduced, kinds left open, whose attacks or
    None for anyone's), or None when the sentence says more than these tables know. "-X от
    [:drs]": strikes of a card with «Направленный удар» ([:drs])."""
    m = _REDUCTION_TEXT.fullmatch(text.strip().rstrip("."))
    if not m:
        return None
    what = m.group(2).strip()
    n = int(m.group(1))
    if re.fullmatch(r"\[:drs\]", what, re.I):
        return n, {"strike"}, set(), "directed-strike"
    if re.fullmatch(r"выстрел\w* и метани\w*", what, re.I):
        return n, {"shot", "throw"}, set(), None
    for pattern, kinds, open_ in _REDUCED:
        m2 = re.fullmatch(pattern + r"(?:\s+(.+))?", what, re.I)
        if not m2:
            continue
        who = None
        if m2.lastindex and m2.group(m2.lastindex):
            rest = m2.group(m2.lastindex)
            who = next((key for pat, key in _ATTACKERS.items() if re.fullmatch(pat, rest, re.I)), None)
            if who is None:
                return None
        return n, set(kinds), set(open_), who
    return None


#: «(все) [немагические] атаки … сводятся к N»: the attacks whose strength is capped, those left open
_CAPPED = [
    (r"(все\s+)?немагические\s+атаки", {"strike", "shot", "throw"}, {"discharge", "special-strike",
                                                                        "strike-through-row"}),
    (r"(все\s+)?атаки", {"strike", "shot"}, {"throw", "discharge", "magic-strike", "special-strike",
                                              "strike-through-row"}),
]


def cap_of(words: str) -> tuple[set, set] | None:
    """(kinds capped, kinds left open) of the attack words of «… сводятся к N» (None: unknown)."""
    for pattern, kinds, open_ in _CAPPED:
        if re.fullmatch(pattern, words.strip(), re.I):
            return set(kinds), set(open_)
    return None


_NO_DAMAGE = re.compile(r"не\s+получает\s+ран\s+от\s+(немагических\s+атак|атак|\[:atk\])\s+силой\s+(\d+)"
                        r"(\s+или\s+более|\s+или\s+менее)?", re.I)


def no_damage_of(text: str) -> tuple[set, set, str, int] | None:
    """«Не получает ран от немагических атак силой 3 или более»: (kinds, kinds left open, op, N)
    — a card that receives no wounds from such attacks (as «Защита от [текст]» of the glossary:
    «карта … не получает ран от [текст]»); None when the sentence says more."""
    m = _NO_DAMAGE.fullmatch(text.strip().rstrip("."))
    if m is None:
        return None
    what = m.group(1).casefold()
    kinds, open_ = next((set(k), set(o)) for pat, k, o in _REDUCED if re.fullmatch(pat, what, re.I)) \
        if not what.startswith("[:atk]") else ({"strike"}, set())
    op = {None: "=", "более": ">=", "менее": "<="}[m.group(3).split()[-1] if m.group(3) else None]
    return kinds, open_, op, int(m.group(2))


def _no_damage(position: Position, card) -> list[tuple[set, set, str, int]]:
    out = []
    for ab in S.abilities(position, card):
        if ab.get("static") == "no-damage" and not ab["unknown"]:
            out.extend((set(e["nd"][0]), set(e["nd"][1]), e["nd"][2], e["nd"][3]) for e in ab["effects"])
    return out


def _caps(position: Position, card) -> list[tuple[int, set, set]]:
    out = []
    for ab in S.abilities(position, card):
        if ab.get("static") == "cap" and not ab["unknown"]:
            out.extend((e["amount"], set(e["cap"][0]), set(e["cap"][1])) for e in ab["effects"]
                       if e["kind"] == "reduce-attack-to" and (not e.get("when_closed") or "closed" in card.flags))
    return out


def attacker_fits(position: Position, source, who: str | None) -> bool:
    """The attacking card fits the «-X от … <кого>» description (always, for None)."""
    from .targets import CLASS_CODES, element_of, has_class, is_flying

    if who is None:
        return True
    if source is None:
        return False
    creature = source.card.type in ("creature", "symbiote", "parasite")
    status = S.statuses(position, source)
    if who == "directed-strike":
        return "directed-strike" in _keyword_set(position, source)
    if who == "flying":
        return is_flying(position, source)
    if who == "classed":
        return any(has_class(position, source, name) for name in CLASS_CODES)
    return creature and {
        "darkness-creature": element_of(source) == "darkness",
        "cursed-creature": bool(status.get("curse")),
        "flying-creature": is_flying(position, source),
        "equipped-creature": any(a.card.type == "equipment" for a in position.attachments_of(source.uid)),
        "vulnerable-creature": bool(status.get("vulnerability")),
        "plagued-creature": bool(status.get("plague")),
    }[who]


def wound_kind(effect: dict) -> str:
    """What deals these wounds: poison, a kind of attack, or a plain wound ("ранить")."""
    return effect.get("from") or effect["kind"]


def armour_of(position: Position, card) -> int:
    """The highest «Броня X» the card has now (only the highest acts), 0 without armour."""
    best = 0
    for kw in S.keywords(position, card):
        head, _, tail = kw.partition(" ")
        if head.casefold() == "броня" and tail.strip().isdigit():
            best = max(best, int(tail))
    return best


def _keyword_set(position: Position, card) -> set[str]:
    return {k.casefold() for k in S.keywords(position, card)}


def _reductions(position: Position, card, source=None) -> list[tuple[int, set, set]]:
    """The card's «-X от …» that apply to attacks of ``source`` (None: an attack of nobody, e.g.
    poison, which no "whose attacks" description fits)."""
    out = []
    for ab in S.abilities(position, card):
        if ab.get("static") == "reduction" and not ab["unknown"]:
            # «-Х от …, где Х - …»: X as it is now (state.amount)
            out.extend([S.amount(position, card, e["reduction"][0]), *e["reduction"][1:]]
                       if isinstance(e["reduction"][0], dict) else e["reduction"]
                       for e in ab["effects"] if e.get("reduction"))
    # «Все ваши речные девы получают -1 от выстрелов»: the same reduction from another card's aura
    out.extend(e["reduction"] for e in S.aura_effects(position, card, "aura-reduction"))
    # «… получает -1 от атак до начала вашего хода»: given for a time (effects._one, kind timed-reduction)
    import json

    out.extend(json.loads(m.flag.split(":", 1)[1]) for m in position.modifiers
               if m.subject == card.uid and m.flag and m.flag.startswith("reduction:"))
    return [(r[0], set(r[1]), set(r[2])) for r in out
            if attacker_fits(position, source, r[3] if len(r) > 3 else None)]


def open_question(position: Position, card, kind: str, spell: bool, ignores=frozenset(), source=None) -> str | None:
    """Why the sources leave the outcome of ``kind`` wounds on ``card`` open (None: they don't).
    ``ignores``: the protections / armour the source ignores (ignored_by)."""
    kws = _keyword_set(position, card) - set(ignores)
    name = f"\"{card.name}\""
    if "everything" in ignores:
        own = [ab for ab in S.abilities(position, card) if not ab["unknown"]]
        if any(ab.get("static") == "reduction" for ab in own):
            return (f"the attacker ignores all features of {name}, and the glossary does not place its «-X от …» "
                    "(a change of the attack's strength) among the protections, preventions and replacements it "
                    "ignores; the engine does not guess")
        if any(ab["trigger"] and any(e["subject"] == "target" for e in ab["effects"]) for ab in own):
            return (f"the attacker ignores all features of {name}, whose triggered abilities then may not target it "
                    "(glossary «Игнорировать [срабатывающую особенность]»); for how long the glossary does not say, "
                    "and the engine does not guess")
        return None  # protections, armour, caps, «не получает ран»: ignored (ignored_for)
    if any(kw in kws and kind in cancelled for kw, (cancelled, _) in PROTECTIONS.items()):
        return None  # a protection settles it: no wounds
    for kw, (_, open_) in PROTECTIONS.items():
        if kw in kws and (kind in open_ or (spell and "spell" in open_)):
            what = "a spell" if spell and "spell" in open_ else f"a {kind}"
            quality = "magic" if kw == "protection-from-magic" else "a ranged attack"
            return (f"{name} has {kw}, and the rules' glossary does not say whether {what} is {quality}; the "
                    "engine does not guess")
    if armour_of(position, card) and kind in ARMOUR[1] and "armor" not in ignores:
        return (f"{name} has armour (Броня), which the glossary defines against strikes and shots; whether a "
                f"{kind} is a strike for it is not said, and the engine does not guess")
    for kinds, open_, op, value in _no_damage(position, card):
        if kind in open_:
            return (f"{name} receives no wounds from a class of attacks of some strength, and the sources do not say "
                    f"whether a {kind} belongs to it; the engine does not guess")
        if kind in kinds and any(kind in k for _, k, _ in _reductions(position, card, source) + _caps(position, card)):
            return (f"{name} weakens a {kind} and receives no wounds from such attacks of some strength; the sources "
                    "do not say whether the strength is counted before or after; the engine does not guess")
    for n, _, open_ in _caps(position, card):
        if kind in open_:
            return (f"attacks on {name} «сводятся к {n}» for a class of attacks, and the sources do not say whether a "
                    f"{kind} belongs to it; the engine does not guess")
    if any(kind in k for _, k, _ in _caps(position, card)) and any(kind in k for _, k, _ in _reductions(
            position, card, source)):
        return (f"{name} both weakens (-X от …) and caps («сводятся к») a {kind}, and the sources give no order "
                "for the two; the engine does not guess")
    for n, _, open_ in _reductions(position, card, source):
        if kind in open_:
            return (f"{name} has «-{n} от …» against a class of attacks, and the sources do not say whether a "
                    f"{kind} belongs to it; the engine does not guess")
    return None


def partial_defence(position: Position, card, kind: str, ignores=frozenset(), source=None) -> str | None:
    """A defence that would take only part of ``kind`` wounds away (armour, «-X от»)."""
    if "everything" in ignores:  # armour and caps are ignored; a «-X от …» still weakens it
        weakened = any(kind in kinds for _, kinds, _ in _reductions(position, card, source))
        return f"\"{card.name}\" has «-X от …» that weakens the {kind}" if weakened else None
    if armour_of(position, card) and kind in ARMOUR[0] and "armor" not in ignores:
        return f"\"{card.name}\" has armour that may prevent part of the {kind}"
    if any(kind in kinds for _, kinds, _ in _reductions(position, card, source) + _caps(position, card)):
        return f"\"{card.name}\" has «-X от …» that weakens the {kind}"
    return None


def spell_target_ban(position: Position, card, spell: bool, ignores=frozenset()) -> str | None:
    """[:zoz]: a spell's controller cannot choose this card as its target."""
    if spell and "protection-from-spells" in _keyword_set(position, card) - set(ignores):
        return f"\"{card.name}\" has protection from spells: the player controlling a spell cannot choose it as a target"
    return None


def _before_first_turn_ends(position: Position, card) -> bool:
    """The battle has not yet passed its controller's first turn (the Preliminary phase included):
    B-MAIN makes the First player active first, so the First player's first turn is turn 1 and the
    Second player's turn 2 (B-415.3: the turns alternate)."""
    t = position.timing
    if t.phase == "preliminary":
        return True
    first = 1 if S.first_player(position) == card.controller else 2
    return t.turn <= first


def wounds_after_defences(position: Position, card, kind: str, n: int, rec, rule: str, ignores=frozenset(),
                          source=None) -> int:
    """The wounds ``card`` really receives from ``n`` wounds of ``kind``; records each step.
    ``ignores``: the protections / armour the source ignores (ignored_by)."""
    name = f"\"{card.name}\""
    everything = "everything" in ignores
    if position.has_flag(card, "no-wounds") or (not everything and (
            (S.restricted(position, card, "no-wounds-own-turn") and position.timing.active == card.controller)
            or (S.restricted(position, card, "no-wounds-first-turn") and _before_first_turn_ends(position, card)))):
        # «не получает ран (до конца хода … / в свой ход)»: no wounds from any source
        rec("effect", f"{name} receives no wounds now (an effect or its text): the {kind} deals none", rule)
        return 0
    kws = _keyword_set(position, card) - set(ignores)
    for kw in sorted(set(ignores) & _keyword_set(position, card)):
        rec("effect", f"{name} has {kw}, which the attacker ignores", rule)
    for kw, (cancelled, _) in PROTECTIONS.items():
        if kw in kws and kind in cancelled:
            rec("effect", f"{name} has {kw}: it receives no wounds from the {kind}", rule)
            return 0
    if n > 0 and (S.statuses(position, card).get("vulnerability") or "уязвимость" in _keyword_set(position, card)):
        # glossary «Уязвимость»: «получает на 1 рану больше от любого источника ран, атака силой 0 не
        # является источником ран» — a modifier of the source's number, before the defences weaken it
        rec("effect", f"{name} is vulnerable: 1 wound more ({n} -> {n + 1})", rule)
        n += 1
    for kinds, _, op, value in ([] if everything else _no_damage(position, card)):
        if kind in kinds and {"=": n == value, ">=": n >= value, "<=": n <= value}[op]:
            rec("effect", f"{name} receives no wounds from a {kind} of strength {n} (its text)", rule)
            return 0
    for x, kinds, _ in _reductions(position, card, source):
        if kind in kinds and n > 0:
            rec("effect", f"{name} has «-{x} от …»: the {kind} is {x} weaker ({n} -> {max(0, n - x)})", rule)
            n = max(0, n - x)
    for cap, kinds, _ in ([] if everything else _caps(position, card)):
        if kind in kinds and n > cap:
            rec("effect", f"{name}: the {kind} «сводится к {cap}» ({n} -> {cap})", rule)
            n = cap
    armour = armour_of(position, card) if "armor" not in ignores else 0
    if "armor" in ignores and armour_of(position, card):
        rec("effect", f"{name}'s armour does not apply: the attacker ignores armour", rule)
    if armour and kind in ARMOUR[0] and n > 0:
        used = position.memo.setdefault("armour", {})
        turn = position.timing.turn
        spent = used.get(str(card.uid), {}).get(str(turn), 0)
        prevented = min(n, max(0, armour - spent))
        if prevented:
            used[str(card.uid)] = {str(turn): spent + prevented}
            rec("effect", f"{name} has armour {armour}: {prevented} wound{'s' if prevented != 1 else ''} of the "
                f"{kind} prevented ({spent + prevented} of {armour} this turn)", rule)
            n -= prevented
    return n


#: «Игнорирует броню / [:prm] …»: what the source's static ignore abilities name
_IGNORABLE = re.compile(r"игнорирует\s+(броню|\[:(prm|prs|zor|zomet|prp|zoz)\])(\s+атакованного)?", re.I)
IGNORABLE_ICONS = {"prm": "protection-from-magic", "prs": "protection-from-shots", "zor": "protection-from-discharges",
                   "zomet": "protection-from-throwing", "prp": "protection-from-poison",
                   "zoz": "protection-from-spells"}


def ignore_reading(text: str) -> str | None:
    """The keyword a whole «Игнорирует броню / [:prm] [атакованного]» ignores (None: says more)."""
    m = _IGNORABLE.fullmatch(text.strip().rstrip("."))
    if m is None:
        return None
    return "armor" if m.group(2) is None else IGNORABLE_ICONS[m.group(2)]


def ignored_by(position: Position, source) -> frozenset:
    """Glossary «Игнорировать [защиту]»: «[Защита] не применяется к атакам и способностям,
    объявляемые картой, игнорирующей [защиту]»; «Игнорировать [предотвращение]»: «Эффекты этого
    [предотвращения] не применяются к эффектам, которые накладывает на цель игнорирующая карта.
    Пример: «Игнорирует Броню»». The source card's static «Игнорирует …» abilities."""
    if source is None:
        return frozenset()
    out = set()
    for ab in S.abilities(position, source):
        if ab.get("static") == "ignore" and not ab["unknown"]:
            out.update(e["keyword"] for e in ab["effects"] if not e.get("spec"))
    return frozenset(out)


def ignored_of(position: Position, source, card) -> frozenset:
    """«Игнорирует [:prm] карт с проклятием»: what the source ignores of cards of a description only."""
    if source is None or card is None:
        return frozenset()
    from .effects import restriction_failure

    return frozenset(e["keyword"] for ab in S.abilities(position, source)
                     if ab.get("static") == "ignore" and not ab["unknown"] for e in ab["effects"]
                     if e.get("spec") and restriction_failure(position, card, e["spec"], source.controller, source)
                     is None)


#: the kinds of attack («Когда атакует …» concerns the card's attacks, not its plain «ранить»)
_ATTACK_KINDS = {"shot", "throw", "discharge", "magic-strike", "special-strike", "strike", "strike-through-row"}


def ignores_all(position: Position, source, card, kind: str | None = None) -> bool:
    """«Когда атакует карту / существо стоимостью N или более - игнорирует все её особенности»,
    «[При выстреле -] игнорирует особенности атакованного» (reader: static "ignore-all") of ``source``
    reaches ``card`` (for an attack of ``kind``: those read from «При выстреле …» hold for that kind only)."""
    if source is None or card is None:
        return False
    from .effects import restriction_failure

    return any(restriction_failure(position, card, e["spec"], source.controller, source) is None
               and (not e["spec"].get("attack_kinds") or kind in e["spec"]["attack_kinds"])
               for ab in S.abilities(position, source) if ab.get("static") == "ignore-all" and not ab["unknown"]
               for e in ab["effects"])


def ignored_for(position: Position, source, card, kind: str) -> frozenset:
    """What the source ignores of ``card`` for a ``kind`` of wounds: its «Игнорирует …» (ignored_by)
    and, for its attacks on a card it «ignores all features» of, the glossary's «Игнорировать
    особенности [карт]»: «игнорировать все защиты, все срабатывающие способности, все
    предотвращения, все замещения целевых карт … Игнорируются только те способности, которые
    являются особенностями карт» — protections ("everything" also stands for caps, «Сведение удара
    к Х» being a replacement, and «не получает ран …», which is what a protection is: «Карта с
    Защитой от [текст] не получает ран от [текст]»), armour (a prevention). Effects other cards
    put on it (an aura's «-X от», «не получает ран до конца хода» given by another card,
    vulnerability) are not its features and still apply."""
    base = ignored_by(position, source) | ignored_of(position, source, card)
    if kind in _ATTACK_KINDS and ignores_all(position, source, card, kind):
        return base | frozenset(PROTECTIONS) | {"armor", "everything"}
    return base
