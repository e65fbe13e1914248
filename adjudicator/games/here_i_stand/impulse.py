"""The Action phase's bookkeeping: hands, home cards, who may pass, moving to the next impulse.

Kept apart from the verbs so that ``advance`` and ``expect … may`` use the very same tests.
State lives in the Position: the ``passed`` player flag (the power passed in its latest
impulse this phase), the ``event-played`` copy flag plus ``memo["events"]`` (card names
played as events this turn, HIS-EVENT.5), ``memo["cp"]`` (CP a power gained by its latest play).
"""

from __future__ import annotations

from adjudicator.core.cards import CardDef
from adjudicator.core.position import TABLE, Copy, Position
from adjudicator.core.ruling import Reason

from .powers import POWERS, power_list

PASSED = "passed"
EVENT_PLAYED = "event-played"


class RatingUnknown(Exception):
    """HIS-PASS.3 needs a power's admin-rating and the scenario did not declare it."""

    def __init__(self, power: str, cards: int):
        self.power = power
        super().__init__(f"whether {power} may pass depends on its ruler's admin-rating (HIS-PASS.3: it holds "
                         f"{cards} card(s)), which the scenario does not declare; add it: "
                         f"player {power} admin-rating N")


def hand(position: Position, power: str) -> list[Copy]:
    return position.zone(power, "hand")


def card_powers(card: CardDef) -> tuple[str, ...]:
    return power_list(card.keywords)


def removed_if_event(card: CardDef) -> bool:
    return "remove-if-event" in card.flags and not ({"no", "No", "false"} & card.flags)


def event_cp(card: CardDef) -> int:
    """CP gained alongside the event (HIS-EVENT.3): every mandatory event gives its printed CP;
    other event cards only when they say so (``event-cp N``)."""
    if "event-cp" in card.attrs:
        return int(card.attrs["event-cp"])
    if card.type == "mandatory":
        return int(card.attrs.get("cp", 0) or 0)
    return 0


def is_own_home_card(card: CardDef, power: str) -> bool:
    owners = card_powers(card)
    return card.type == "home" and (not owners or power in owners)


def unplayed_home_cards(position: Position, power: str) -> list[Copy]:
    """A power's home card that is not in its hand counts as played."""
    return [c for c in hand(position, power) if is_own_home_card(c.card, power)]


def pass_blockers(position: Position, power: str) -> list[Reason]:
    """Why ``power`` may not pass now (HIS-PASS.1-3); empty when it may."""
    cards = hand(position, power)
    if not cards:
        return []
    out: list[Reason] = []
    homes = unplayed_home_cards(position, power)
    if homes:
        out.append(Reason("HIS-PASS.1", f"{power} may not pass: its home card "
                          + ", ".join(c.show() for c in homes) + " has not been played yet"))
    mandatory = [c for c in cards if c.card.type == "mandatory"]
    if mandatory:
        out.append(Reason("HIS-PASS.2", f"{power} may not pass while it holds the unplayed mandatory event "
                          + ", ".join(c.show() for c in mandatory)))
    rating = position.players[power].attrs.get("admin-rating")
    if rating is None:
        if not out:
            raise RatingUnknown(power, len(cards))
    elif len(cards) > rating:
        out.append(Reason("HIS-PASS.3", f"{power} may not pass holding {len(cards)} cards, more than its "
                          f"ruler's administrative rating of {rating}"))
    return out


def event_played_this_turn(position: Position, name: str) -> bool:
    if name in position.memo.get("events", []):
        return True
    return any(c.name == name and EVENT_PLAYED in c.flags for c in position.all_copies())


def next_power(position: Position, power: str) -> str:
    order = position.seat_order
    return order[(order.index(power) + 1) % len(order)]


def begin_impulse(position: Position, power: str, proc) -> None:
    t = position.timing
    t.active = t.priority = power
    proc.add("timing", f"{power} takes its impulse", "HIS-IMPULSE")


def all_passed(position: Position) -> bool:
    return all(PASSED in p.flags for p in position.players.values())


def start_winter(position: Position, proc) -> None:
    t = position.timing
    proc.add("event", "all six powers have passed in succession: the Action phase ends", "HIS-PHASE-END")
    t.phase = "winter"
    t.step = None
    t.active = t.priority = position.seat_order[0]
    proc.add("timing", "the Winter phase begins", "HIS-PHASE-END")


def start_next_turn(position: Position, proc) -> None:
    """End the Winter phase and begin the next turn's Action phase (Ottoman's impulse first).

    Seed 004 covers only the Action phase: what Winter and the start of a turn do (card draw,
    diplomacy, …) is not modelled; hands are left as they are.
    """
    t = position.timing
    proc.add("note", "the Winter phase ends (its procedure lies outside seed 004 and is not modelled)",
             "HIS-PHASE-END")
    t.turn += 1
    t.phase = "action"
    t.step = None
    t.passes = 0
    for p in position.players.values():
        p.flags.discard(PASSED)
    for c in position.all_copies():
        c.flags.discard(EVENT_PLAYED)
    position.memo["events"] = []
    position.memo["cp"] = {}
    proc.add("timing", f"turn {t.turn} begins; each card may again be played as an event once this turn",
             "HIS-EVENT.5")
    begin_impulse(position, position.seat_order[0], proc)


def discard(position: Position, copy: Copy) -> None:
    position.move(copy.uid, TABLE, "discard", top=True)


def remove_from_deck(position: Position, copy: Copy) -> None:
    position.move(copy.uid, TABLE, "removed", top=True)


def power_order(names) -> list[str]:
    """Declared names in impulse order; names that are not powers keep their place at the end."""
    known = [p for p in POWERS if p in names]
    return known + [n for n in names if n not in POWERS]
