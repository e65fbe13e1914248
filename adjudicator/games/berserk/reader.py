"""The engine's view of a card's abilities, read from the grammar's AST (``ability.py``).

``ability.parse_card_text`` structures a card text into :class:`adjudicator.core.ability.Ability`
nodes; the engine keeps abilities as plain dicts (they live in ``Position.memo`` and are
deep-copied with positions). This module maps one onto the other:

* the ability's shape: ``trigger`` + ``whose`` (start-of-turn, end-of-turn, on-opening,
  start-of-battle, after-placement, on-attack), ``tap`` (the [:tap] cost), ``token_cost``
  ([:cnt] paid), ``once_per_turn`` / ``once_per_battle``, ``static`` (keyword lines,
  may-stay-closed, restrictions that hold while the card is in play);
* each effect as ``{"kind", "amount", "values", "subject", "spec", "stat", "keyword",
  "duration", "delayed", "text"}``; ``subject`` is ``self`` / ``target`` / ``host`` /
  ``attacked`` / ``each``; ``spec`` keeps the TargetSpec's restrictions the engine checks
  (owner, card types, range);
* whatever the engine cannot honour (an Unparsed fragment, a condition it cannot evaluate,
  a trigger event the B- rules have no moment for) goes to ``unknown``, so the engine refuses
  instead of guessing.

Texts the grammar leaves unstructured (the seeds' own wording: "Внезапное действие …",
"До начала хода: …", "В начале хода: получает 1 фишку") fall back to the small reader of
``cardtext.py``, used only when it reads the whole sentence.
"""

from __future__ import annotations

import dataclasses
import re
from functools import lru_cache

from adjudicator.core.ability import Ability, Effect, TargetSpec, Unparsed

from . import cardtext
from . import targets as T
from .ability import parse_card_text

_SUBJECT = {"this": "self", "target": "target", "choice": "target", "attached": "host", "attacked": "attacked",
            "attacker": "attacker", "killed": "killed",
            "each": "each", "named": "self"}
#: restrictions that hold while the card is in play (checked where the rules act)
STATIC_KINDS = frozenset({"may-stay-closed", "cannot-move", "no-open", "diagonal-move", "cannot-be-healed",
                          "cannot-gain-token", "no-wounds-own-turn", "no-wounds-first-turn",
                          # «Не может быть вызван(а)» (glossary «Вызов»: taken from its zone onto the field):
                          # the engine summons no card (summon is refused where it is declared), so nothing it
                          # does can break it; a summon the engine learns must check S.restricted for it
                          "cannot-be-summoned"})
#: trigger events the engine has a moment for: "При атаке" fires when its card declares an attack
_EVENT_TRIGGERS = {"attack": "on-attack", "open": "on-opening"}
#: what modify-stat may change, and the durations the engine ends (B-415.3 and the opponent's turn)
MODIFIABLE_STATS = ("life", "strike", "movement")
DURATIONS = (None, "turn", "opponent-turn", "battle", "permanent")
_TYPES = {"creature": "creature", "artifact": "artifact", "equipment": "equipment", "terrain": "terrain"}


from ...core.position import _deep_copy_plain as _plain_copy  # noqa: E402  (fast copy of plain data)


def parse_abilities(text: str) -> list[dict]:
    """Every ability of ``text`` as a fresh plain dict, numbered from 1."""
    return [_plain_copy(ab) for ab in _read(text or "")]  # callers may change their copies


@lru_cache(maxsize=2048)
def _read(text: str) -> tuple:
    out = []
    for i, ab in enumerate(parse_card_text(text), 1):
        mine = _from_ast(ab, i)
        if mine["unknown"] and ab.kind != "keywords":
            old = cardtext._parse_sentence(ab.text.rstrip(". "), i)
            if not old["unknown"] and (old["effects"] or old["static"] or old["trigger"]):
                old["token_cost"] = 0
                old["keywords"] = []
                out.append(old)
                continue
        out.append(mine)
    return tuple(out)


def _blank(ab: Ability, index: int) -> dict:
    return {"index": index, "text": ab.text, "trigger": None, "whose": "any", "instant": False, "tap": False,
            "token_cost": 0, "once_per_turn": False, "once_per_battle": False, "static": None, "effects": [],
            "keywords": [], "unknown": [], "spell": False, "turn_order": None}


_WHILE_IN_SQUAD = re.compile(r",?\s*[Пп]ока\s+([А-ЯЁ][\w-]*(?:\s+[А-ЯЁ][\w-]*)*)\s+в\s+(вашем\s+)?отряде")


