"""The card-text vocabulary of the built-in pool and of scenario-defined cards.

Seed 003 describes the turn, not the texts of individual cards, so the engine understands a
small closed set of sentences (case-insensitive, one per sentence, ending with a full stop):

* ``Draw N cards.`` / ``Draw a card.`` — draw from the mage's deck (as many as it holds);
* ``Restore N time.`` — turn up to N spent time tokens face up again;
* ``Gain N imaginary time.`` — take N imaginary time tokens from the supply;
* ``Gain N time.`` — gain N regular (face-up) time tokens.

A timer whose text has a clause ``Discard: …`` (or ``Discard this timer: …`` / ``… discard
this timer to …``) may be discarded for that effect (TM-MAIN.5).
Any other sentence is recorded as a note ("not modelled") and changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core.game import Context
from ...core.position import Copy

_NUMBER = r"(a|an|one|two|three|four|five|\d+)"
_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_PATTERNS = (
    ("draw", re.compile(rf"^draw {_NUMBER} cards?$")),
    ("restore", re.compile(rf"^restore {_NUMBER} (?:spent )?time$")),
    ("imaginary", re.compile(rf"^gain {_NUMBER} imaginary time$")),
    ("time", re.compile(rf"^gain {_NUMBER} time$")),
)
_DISCARD_CLAUSE = re.compile(r"\bdiscard(?: this(?: timer| card)?)?\s*(?::|to\b)\s*(.*)$",
                             re.IGNORECASE | re.DOTALL)


@dataclass(frozen=True)
class Effect:
    kind: str  # draw | restore | imaginary | time | unknown
    amount: int
    text: str


def _number(word: str) -> int:
    return _WORDS.get(word.lower()) or int(word)


def parse_effects(text: str) -> list[Effect]:
    out = []
    for sentence in (s.strip() for s in re.split(r"[.\n;]", text or "")):
        if not sentence:
            continue
        low = " ".join(sentence.lower().split())
        for kind, pattern in _PATTERNS:
            m = pattern.match(low)
            if m:
                out.append(Effect(kind, _number(m.group(1)), sentence))
                break
        else:
            out.append(Effect("unknown", 0, sentence))
    return out


def split_timer_text(text: str) -> tuple[str, str | None]:
    """A timer's text as (ordinary text, the effect of its ``Discard:`` clause or None)."""
    m = _DISCARD_CLAUSE.search(text or "")
    if not m:
        return text or "", None
    return (text or "")[: m.start()], m.group(1)


def carry_out(ctx: Context, source: Copy, text: str, rule: str) -> None:
    """Carry out each sentence of ``text`` for the acting mage, one effect step each."""
    pos, me = ctx.position, ctx.actor
    attrs = pos.players[me].attrs
    for eff in parse_effects(text):
        if eff.kind == "draw":
            drawn = draw(pos, me, eff.amount)
            short = f" (the deck held only {drawn})" if drawn < eff.amount else ""
            ctx.step("effect", f"{source.name}: {me} draws {eff.amount} card(s){short}", rule)
        elif eff.kind == "restore":
            back = min(eff.amount, int(attrs.get("spent-time", 0)))
            attrs["spent-time"] = int(attrs.get("spent-time", 0)) - back
            attrs["time"] = int(attrs.get("time", 0)) + back
            ctx.step("effect", f"{source.name}: {me} restores {back} time", rule)
        elif eff.kind == "imaginary":
            attrs["imaginary-time"] = int(attrs.get("imaginary-time", 0)) + eff.amount
            ctx.step("effect", f"{source.name}: {me} gains {eff.amount} imaginary time", rule)
        elif eff.kind == "time":
            attrs["time"] = int(attrs.get("time", 0)) + eff.amount
            ctx.step("effect", f"{source.name}: {me} gains {eff.amount} time", rule)
        else:
            ctx.step("note", f"{source.name}: '{eff.text}' is not modelled by the engine; nothing changes", rule)


def draw(pos, player: str, count: int) -> int:
    """Move up to ``count`` cards from the top of the mage's deck to their hand."""
    drawn = 0
    for _ in range(count):
        deck = pos.zones.get((player, "deck"), [])
        if not deck:
            break
        pos.move(deck[0], player, "hand")
        drawn += 1
    return drawn
