"""The whole game state: players, zones, card copies, timing, modifiers, stack.

A :class:`Position` is copied before an action is attempted (``clone``), so a rejected
action simply drops its copy: nothing to undo. Derived values (current Force, …) are
never stored: :meth:`Position.stat` computes them from the printed value, the copy's
override and the live modifiers.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Iterator

from .cards import CardDef

TABLE = "table"  # the owner of shared zones


@dataclass
class Copy:
    """One physical card in the game."""

    uid: int
    card: CardDef
    owner: str
    controller: str
    zone_owner: str
    zone: str  # zone key: "hand", "province 2", "cell 1.2", 'under "Timer"'
    flags: set[str] = field(default_factory=set)
    counters: dict[str, int] = field(default_factory=dict)
    overrides: dict[str, Any] = field(default_factory=dict)
    attached_to: int | None = None
    label: str | None = None

    @property
    def name(self) -> str:
        return self.card.name

    def clone(self) -> "Copy":
        # hand-written: dataclasses.replace re-runs __init__ and is the hot spot of attempts
        new = object.__new__(Copy)
        new.__dict__.update(self.__dict__)
        new.flags = set(self.flags)
        new.counters = dict(self.counters)
        new.overrides = dict(self.overrides)
        return new

    def show(self) -> str:
        return f'"{self.name}"' + (f" ({self.label})" if self.label else "")


@dataclass
class Player:
    name: str
    seat: int
    attrs: dict[str, Any] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)

    def clone(self) -> "Player":
        new = object.__new__(Player)
        new.__dict__.update(self.__dict__)
        new.attrs = dict(self.attrs)
        new.flags = set(self.flags)
        return new


@dataclass(frozen=True)
class Modifier:
    """An ongoing change: a stat delta, a granted keyword or flag, for a duration.

    ``subject`` is a copy uid (int) or a player name (str). ``duration`` is one of the
    game's duration words ("turn": until the end of the current turn, "permanent", …).
    """

    subject: int | str
    stat: str | None = None
    delta: int = 0
    keyword: str | None = None
    flag: str | None = None
    duration: str = "turn"
    source: str = ""
    rule: str = ""
    created_turn: int = 0


@dataclass
class Timing:
    turn: int = 1
    active: str = ""
    phase: str = ""
    step: str | None = None
    priority: str | None = None
    passes: int = 0  # consecutive passes in the current round / step

    def clone(self) -> "Timing":
        return replace(self)


@dataclass(frozen=True)
class StackItem:
    source: str  # the source card's name
    controller: str
    description: str
    payload: Any = None


class Position:
    """Players in seat order, copies by uid, zones as ordered uid lists (top first)."""

    #: A game's lasting keyword grants, ``fn(position, copy) -> list of keywords``, worked out
    #: when asked (traits of cards in play: "Cards in this unit have Cavalry"); set by the game.
    lasting_keywords = None
    _asking_lasting = False
    #: A game's lasting stat changes read with every value, ``fn(position, copy, stat) -> int`` (0 for
    #: a stat it does not change); set by the game ("This Personality has +1PH").
    lasting_stats = None
    _asking_stats = False
    #: A game's keyword losses, ``fn(position, copy, keywords) -> the keywords it no longer has``
    #: ("Remove Ninja from him", "This Personality loses Naval"); set by the game.
    lost_keywords = None

    def __init__(self, game: str):
        self.game = game
        self.players: dict[str, Player] = {}
        self.copies: dict[int, Copy] = {}
        self.zones: dict[tuple[str, str], list[int]] = {}
        self.timing = Timing()
        self.modifiers: list[Modifier] = []
        self.stack: list[StackItem] = []  # top last
        self.memo: dict[str, Any] = {}  # game bookkeeping: abilities used this turn, ...
        self.labels: dict[str, int] = {}
        self.winner: str | None = None
        self.game_over = False
        self.log: list[str] = []
        self._next_uid = 1

    # -- copying -----------------------------------------------------------
    def clone(self) -> "Position":
        new = Position.__new__(Position)
        new.game = self.game
        new.players = {k: p.clone() for k, p in self.players.items()}
        new.copies = {k: c.clone() for k, c in self.copies.items()}
        new.zones = {k: list(v) for k, v in self.zones.items()}
        new.timing = self.timing.clone()
        new.modifiers = list(self.modifiers)
        new.stack = list(self.stack)
        new.memo = _deep_copy_plain(self.memo)
        new.labels = dict(self.labels)
        new.winner = self.winner
        new.game_over = self.game_over
        new.log = list(self.log)
        new._next_uid = self._next_uid
        if "lasting_keywords" in self.__dict__:
            new.lasting_keywords = self.lasting_keywords
        if "lasting_stats" in self.__dict__:
            new.lasting_stats = self.lasting_stats
        if "lost_keywords" in self.__dict__:
            new.lost_keywords = self.lost_keywords
        return new

    def fingerprint(self) -> tuple:
        """A hashable summary of the whole state, for "a rejection changes nothing" checks."""
        return (
            tuple((p.name, tuple(sorted(p.attrs.items(), key=str)), tuple(sorted(p.flags)))
                  for p in self.players.values()),
            tuple((c.uid, c.name, c.owner, c.controller, c.zone_owner, c.zone, tuple(sorted(c.flags)),
                   tuple(sorted(c.counters.items())), tuple(sorted(c.overrides.items(), key=str)), c.attached_to)
                  for c in self.copies.values()),
            tuple((k, tuple(v)) for k, v in sorted(self.zones.items())),
            (self.timing.turn, self.timing.active, self.timing.phase, self.timing.step,
             self.timing.priority, self.timing.passes),
            tuple(self.modifiers), tuple(self.stack), repr(sorted(self.memo.items(), key=str)),
            self.winner, self.game_over,
        )

    # -- players -------------------------------------------------------------
    def add_player(self, name: str) -> Player:
        player = Player(name, len(self.players))
        self.players[name] = player
        return player

    @property
    def seat_order(self) -> list[str]:
        return list(self.players)

    def next_player(self, name: str) -> str:
        order = self.seat_order
        return order[(order.index(name) + 1) % len(order)]

    def opponents(self, name: str) -> list[str]:
        return [p for p in self.players if p != name]

    # -- copies and zones ------------------------------------------------------
    def create_copy(self, card: CardDef, owner: str, zone_owner: str, zone: str, *, top: bool = False,
                    label: str | None = None) -> Copy:
        copy = Copy(self._next_uid, card, owner if owner != TABLE else zone_owner, owner, zone_owner, zone,
                    label=label)
        self._next_uid += 1
        self.copies[copy.uid] = copy
        pile = self.zones.setdefault((zone_owner, zone), [])
        pile.insert(0, copy.uid) if top else pile.append(copy.uid)
        if label:
            self.labels[label] = copy.uid
        return copy

    def zone(self, owner: str, zone: str) -> list[Copy]:
        return [self.copies[u] for u in self.zones.get((owner, zone), ())]

    def zone_size(self, owner: str, zone: str) -> int:
        return len(self.zones.get((owner, zone), ()))

    def move(self, uid: int, owner: str, zone: str, *, top: bool = True, index: int | None = None) -> Copy:
        """Move a copy to another zone (top of it unless told otherwise)."""
        copy = self.copies[uid]
        old = self.zones.get((copy.zone_owner, copy.zone))
        if old and uid in old:
            old.remove(uid)
        pile = self.zones.setdefault((owner, zone), [])
        if index is not None:
            pile.insert(index, uid)
        elif top:
            pile.insert(0, uid)
        else:
            pile.append(uid)
        copy.zone_owner, copy.zone = owner, zone
        return copy

    def remove_copy(self, uid: int) -> None:
        copy = self.copies.pop(uid)
        pile = self.zones.get((copy.zone_owner, copy.zone))
        if pile and uid in pile:
            pile.remove(uid)

    def all_copies(self) -> Iterator[Copy]:
        return iter(self.copies.values())

    def copies_named(self, name: str) -> list[Copy]:
        return [c for c in self.copies.values() if c.name == name]

    def attachments_of(self, uid: int) -> list[Copy]:
        return [c for c in self.copies.values() if c.attached_to == uid]

    # -- values ----------------------------------------------------------------
    def modifiers_on(self, subject: int | str) -> list[Modifier]:
        return [m for m in self.modifiers if m.subject == subject]

    def stat(self, copy: Copy, stat: str, default: int | None = None) -> Any:
        """Current value of a stat: override or printed, plus live modifiers' deltas."""
        base = copy.overrides.get(stat, copy.card.attrs.get(stat, default))
        if not isinstance(base, int):
            return base
        value = base + sum(m.delta for m in self.modifiers if m.subject == copy.uid and m.stat == stat)
        if self.lasting_stats is not None and not self._asking_stats:
            # (while they are worked out, the values they read are taken without them: no loop)
            self._asking_stats = True
            try:
                value += self.lasting_stats(self, copy, stat)
            finally:
                self._asking_stats = False
        return value

    def keywords(self, copy: Copy) -> list[str]:
        found = list(copy.card.keywords)
        for m in self.modifiers:
            if m.subject == copy.uid and m.keyword and m.keyword.casefold() not in {k.casefold() for k in found}:
                found.append(m.keyword)
        # a grant's own description may name keywords ("Your Samurai have ..."): while working
        # grants out, only printed and modifier keywords count, so the question cannot loop
        if self.lasting_keywords is not None and not self._asking_lasting:
            self._asking_lasting = True
            try:
                for keyword in self.lasting_keywords(self, copy):
                    if keyword.casefold() not in {k.casefold() for k in found}:
                        found.append(keyword)
            finally:
                self._asking_lasting = False
        if self.lost_keywords is not None and not self._asking_lasting:
            self._asking_lasting = True
            try:
                lost = {k.casefold() for k in self.lost_keywords(self, copy, found)}
            finally:
                self._asking_lasting = False
            found = [k for k in found if k.casefold() not in lost]
        return found

    def has_keyword(self, copy: Copy, keyword: str) -> bool:
        wanted = keyword.casefold()
        return any(k.casefold() == wanted for k in self.keywords(copy))

    def has_flag(self, copy: Copy, flag: str) -> bool:
        return flag in copy.flags or any(m.subject == copy.uid and m.flag == flag for m in self.modifiers)

    def expire(self, durations: Iterable[str]) -> list[Modifier]:
        """Drop modifiers whose duration is in ``durations``; return those dropped."""
        wanted = set(durations)
        gone = [m for m in self.modifiers if m.duration in wanted]
        if gone:
            self.modifiers = [m for m in self.modifiers if m.duration not in wanted]
        return gone


def _deep_copy_plain(value: Any) -> Any:
    """Copy the plain containers (dict/list/set) the game modules keep in ``memo``."""
    if isinstance(value, dict):
        return {k: _deep_copy_plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep_copy_plain(v) for v in value]
    if isinstance(value, set):
        return set(value)
    return value