def _from_ast(ab: Ability, index: int) -> dict:
    out = _blank(ab, index)
    out["unknown"] = [f.text for f in ab.unparsed_fragments()]
    _limit(ab.limit or "", out)
    out["spell"] = "spell" in ab.designators
    for cond in ab.conditions:
        if cond.kind == "x-is" and grave_count_of_text(cond.text) is not None and ab.kind == "continuous" \
                and ab.trigger is None:
            continue  # read by _amount: X counts cards of an element in the controller's graveyard
        if cond.kind == "x-is" and count_of_text(cond.text) is not None:
            continue  # read by _amount: X is a count of cards in the controller's squad
        if cond.kind == "x-is" and re.search(r"фиш|\[:cnt\]|ран", cond.text, re.I) and not re.search(
                r"\s(на|у)\s+(атакованн|выбранн|ваш|друг|каждо|существ|карт)", cond.text, re.I):
            continue  # read by _amount: X is the card's own tokens or wounds («на Дрягве»)
        if cond.kind == "turn-order" and ab.kind == "keywords" and cond.text \
                and not ab.text.lstrip().startswith(cond.text):
            # «Йордлинг. Опыт в атаке. [:2hod]:[:prs] и опыт в защите»: the condition governs only what
            # follows it, and the line's reading holds it for the whole line
            out["unknown"].append(f"«{cond.text}» in the middle of a keyword line (what it governs is not read)")
        if cond.kind == "turn-order" and cond.args and cond.args[0] in ("first", "second") \
                and out.get("turn_order") is None:
            # [:1hod] / [:2hod]: the ability exists only while its controller moves first / second
            # (B-402.1 makes them First / Second player); state.abilities() drops it otherwise
            out["turn_order"] = cond.args[0]
            continue
        if cond.kind == "once-per-turn":
            out["once_per_turn"] = True
            continue
        wearing = re.fullmatch(r",?\s*пока\s+носит\s+(доспех|оружие|экипировку)", cond.text.strip())
        if cond.kind == "while" and wearing and ab.kind == "continuous" and ab.trigger is None \
                and "while_wearing" not in out:
            # «Броня 2, пока носит оружие»: the card's own ability exists while equipment of that class
            # («Оружие», «Доспех»: the classes equipment texts open with) is seated on it (B-405.2);
            # state.abilities drops it otherwise
            out["while_wearing"] = {"доспех": "Доспех", "оружие": "Оружие", "экипировку": None}[wearing.group(1)]
            continue
        has = re.fullmatch(r",?\s*пока\s+в\s+(вашем\s+)?отряде\s+есть\s+(друг\w+\s+)?((?:местность\s+)?[\w-]+)",
                           cond.text.strip(), re.I)
        if cond.kind == "while" and has and ab.kind == "continuous" and ab.trigger is None \
                and _squad_class(has.group(3)) and "while_squad_has" not in out:
            # «…, пока в вашем отряде есть (другой) дракон»: while a card of that class is in its
            # controller's squad (glossary «Ваша карта»: a card in your squad); «в отряде» without
            # «вашем» names no owner, and either squad counts (as for «пока Этген в отряде»)
            out["while_squad_has"] = [_squad_class(has.group(3)), bool(has.group(2)), bool(has.group(1))]
            continue
        if cond.kind == "while" and re.fullmatch(r",?\s*[Пп]ока\s+носит\s+[А-ЯЁA-Z][\w\s-]*", cond.text.strip()):
            # «Хозяин получает …, пока носит Молот Снора» (a name, capitalised — not «пока носит
            # доспех», a class of equipment): the equipment's own effect on its host
            # holds while it is seated on it (B-405.2) — checked below to concern only the host
            out["while_worn"] = True
            continue
        if cond.kind == "while" and re.fullmatch(r",?\s*пока\s+в\s+вашем\s+отряде\s+есть\s+существо\s+с\s+\[:cnt\]",
                                                 cond.text.strip(), re.I) and ab.kind == "continuous" \
                and ab.trigger is None and "while_squad_tokens" not in out:
            # «…, пока в вашем отряде есть существо с [:cnt]»: one of its controller's creatures in play
            # holds a token (state.abilities)
            out["while_squad_tokens"] = True
            continue
        low = re.fullmatch(r",?\s*пока\s+у\s+[А-ЯЁ][\w-]*(?:\s+[А-ЯЁ][\w-]*)*\s+(\d+)\s+или\s+менее\s+\[:tgh\]",
                           cond.text.strip())
        if cond.kind == "while" and low and ab.kind == "continuous" and ab.trigger is None \
                and "while_life_at_most" not in out:
            # «-2 от немагических атак, пока у Полевицы 3 или менее [:tgh]»: while its current lives are at
            # most N (state.abilities; checked below to be a «-X от …» of the card itself)
            out["while_life_at_most"] = int(low.group(1))
            continue
        m = _WHILE_IN_SQUAD.fullmatch(cond.text.strip())
        if m and ab.kind == "continuous" and ab.trigger is None and out.get("while_in_squad") is None:
            # «…, пока Этген в (вашем) отряде»: state.abilities keeps the ability only while a card of
            # that name is in play — in its controller's squad («вашем»; glossary «Карта противника /
            # Ваша карта»: your card is one in your squad), in either squad when no owner is said
            out["while_in_squad"] = [m.group(1), bool(m.group(2))]
            continue
        if cond.kind == "except" and re.fullmatch(r"\(\s*кроме\s+существ\s+той\s+же\s+стихии\s*,\s*что\s+и\s+атакованный\s*\)",
                                                  cond.text.strip(), re.I) and "not_attacked_element" not in out:
            # «(кроме существ той же стихии, что и атакованный)»: the chosen card is not of the attacked
            # card's element (stack.legal_targets, which knows the attack's target)
            out["not_attacked_element"] = True
            continue
        other_named = re.fullmatch(r"\(\s*кроме\s+другой\s+([А-ЯЁ][\w-]*(?:\s+[А-ЯЁ][\w-]*)*)\s*\)", cond.text.strip())
        if cond.kind == "except" and other_named and "not_named" not in out:
            # «выбрать существо противника (кроме другой Нерессы)»: the chosen card is no card of that name
            out["not_named"] = other_named.group(1).split()
            continue
        if cond.kind == "target-restriction" and re.fullmatch(r"\(\s*по\s+карт[еам]+\s+противника\s*\)",
                                                               cond.text.strip(), re.I):
            # «выстрел на 1-2-2, дальность 3 (по карте противника)»: the attack's target is an
            # opponent's card (applied to the chosen targets below)
            out["target_opponent"] = True
            continue
        if cond.kind == "if" and _UNWOUNDED_START.fullmatch(cond.text.strip()) and ab.trigger is not None \
                and ab.trigger.text.strip() == cond.text.strip():
            continue  # the trigger itself (_trigger: «Если в начале вашего хода не имеет ран»)
        cap = re.fullmatch(r"\(\s*максимум\s*\+?\s*(\d+)\s*\)", cond.text.strip(), re.I)
        if cond.kind == "maximum" and cap and ab.kind == "continuous" and ab.trigger is None \
                and "x_max" not in out:
            # «+Х к [:atk] (максимум +5), где Х - …»: X counts up to N (state.amount)
            out["x_max"] = int(cap.group(1))
            continue
        out["unknown"].append(f"condition «{cond.text}» (the engine does not evaluate conditions)")
    if ab.kind == "keywords":
        out["static"] = "keyword-line"
        effs = [e for e in ab.effects if isinstance(e, Effect)]
        out["keywords"] = [_keyword_name(e) for e in effs]
        for i, e in enumerate(effs[:-1]):
            # «[:drs] и вампиризм по рядовым существам»: «по …» after the second of two keywords joined by
            # «и» limits both (the grammar hangs it on the second only)
            nxt = effs[i + 1]
            if e.target is None and nxt.target is not None and e.text and nxt.text and re.search(
                    re.escape(e.text) + r"\s+и\s+" + re.escape(nxt.text), ab.text):
                out["keywords"][i] += _keyword_limit(nxt)
        return out
    if ab.kind == "unparsed":
        out["unknown"] = out["unknown"] or [ab.text]
        return out
    everything = _ignore_all(ab)
    if everything is not None:
        # «Когда атакует существо стоимостью 7 или более - игнорирует все его особенности»: a
        # standing rule of the card's attacks (defences.ignores_all), not a moment of its own
        out["static"] = "ignore-all"
        out["effects"] = [{"kind": "ignore", "amount": None, "values": [], "subject": "self", "spec": everything,
                           "stat": None, "keyword": "all", "duration": None, "delayed": None,
                           "text": ab.effects[0].text}]
        return out
    if ab.trigger is not None:
        _trigger(ab, out)
    for cost in ab.costs:
        if not isinstance(cost, Effect):
            continue
        if cost.kind == "close" and (cost.target is None or cost.target.ref == "this"):
            out["tap"] = True
        elif cost.kind == "pay-tokens":
            if cost.amount is None:
                # «X[:cnt][:tap]: Разряд на X»: the player states X as the ability is declared (`x N`),
                # pays X tokens, and the effect's X is that value (battle._pay_tokens)
                if re.fullmatch(r"[XxХх]\s*\[:cnt\]", cost.text.strip()) and not out.get("token_cost_x"):
                    out["token_cost_x"] = True
                else:
                    out["unknown"].append("a token cost of X")
            else:
                out["token_cost"] += cost.amount
        else:
            out["unknown"].append(f"cost {cost.kind}")
    last = "self"
    prev = None
    for eff in ab.effects:
        if isinstance(eff, Unparsed):
            continue
        mapped = _effect(eff, ab, last)
        if isinstance(mapped, str):
            out["unknown"].append(mapped)
            prev = None
            continue
        if prev is not None and _shares_subject(prev, eff, ab) and mapped["subject"] == "self" \
                and last != "self":
            # «выбранное существо … ранится на 1 и не может двигаться»: the card named as the subject of
            # the first verb is the subject of the second, joined by «и» with no subject of its own
            mapped["subject"] = last
        prev = eff
        last = mapped["subject"]
        cut = _after_full_cut(ab)
        if cut is not None and _where(eff, ab) > cut and out["effects"]:
            mapped["after_full"] = True  # effects.carry_out_all: only after X was carried out in full
        out["effects"].append(mapped)
    if "x_max" in out:
        xs = [e for e in out["effects"] if isinstance(e.get("amount"), dict)]
        if not xs or out["static"] is not None:
            pass  # checked once the static kind is known (below)
        for e in xs:
            e["amount"] = {**e["amount"], "max": out["x_max"]}
    if out.pop("not_attacked_element", False):
        chosen = [e for e in out["effects"] if e["subject"] == "target"]
        if not chosen or out.get("trigger") != "on-attack":
            out["unknown"].append("«(кроме существ той же стихии, что и атакованный)» outside an attack trigger")
        for e in chosen:
            e["spec"] = {**e["spec"], "attacked_element": "not"}
    if "not_named" in out:
        words = out.pop("not_named")
        chosen = [e for e in out["effects"] if e["subject"] == "target"]
        if not chosen:
            out["unknown"].append("«(кроме другой …)» without a chosen target")
        for e in chosen:
            e["spec"] = {**e["spec"], "not_named": words}
    if out.pop("target_opponent", False):
        chosen = [e for e in out["effects"] if e["subject"] == "target"]
        if not chosen or any(e["spec"].get("owner", "any") == "you" for e in chosen):
            out["unknown"].append("«(по карте противника)» without a chosen target")
        for e in chosen:
            e["spec"] = {**e["spec"], "owner": "opponent"}
    if out.get("battle_per_target") and not any(e["subject"] == "target" for e in out["effects"]):
        out["unknown"].append("a limit «for each» card without a chosen target")
    if out.get("while_worn") and not (out["effects"] and all(e["subject"] == "host" for e in out["effects"])):
        out["unknown"].append("condition «пока носит …» on something other than the host")
    if ab.kind == "continuous" and ab.trigger is None:
        kinds = {e["kind"] for e in out["effects"]}
        if kinds == {"damage-reduction"} and all(e.get("reduction") and e["subject"] == "self"
                                                 for e in out["effects"]):
            out["static"] = "reduction"  # "-X от атаки", applied by defences.py where wounds are dealt
        elif kinds == {"modify-stat"} and all(e["subject"] in ("self", "host") and _fixed_or_count(e["amount"])
                                              and e["duration"] is None and not e["values"]
                                              for e in out["effects"]):
            out["static"] = "stat"  # "+1 к [:atk]", "Хозяин получает +2 к [:atk]": state.static_delta
        elif kinds == {"grant-keyword"} and all(e["subject"] == "host" and e["duration"] is None and e["keyword"]
                                                for e in out["effects"]):
            out["static"] = "host-keyword"  # «Хозяин получает опыт в атаке»: state.keywords of the host
        elif kinds == {"modify-stat"} and all(e["subject"] == "each" and isinstance(e["amount"], int)
                                              and e["duration"] is None and not e["values"]
                                              for e in out["effects"]):
            # «Каждый ваш орк получает +1 к [:atk]»: a continuous ability (glossary «Постоянная
            # способность»: present while its card is in play, creates effects without targeting)
            # on every card of that description; state.static_delta
            out["static"] = "aura-stat"
        elif kinds == {"grant-keyword"} and all(e["subject"] == "each" and e["duration"] is None and e["keyword"]
                                                for e in out["effects"]):
            out["static"] = "aura-keyword"  # «Каждый ваш орк получает опыт в атаке»: state.keywords
        elif kinds == {"diagonal-move"} and all(e["subject"] == "each" for e in out["effects"]):
            out["static"] = "aura-move"  # «Каждое ваше лесное существо может двигаться по диагонали»
        elif kinds == {"damage-reduction"} and all(e["subject"] == "each" and e.get("reduction")
                                                   for e in out["effects"]):
            out["static"] = "aura-reduction"  # «Все ваши речные девы получают -1 от …»: defences._reductions
        elif kinds == {"no-damage"} and all(e.get("nd") for e in out["effects"]):
            out["static"] = "no-damage"  # «Не получает ран от … атак силой N»: defences.py
        elif kinds == {"no-close"} and all(e["subject"] == "self" and re.fullmatch(
                r"не\s+закрывается\s*,\s*выступая\s+защитником", (e.get("text") or "").strip(), re.I)
                for e in out["effects"]):
            # «Не закрывается, выступая защитником» (glossary «Не закрывается после атаки (не закрывается,
            # выступая защитником)»): the card does not close when assigned as a defender; defenders.py
            out["static"] = "defends-open"
        elif kinds == {"reduce-attack-to"}:
            out["static"] = "cap"  # «… атаки по X сводятся к N»: defences.wounds_after_defences
        elif kinds == {"damage-reduction", "keyword"} and all(
                e["kind"] != "keyword" or e["keyword"] == "Бестелесность" for e in out["effects"]) and all(
                e.get("reduction") and e["subject"] == "self" for e in out["effects"] if e["kind"] != "keyword"):
            # «Бестелесный: -1 от немагических атак»: the keyword labels the text after it (as for
            # «Бестелесный: все немагические атаки сводятся к 1»), which is what defences.py applies
            out["static"] = "reduction"
            out["label"] = True
            out["effects"] = [e for e in out["effects"] if e["kind"] != "keyword"]
            out["keywords"] = ["Бестелесность"]
        elif kinds <= {"reduce-attack-to", "keyword"} and "reduce-attack-to" in kinds:
            out["static"] = "cap"  # «Бестелесный: все немагические атаки сводятся к 1»
            out["keywords"] = [e["keyword"] for e in out["effects"] if e["kind"] == "keyword"]
        elif kinds == {"ignore"} and all(e.get("keyword") for e in out["effects"]):
            out["static"] = "ignore"  # «Игнорирует броню / [:prm]»: defences.ignored_by
        elif kinds == {"attack-bonus"}:
            out["static"] = "attack-bonus"  # "+1 к [:atk] по лесным картам": effects.attack_bonus
        elif kinds == {"start-with"} and all(e["subject"] == "self" and _fixed_or_count(e["amount"])
                                              and e["stat"] in ("tokens", "life", "wounds") for e in out["effects"]):
            out["static"] = "start-with"  # "Начинает бой с …": timing._begin_start_of_battle
        elif kinds and kinds <= STATIC_KINDS | {"keyword"}:
            out["static"] = "may-stay-closed" if kinds == {"may-stay-closed"} else "restriction"
            # a keyword's number stays with it («Броня 2», «Опыт в атаке 2» is not «Опыт в атаке»)
            out["keywords"] = [e["keyword"] + (f" {e['amount']}" if isinstance(e.get("amount"), int) else "")
                               for e in out["effects"] if e["kind"] == "keyword"]
        elif not out["unknown"]:
            out["unknown"].append("a continuous effect (the engine applies only keywords and restrictions "
                                  "continuously)")
    if "while_life_at_most" in out and out["static"] != "reduction":
        out["unknown"].append("«пока у … N или менее [:tgh]» on something other than a «-X от …»")
    regen_x = [e for e in out["effects"] if e["kind"] == "keyword" and e.get("keyword") == "regeneration"
               and isinstance(e.get("amount"), dict) and e["amount"].get("x") == "count"]
    if regen_x and out["static"] == "restriction" and len(regen_x) == 1:
        # «[:rgn]-Х, где Х - число троллей в вашем отряде»: regeneration of X counted now (state.keyword_amount);
        # «[:rgn]-Х (максимум 3), …»: X counts up to 3
        said = regen_x[0].get("text") or ""
        cap = re.search(r"\(\s*максимум\s+(\d+)\s*\)", said, re.I)
        if re.search(r"максимум", said, re.I) and cap is None:
            out["unknown"].append(f"«{said}» (a maximum the engine cannot read)")
        amount = {**regen_x[0]["amount"], **({"max": int(cap.group(1))} if cap else {})}
        out["keyword_x"] = {"regeneration": amount}
    if "x_max" in out and not out.get("keyword_x") and (out["static"] not in ("stat", "start-with") or not any(isinstance(e.get("amount"), dict)
                                                               for e in out["effects"])):
        out["unknown"].append("«(максимум +N)» outside «+Х к …» of the card itself")
    if any(isinstance(e.get("amount"), dict) and e["amount"].get("x") == "count" for e in out["effects"]) \
            and out["static"] not in ("stat", "start-with", "reduction") and not out.get("keyword_x"):
        # X counted from the squad is read where a continuous line adds it (state.amount); a keyword's
        # number («[:rgn]-Х») or an effect's is not
        out["unknown"].append("X counted from the squad outside «+Х к …» / «Начинает бой с Х …»")
    return out


