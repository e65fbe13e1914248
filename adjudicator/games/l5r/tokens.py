"""Tokens of a kind: "a Madness token", "Destroy a Fire token on Torazu", "the number of Madness
tokens he has", "a target Personality with a Poison token".

A token is a physical mark on a card; adding or removing one is an instantaneous change that
stays until another effect changes it (L5R-DURATION.1). Besides the card's total (``tokens``,
every token on it), the engine keeps how many of each *kind* the card carries -- the kinds the
card pool names ("Madness", "Fire", "Poison" ...) -- as the copy counter ``<kind>-tokens``
(scenario language: ``madness-tokens 2``). A token given with a kind adds to both counts; one
removed takes from both.

The text names tokens by their kind and by the card they are on:

* a cost or effect removing one -- "Destroy a Fire token on Torazu", "Remove a Madness token from
  Tenburo", "Destroy one of Chiyoda's Madness tokens" -- names its card by this card's name (or
  that of the Personality it is attached to, states._named); the clause changes that card, which
  loses one token of the kind (as a cost, a card without one cannot pay it: L5R-ACT-COST);
* an amount counts them -- "equal to the number of Madness tokens he has" (the card named before,
  amounts.named_card), "for each of Atsushi's Infamy tokens" (this card);
* a target's describing word tests them -- "with a Poison token", "without a Masterwork token".
"""

from __future__ import annotations

import re

#: the token kinds the card pool names (a closed vocabulary, as the scenario language's counters)
KINDS = ("Madness", "Fire", "Poison", "Wealth", "Sake", "Corruption", "Clout", "Charging", "Favor", "Revenge",
         "Training", "Conspiracy", "Plague", "Masterwork", "Blood", "Influence", "Obsession", "Master", "Arrow",
         "Void", "Addiction", "Affection", "Infamy", "Omen", "Respect", "Rock", "Frenzy", "Change", "Wall")

#: the copy counters, one per kind ("madness-tokens")
COUNTERS = {kind: f"{kind.lower()}-tokens" for kind in KINDS}

#: a target's describing words about tokens: "with a Poison token", "with no Training tokens"
_STATE_RE = re.compile(r"^(has-token|no-token|has-no-token):([A-Z][a-z]+)$")


def kind_of(word: str | None) -> str | None:
    """The token kind a keyword names ("Madness", "Fire tokens" -> "Fire"), or None."""
    if not word:
        return None
    word = word.strip()
    if word.endswith("s") and word[:-1] in COUNTERS:
        word = word[:-1]
    return word if word in COUNTERS else None


def count(copy, kind: str | None = None) -> int:
    """Tokens on ``copy``: of one kind, or all of them."""
    if kind is None:
        return copy.counters.get("tokens", 0)
    return copy.counters.get(COUNTERS[kind], 0)


def add(copy, kind: str | None, n: int) -> None:
    copy.counters["tokens"] = copy.counters.get("tokens", 0) + n
    if kind in COUNTERS:
        copy.counters[COUNTERS[kind]] = copy.counters.get(COUNTERS[kind], 0) + n


def remove(copy, kind: str, n: int = 1) -> bool:
    """Take ``n`` tokens of ``kind`` off ``copy``; False (nothing changed) if it has fewer."""
    if count(copy, kind) < n:
        return False
    copy.counters[COUNTERS[kind]] -= n
    copy.counters["tokens"] = max(0, copy.counters.get("tokens", 0) - n)
    return True


def settle(copy) -> str | None:
    """At set-up: a card's total counts every token of a kind declared on it (``tokens`` may be left
    out); a total below the kinds' sum is a mistake (its message), else None."""
    keyed = sum(copy.counters.get(c, 0) for c in COUNTERS.values())
    total = copy.counters.get("tokens")
    if total is None or total == 0:
        if keyed:
            copy.counters["tokens"] = keyed
        return None
    if total < keyed:
        return f'"{copy.name}" has tokens {total}, fewer than the {keyed} tokens of a kind declared on it'
    return None


# ---- what the text says ------------------------------------------------------------------

def state_read(state: str) -> bool:
    m = _STATE_RE.match(state)
    return m is not None and m.group(2) in COUNTERS


def state_fits(copy, state: str) -> bool | None:
    """"with a Poison token" (has-token), "with no / without a Training token" (no-token, has-no-token)."""
    m = _STATE_RE.match(state)
    if m is None or m.group(2) not in COUNTERS:
        return None
    has = count(copy, m.group(2)) > 0
    return has if m.group(1) == "has-token" else not has


def _single_kind(spec) -> str | None:
    if spec is None or tuple(spec.card_types) != ("token",) or len(spec.keywords) != 1 or spec.tests \
            or spec.zone is not None:
        return None
    return kind_of(spec.keywords[0])


#: "a Fire token on Torazu", "a Madness token from Tenburo", "one of Chiyoda's Madness tokens"
_ON_NAME_RE = re.compile(r"^(?:on|from):([A-Z][\w-]*)$")
_OWNER_RE = re.compile(r"^(?:one of )?([A-Z][\w-]*)'s [A-Z][a-z]+ tokens?$")
#: "for each of Atsushi's Infamy tokens" (counted_tokens)
_COUNTED_OWNER_RE = re.compile(r"^([A-Z][\w-]*)'s [A-Z][a-z]+ tokens$")


def removed_token(spec) -> tuple[str, str] | None:
    """(kind, name) of "a Fire token on Torazu" -- one token of a kind on the card a name stands
    for -- or None for other words."""
    kind = _single_kind(spec)
    if kind is None or spec.count != 1 or spec.up_to or spec.ref not in ("choice", "possessed"):
        return None
    states = tuple(spec.states)
    if len(states) == 1 and _ON_NAME_RE.match(states[0]):
        return kind, _ON_NAME_RE.match(states[0]).group(1)
    m = _OWNER_RE.match((spec.text or "").strip())
    if states == ("of-this",) and m is not None:
        return kind, m.group(1)
    return None


#: "the number of Madness tokens he has" / "... on him": the card named before; "Atsushi's Infamy
#: tokens": this card (or the Personality it is attached to) by its name
_PRONOUN_STATES = ("on:it", "on:him", "on:her")


def counted_tokens(spec) -> tuple[str, str] | None:
    """(kind, whose) of counted tokens: whose "it" (the card named before) or "name:<Name>"."""
    kind = _single_kind(spec)
    if kind is None or spec.ref not in ("choice", "each", "possessed"):
        return None
    states = tuple(spec.states)
    if states in tuple((s,) for s in _PRONOUN_STATES):
        return kind, "it"
    if len(states) == 1 and _ON_NAME_RE.match(states[0]) and states[0].startswith("on:"):
        return kind, "name:" + _ON_NAME_RE.match(states[0]).group(1)
    m = _COUNTED_OWNER_RE.match((spec.text or "").strip())
    if states == ("of-this",) and m is not None:
        return kind, "name:" + m.group(1)
    return None
