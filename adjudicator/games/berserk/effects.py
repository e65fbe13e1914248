"""Carrying out ability effects (the ability AST's kinds, read by ``reader.py``).

``EXECUTABLE_KINDS`` lists the effect kinds this engine really carries out (the coverage
tool reads it). Any other kind is refused where it is declared, never faked. What each does:

* wound / heal / heal-full — the card's wounds counter; a dashed value (1-2-3) takes the
  weak, medium or strong value the player states with ``choosing`` (the engine does not
  roll the die: the seeds give no combat procedure);
* shot / throw / discharge / magic-strike / special-strike / strike / strike-through-row
  ([:ovs], "удар через ряд": ability.py's icon table) — wounds at range: the target's owner,
  card type and range ("дальность N") are checked when it is declared (where a card may stand to
  be struck through a row the seeds do not say, and the engine checks it no more than it checks
  a plain strike's reach); defences.py leaves open whether [:ovs] is a strike for armour or a
  ranged / non-magic attack, and refuses those declarations;
* gain-token / lose-token / pay-tokens (a [:cnt] cost), open / close;
* modify-stat (life, strike, movement) for the rest of the turn (B-415.3), until the end of
  the opponent's turn, or for good; grant-keyword / lose-keyword likewise;
* keyword (a keyword line: the card has those keywords), grant-ability;
* gain-status / lose-status: poison goes onto the stack at the start of its card's
  controller's turn as a wound (B-410.2 names poison among those delayed effects); other
  statuses are carried on the card (``status`` property) — the seeds define no more of them; one given
  «до конца хода (противника)» is a modifier flag ``status:<word>`` that ends with that turn;
* destroy — the card and what is attached to it go to their owners' graveyards;
* choose — the target is chosen and kept (memo "chosen"); nothing else happens to it;
* may-stay-closed (B-410.1), no-open (skipped by the opening of B-410.2), cannot-move
  (refused by B-413), no-damage on a target («не получает ран до конца хода …», the flag
  "no-wounds" defences.py reads; the static «Не получает ран от … силой N» is defences.py's) and
  no-wounds-own-turn («Не получает ран в свой ход») — restrictions while the card is in play
  or for the stated duration.
"""

from __future__ import annotations

import re

from adjudicator.core.position import Modifier, Position

from . import defences as D
from . import state as S
from .reader import DURATIONS, MODIFIABLE_STATS, STATIC_KINDS  # noqa: F401  (re-exported for the engine)

ATTACK_KINDS = frozenset({"shot", "throw", "discharge", "magic-strike", "special-strike", "strike",
                          "strike-through-row"})
EXECUTABLE_KINDS: frozenset[str] = frozenset({
    "wound", "heal", "heal-full", "gain-token", "lose-token", "pay-tokens", "open", "close", "modify-stat",
    "grant-ability", "may-stay-closed", "keyword", "grant-keyword", "lose-keyword", "gain-status", "lose-status",
    "destroy", "no-open", "cannot-move", "return-to-deck", "extra-life", "no-damage", "choose", *ATTACK_KINDS,
})
#: kinds the engine itself creates (the automatic "after placement — reveal" of B-404.2.1/.2)
INTERNAL_KINDS: frozenset[str] = frozenset({"reveal"})
TIERS = ("weak", "medium", "strong")


def amount_of(position: Position, effect: dict, source_uid: int, stated_x: int | None, tier: str | None = None) -> int:
    """An effect's number; X is read from the value fixed at the start of the turn (B-409.1)
    when the phase fixed one, else from the card now, else the value the player stated; a
    dashed value gives the stated tier's number."""
    values = effect.get("values") or []
    if values:
        if len(set(values)) == 1:
            return values[0]
        return values[TIERS.index(tier or "weak")]
    amount = effect.get("amount", 0)
    if amount is None:
        return 1
    if not isinstance(amount, dict):
        return amount
    what = amount["x"]
    sign = amount.get("sign", 1)  # «получает -Х к …»
    if what == "stated":
        return sign * (stated_x or 0)
    fixed = position.memo.get("fixed_x", {}).get(str(source_uid))
    if fixed is not None and what in fixed:
        return sign * fixed[what]
    return sign * position.copies[source_uid].counters.get(what, 0)