def _shares_subject(prev: Effect, eff: Effect, ab: Ability) -> bool:
    """«X ранится на 1 и не может двигаться»: ``prev`` opens with its target (the clause's subject),
    and ``eff``, with no target words, follows it after «и»."""
    t0, t1 = prev.target, eff.target
    if t0 is None or not (t0.text or "").strip() or (t1 is not None and (t1.text or "").strip()):
        return False
    if not (prev.text or "").strip().lower().startswith(t0.text.strip().lower()):
        return False
    return re.search(re.escape(prev.text.strip()) + r"\s*,?\s+и\s+" + re.escape((eff.text or "").strip()),
                     ab.text, re.I) is not None


def _fixed_or_count(amount) -> bool:
    """A number, X counted from the squad (count_of_text), or X the card's own tokens / wounds — what
    continuous lines may use (state.amount reads them as they are now)."""
    return isinstance(amount, int) or (isinstance(amount, dict) and amount.get("x") in ("count", "tokens", "wounds",
                                                                                        "graveyard"))


_ATTACKS = ("shot", "throw", "discharge", "magic-strike", "special-strike", "strike", "strike-through-row")


def _after_full_cut(ab: Ability) -> int | None:
    """Where «при этом» stands in the ability's text (0-based), None without one."""
    m = re.search(r"при\s+этом", ab.text, re.I)
    return m.start() if m else None


def _where(eff: Effect, ab: Ability) -> int:
    """Where an effect's words stand in the ability's text (spans count from the body)."""
    return ab.text.find(eff.text) if eff.text else -1


def _after_own_attack(eff: Effect, ab: Ability) -> bool:
    """«Метание на 1, при этом - атакованный …»: "the attacked" is the target of the ability's
    own attack, named before «при этом» (glossary «Атакованная карта»: the attack's final target)."""
    cut = _after_full_cut(ab)
    if cut is None or _where(eff, ab) < cut:
        return False
    return any(isinstance(e, Effect) and e.kind in _ATTACKS and e.target is not None and e.target.ref in (
        "target", "choice") and 0 <= _where(e, ab) < cut for e in ab.effects)


_OTHER_DEATH = re.compile(r"при\s+гибели\s+(?:(вашего)\s+)?(?:(другого)\s+)?"
                          r"((?:(?:т[её]мн|болотн|лесн|горн|степн)\w+\s+)?(?:нелетающ\w+\s+)?)"
                          r"(\S+(?:\s+кронга)?|члена\s+ковена|члена\s+ордена\s+Тоа-Дана)(?:\s+(противника))?",
                          re.I)


_COUNT = re.compile(r",?\s*где\s+[XХ]\s*[-–]\s*(?:число|количество)\s+(других\s+)?"
                    r"(?:(не)?(т[её]мн|болотн|лесн|горн|степн)\w*\s+)?([\w-]+)\s+в\s+вашем\s+отряде", re.I)
_ELEMENT_STEMS = {"темн": "darkness", "тёмн": "darkness", "болотн": "swamp", "лесн": "forest", "горн": "mountains",
                  "степн": "steppe"}


_GRAVE_COUNT = re.compile(r",?\s*где\s+[XХ]\s*[-–]\s*(?:число|количество)\s+(т[её]мн|болотн|лесн|горн|степн)\w*\s+"
                          r"карт\s+на\s+вашем\s+кладбище", re.I)


def grave_count_of_text(text: str) -> list | None:
    """«, где Х - число тёмных карт на вашем кладбище»: [element] — X counts the cards of that element
    in the controller's graveyard (glossary «Ваша карта»: also one in your graveyard); None otherwise."""
    m = _GRAVE_COUNT.fullmatch(text.strip())
    return [_ELEMENT_STEMS[m.group(1).lower()]] if m else None


def count_of_text(text: str) -> list | None:
    """«, где Х - число (не)тёмных героев / троллей в вашем отряде»: [classes (any of), element, not]
    — X counts the controller's cards in play of that class (and element); None for anything else."""
    m = _COUNT.fullmatch(text.strip())
    if m is None:
        return None
    other, neg, stem, noun = m.groups()
    if re.fullmatch(r"геро\w*", noun, re.I):
        classes = ["Герой-воин", "Герой-маг"]  # «героев»: heroes, warrior or mage (the base's two hero classes)
    elif re.fullmatch(r"существ", noun, re.I) and stem:
        classes = ["*creature"]  # «горных существ»: creatures of that element, any class (state.count_in_squad)
    else:
        cls = _squad_class(noun)
        if cls is None:
            return None
        classes = [cls]
    out = [classes, _ELEMENT_STEMS.get(stem.lower()) if stem else None, bool(neg)]
    return out + [True] if other else out  # «других»: the card itself does not count


_IGNORE_ALL_WHEN = re.compile(r"когда\s+атакует\s+(карту|существо)(?:\s+стоимостью\s+(\d+)\s+(?:или|и)\s+более)?",
                              re.I)


def _ignore_all(ab: Ability) -> dict | None:
    """«Когда атакует карту / существо стоимостью N или более - игнорирует (все) её / его
    особенности»: the description of the attacked cards (None when the sentence says anything else)."""
    if ab.conditions or ab.costs or len(ab.effects) != 1 or ab.unparsed_fragments():
        return None
    eff = ab.effects[0]
    if isinstance(eff, Effect) and eff.kind == "ignore" and re.fullmatch(
            r"игнорирует\s+особенности\s+атакованного", (eff.text or "").strip().rstrip("."), re.I):
        # «Игнорирует особенности атакованного» (glossary «Атакованная карта»: the attack's final
        # target): every card its attacks reach; «При выстреле / особом ударе / разряде - …»: only
        # its attacks of that kind (no result or target named in the trigger)
        kinds = None
        if ab.trigger is not None:
            read = attack_trigger(ab.trigger.text) if ab.trigger.timing == "when" else None
            if read is None or read[1] or attacked_spec(ab.trigger.text) or host_attack(ab.trigger.text):
                return None
            kinds = read[0]
        return {"owner": "any", "types": [], "states": [], "classes": [], "tests": [], "text": eff.text,
                **({"attack_kinds": kinds} if kinds else {})}
    if ab.trigger is None:
        return None
    m = _IGNORE_ALL_WHEN.fullmatch(ab.trigger.text.strip())
    if m is None or not isinstance(eff, Effect) or eff.kind != "ignore" or not re.fullmatch(
            r"игнорирует\s+(все\s+)?(е[её]|его)\s+особенности", (eff.text or "").strip().rstrip("."), re.I):
        return None
    return {"owner": "any", "types": ["creature"] if m.group(1).lower() == "существо" else [], "states": [],
            "classes": [], "tests": [["cost", ">=", int(m.group(2))]] if m.group(2) else [], "text": ab.trigger.text}


