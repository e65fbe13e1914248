"""Death (гибель): a card leaving the field for the graveyard, and its «При гибели» abilities.

Sources (the seeds 001/002 have no death rule; these are the glossary's and FAQ's of
rules_heroes/, the secondary source):

* «Гибель (существа, карты). Перенос карты из игровой зоны на кладбище.» — destroying a card
  (``destroy``) and death from wounds are both this one event;
* when wounds kill: «Жизни карты (текущее число жизней) … К начальному числу жизней
  добавляются дополнительные жизни и вычитаются отрицательные жизни и раны», and the heroes'
  FAQ: «Игрок проигрывает, когда его герой получает суммарное количество ран, равное его
  количеству жизней (или превышающее это значение)». The engine reads the same line for a
  creature: when its wounds reach its lives (``life`` with every modifier, less wounds, is 0
  or less) it dies. «Уничтожить … Некоторые способности могут уничтожать карты, не нанося им
  ран» says the same from the other side: ordinarily wounds are what kill;
* «При гибели … срабатывает при любом переносе карты Х из игровой зоны на кладбище. Погибшая
  карта теряет все маркеры и эффекты только после того, как будут заявлены все особенности
  «при гибели» сработавшие на гибель этой карты» — so the triggers are put on the stack first
  (B-STACK), then the card's counters, flags and modifiers go;
* several cards dying at once (FAQ12.rst, «Алое пламя дракона»): their «гибель» abilities
  trigger «в выбранном игроком порядке, начиная с неактивного игрока» — the inactive
  player's first, each player's in board order by default (as ``stack.turn_triggers``).

The check runs after each effect is carried out and when "until the end of turn" effects
end (a +life that ran out), citing the rule of the moment it happens in.
"""

from __future__ import annotations

from adjudicator.core.position import Position

from . import state as S


def dying(position: Position) -> list:
    """Cards on the field whose wounds have reached their lives."""
    out = []
    for copy in S.cards_in_play(position):
        if "hidden" in copy.flags or copy.attached_to is not None:
            continue
        life = S.life_now(position, copy)
        if life is not None and life <= 0 and copy.counters.get("wounds", 0) > 0:
            out.append(copy)
    return out


def check(position: Position, rec, rule: str) -> None:
    """Creatures whose wounds reach their lives die, together (then again, in case a death
    changed another card's lives)."""
    for _ in range(20):
        dead = dying(position)
        if not dead:
            return
        for copy in dead:
            rec("event", f"\"{copy.name}\" has {copy.counters.get('wounds', 0)} wounds, as many as its lives or more: "
                "it dies", rule)
        die(position, dead, rec, rule)


def die(position: Position, cards: list, rec, rule: str) -> None:
    """Move ``cards`` (dying at once) to their owners' graveyards; their «При гибели» abilities
    go onto the stack, the inactive player's first; then the cards lose counters and effects."""
    active = position.timing.active
    for copy in cards:
        for att in position.attachments_of(copy.uid):
            att.attached_to = None
            position.move(att.uid, att.owner, "graveyard")
            rec("effect", f"\"{att.name}\", attached to \"{copy.name}\", goes to {att.owner}'s graveyard with it", rule)
        position.move(copy.uid, copy.owner, "graveyard")
        rec("effect", f"\"{copy.name}\" goes to {copy.owner}'s graveyard", rule)
    inactive_first = sorted(cards, key=lambda c: (c.controller == active, S.board_order(c)))
    for copy in inactive_first:
        _death_triggers(position, copy, rec, rule)
    _other_death_triggers(position, inactive_first, rec, rule)
    _kill_triggers(position, inactive_first, rec, rule)
    for copy in cards:
        copy.counters.clear()
        copy.flags.discard("closed")
        position.modifiers = [m for m in position.modifiers if m.subject != copy.uid]
        st = position.memo.get("status", {})
        st.pop(str(copy.uid), None)


def _death_triggers(position: Position, copy, rec, rule: str) -> None:
    from .stack import push_trigger, trigger_blocker

    for ab in S.abilities(position, copy):
        if ab["trigger"] != "on-death":
            continue
        why = trigger_blocker(position, ab, copy.controller, copy.uid)
        if why:
            rec("note", f"\"{copy.name}\" ability {ab['index']} triggers but needs what this engine cannot carry out "
                f"({why}); it is not put on the stack", rule)
            continue
        push_trigger(position, copy, ab, copy.controller, rule, rec, how="triggers on its death and goes onto the stack")


def _other_death_triggers(position: Position, dead: list, rec, rule: str) -> None:
    """«При гибели вашего существа / орка …» of other cards (glossary «При гибели (при
    уничтожении) Х»: it works on any move of a card X from the game zone to the graveyard).
    The dead cards' own such abilities work too (the glossary: a dead card keeps its effects
    until every «при гибели» ability triggered by the death is declared), unless they say
    «другого». Order: the inactive player's first (FAQ12, «Алое пламя дракона"), board order."""
    from .effects import restriction_failure
    from .stack import push_trigger, trigger_blocker

    active = position.timing.active
    by_uid = {c.uid: c for c in S.cards_in_play(position) + list(dead)}
    watchers = sorted(by_uid.values(), key=lambda c: (c.controller == active, S.board_order(c), c.uid))
    for watcher in watchers:
        for ab in S.abilities(position, watcher):
            if ab["trigger"] != "on-other-death":
                continue
            for copy in dead:
                if restriction_failure(position, copy, ab["death_spec"], watcher.controller, watcher) is not None:
                    continue
                why = trigger_blocker(position, ab, watcher.controller, watcher.uid)
                if why:
                    rec("note", f"\"{watcher.name}\" ability {ab['index']} triggers on the death of \"{copy.name}\" but "
                        f"needs what this engine cannot carry out ({why})", rule)
                    continue
                push_trigger(position, watcher, ab, watcher.controller, rule, rec,
                             how=f"triggers on the death of \"{copy.name}\" and goes onto the stack")


def _kill_triggers(position: Position, dead: list, rec, rule: str) -> None:
    """«Когда убивает / уничтожает существо противника»: the card whose wounds (убивает) or whose
    wounds or destroy effect (уничтожает) made an opponent's creature die (glossary «Гибель»: the
    move from the game zone to the graveyard; «Уничтожить»: some abilities destroy without
    wounds). The last card to wound the dead one is its killer when wounds killed it."""
    from .stack import push_trigger, trigger_blocker

    by = position.memo.get("wounded_by", {})
    for copy in dead:
        record = by.pop(str(copy.uid), None)
        if record is None:
            continue
        killer = position.copies.get(record[0])
        if killer is None or not S.in_play(killer) or copy.card.type != "creature":
            continue
        for ab in S.abilities(position, killer):
            if ab["trigger"] != "on-kill" or (ab.get("kill_by") == "wounds" and record[1] != "wounds"):
                continue
            if killer.controller == copy.controller and not ab.get("kill_any"):
                continue  # «существо противника»: not its own side's
            why = trigger_blocker(position, ab, killer.controller, killer.uid)
            if why:
                rec("note", f"\"{killer.name}\" ability {ab['index']} triggers but needs what this engine cannot "
                    f"carry out ({why})", rule)
                continue
            push_trigger(position, killer, ab, killer.controller, rule, rec, {"attacked": copy.uid},
                         how=f"triggers: it killed \"{copy.name}\"; it goes onto the stack")