def subjects(position: Position, effect: dict, source_uid: int, target_uid: int | None, controller: str,
             attacked: int | None = None) -> list:
    """The cards an effect acts on now."""
    subject = effect["subject"]
    source = position.copies.get(source_uid)
    if subject == "target":
        uid = target_uid
    elif subject == "attacked":
        uid = attacked if attacked is not None else target_uid
    elif subject == "killed":
        # «Когда уничтожает существо - оно возвращается в колоду»: ``attacked`` carries the creature
        # the card killed (death._kill_triggers); it is in its owner's graveyard now
        uid = attacked
    elif subject == "attacker":
        # a trigger on an attack at this card (reader: «on-attacked»): ``attacked`` carries the other
        # card of that attack, here the attacking one (battle.attacked_triggers)
        uid = attacked
    elif subject == "host":
        uid = source.attached_to if source else None
    elif subject == "each":
        spec = effect.get("spec", {})
        return [c for c in S.cards_in_play(position) if matches(position, c, spec, controller, source)
                and not (c.uid == source_uid and "other" in spec.get("states", []))
                and element_fits(position, c, spec, attacked)]
    else:
        uid = source_uid
    card = position.copies.get(uid) if uid is not None else None
    if card is None:
        return []
    # an effect acts on cards on the field; only the card's own «возвращается в колоду» reaches
    # it in the graveyard (its «При гибели» ability, glossary «При гибели»)
    if not S.in_play(card) and not (subject in ("self", "killed") and effect["kind"] == "return-to-deck"):
        return []
    return [card]


def element_fits(position: Position, card, spec: dict, attacked: int | None) -> bool:
    """«… той же стихии, что и атакованный» / «(кроме существ той же стихии, что и атакованный)»: the card's
    element against the attacked card's (glossary «Стихия»: neutral cards belong to no element, so no card
    shares a neutral card's element)."""
    how = spec.get("attacked_element")
    if how is None:
        return True
    from .targets import element_of

    other = position.copies.get(attacked) if attacked is not None else None
    theirs = element_of(other) if other is not None else None
    same = theirs not in (None, "neutral") and element_of(card) == theirs
    return same if how == "same" else not same


def open_defence(position: Position, ab: dict, controller: str, source_uid: int | None,
                 target_uid: int | None = None, attacked: int | None = None) -> str | None:
    """Why the sources leave open what this ability's wounds do to a card they would reach
    (a protection, reduction or armour of defences.py); None when every outcome is defined.
    Without a target, the target's effects are not looked at (they are checked when it is chosen)."""
    after = any(e.get("after_full") for e in ab.get("effects", []))
    for eff in ab.get("effects", []):
        if not (eff["kind"] == "wound" or eff["kind"] in ATTACK_KINDS):
            continue
        if eff["subject"] == "target" and target_uid is None:
            continue
        if after and not eff.get("after_full"):
            for card in subjects(position, eff, source_uid, target_uid, controller, attacked):
                src = position.copies.get(source_uid)
                why = D.partial_defence(position, card, D.wound_kind(eff),
                                        D.ignored_for(position, src, card, D.wound_kind(eff)), src)
                if why:
                    return (f"{why}; whether the attack is then carried out «in full» for what follows «при этом» "
                            f"the glossary does not say, and the engine does not guess (\"{ab.get('text', '')}\")")
        for card in subjects(position, eff, source_uid, target_uid, controller, attacked):
            src = position.copies.get(source_uid)
            why = rage_question(position, src, card, eff["kind"])
            if why:
                return f"{why} (\"{ab.get('text', '')}\")"
            if eff["kind"] in ATTACK_KINDS:
                from .stack import attack_result_question, attacked_question

                why = attacked_question(position, src, card, eff["kind"]) or \
                    attack_result_question(position, src, card, eff["kind"])
                if why:
                    return f"{why} (\"{ab.get('text', '')}\")"
            why = D.open_question(position, card, D.wound_kind(eff), ab.get("spell", False),
                                  D.ignored_for(position, src, card, D.wound_kind(eff)), src)
            if why:
                return f"{why} (\"{ab.get('text', '')}\")"
    return None


def matches(position: Position, card, spec: dict, controller: str, source=None) -> bool:
    return restriction_failure(position, card, spec, controller, source) is None