def _squad_class(noun: str) -> str | None:
    """The class a noun of «в вашем отряде есть <noun>» names (None: not a class targets.py knows)."""
    from .ability import _CLASS, _lookup

    terrain = re.fullmatch(r"местность\s+(лес|горы|болото|река|пустыня|город)", noun, re.I)
    if terrain:
        # «местность горы»: a terrain of that class (terrain texts open with it: «Горы.»)
        return "terrain:" + terrain.group(1).capitalize()
    if re.fullmatch(r"геро[йя]-маг\w*", noun, re.I):
        return "Герой-маг"
    if re.fullmatch(r"геро[йя]-воин\w*", noun, re.I):
        return "Герой-воин"
    cls = _lookup(_CLASS, noun)
    return cls if cls in T.CLASS_CODES else None


def _other_death(text: str) -> dict | None:
    """"При гибели [вашего] [другого] существа / орка [противника]": whose card, which class.
    (Bare "При гибели" is the card's own death; "от отравления" and the like name a cause the
    engine does not track, and are left out.)"""
    from .ability import _CLASS, _lookup

    m = _OTHER_DEATH.fullmatch(text.strip())
    if m is None:
        return None
    yours, other, adjectives, noun, opp = m.groups()
    if yours and opp:
        return None
    spec = {"owner": "you" if yours else "opponent" if opp else "any", "types": ["creature"], "classes": [],
            "states": ["other"] if other else [], "tests": [], "text": text}
    for adj in (adjectives or "").split():
        # «лесного нелетающего существа»: its element and not flying (targets.py)
        element = next((v for k, v in _ELEMENT_STEMS.items() if adj.lower().startswith(k)), None)
        spec["states"].append(f"element:{element}" if element else "non-flying")
    if re.fullmatch(r"члена\s+ордена\s+Тоа-Дана", noun, re.I):
        noun = "Тоа-Дан"
    if not re.fullmatch(r"существа", noun, re.I):
        cls = noun if noun == "Тоа-Дан" else _lookup(_CLASS, noun)
        if cls is None or cls not in T.CLASS_CODES:
            return None
        spec["classes"] = [cls]
    return spec


def _limit(limit: str, out: dict) -> None:
    """«Один (Х) раз за ход» / «Х раз за бой»: the markers of limits.py (glossary «Один (Х) раз
    за ход»). "… for each creature" counts per other card, which the markers do not: refused."""
    m = re.fullmatch(r"(once|(\d+) times) per (turn|battle)", limit)
    if m:
        n = int(m.group(2) or 1)
        if m.group(3) == "turn":
            out["once_per_turn"], out["turn_limit"] = True, n
        else:
            out["once_per_battle"], out["battle_limit"] = True, n
    elif re.fullmatch(r"once per battle for each", limit):
        # «(1 раз за бой для каждого существа)»: each card it targets receives it once per battle
        # (limits.target_exhausted; a marker per target, never lost, as «Х раз за бой»)
        out["battle_per_target"] = True
    elif limit:
        out["unknown"].append(f"limit «{limit}»")


def _trigger(ab: Ability, out: dict) -> None:
    trig = ab.trigger
    who = trig.event.split(":", 1)[1] if ":" in trig.event else "any"
    whose = {"you": "own", "opponent": "opponent"}.get(who, "any")
    if_open = re.fullmatch(r"(?:в начале хода противника,?\s*(?:если открыт[аоы]?|\(если открыт[аоы]?\))"
                           r"|открыт[аоы]? в начале хода противника)", trig.text.strip(), re.I)
    if if_open:
        # «В начале хода противника если открыт»: it works only if the card is open when the
        # opponent's turn starts (stack.turn_triggers checks it then, B-410.2)
        out["trigger"], out["whose"], out["if_open"] = "start-of-turn", "opponent", True
        out["unknown"] = [u for u in out["unknown"] if not re.search(r"открыт[аоы]? в начале хода противника", u)]
    elif _UNWOUNDED_START.fullmatch(trig.text.strip()):
        # «Если в начале вашего хода не имеет ран - …»: at the start of its controller's turn, if the
        # card has no wounds then (stack.turn_triggers checks it; cf. glossary «Концентрация»: «В начале
        # вашего хода, выполните [Текст], если на этом персонаже нет ран»)
        out["trigger"], out["whose"], out["if_unwounded"] = "start-of-turn", "own", True
    elif _WOUNDED_WHEN.fullmatch(trig.text.strip()) and _wounded_spec(trig.text) is not None:
        # «Когда ваш герой получает раны в ход противника», «Когда другое существо с проклятием получает Х
        # ран»: a card of that description receives wounds (effects.carry_out -> stack.wound_triggers);
        # X is the number received
        out["trigger"], out["wounded"] = "on-wounded", _wounded_spec(trig.text)
    elif re.fullmatch(r"[Кк]огда\s+[А-ЯЁ][\w-]*(\s+[А-ЯЁ][\w-]*)*\s+излечивается", trig.text.strip()):
        # «Когда Егерь излечивается»: the card itself, named, has wounds removed (glossary «Излечить»:
        # «Излечение считается выполненным по количеству снятых ран» — at least one); effects._one
        # notes it, stack.wound_triggers puts it on the stack; the name must be the card's own
        out["trigger"] = "on-healed"
        out["self_name"] = re.sub(r"^когда\s+|\s+излечивается$", "", trig.text.strip(), flags=re.I).split()
    elif re.fullmatch(r"в\s+начале\s+(вашего|своего)\s+второго\s+хода", trig.text.strip(), re.I):
        # the start of its controller's second turn (B-MAIN: the First player's turns are 1, 3 …, the
        # Second's 2, 4 …; stack.turn_triggers checks which one this is)
        out["trigger"], out["whose"], out["nth_turn"] = "start-of-turn", "own", 2
    elif re.fullmatch(r"в\s+начале\s+своего\s+хода", trig.text.strip(), re.I):
        out["trigger"], out["whose"] = "start-of-turn", "own"  # «своего»: its controller's turn
    elif trig.timing == "start-of-turn":
        out["trigger"], out["whose"] = "start-of-turn", whose
    elif trig.timing == "end-of-turn":
        out["trigger"], out["whose"] = "end-of-turn", whose
    elif trig.timing == "start-of-battle":
        out["trigger"] = "start-of-battle"
    elif trig.timing == "after-placement":
        out["trigger"] = "after-placement"
    elif trig.timing == "when" and re.fullmatch(r"при\s+(передвижении|перемещении)\s+или\s+атаке", trig.text.strip(),
                                                 re.I):
        # «При передвижении или атаке»: its own movement (stack._resolve_movement) and its «атака» (a strike
        # or a shot, glossary «Атака»; other kinds refused as open, battle._attack_triggers)
        out["trigger"] = "on-attack"
        out["attack_kinds"], out["tiers"], out["host"], out["attacked_spec"] = ["strike", "shot"], [], False, {}
        out["open_kinds"] = ["throw", "discharge", "magic-strike", "special-strike", "strike-through-row"]
        out["also_on_move"] = True
    elif trig.timing == "when" and _YOUR_ATTACK_AT.fullmatch(trig.text.strip()):
        # «При атаке вашего героя по существу противника»: an attack (glossary «Атака»: a strike or a
        # shot; other kinds refused as open, battle._attack_triggers) by a card of the controller's
        m = _YOUR_ATTACK_AT.fullmatch(trig.text.strip())
        out["trigger"] = "on-attack"
        out["attack_kinds"], out["tiers"], out["host"] = ["strike", "shot"], [], False
        out["open_kinds"] = ["throw", "discharge", "magic-strike", "special-strike", "strike-through-row"]
        out["by_spec"] = {"owner": "you", "types": ["creature"], "states": ["hero"] if m.group(1).lower() == "героя"
                          else [], "classes": [], "tests": [], "text": trig.text}
        out["attacked_spec"] = {"owner": "opponent", "types": ["creature"] if m.group(2).lower() == "существу"
                                else [], "states": [], "classes": [], "tests": [], "text": trig.text}
    elif trig.timing == "when" and by_your(trig.text) is not None:
        # «При [:atk] вашего болотного существа»: another card of its controller attacks
        # (battle._attack_triggers watches the squad for it)
        rest, spec = by_your(trig.text)
        out["trigger"] = "on-attack"
        out["attack_kinds"], out["tiers"] = attack_trigger(rest)
        out["host"], out["attacked_spec"], out["by_spec"] = False, {}, spec
    elif trig.timing == "when" and attack_trigger(trig.text) is not None:
        # "При [:atk]", "При сильном [:atk]", "При выстреле", "При среднем или сильном метании":
        # the card attacks with that kind of attack (battle._attack_triggers; glossary «При
        # атаке», «При выстреле»: it works even when the attack's value is 0)
        out["trigger"] = "on-attack"
        out["attack_kinds"], out["tiers"] = attack_trigger(trig.text)
        out["host"] = host_attack(trig.text)
        out["attacked_spec"] = attacked_spec(trig.text)
    elif trig.timing == "when" and attack_result(trig.text) is not None:
        # the wounds an attack dealt (effects._one notes them, stack.attack_result_triggers); «атакующий /
        # атаковавший / это существо» is the attacking card, or for the attacker's own, the attacked one
        out["trigger"] = "on-attack-result"
        out["attack_result"] = attack_result(trig.text)
    elif trig.timing == "when" and attacked_trigger(trig.text) is not None:
        # «При атаке по Умертвиям», «При дальней атаке по себе», «При [:atk] существа противника по
        # вашему члену ковена», «Когда карта противника атакует вашего койара»: an attack is declared
        # at this card, its host or a card of that class of its controller (battle.attacked_triggers)
        out["trigger"] = "on-attacked"
        out["attacked_by"] = attacked_trigger(trig.text)
    elif trig.timing == "when" and re.fullmatch(r"при\s+ударе\s+по\s+.+", trig.text.strip(), re.I) and \
            attack_trigger(re.sub(r"ударе", "[:atk]", trig.text.strip(), count=1, flags=re.I)) is not None and \
            not host_attack(trig.text):
        # «При ударе по закрытому существу»: «При ударе» (below) at a card of that description
        as_atk = re.sub(r"ударе", "[:atk]", trig.text.strip(), count=1, flags=re.I)
        out["trigger"] = "on-attack"
        out["attack_kinds"], out["tiers"], out["host"] = ["strike"], [], False
        out["attacked_spec"], out["open_kinds"] = attacked_spec(as_atk), ["special-strike"]
    elif trig.timing == "when" and _own_named_attack(trig.text) is not None:
        # «При сильном [:atk] Черного Рыцаря»: its own attack, named by the card's own name
        # (battle._attack_triggers checks the name against the attacker's)
        rest, words = _own_named_attack(trig.text)
        out["trigger"] = "on-attack"
        out["attack_kinds"], out["tiers"] = attack_trigger(rest)
        out["host"], out["attacked_spec"], out["self_name"] = False, {}, words
    elif trig.timing == "when" and re.fullmatch(r"при\s+(любом\s+)?ударе", trig.text.strip(), re.I):
        # glossary «При ударе»: «срабатывает, когда эта карта наносит удар, даже если сила удара равна
        # 0»: its strike ([:atk]); whether a special strike is a «удар» for it is not said
        # (battle._kind_triggers refuses those declarations); the engine has no counter-strike
        out["trigger"] = "on-attack"
        out["attack_kinds"], out["tiers"], out["host"], out["attacked_spec"] = ["strike"], [], False, {}
        out["open_kinds"] = ["special-strike"]
    elif trig.timing == "when" and trig.event in ("move", "movement") and re.fullmatch(
            r"при\s+(перемещении|передвижении)(\s+в\s+ход\s+противника)?", trig.text.strip(), re.I):
        # «При передвижении» reads as «При перемещении» (the card's own movement, B-413);
        # «… в ход противника»: only while its controller is not the active player
        out["trigger"] = "on-move"
        if re.search(r"в\s+ход\s+противника", trig.text, re.I):
            out["move_turn"] = "opponent"
    elif trig.timing == "when" and trig.event == "death" and re.fullmatch(r"при\s+гибели", trig.text.strip(), re.I):
        out["trigger"] = "on-death"  # the card's own death (glossary «При гибели»): death.py
    elif trig.timing == "when" and trig.event == "move" and re.fullmatch(r"при\s+перемещении", trig.text.strip(), re.I):
        out["trigger"] = "on-move"  # the card's own movement, once it happens (B-413): stack._resolve_movement
    elif trig.timing == "when" and re.fullmatch(r"когда\s+(убивает|уничтожает)\s+существо(\s+противника)?",
                                                 trig.text.strip(), re.I):
        # the card's wounds (убивает) or its wounds or destroy effect (уничтожает) kill an
        # opponent's creature — or any creature, without «противника» (death._kill_triggers)
        out["trigger"] = "on-kill"
        out["kill_by"] = "wounds" if "убива" in trig.text.lower() else "any"
        out["kill_any"] = not re.search(r"противника", trig.text, re.I)
    elif trig.timing == "when" and re.fullmatch(r"когда\s+закрывается", trig.text.strip(), re.I):
        out["trigger"] = "on-close"  # the card itself closes (S.close; stack.close_triggers)
    elif trig.timing == "when" and re.fullmatch(r"когда\s+получает\s+(дополнительные\s+\[:tgh\]|\[:cnt\])",
                                                 trig.text.strip(), re.I):
        # the card itself receives additional lives / a token (effects._one fires it then)
        out["trigger"] = "on-gain-extra-life" if "tgh" in trig.text else "on-gain-token"
    elif trig.timing == "when" and trig.event == "death" and _other_death(trig.text) is not None:
        out["trigger"] = "on-other-death"  # another card's death (glossary «При гибели Х»): death.py
        out["death_spec"] = _other_death(trig.text)
    elif trig.timing == "when" and trig.event in _EVENT_TRIGGERS and re.fullmatch(
            r"при\s+атаке|при\s+открытии|когда\s+открывается", trig.text.strip(), re.I):
        # only the bare moment: "При гибели … от атаки существа противника" is an attack event of
        # the grammar too, and is not this card's attack
        out["trigger"] = _EVENT_TRIGGERS[trig.event]
        if out["trigger"] == "on-attack":
            # glossary «При атаке»: it works when the card makes an «Атака» — «Выстрел или удар»: its
            # strike and its shots; whether a throw, discharge, special or magic strike or [:ovs] is
            # one is not said (battle._attack_triggers refuses those declarations)
            out["attack_kinds"], out["tiers"], out["host"], out["attacked_spec"] = ["strike", "shot"], [], False, {}
            out["open_kinds"] = ["throw", "discharge", "magic-strike", "special-strike", "strike-through-row"]
    else:
        out["trigger"] = f"{trig.timing}:{trig.event}"
        out["unknown"].append(f"trigger «{trig.text}» (the B- rules give this engine no such moment)")


