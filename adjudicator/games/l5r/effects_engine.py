"""L5R engine effects not owned by a grammar topic: player values changed by traits without a
trigger, and what the resolver needs to carry them out.

Registered in :data:`adjudicator.games.l5r.effects.EFFECT_MODULES` (handler signature there).

* The hand maximum (L5R-END: discard down to eight) as lasting traits change it: "You have +1
  maximum hand size", "Other players' maximum hand sizes are reduced by 1, to a minimum of 7",
  "Dragon Clan players have +2 maximum hand size", "While this Shugenja is Void, your maximum
  hand size is increased by 1". They are worked out whenever the End phase asks, from the cards
  in play and their conditions (L5R-TRAIT).
"""

from __future__ import annotations

from ...core.ability import Effect

#: kind -> handler(game, position, copy, effect, *, as_cost, source) -> Outcome
CARD_KINDS: dict = {}

#: kind -> handler(game, position, player, effect, *, as_cost, source) -> Outcome
PLAYER_KINDS: dict = {}

#: kind -> applies(effect, ref) -> bool: traits without a trigger the engine honours
CONTINUOUS_KINDS: dict = {}

#: the printed hand maximum (L5R-END)
HAND_MAXIMUM = 8

#: player stats lasting traits change, read by the engine where the rules use them
PLAYER_STATS = ("max-hand-size",)


# ---------------------------------------------------------------------------- who a clause reaches

def _player_spec(spec) -> str | None:
    """Which players a lasting clause on a player value names: "you", "others", "clan:<Clan>"
    ("Dragon Clan players"), or None when the engine cannot tell."""
    if spec is None:
        return None
    if spec.ref == "you" and not spec.states and not spec.keywords:
        return "you"
    if spec.ref == "opponent" and not spec.states and not spec.keywords:
        return "others"
    if spec.ref == "choice" and tuple(spec.card_types) == ("player",) and spec.owner == "any":
        if tuple(spec.states) == ("other",) and not spec.keywords:
            return "others"
        if not spec.states and len(spec.keywords) == 1 and spec.keywords[0].endswith(" Clan"):
            return "clan:" + spec.keywords[0][: -len(" Clan")]
    return None


def player_stat_applies(clause: Effect) -> bool:
    """A lasting change of a player value the engine reads (for ``effects.executes``)."""
    if clause.kind != "modify-stat" or clause.stat not in PLAYER_STATS or not clause.amount:
        return False
    if clause.values and (len(clause.values) != 1 or clause.amount > 0):
        return False  # "to a minimum of 7" is a floor under a reduction
    return _player_spec(clause.target) is not None


def _reaches(pos, source, spec, player: str) -> bool:
    who = _player_spec(spec)
    if who == "you":
        return player == source.controller
    if who == "others":
        return player != source.controller
    if who is not None and who.startswith("clan:"):
        return str(pos.players[player].attrs.get("clan", "")).casefold() == who[5:].casefold()
    return False


def player_stat(game, pos, player: str, stat: str, base: int) -> tuple[int, list[str]]:
    """``stat`` of ``player`` with every lasting trait of a card in play that reaches them, and
    the cards that changed it. Floors ("to a minimum of 7") apply to their own reduction only."""
    from .continuous import _conditions_hold, lasting_clauses

    value, floored, why = base, [], []
    for source, ability, index, clause in lasting_clauses(game, pos):
        if not player_stat_applies(clause) or clause.stat != stat:
            continue
        if not _reaches(pos, source, clause.target, player):
            continue
        if not _conditions_hold(game, pos, source, ability, index, source):
            continue
        if clause.values:
            floored.append((clause.amount, clause.values[0]))
        else:
            value += clause.amount
        why.append(f"{source.name} {clause.amount:+d}")
    for amount, floor in floored:
        value = max(value + amount, min(value, floor))
    return value, why


def hand_limit(game, pos, player: str) -> tuple[int, str]:
    """The hand maximum of ``player`` now (L5R-END, as traits change it: L5R-TRAIT), and a note
    naming the cards that change it ("" when none does)."""
    value, why = player_stat(game, pos, player, "max-hand-size", HAND_MAXIMUM)
    value = max(0, value)
    note = f" (eight, changed by {', '.join(why)})" if why else ""
    return value, note