def restriction_failure(position: Position, card, spec: dict, controller: str, source) -> str | None:
    """Why ``card`` does not fit the target description ``spec`` (None when it does)."""
    owner = spec.get("owner", "any")
    if owner == "you" and card.controller != controller:
        return f"\"{card.name}\" is not {controller}'s card («{spec.get('text', '')}»)"
    if owner == "opponent" and card.controller == controller:
        return f"\"{card.name}\" is {controller}'s own card, and the ability names an opponent's («{spec.get('text', '')}»)"
    if spec.get("on_attacked") and (source is None or card.attached_to is None):
        return f"\"{card.name}\" is seated on no card («… на атакованном»)"
    if spec.get("not_named"):
        from .reader import names_card

        if names_card(spec["not_named"], card.name):
            return f"\"{card.name}\" is a card the ability leaves out («кроме другой {' '.join(spec['not_named'])}»)"
    types = spec.get("types") or []
    if types and card.card.type not in types:
        return f"\"{card.name}\" is a {card.card.type}, not a {' or '.join(types)}"
    from .targets import spec_failure

    why = spec_failure(position, card, spec, source)
    if why:
        return f"{why} («{spec.get('text', '')}»)"
    if spec.get("range") is not None and source is not None:
        dist = distance(source, card)
        if dist is None:
            return (f"\"{card.name}\" or \"{source.name}\" stands on no cell, and the rules give no distance to the "
                    "auxiliary zone")
        if dist > spec["range"]:
            return f"\"{card.name}\" is {dist} cells away; the range is {spec['range']}"
    return None


def distance(a, b) -> int | None:
    """Cells between two cards (diagonal steps count 1). Pinned reading: each side is 3 rows by
    5 columns, row 1 the front; the two front rows touch, and a player's column c faces the
    opponent's column 6 - c (each numbers columns from their own left)."""
    ca, cb = S.cell_of(a), S.cell_of(b)
    if ca is None or cb is None:
        return None
    if a.controller == b.controller:
        return max(abs(ca[0] - cb[0]), abs(ca[1] - cb[1]))
    return max(ca[0] + cb[0] - 1, abs(ca[1] - (S.COLUMNS + 1 - cb[1])))


def carry_out(position: Position, effect: dict, source_uid: int, target_uid: int | None, rec, rule: str,
              controller: str, stated_x: int | None = None, tier: str | None = None,
              attacked: int | None = None) -> None:
    """Do one effect now; ``rec(kind, text, *rules)`` records the step."""
    source = position.copies.get(source_uid)
    cards = subjects(position, effect, source_uid, target_uid, controller, attacked)
    if not cards:
        rec("note", f"{effect['kind']} from \"{source.name if source else '?'}\" has no card to act on any more",
            rule)
        return False
    if effect.get("delayed"):
        card = cards[0]
        position.memo.setdefault("delayed", []).append({
            "when": effect["delayed"], "effect": {**effect, "delayed": None, "subject": "target"},
            "source": source_uid, "target": card.uid, "controller": controller,
            "name": source.name if source else card.name,
            "x": amount_of(position, effect, source_uid, stated_x, tier)})
        rec("effect", f"create a delayed effect of \"{card.name}\": {effect['kind']} {effect.get('amount', '')}"
            f" at the {'end' if effect['delayed'] == 'end-of-turn' else 'start'} of turn", rule)
        return True
    n = amount_of(position, effect, source_uid, stated_x, tier)
    done = all([_one(position, effect, card, n, source, rec, rule, controller) for card in cards])
    from .death import check
    from .stack import wound_triggers

    wounded = position.memo.pop("wounded_now", [])
    healed = position.memo.pop("healed_now", [])
    results = position.memo.pop("attack_results", [])
    check(position, rec, rule)
    if wounded:
        wound_triggers(position, wounded, rule, rec)
    if healed:
        from .stack import heal_triggers

        heal_triggers(position, healed, rule, rec)
    if results:
        from .stack import attack_result_triggers

        attack_result_triggers(position, results, rule, rec)
    position.memo.pop("wounded_by", None)  # a killer counts only for deaths of this very effect
    return done


def carry_out_all(position: Position, effects: list, source_uid: int, target_uid: int | None, rec, rule: str,
                  controller: str, stated_x: int | None = None, tier: str | None = None,
                  attacked: int | None = None) -> None:
    """Do an ability's effects in order. An effect after «при этом» (``after_full``) happens only
    when what came before it was carried out in full (glossary «При этом»: «Способность перейдёт
    к выполнению [У] только после полного фактического выполнения [Х] без применения эффектов
    замещения»; glossary «Закрыть»: closing a closed card does nothing, so «при этом» does not
    follow)."""
    full = True
    for eff in effects:
        if eff.get("after_full") and not full:
            rec("note", f"«{eff.get('text', eff['kind'])}» does not happen: what comes before «при этом» was not "
                "carried out in full (glossary «При этом»)", rule)
            continue
        done = carry_out(position, eff, source_uid, target_uid, rec, rule, controller, stated_x, tier, attacked)
        if not eff.get("after_full"):
            full = full and done