_ATTACKED_BY = re.compile(
    r"при\s+(?:(дальней|немагической)\s+)?(атаке|\[:atk\])(?:\s+(существа|карты)\s+противника)?\s+по\s+(.+)"
    r"|когда\s+(карта|существо)\s+противника\s+атакует\s+(.+)", re.I)
#: glossary «Атака»: «Выстрел или удар, инициируемый игроком» — the attacks that fire «При атаке по …»
#: for sure, and those it leaves open (defences.py reads «дальних» / «немагических атак» the same way)
_ATTACK_WORD_KINDS = {
    None: (["strike", "shot"], ["throw", "discharge", "magic-strike", "special-strike", "strike-through-row"]),
    "дальней": (["shot", "throw"], ["discharge", "magic-strike", "strike-through-row"]),
    "немагической": (["strike", "shot", "throw"], ["discharge", "special-strike", "strike-through-row"]),
    "[:atk]": (["strike"], []),
}


@lru_cache(maxsize=256)
def attacked_trigger(text: str) -> dict | None:
    """«При [дальней / немагической] атаке / [:atk] [существа противника] по <кому>», «Когда карта
    противника атакует <кого>»: the attacks that fire it (and those left open), who attacks, and who is
    attacked — the card itself («себе», or its own name), its host («хозяину»), or a card of a class of
    its controller («вашему члену ковена»). None for anything else."""
    from .ability import _CLASS, _lookup

    m = _ATTACKED_BY.fullmatch(text.strip())
    if m is None:
        return None
    quality, word, by1, obj1, by2, obj2 = m.groups()
    obj, by = (obj1 or obj2).strip(), by1 or by2
    key = "[:atk]" if word == "[:atk]" else (quality.lower() if quality else None)
    kinds, open_ = _ATTACK_WORD_KINDS[key]
    out = {"kinds": kinds, "open": open_, "who": None, "classes": [], "name": None,
           "by": {"owner": "opponent", "types": ["creature"] if by and by.lower() == "существо"
                  or by and by.lower() == "существа" else [], "states": [], "classes": [], "tests": [],
                  "text": text} if by else {}}
    if re.fullmatch(r"себе", obj, re.I):
        out["who"] = "self"
    elif re.fullmatch(r"хозяину", obj, re.I):
        out["who"] = "host"
    elif re.match(r"ваш\w*\s+", obj, re.I):
        cls = _lookup(_CLASS, re.sub(r"^ваш\w*\s+", "", obj, flags=re.I))
        if cls is None or cls not in T.CLASS_CODES:
            return None
        out["who"], out["classes"] = "yours", [cls]
    elif re.fullmatch(r"[А-ЯЁ][\w-]*(\s+[А-ЯЁ][\w-]*)*", obj):
        out["who"], out["name"] = "self", obj.split()
    else:
        return None
    return out


_YOUR_ATTACK_AT = re.compile(r"при\s+атаке\s+вашего\s+(героя|существа)\s+по\s+(существу|карте)\s+противника", re.I)
_UNWOUNDED_START = re.compile(r"в\s+начале\s+(вашего|своего)\s+хода\s+не\s+имеет\s+ран", re.I)
_WOUNDED_WHEN = re.compile(r"когда\s+(ваш\s+герой|другое\s+существо\s+с\s+проклятием)\s+получает\s+(?:х\s+)?ран\w*"
                           r"(\s+в\s+ход\s+противника)?", re.I)


def _wounded_spec(text: str) -> dict | None:
    """Who must receive wounds for «Когда … получает (Х) ран (в ход противника)» to work."""
    m = _WOUNDED_WHEN.fullmatch(text.strip())
    if m is None:
        return None
    if m.group(1).lower().startswith("ваш"):
        spec = {"owner": "you", "types": ["creature"], "states": ["hero"], "classes": [], "tests": [], "text": text}
    else:
        spec = {"owner": "any", "types": ["creature"], "states": ["other", "cursed"], "classes": [], "tests": [],
                "text": text}
    return {"spec": spec, "turn": "opponent" if m.group(2) else None}


def _own_named_attack(text: str):
    """«При сильном [:atk] Черного Рыцаря» -> («При сильном [:atk]», ["Черного", "Рыцаря"]); None otherwise."""
    m = re.fullmatch(r"(.+?)\s+([А-ЯЁ][\w-]*(?:\s+[А-ЯЁ][\w-]*)*)", text.strip())
    if m is None or attack_trigger(m.group(1)) is None or attacked_spec(m.group(1)) \
            or re.search(r"\sпо\s|хозяина", m.group(1), re.I):
        return None
    return m.group(1), m.group(2).split()


_RESULT_OPP = re.compile(r"когда\s+существо\s+противника\s+наносит\s+(\d+)\s+или\s+более\s+ран\w*\s+атакой", re.I)
_RESULT_SELF = re.compile(r"когда\s+наносит\s+атакой\s+(\d+)\s+или\s+менее\s+ран\w*", re.I)
_RESULT_HIT = re.compile(r"когда\s+получает\s+от\s+\[:atk\]\s+(\d+)\s+ран\w*\s+или\s+не\s+получает\s+ран", re.I)


