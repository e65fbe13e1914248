"""Conditions on single effects ("If he is a Samurai, dishonor him"), evaluated at resolution.

The ability grammar attaches them as ``Condition(kind="effect-if:<test>", args=("effect N", …))``
(also ``effect-while``, ``effect-unless``). Only tests whose words the engine understands are
evaluated; anything else leaves the effect uncarried-out and reported, never guessed
(L5R-ACT-EFFECT). :func:`readable` answers the same question without a position, for
``adjudicator coverage``.
"""

from __future__ import annotations

from typing import Callable

STATES = {"attacking", "defending", "bowed", "unbowed", "dishonored", "honorable", "straightened"}
TYPES = {"personality", "follower", "holding", "item", "spell", "attachment", "stronghold", "region", "ring"}
PRONOUNS = {"he", "him", "she", "her", "it", "they", "them", "the target", "that personality", "that card"}
SELF = {"this card", "this personality", "this holding", "this follower", "this item", "this spell",
        "this stronghold", "this region"}


def _article(text: str) -> str:
    for art in ("a ", "an ", "the "):
        if text.lower().startswith(art):
            return text[len(art):]
    return text


def _subject_ok(word: str) -> bool:
    w = word.lower()
    return w in PRONOUNS or w in SELF


def readable(cond) -> bool:
    """Can :func:`evaluate` decide this condition (whatever the position)?"""
    head, _, test = cond.kind.partition(":")
    if head not in ("effect-if", "effect-while", "effect-unless"):
        return head in ("effect-optional", "even-if")
    args = cond.args[1:]
    if test == "is" and len(args) == 2:
        pred = _article(args[1]).strip()
        return _subject_ok(args[0]) and (pred.lower() in STATES or pred.lower() in TYPES
                                          or (pred[:1].isupper() and len(pred.split()) <= 3))
    if test == "self-state" and args:
        return args[0].lower() in STATES
    if test in ("is-clan",) and len(args) == 2:
        return _subject_ok(args[0])
    if test == "is-any-keyword" and len(args) >= 2:
        return _subject_ok(args[0])
    if test == "clan-player" and args:
        return True
    if test == "you-control" and args:
        return _subject_ok(args[0]) or _article(args[0])[:1].isupper()
    if test == "hand-size-at-most" and args:
        return args[0].isdigit()
    if test == "you-are" and args:
        return args[0].lower() in ("attacker", "defender", "the attacker", "the defender")
    return False


def evaluate(cond, *, game, pos, actor: str, source, subject_of: Callable[[str], object]) -> bool | None:
    """True/False when the engine can decide, None when it cannot."""
    if not readable(cond):
        return None
    head, _, test = cond.kind.partition(":")
    args = cond.args[1:]
    result = _test(test, args, game, pos, actor, source, subject_of)
    if result is None:
        return None
    return (not result) if head == "effect-unless" else result


def _test(test, args, game, pos, actor, source, subject_of):
    if test == "self-state":
        return game.has_state(pos, source, args[0].lower())
    if test == "clan-player":
        return str(pos.players[actor].attrs.get("clan", "")).casefold() == args[0].casefold()
    if test == "hand-size-at-most":
        return pos.zone_size(actor, "hand") <= int(args[0])
    if test == "you-are":
        attacker = pos.timing.phase == "attack" and actor == pos.timing.active
        return attacker if "attacker" in args[0].lower() else (pos.timing.phase == "attack" and not attacker)
    if test == "you-control" and not _subject_ok(args[0]):
        keyword = _article(args[0])
        return any(c.controller == actor and pos.has_keyword(c, keyword) and game.card_property(pos, c, "in-play")
                   for c in pos.all_copies())
    copy = subject_of(args[0])
    if copy is None:
        return None
    if test == "you-control":
        return copy.controller == actor
    if test == "is":
        pred = _article(args[1]).strip()
        low = pred.lower()
        if low in STATES:
            return game.has_state(pos, copy, low)
        if low in TYPES:
            return copy.card.type == low or (low == "attachment" and copy.attached_to is not None)
        return pos.has_keyword(copy, pred)
    if test == "is-clan":
        return pos.has_keyword(copy, args[1]) or pos.has_keyword(copy, f"{args[1]} Clan")
    if test == "is-any-keyword":
        return any(pos.has_keyword(copy, k) for k in args[1:])
    return None