def _one(position: Position, effect: dict, card, n: int, source, rec, rule: str, controller: str) -> bool:
    """Carry out one effect on one card; False when it was not carried out in full (a defence
    took wounds away, a closed card was "closed") — what «при этом» looks at."""
    kind = effect["kind"]
    name = f'"{card.name}"'
    src = source.name if source else ""
    if kind == "wound" or kind in ATTACK_KINDS:
        source_kind = D.wound_kind(effect)
        bonus = attack_bonus(position, source, card, kind, controller)
        if bonus:
            rec("effect", f"\"{src}\" attacks {name} {bonus:+d} stronger (its «+N … по …»)", rule)
        if rage(position, source, card, kind):
            rec("effect", f"\"{src}\" has «Гнев»: its attack on {name}, wounded this turn, is 1 stronger", rule)
            bonus += 1
        if bonus:
            n = max(0, n + bonus)
        dealt = D.wounds_after_defences(position, card, source_kind, n, rec, rule,
                                        D.ignored_for(position, source, card, source_kind), source)
        if dealt > 0 and source is not None and source.uid != card.uid:
            # who last wounded the card: «Когда убивает существо противника» (death._kill_triggers)
            position.memo.setdefault("wounded_by", {})[str(card.uid)] = [source.uid, "wounds"]
        card.counters["wounds"] = card.counters.get("wounds", 0) + dealt
        if kind in ATTACK_KINDS and source is not None:
            # «Когда наносит атакой …», «Когда получает от [:atk] …»: stack.attack_result_triggers, once the
            # effect is done (carry_out); a result of 0 wounds counts too
            position.memo.setdefault("attack_results", []).append([card.uid, dealt, source.uid, kind])
        if dealt > 0:  # «Гнев» asks which creatures have received wounds this turn (rage)
            position.memo.setdefault("wounded_turn", {})[str(card.uid)] = position.timing.turn
            # «Когда … получает раны»: stack.wound_triggers, once the effect is done (carry_out)
            position.memo.setdefault("wounded_now", []).append([card.uid, dealt])
        how = "" if source_kind == "wound" else f" ({source_kind})"
        rec("effect", f"wound {name} by {dealt}{how}", rule)
        return dealt == n
    if kind == "close" and "closed" in card.flags:
        rec("effect", f"{name} is already closed (closing it changes nothing)", rule)
        return False
    elif kind in ("heal", "heal-full") and (S.restricted(position, card, "cannot-be-healed")
                                            or S.statuses(position, card).get("unhealing-wounds")):
        # «незаживающие раны» (unhealing wounds) say it in their name: its wounds are not healed
        rec("effect", f"{name} cannot be healed (its text or unhealing wounds): the wounds stay", rule)
    elif kind == "gain-token" and S.restricted(position, card, "cannot-gain-token"):
        rec("effect", f"{name} cannot gather tokens (its text): none is put on it", rule)
    elif kind in ("heal", "heal-full"):
        had = card.counters.get("wounds", 0)
        healed = had if kind == "heal-full" else min(n, had)
        card.counters["wounds"] = had - healed
        if healed > 0:  # «Когда Егерь излечивается»: stack.wound_triggers, once the effect is done
            position.memo.setdefault("healed_now", []).append(card.uid)
        rec("effect", f"heal {name}{'' if kind == 'heal-full' else f' by {n}'} ({healed} wound"
            f"{'s' if healed != 1 else ''} removed)", rule)
    elif kind == "extra-life":
        # glossary «Дополнительные жизни»: «Эффект, увеличивающий уровень жизней карты. Нанесение на
        # карту ран не снимает дополнительные жизни. Нанесение … дополнительных жизней не снимает
        # ран» — a counter of its own, added to the lives (state.life_now), lost at death
        card.counters["extra-life"] = card.counters.get("extra-life", 0) + n
        rec("effect", f"{name} gets {n} additional li{'ves' if n != 1 else 'fe'} "
            f"({card.counters['extra-life']} in all)", rule)
        if n > 0:
            _gain_triggers(position, card, "on-gain-extra-life", rec, rule)
    elif kind == "gain-token":
        n, capped = S.tokens_room(position, card, n)
        card.counters["tokens"] = card.counters.get("tokens", 0) + n
        rec("effect", f"put {n} token{'s' if n != 1 else ''} on {name}{capped}", rule)
        if n > 0:
            _gain_triggers(position, card, "on-gain-token", rec, rule)
    elif kind == "lose-token":
        lost = min(n, card.counters.get("tokens", 0))
        card.counters["tokens"] = card.counters.get("tokens", 0) - lost
        rec("effect", f"remove {lost} token{'s' if lost != 1 else ''} from {name}", rule)
    elif kind == "close":
        S.close(position, card)
        rec("effect", f"close {name}", rule)
    elif kind == "open":
        card.flags.discard("closed")
        rec("effect", f"open {name}", rule)
    elif kind == "reveal":
        card.flags.discard("hidden")
        rec("effect", f"reveal {name}", rule)
    elif kind == "modify-stat" and effect.get("next"):
        # «+N к следующему [:atk]»: only the card's next strike is stronger (battle.next_strike_bonus
        # adds it to the strike it declares, and it is spent); «до конца хода» ends it unused
        position.memo.setdefault("next_strike", []).append(
            {"uid": card.uid, "n": n, "turn": position.timing.turn if effect.get("duration") == "turn" else None})
        rec("effect", f"{name}'s next strike gets {n:+d}{' (until the end of turn)' if effect.get('duration') else ''}",
            rule)
    elif kind == "no-open" and effect.get("next"):
        # «не открывается в начале своего следующего хода»: only at the opening of its controller's
        # next turn (B-410.2; timing._begin_opening spends it)
        position.memo.setdefault("skip_opening", []).append(card.uid)
        rec("effect", f"{name} does not open at the start of its controller's next turn", rule)
    elif kind == "modify-stat":
        duration = modifier_duration(position, effect, controller)
        position.modifiers.append(Modifier(card.uid, stat=effect["stat"], delta=n, duration=duration, source=src,
                                           rule=rule, created_turn=position.timing.turn))
        rec("effect", f"give {name} {n:+d} {effect['stat']}{_until(duration)}", rule)
    elif kind == "grant-keyword":
        duration = modifier_duration(position, effect, controller)
        word = effect["keyword"] + (f" {effect['amount']}" if isinstance(effect.get("amount"), int) else "")
        position.modifiers.append(Modifier(card.uid, keyword=word, duration=duration, source=src,
                                           rule=rule, created_turn=position.timing.turn))
        rec("effect", f"{name} gains the keyword {word}{_until(duration)}", rule)
    elif kind == "lose-keyword":
        duration = modifier_duration(position, effect, controller)
        position.modifiers.append(Modifier(card.uid, flag=f"no-keyword:{effect['keyword']}", duration=duration,
                                           source=src, rule=rule, created_turn=position.timing.turn))
        rec("effect", f"{name} loses the keyword {effect['keyword']}{_until(duration)}", rule)
    elif kind in ("no-open", "cannot-move") or (kind == "no-damage" and effect.get("nw")):
        # «не получает ран до конца хода …» (reader: ``nw``) is the flag "no-wounds" defences.py reads
        kind = "no-wounds" if kind == "no-damage" else kind
        duration = modifier_duration(position, effect, controller)
        position.modifiers.append(Modifier(card.uid, flag=kind, duration=duration, source=src, rule=rule,
                                           created_turn=position.timing.turn))
        what = {"no-open": "does not open at the start of turn", "cannot-move": "cannot move",
                "no-wounds": "receives no wounds"}[kind]
        rec("effect", f"{name} {what}{_until(duration)}", rule)
    elif kind == "gain-status" and effect.get("duration") in ("turn", "opponent-turn"):
        # «атакованный получает уязвимость до конца хода (противника)»: the status ends with that turn
        # (B-415.3), as the stat changes of modifier_duration do; S.statuses reads it from the modifier
        word = effect.get("keyword") or "status"
        duration = modifier_duration(position, effect, controller)
        position.modifiers.append(Modifier(card.uid, flag=f"status:{word}", duration=duration, source=src,
                                           rule=rule, created_turn=position.timing.turn))
        rec("effect", f"{name} gains {word}{_until(duration)}", rule)
    elif kind == "gain-status":
        status = dict(position.memo.get("status", {}).get(str(card.uid), {}))  # those given for good
        word = effect.get("keyword") or "status"
        if word == "poison":
            # glossary «Отравление Х»: «Если … карта с Отравлением Х получает Отравление У, действовать
            # будет только Отравление с наибольшим значением» — the highest, never the sum
            n = max(n, status.get(word, 0))
            status[word] = n
        elif word == "vulnerability":
            # glossary «Уязвимость»: «Несколько способностей «Уязвимость» не суммируются»
            status[word] = 1
        else:
            # a status named without a number («получает проклятие», «незаживающие раны») is there once
            status[word] = status.get(word, 0) + (n if n > 0 else 1)
        position.memo.setdefault("status", {})[str(card.uid)] = status
        rec("effect", f"{name} gains {word} {n}", rule)
    elif kind == "lose-status":
        status = dict(position.memo.get("status", {}).get(str(card.uid), {}))
        word = effect.get("keyword")
        gone = [word] if word else list(S.statuses(position, card))
        for w in gone:
            status.pop(w, None)
        # a status given «до конца хода» is lost too (its modifier goes)
        position.modifiers = [m for m in position.modifiers if not (
            m.subject == card.uid and m.flag and m.flag.startswith("status:") and m.flag.split(":", 1)[1] in gone)]
        position.memo.setdefault("status", {})[str(card.uid)] = status
        rec("effect", f"{name} loses {', '.join(gone) or 'nothing'}", rule)
    elif kind == "damage-reduction" and effect.get("timed"):
        # «… получает -1 от атак до начала вашего хода»: defences._reductions reads the modifier's flag
        import json

        duration = modifier_duration(position, effect, controller)
        position.modifiers.append(Modifier(card.uid, flag="reduction:" + json.dumps(effect["reduction"]),
                                           duration=duration, source=src, rule=rule,
                                           created_turn=position.timing.turn))
        rec("effect", f"{name} gets «{effect.get('text', '')}»{_until(duration)}", rule)
    elif kind == "choose":
        # «выбрать существо противника»: the card is chosen (glossary «Выбранное существо»: a legal
        # card the player names as the target) and nothing more happens to it; the choice is kept
        # for the card's other abilities that speak of «выбранное … существо» (memo "chosen")
        position.memo.setdefault("chosen", {})[str(source.uid if source else 0)] = card.uid
        rec("effect", f"\"{src}\" chooses {name}", rule)
    elif kind == "destroy":
        from .death import die

        rec("effect", f"destroy {name}", rule)
        if source is not None and source.uid != card.uid:
            position.memo.setdefault("wounded_by", {})[str(card.uid)] = [source.uid, "destroy"]
        die(position, [card], rec, rule)
    elif kind == "return-to-deck":
        # glossary «Вернуть (убрать) в колоду»: «Перенести карту из любой зоны в колоду. После
        # этого колода перемешивается» — the engine keeps the deck's order as that unknown order
        for att in position.attachments_of(card.uid):
            att.attached_to = None
            position.move(att.uid, att.owner, "graveyard")
        position.move(card.uid, card.owner, "deck")
        card.counters.clear()
        card.flags.discard("closed")
        rec("effect", f"return {name} to {card.owner}'s deck; the deck is shuffled (its order is unknown)", rule)
    elif kind == "grant-ability":
        t = position.timing
        position.memo.setdefault("gained", []).append(
            {"uid": card.uid, "text": effect.get("text") or effect.get("keyword"), "turn": t.turn, "phase": t.phase})
        rec("effect", f"{name} gains the ability «{effect.get('text') or effect.get('keyword')}»", rule)
    else:  # pragma: no cover - declarations refuse unknown kinds first
        raise ValueError(kind)
    return True