@lru_cache(maxsize=256)
def attack_result(text: str) -> dict | None:
    """«Когда существо противника наносит 4 или более ран атакой», «Когда наносит атакой 1 или менее рану»,
    «Когда получает от [:atk] 1 рану или не получает ран»: who watches which attack's wounds (after
    defences: «наносит» counts the wounds dealt). «Атака» is a strike or a shot (glossary); other kinds
    are left open (effects.open_defence refuses them)."""
    atk_kinds, atk_open = _ATTACK_WORD_KINDS[None]
    m = _RESULT_OPP.fullmatch(text.strip())
    if m:
        return {"who": "opponent-source", "min": int(m.group(1)), "max": None, "kinds": atk_kinds,
                "open": atk_open, "by": {"owner": "opponent", "types": ["creature"]}}
    m = _RESULT_SELF.fullmatch(text.strip())
    if m:
        return {"who": "self-source", "min": None, "max": int(m.group(1)), "kinds": atk_kinds, "open": atk_open,
                "by": {}}
    m = _RESULT_HIT.fullmatch(text.strip())
    if m:
        return {"who": "self-target", "min": None, "max": int(m.group(1)), "kinds": ["strike"], "open": [],
                "by": {}}
    return None


def names_card(words: list[str], name: str) -> bool:
    """«по Умертвиям» names the card «Умертвия»: as many words, each starting alike (a declined form)."""
    mine = name.split()
    return len(mine) == len(words) and all(
        a[:max(3, min(len(a), len(b)) - 2)].casefold() == b[:max(3, min(len(a), len(b)) - 2)].casefold()
        for a, b in zip(words, mine))


_TIER_WORDS = {"слабом": "weak", "среднем": "medium", "сильном": "strong"}
_ATTACK_WORDS = {"[:atk]": "strike", "выстреле": "shot", "метании": "throw", "разряде": "discharge",
                 "[:ovs]": "strike-through-row"}
_TIER = r"(?:слабом|среднем|сильном)"
_KIND = r"(?:\[:atk\]|выстреле|метании|разряде|\[:ovs\]|простом\s+ударе|особом\s+ударе)"
_ATTACK_TRIGGER = re.compile(
    rf"при\s*(?:({_TIER})(?:\s+(?:или|и)\s+({_TIER}))?\s*)?({_KIND})(?:\s+и\s+({_KIND}))?(?:\s+хозяина)?"
    r"(?:\s+по\s+(?:(закрыт\w*|открыт\w*)\s+)?(существу|карте)"
    r"(?:\s+стоимостью\s+(?:(менее|более)\s+(\d+)|(\d+)\s+или\s+(более|менее)))?)?", re.I)


_BY_YOUR = re.compile(r"(.+?)\s+вашего\s+(?:(\w+)\s+)?существа(?:\s+стоимостью\s+(\d+)\s+или\s+(более|менее))?", re.I)
_ELEMENT_ADJ = {"болотн": "swamp", "темн": "darkness", "тёмн": "darkness", "лесн": "forest", "горн": "mountains",
                "степн": "steppe"}


def by_your(text: str) -> tuple[str, dict] | None:
    """«При [:atk] вашего [болотного] существа [стоимостью N или более]»: the attack words and the
    description of the attacker (one of the controller's creatures); None for anything else."""
    m = _BY_YOUR.fullmatch(text.strip())
    if m is None or attack_trigger(m.group(1)) is None or re.search(r"хозяина|\sпо\s", m.group(1), re.I):
        return None
    rest, adj, cost, op = m.groups()
    spec = {"owner": "you", "types": ["creature"], "states": [], "classes": [], "tests": [], "text": text}
    if adj:
        element = next((v for k, v in _ELEMENT_ADJ.items() if adj.lower().startswith(k)), None)
        if element is None:
            return None
        spec["states"] = [f"element:{element}"]
    if cost:
        spec["tests"] = [["cost", ">=" if op.lower() == "более" else "<=", int(cost)]]
    return rest, spec


def attacked_spec(text: str) -> dict:
    """"При [:atk] по (закрытому) существу": what the attacked card must be for the ability to
    work (targets.py checks it as the attack is declared); {} when the text names nothing."""
    m = _ATTACK_TRIGGER.fullmatch(text.strip())
    if m is None or not m.group(6):
        return {}
    spec = {"owner": "any", "types": ["creature"] if m.group(6).lower() == "существу" else [], "states": [],
            "tests": [], "text": text}
    if m.group(5):
        spec["states"] = ["closed" if m.group(5).lower().startswith("закрыт") else "open"]
    if m.group(8):  # «стоимостью менее 9» / «более N»: strictly below / above
        n = int(m.group(8))
        spec["tests"] = [["cost", "<=", n - 1] if m.group(7).lower() == "менее" else ["cost", ">=", n + 1]]
    elif m.group(9):  # «стоимостью 7 или более»
        spec["tests"] = [["cost", ">=" if m.group(10).lower() == "более" else "<=", int(m.group(9))]]
    return spec


def host_attack(text: str) -> bool:
    """"При [:atk] хозяина": the card this one is attached to attacks (battle._attack_triggers)."""
    return attack_trigger(text) is not None and re.search(r"\sхозяина(\s|$)", text.strip(), re.I) is not None


@lru_cache(maxsize=256)
def attack_trigger(text: str) -> tuple[list[str], list[str]] | None:
    """The attack kinds and result tiers of "При [сильном] [:atk] / выстреле / метании / разряде"
    (nothing more: another attacker, a kind of target or a later moment narrows it in ways the
    engine does not check). Tiers are [] when any result fires it."""
    m = _ATTACK_TRIGGER.fullmatch(text.strip())
    if m is None:
        return None
    tiers = [_TIER_WORDS[t.lower()] for t in (m.group(1), m.group(2)) if t]
    # «простой удар»: the simple strike, [:atk] (ability.py's icon table); «особый удар»: special strike
    kinds = [_ATTACK_WORDS.get(k.lower()) or ("special-strike" if k.lower().startswith("особ") else "strike")
             for k in (m.group(3), m.group(4)) if k]
    return kinds, tiers


def _keyword_name(eff: Effect) -> str:
    kw = eff.keyword or eff.text
    return (f"{kw} {eff.amount}" if eff.amount is not None else kw) + _keyword_limit(eff)


def _keyword_limit(eff: Effect) -> str:
    """« по картам с метанием», « против отравленных существ»: a keyword that holds only against some
    cards keeps that limit in its name, so it is never taken for the plain keyword."""
    if eff.target is None:
        return ""
    m = re.search(r"\s(по|против)\s+(.+?)\s*$", eff.text or "")
    return f" {m.group(1)} {m.group(2)}" if m else f" по {eff.target.text}"


def _spec(t: TargetSpec | None) -> dict:
    if t is None:
        return {}
    spec = {"owner": t.owner, "types": [_TYPES[x] for x in t.card_types if x in _TYPES],
            "count": t.count, "text": t.text}
    for test in t.tests:
        if test.stat == "range" and test.op == "<=":
            spec["range"] = test.value
    # element, flying, closed, poisoned, cursed, "other", cost: checked by targets.py
    # «герой» (a card type of the grammar): a creature of a hero class (targets.state_failure)
    spec["states"] = [x for x in t.states if T.supported(x)] + (["hero"] if "hero" in t.card_types else [])
    if "hero" in t.card_types and not spec["types"]:
        spec["types"] = ["creature"]
    spec["classes"] = [x for x in t.keywords if x in T.CLASS_CODES]
    spec["tests"] = [[x.stat, x.op, x.value] for x in t.tests if x.stat in T.SUPPORTED_TESTS
                     and isinstance(x.value, int)]
    return spec


def _unsupported_restrictions(t: TargetSpec | None) -> list[str]:
    """Restrictions of a target the engine cannot check (it refuses rather than ignore them)."""
    if t is None:
        return []
    bad = [s for s in t.states if not T.supported(s)]
    bad += [f"{x.stat} {x.op} {x.value}" for x in t.tests if x.stat != "range" and not (
        x.stat in T.SUPPORTED_TESTS and isinstance(x.value, int) and x.op in ("<=", ">=", "="))]
    bad += [k for k in t.keywords if k not in T.CLASS_CODES]
    bad += [x for x in t.card_types if x not in _TYPES and x not in ("card", "hero")]
    if t.zone:
        bad.append(f"zone {t.zone}")
    if t.count != 1 and t.ref not in ("each",):
        bad.append(f"{t.count} targets")
    return bad


def _amount(eff: Effect, ab: Ability):
    if eff.amount is not None:
        return eff.amount
    if eff.values:
        return None
    if "[:cnt]" in eff.text and not re.search(r"\b[xх]\b", eff.text, re.I):
        return 1  # "Накопить [:cnt]": one token
    where = next((c.text for c in ab.conditions if c.kind == "x-is"), "")
    if count_of_text(where) is not None:
        return {"x": "count", "of": count_of_text(where)}
    if grave_count_of_text(where) is not None:
        return {"x": "graveyard", "of": grave_count_of_text(where)}
    if re.search(r"фиш|\[:cnt\]", where, re.I):
        return {"x": "tokens"}
    if re.search(r"ран", where, re.I):
        return {"x": "wounds"}
    return {"x": "stated"}


#: "+N к [:atk] / выстрелу / метанию / разряду по X": the attacks the bonus adds to
_BONUS_STATS = {"strike": "strike", "shot": "shot", "throw": "throw", "discharge": "discharge"}


def _attack_bonus(eff: Effect, ab: Ability, subject: str) -> dict | str:
    """"+1 к [:atk] по лесным картам": the card's own attacks of that kind are stronger against
    cards that fit the description (effects._one adds it where the attack deals its wounds).
    Only the card's own, for good, against a description targets.py can check."""
    t = eff.target
    if ab.kind != "continuous" or ab.trigger is not None or subject != "self" or eff.duration is not None:
        return f"a bonus «{eff.text}» against some cards (the engine applies only a card's own, for good)"
    if eff.stat not in _BONUS_STATS or not isinstance(eff.amount, int) or eff.values:
        return f"a bonus «{eff.text}» to {eff.stat} (the engine adds only to strikes, shots, throws, discharges)"
    bad = _unsupported_restrictions(t)
    spec = _spec(t)
    if bad or not (spec.get("states") or spec.get("tests") or spec.get("types")):
        return f"a bonus «{eff.text}» against cards the engine cannot recognise"
    return {"kind": "attack-bonus", "amount": eff.amount, "values": [], "subject": "self", "spec": spec,
            "stat": _BONUS_STATS[eff.stat], "keyword": None, "duration": None, "delayed": None, "text": eff.text}