def carried_out(effect: dict) -> bool:
    """An effect ``_one`` carries out: an executable kind, or a «-X от …» given for a time (reader: ``timed``;
    the static «-X от …» of a card is defences.py's, not an effect carried out)."""
    return effect["kind"] in EXECUTABLE_KINDS or (effect["kind"] == "damage-reduction" and bool(effect.get("timed")))


def attack_bonus(position: Position, source, card, kind: str, controller: str) -> int:
    """"+N к [:atk] по X" of the attacking card (a static ability, card's own) when ``card``
    is an X: the attack's strength is computed with it (glossary «Атака»: the modifiers of its
    strength), before the defences of defences.py weaken or stop it."""
    if source is None or kind not in ATTACK_KINDS:
        return 0
    total = 0
    for ab in S.abilities(position, source):
        if ab.get("static") != "attack-bonus" or ab["unknown"]:
            continue
        for e in ab["effects"]:
            if e["stat"] == kind and restriction_failure(position, card, e["spec"], controller, source) is None:
                total += e["amount"]
    return total


#: the attacks «Гнев» strengthens: glossary «Атака»: «Выстрел или удар, инициируемый игроком» — a
#: shot and the card's strike; whether a throw, discharge, special or magic strike, or [:ovs] is an
#: «атака» for it the glossary does not say (open_defence refuses those at a creature)
RAGE_KINDS = frozenset({"strike", "shot"})


def rage(position: Position, source, card, kind: str) -> bool:
    """Glossary «Гнев»: «+1 к атаке по существам, которые уже получали раны в этот ход»."""
    return source is not None and kind in RAGE_KINDS and S.has_keyword(position, source, "Гнев") \
        and wounded_this_turn(position, card)


def wounded_this_turn(position: Position, card) -> bool:
    """The card is a creature that has received wounds this turn (effects._one notes when)."""
    return card.card.type == "creature" and \
        position.memo.get("wounded_turn", {}).get(str(card.uid)) == position.timing.turn


def rage_question(position: Position, source, card, kind: str) -> str | None:
    """Why «Гнев» of the attacker leaves this attack's strength open (None: it does not)."""
    if source is None or kind not in ATTACK_KINDS or kind in RAGE_KINDS or card.card.type != "creature":
        return None
    if not S.has_keyword(position, source, "Гнев"):
        return None
    return (f"\"{source.name}\" has «Гнев» (+1 to attacks on creatures wounded this turn), and the glossary's "
            f"«Атака» is a shot or a strike: whether a {kind} is one it does not say, and the engine does not guess")


def _gain_triggers(position: Position, card, trigger: str, rec, rule: str) -> None:
    """«Когда получает [:cnt]» / «Когда получает дополнительные [:tgh]»: the card's own abilities
    trigger once it has received them, and go onto the stack (B-STACK)."""
    from .stack import push_trigger, trigger_blocker

    for ab in S.abilities(position, card):
        if ab["trigger"] != trigger:
            continue
        why = trigger_blocker(position, ab, card.controller, card.uid)
        if why:
            rec("note", f"\"{card.name}\" ability {ab['index']} triggers but needs what this engine cannot carry out "
                f"({why})", rule)
            continue
        push_trigger(position, card, ab, card.controller, rule, rec, how="triggers and goes onto the stack")