def _effect(eff: Effect, ab: Ability, last: str) -> dict | str:
    t = eff.target
    ref = t.ref if t is not None else "this"
    on_attacked = ab.trigger is not None and ab.trigger.timing == "when" and (
        attacked_trigger(ab.trigger.text) or attack_result(ab.trigger.text))
    if on_attacked and ref in ("this", "it") and t is not None and re.fullmatch(
            r"(?:в\s+|по\s+)?(эт[оуа]\w*|его|е[её])(\s+(карт|существ)\w*)?", t.text.strip(), re.I) and (
            on_attacked["by"] or not re.fullmatch(r"(его|е[её])", t.text.strip(), re.I)):
        # «Когда карта противника атакует вашего койара - выстрел … в эту карту»: the attacking card
        ref = "attacker"
    if ab.trigger is not None and ab.trigger.timing == "when" and re.fullmatch(
            r"когда\s+(убивает|уничтожает)\s+существо(\s+противника)?", ab.trigger.text.strip(), re.I) \
            and ref == "it" and t is not None and re.fullmatch(r"оно", t.text.strip(), re.I) \
            and (not ab.effects or ab.effects[0] is eff):
        # «Когда уничтожает существо - оно …»: the creature it killed (death._kill_triggers)
        ref = "killed"
    if ref == "attacker" and not on_attacked:
        return f"{eff.kind} on «{t.text}» (the attacking card outside a trigger on an attack at this card)"
    if ref == "attacked" and on_attacked:
        return f"{eff.kind} on «{t.text}» (the attacked card in a trigger on an attack at this card)"
    if ref == "this" and t is not None and re.match(r"(это|этот|эта|эту|этого|этому|этой|этим)\b", t.text, re.I):
        # «отравить это существо»: the card the sentence named before, not the ability's own
        if not ab.effects or ab.effects[0] is eff:
            return f"{eff.kind} on «{t.text}» (the card it means is named outside this sentence's effects)"
        ref = "it"
    elif ref == "this" and t is not None and t.text and (
            t.owner != "any" or t.states or t.keywords or t.tests or set(t.card_types) - {"card"}) and not (
            eff.kind == "modify-stat" and re.search(r"\sпо\s", eff.text)):
        # «Ваш страж леса получает …», «Лесное существо теряет …»: some card of that description,
        # not the ability's own; whether it is chosen, and by whom, is not said
        return f"{eff.kind} on «{t.text}» (which card of that description is meant is not said)"
    if ref == "it" and t is not None and t.text and (not ab.effects or ab.effects[0] is eff):
        # «оно / её» as the first effect: the card named in the trigger — the attacked card of an
        # attack trigger that names its target ("При [:atk] по существу - оно …"); otherwise refused
        if ab.trigger is not None and ab.trigger.timing == "when" and attacked_spec(ab.trigger.text):
            ref = "attacked"
        else:
            return f"{eff.kind} on «{t.text}» (the card it means is named outside this sentence's effects)"
    if ref == "choice" and t is not None and not t.text:
        subject = "self"  # no object named ("Накопить [:cnt]"): the card itself
    elif ref == "it":
        subject = last
    elif ref in _SUBJECT:
        subject = _SUBJECT[ref]
    else:
        return f"{eff.kind} on «{t.text or ref}» (the engine cannot find that object)"
    if eff.kind == "modify-stat" and re.search(r"\sпо\s", eff.text):
        return _attack_bonus(eff, ab, subject)
    same_element = False
    if t is not None and "of-element" in t.states and ref == "each" and re.search(
            r"той\s+же\s+стихии\s*,\s*что\s+и\s+атакованный$", (t.text or "").strip(), re.I) and ab.trigger is not None \
            and ab.trigger.timing == "when" and attack_trigger(ab.trigger.text) is not None:
        # «каждое существо той же стихии, что и атакованный»: the attack's target's element (effects.subjects)
        same_element = True
        t = dataclasses.replace(t, states=tuple(x for x in t.states if x != "of-element"))
    on_attacked = False
    if t is not None and "his-gen" in t.states and subject == "target" and re.search(
            r"\sна\s+атакованном$", (t.text or "").strip(), re.I) and ab.trigger is not None and (
            ab.trigger.event == "attack" or attack_trigger(ab.trigger.text) is not None
            or re.fullmatch(r"при\s+(любом\s+)?ударе", ab.trigger.text.strip(), re.I)):
        # «уничтожить выбранную экипировку … на атакованном»: a card seated on the attacked one
        # (stack.legal_targets checks it against the attack's target)
        on_attacked = True
        t = dataclasses.replace(t, states=tuple(x for x in t.states if x != "his-gen"))
    bad = _unsupported_restrictions(t)
    if bad:
        return f"{eff.kind}: target restriction(s) {', '.join(bad)} the engine cannot check"
    if ref == "each" and eff.kind == "damage-reduction" and not bad and eff.duration is None \
            and ab.kind == "continuous" and ab.trigger is None:
        # «Все ваши речные девы получают -1 от выстрелов и метаний»: the same «-X от …» defences.py
        # reads on a card's own line, given to every card of the description (reader: aura-reduction)
        from .defences import reduction_of

        said = re.sub(r"^.*?получа\w*\s*", "", eff.text.strip(), flags=re.I)
        read = reduction_of(re.sub(r"-\s+(\d)", r"-\1", said))
        if read is None:
            return f"damage-reduction «{eff.text}» (the engine reads only «-X от» a kind of attack)"
        n, kinds, open_, who = read
        return {"kind": eff.kind, "amount": n, "values": [], "subject": "each", "spec": _spec(t), "stat": None,
                "keyword": None, "duration": None, "delayed": None, "text": eff.text,
                "reduction": [n, sorted(kinds), sorted(open_), who]}
    if ref == "each" and eff.kind == "damage-reduction" and not bad and ab.trigger is not None \
            and eff.duration in ("turn", "opponent-turn", "until-your-turn"):
        # «В начале боя - каждый ваш инквизитор получает -1 от атак до начала вашего хода»: the same «-X
        # от …» defences.py reads, given for that time to every card of the description then in play
        from .defences import reduction_of

        said = re.sub(r"^.*?получа\w*\s*", "", eff.text.strip(), flags=re.I)
        read = reduction_of(re.sub(r"-\s+(\d)", r"-\1", said))
        if read is None:
            return f"damage-reduction «{eff.text}» (the engine reads only «-X от» a kind of attack)"
        n, kinds, open_, who = read
        return {"kind": "damage-reduction", "amount": n, "values": [], "subject": "each", "spec": _spec(t),
                "stat": None, "keyword": None, "duration": eff.duration, "delayed": None, "text": eff.text,
                "reduction": [n, sorted(kinds), sorted(open_), who], "timed": True}
    if ref == "each" and eff.kind == "diagonal-move" and not bad and eff.duration is None \
            and ab.kind == "continuous" and ab.trigger is None and re.fullmatch(
                r".*\sмо(жет|гут)\s+двигаться\s+по\s+диагонали", (eff.text or "").strip().rstrip("."), re.I):
        # «Каждое ваше лесное существо может двигаться по диагонали»: a continuous ability on every card of
        # the description (reader: aura-move; state.restricted reads it as the card's own)
        return {"kind": "diagonal-move", "amount": None, "values": [], "subject": "each", "spec": _spec(t),
                "stat": None, "keyword": None, "duration": None, "delayed": None, "text": eff.text}
    if ref == "each" and eff.kind not in ("wound", "heal", "gain-token", "lose-token", "open", "close",
                                          "modify-stat", "grant-keyword", "destroy"):
        return f"{eff.kind} on every card of a kind"
    if eff.kind == "modify-stat" and "[:ovs]" in eff.text:
        return "modify-stat of [:ovs] (no source defines that icon)"
    if eff.kind in ("modify-stat",) and eff.stat not in MODIFIABLE_STATS:
        return f"modify-stat of {eff.stat} (the engine changes only life, strike and movement)"
    if eff.duration not in DURATIONS and not (eff.kind == "no-damage" and eff.duration == "until-end-of-first-turn") \
            and not (eff.duration == "until-your-turn" and eff.kind in ("cannot-move", "modify-stat", "grant-keyword",
                                                                       "lose-keyword")) \
            and not (eff.kind == "no-open" and eff.duration == "next-turn" and subject == "target" and re.search(
                r"не\s+открывается\s+в\s+свой\s+следующий\s+ход$", eff.text.strip().rstrip("."), re.I)):
        # «выбранное … существо противника не открывается в свой следующий ход»: the opening of its
        # controller's next turn (B-410.2) is skipped, as for the card's own «… следующего хода»
        return f"{eff.kind} lasting «{eff.duration}» (the engine knows this turn, the opponent's turn, for good)"
    if subject == "attacked" and not (ab.trigger and (ab.trigger.event == "attack" or (
            ab.trigger.timing == "when" and (attack_trigger(ab.trigger.text) is not None
                                              or by_your(ab.trigger.text) is not None
                                              or re.fullmatch(r"при\s+(любом\s+)?ударе(\s+по\s+.+)?",
                                                              ab.trigger.text.strip(), re.I)
                                              or _own_named_attack(ab.trigger.text) is not None)))) \
            and not _after_own_attack(eff, ab):
        return f"{eff.kind} on the attacked card outside an attack trigger"
    if subject == "killed" and not (eff.kind == "return-to-deck" and re.fullmatch(
            r"оно\s+возвращается\s+в\s+колоду(\s+владельца)?", eff.text.strip().rstrip("."), re.I)):
        return f"{eff.kind} on the killed card (the engine only returns it to its owner's deck)"
    if eff.kind == "return-to-deck" and not (subject == "killed" or subject == "self" and re.fullmatch(
            r"(возвращается|вернуть(ся)?) в колоду", eff.text.strip().rstrip("."), re.I)):
        return f"return-to-deck «{eff.text}» (the engine returns only the card itself)"
    if ab.trigger is not None and ab.trigger.event == "death" and eff.kind != "return-to-deck" and subject == "self" \
            and _other_death(ab.trigger.text) is None:
        return f"{eff.kind} on the dead card itself (it is no longer on the field)"
    if eff.kind == "extra-life" and (eff.duration is not None or not isinstance(eff.amount, int) or eff.values):
        return f"extra-life «{eff.text}» (the engine gives a fixed number of additional lives, for good)"
    if eff.kind == "gain-status" and eff.keyword == "fading":
        return ("gain-status fading («угасание»): B-410.2 puts it on the stack at the start of turn, but no source "
                "says what it does")
    if eff.kind == "no-damage":
        from .defences import no_damage_of

        said = (eff.text or "").strip().rstrip(".")
        if subject == "target" and eff.duration in ("turn", "opponent-turn") and re.search(
                r"не\s+получает\s+ран\s+до\s+конца\s+хода(\s+противника)?$", said, re.I):
            # «Выбранное … существо не получает ран до конца хода (противника)»: no wounds at all, from
            # any source, for that time (defences.wounds_after_defences; the glossary's «Не получает
            # ран от [текст]» with nothing left out)
            return {"kind": "no-damage", "amount": None, "values": [], "subject": "target", "spec": _spec(t),
                    "stat": None, "keyword": None, "duration": eff.duration, "delayed": None, "text": eff.text,
                    "nw": True}
        if subject == "self" and ab.kind == "continuous" and ab.trigger is None and not ab.conditions and \
                eff.duration == "until-end-of-first-turn" and \
                re.fullmatch(r"не\s+получает\s+ран\s+до\s+конца\s+вашего\s+первого\s+хода", said, re.I):
            # «Не получает ран до конца вашего первого хода»: from the start of the battle to the end of
            # its controller's first turn (B-MAIN: the First player's is turn 1, the Second's turn 2)
            return {"kind": "no-wounds-first-turn", "amount": None, "values": [], "subject": "self", "spec": {},
                    "stat": None, "keyword": None, "duration": None, "delayed": None, "text": eff.text}
        if subject == "self" and ab.kind == "continuous" and ab.trigger is None and not ab.conditions and \
                re.fullmatch(r"не\s+получает\s+ран\s+в\s+свой\s+ход", said, re.I):
            # «Не получает ран в свой ход»: while its controller is the active player (glossary
            # «Активный игрок»: the player whose turn it is)
            return {"kind": "no-wounds-own-turn", "amount": None, "values": [], "subject": "self", "spec": {},
                    "stat": None, "keyword": None, "duration": None, "delayed": None, "text": eff.text}

        nd = no_damage_of(ab.text) if subject == "self" and eff.duration is None and ab.kind == "continuous" \
            and ab.trigger is None and not ab.conditions else None
        if nd is None:
            return f"no-damage «{eff.text}» (the engine reads only «Не получает ран от … атак силой N [или более]»)"
        return {"kind": "no-damage", "amount": None, "values": [], "subject": "self", "spec": {}, "stat": None,
                "keyword": None, "duration": None, "delayed": None, "text": eff.text,
                "nd": [sorted(nd[0]), sorted(nd[1]), nd[2], nd[3]]}
    if eff.kind == "reduce-attack-to":
        from .defences import cap_of

        cap = cap_of(eff.stat or "")
        # «Все атаки по закрытому Акваниту …»: only while the card is closed (defences._caps)
        closed = t is not None and tuple(t.states) == ("closed",)
        if cap is None or subject != "self" or not isinstance(eff.amount, int) or (t is not None and (
                (t.states and not closed) or t.keywords or t.tests)) or ab.kind != "continuous" \
                or ab.trigger is not None:
            return f"reduce-attack-to «{eff.text}» (the engine reads only «(все) [немагические] атаки по " \
                   "<itself> [закрытому] сводятся к N», for good)"
        return {"kind": "reduce-attack-to", "amount": eff.amount, "values": [], "subject": "self", "spec": {},
                "stat": None, "keyword": None, "duration": None, "delayed": None, "text": eff.text,
                "cap": [sorted(cap[0]), sorted(cap[1])], **({"when_closed": True} if closed else {})}
    if eff.kind == "ignore":
        from .defences import ignore_reading

        some = re.fullmatch(r"игнорирует\s+\[:prm\]\s+(карт\s+с\s+проклятием|т[её]мных\s+карт)",
                            (eff.text or "").strip().rstrip("."), re.I)
        if some and subject == "self" and eff.duration is None and ab.kind == "continuous" and ab.trigger is None:
            # «Игнорирует [:prm] карт с проклятием / тёмных карт»: the protection from magic of such cards
            # only (defences.ignored_for); cards of another description keep it
            state = "cursed" if "прокл" in some.group(1).lower() else "element:darkness"
            return {"kind": "ignore", "amount": None, "values": [], "subject": "self", "stat": None,
                    "keyword": "protection-from-magic", "duration": None, "delayed": None, "text": eff.text,
                    "spec": {"owner": "any", "types": [], "states": [state], "classes": [], "tests": [],
                             "text": some.group(1)}}
        what = ignore_reading(eff.text) if subject == "self" and eff.duration is None else None
        if what is None or ab.kind != "continuous" or ab.trigger is not None:
            return f"ignore «{eff.text}» (the engine reads only the card's own «Игнорирует броню / [:prm] …»)"
        return {"kind": "ignore", "amount": None, "values": [], "subject": "self", "spec": {}, "stat": None,
                "keyword": what, "duration": None, "delayed": None, "text": eff.text}
    if eff.kind == "grant-keyword" and not eff.keyword:
        return "grant-keyword without a keyword"
    if eff.kind == "diagonal-move" and not re.fullmatch(r"мо(жет|гут) двигаться по диагонали", eff.text.strip(),
                                                        re.I):
        return f"diagonal-move «{eff.text}» (the engine reads only a plain «Может двигаться по диагонали»)"
    if eff.kind in ("diagonal-move", "cannot-be-healed", "cannot-gain-token") and (subject != "self" or eff.duration):
        return f"{eff.kind} on «{eff.text}» (the engine applies it only to the card itself, for good)"
    if eff.kind == "damage-reduction":
        from .defences import reduction_of

        x_text = re.fullmatch(r"-\s*[XХ]\s+(от\s+.+)", (eff.text or "").strip().rstrip("."), re.I)
        if x_text and subject == "self" and eff.duration is None and ab.kind == "continuous" and ab.trigger is None:
            # «-Х от немагических атак, где Х - число ран на Алчущих Крови / количество гномов в вашем
            # отряде»: X as it is when the attack's strength is computed (defences._reductions)
            read = reduction_of("-0 " + x_text.group(1))
            amount = _amount(eff, ab)
            if read is None or not isinstance(amount, dict) or amount.get("x") not in ("wounds", "tokens", "count"):
                return f"damage-reduction «{eff.text}» (the engine reads X only as the card's wounds, tokens or a count)"
            _, kinds, open_, who = read
            return {"kind": eff.kind, "amount": amount, "values": [], "subject": subject, "spec": {}, "stat": None,
                    "keyword": None, "duration": None, "delayed": None, "text": eff.text,
                    "reduction": [amount, sorted(kinds), sorted(open_), who]}
        read = reduction_of(eff.text) if subject == "self" and eff.duration is None else None
        if read is None:
            return f"damage-reduction «{eff.text}» (the engine reads only «-X от» a kind of attack, on the card itself)"
        n, kinds, open_, who = read
        return {"kind": eff.kind, "amount": n, "values": [], "subject": subject, "spec": {}, "stat": None,
                "keyword": None, "duration": None, "delayed": None, "text": eff.text,
                "reduction": [n, sorted(kinds), sorted(open_), who]}
    if eff.kind == "choose" and subject != "target":
        return f"choose «{eff.text}» (the engine chooses only a card, as a target)"
    if eff.kind in ("grant-ability",):
        return {"kind": eff.kind, "amount": None, "values": [], "subject": subject, "spec": _spec(t),
                "text": eff.keyword or "", "keyword": eff.keyword, "duration": eff.duration, "delayed": None}
    nxt = bool(re.search(r"следующ", eff.text or "", re.I))
    if nxt and not (eff.kind == "modify-stat" and eff.stat == "strike" and subject in ("self", "target")
                    and eff.duration in (None, "turn") and isinstance(eff.amount, int) and not eff.values) \
            and not (eff.kind == "no-open" and subject in ("self", "target") and re.fullmatch(
                r"(?:.*\s)?не\s+открывается\s+в\s+(?:начале\s+(?:своего|вашего)\s+следующего\s+хода|свой\s+следующий\s+ход)",
                eff.text.strip(), re.I)):
        return f"{eff.kind} «{eff.text}» for a «next» one (the engine reads only «+N к следующему [:atk]» and " \
               "«не открывается в начале своего следующего хода»)"
    keyword = eff.keyword
    if eff.kind == "grant-keyword" and keyword == "[:fly]":
        # «получает [:fly]»: the flying of ability.py's icon table — the keyword «Полёт» that
        # targets.is_flying reads (where the card then stands the seeds do not say: B-REVEAL moves
        # flyers only in the reveal step, so it stays where it is)
        keyword = "Полёт"
    amount = _amount(eff, ab)
    if eff.kind == "modify-stat" and isinstance(amount, dict) and (eff.text or "").strip().startswith("-"):
        amount = {**amount, "sign": -1}  # «-Х к своему [:atk]»: X taken away
    spec = _spec(t)
    if on_attacked:
        spec["on_attacked"] = True
    if same_element:
        spec["attacked_element"] = "same"
    return {"kind": eff.kind, "amount": amount, "values": list(eff.values), "subject": subject,
            "spec": spec, "stat": eff.stat, "keyword": keyword, "duration": eff.duration,
            "delayed": None, "text": eff.text, **({"next": True} if nxt else {})}