def modifier_duration(position: Position, effect: dict, controller: str) -> str:
    """The Modifier duration word: "turn" ends at B-415.3 of this turn; "until the end of the
    opponent's turn" ends when a turn of that opponent ends; otherwise for good."""
    duration = effect.get("duration")
    if duration == "turn":
        return "turn"
    if duration == "opponent-turn":
        return f"turn-end:{S.other(position, controller)}"
    if duration == "until-your-turn":
        # «до начала вашего хода»: until the ability's controller's next turn begins (timing.end_turn)
        return f"turn-start:{controller}"
    return "permanent"


def _until(duration: str) -> str:
    if duration == "turn":
        return " until the end of turn"
    if duration.startswith("turn-end:"):
        return f" until the end of {duration.split(':', 1)[1]}'s turn"
    if duration.startswith("turn-start:"):
        return f" until {duration.split(':', 1)[1]}'s turn begins"
    return ""


#: keywords the engine gives mechanics to: B-REVEAL moves flyers; B-410.2 regenerates;
#: defences.py applies the protections and armour where wounds are dealt (glossary of the
#: Heroes rules: «Защита от [текст]», «Броня Х»)
_MECHANIC_KEYWORDS = {"fly", "flying", "Полёт", "regeneration", *D.PROTECTIONS, "Броня",
                      # glossary «Гнев»: +1 to attacks on creatures wounded this turn (attack_bonus)
                      "Гнев"}
#: keywords that are data the engine reads rather than rules it applies
_DATA_KEYWORDS = {"unique",
                  # glossary «Орда»: «Постоянная способность, работающая в колоде» — how many copies a
                  # deck may hold; the engine adjudicates the battle, which begins after the deal
                  # (B-402.3), and there the keyword has nothing left to do
                  "Орда"}
#: triggers put on the stack by the engine itself, whose target nobody chooses at that moment
#: (stack.turn_triggers and battle._attack_triggers leave those with a chosen target out)
_AUTOMATIC_TRIGGERS = {"start-of-turn", "end-of-turn", "on-opening", "on-attack", "on-death", "on-move", "on-other-death",
                       "on-gain-token", "on-gain-extra-life", "on-close", "on-kill", "on-attacked"}


#: class names — data that targets and texts test, no rule of their own. The card base's
#: "classes" field (33 codes: hero.warrior, orc, gnome … krong.child) named as the texts name
#: them, the terrain classes the terrain texts open with, and the equipment classes of
#: "typeEquipment" (o/d/z/s: weapon, armour, potion, shield). Anything else capitalised on a
#: keyword line ("Орда", "Маскировка", "Вампиризм", "Враг тьмы", "Авангард" …) is an ability
#: the engine has no mechanic for, and does not count.
_CLASS_NAMES = frozenset({
    "Герой-воин", "Герой-маг", "Орк", "Гном", "Эльф", "Аккениец", "Ковен", "Линунг", "Архаалит", "Койар",
    "Тролль", "Страж леса", "Речная дева", "Демон", "Слуа", "Инквизитор", "Тоа-Дан", "Тоа-дан", "Тоа Дан",
    "Йордлинг", "Дракон", "Гарпия", "Дитя Кронга", "Темный эльф", "Тёмный эльф", "Порождение", "Ангел",
    "Возрожденный", "Возрождённый", "Кусака", "Пират",
    "Пустыня", "Город", "Горы", "Лес", "Река", "Болото",
    "Оружие", "Доспех", "Зелье", "Щит",
})


#: keywords of several words with a mechanic: «Опыт в атаке» (glossary: the card does not close
#: after attacking with a strike; stack._pay_by_closing, B-414)
_MECHANIC_PHRASES = {"Опыт в атаке",
                     # the card's own text: no equipment is seated on it (prelim.seat, B-405.2.1)
                     "Не носит экипировку",
                     # «Защита от дальних атак»: defences.PROTECTIONS
                     "Защита от ranged-attack",
                     # defenders.defend (glossary «Назначить защитника», B-414): «Направленный удар» — no
                     # defender against the card's strike; «Опыт в защите» — the card does not close when
                     # assigned as a defender; «Опыт в атаке и защите» — both entries
                     "directed-strike", "Опыт в защите", "Опыт в атаке и защите"}


def _keyword_executes(name: str) -> bool:
    if name in _MECHANIC_PHRASES:
        return True
    if re.fullmatch(r"Максимум (life|token) \d+", name):
        return True  # «Максимум N [:tgh] / [:cnt]»: state.life_now, state.tokens_room
    base = name.split(" ")[0]
    if base in _MECHANIC_KEYWORDS or base in _DATA_KEYWORDS:
        return base != "Броня" or name[len(base):].strip().isdigit()
    return name in _CLASS_NAMES


def _granted_name(effect: dict) -> str:
    amount = effect.get("amount")
    return effect["keyword"] + (f" {amount}" if isinstance(amount, int) else "")


def executes(ability) -> bool:
    """Does the engine carry out every part of this ability? (``adjudicator coverage``)

    The reader marks everything it cannot honour as unknown; a keyword line counts only when
    each keyword is data (classes, uniqueness) or has a mechanic here (flying, regeneration,
    protections, armour); a trigger the engine fires by itself counts only when it needs no
    chosen target.
    """
    from .reader import _from_ast

    record = _from_ast(ability, 1)
    if record["unknown"]:
        return False
    # «Бестелесный: все немагические атаки сводятся к 1» — the keyword is the label of the text
    # that follows it, and that text is what the engine carries out
    if record["static"] != "cap" and not record.get("label") and not all(_keyword_executes(k)
                                                                          for k in record["keywords"]):
        return False
    if record["static"] in ("keyword-line", "start-with"):
        return True
    # the engine refuses other kinds where the ability is used (battle._honest); "-X от атаки"
    # acts only as the static reduction defences.py applies
    allowed = EXECUTABLE_KINDS | ({"damage-reduction"} if record["static"] == "reduction" else set()) \
        | ({"attack-bonus"} if record["static"] == "attack-bonus" else set()) \
        | ({"ignore"} if record["static"] in ("ignore", "ignore-all") else set()) \
        | ({"reduce-attack-to", "keyword"} if record["static"] == "cap" else set()) \
        | ({"no-damage"} if record["static"] == "no-damage" else set()) \
        | ({"modify-stat"} if record["static"] == "aura-stat" else set()) \
        | ({"grant-keyword"} if record["static"] == "aura-keyword" else set()) \
        | ({"diagonal-move"} if record["static"] == "aura-move" else set()) \
        | ({"no-close"} if record["static"] == "defends-open" else set()) \
        | ({"damage-reduction"} if record["static"] == "aura-reduction" else set()) \
        | (STATIC_KINDS if record["static"] == "restriction" else set())
    if any(e["kind"] not in allowed and not carried_out(e) for e in record["effects"]):
        return False
    # a keyword given to a card counts only when the engine has that keyword's mechanic
    if any(e["kind"] == "grant-keyword" and not _keyword_executes(_granted_name(e)) for e in record["effects"]):
        return False
    # a trigger's target is named as it goes onto the stack (stack.push_trigger), and a dashed
    # value's result (1-2-3) is stated by its controller then (battle._name_trigger_target)
    return True
