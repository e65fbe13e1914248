"""The catalogue of common syntax mistakes, each with a specific message and suggestion.

Lark's ``match_examples`` compares the parser state of an error with the state each
example below fails in; the closest label wins. Mistakes that parse but mean nothing
(misspelt verbs, zones, properties, card names, unknown rule IDs, an expectation before
any action, a label used twice) are caught with suggestions where the words are checked:
the runner, the checker and the game modules. ``tests/test_mistakes.py`` pins every entry.
"""

from __future__ import annotations

HEAD = 'scenario "T"\ngame l5r\n'

#: label -> (message, suggestion, examples that fail at the same parser state)
SYNTAX_MISTAKES: dict[str, tuple[str, str, list[str]]] = {
    "unquoted-card-in-zone": (
        "a card name in a zone list must be quoted",
        'write the card as "Card Name" (entries are separated by commas)',
        [HEAD + "Alice hand: Doji Hoturi\n", HEAD + 'Alice home: "A", Doji\n', HEAD + "Alice home: 2 Ashigaru\n"],
    ),
    "unquoted-card-in-card-statement": (
        "the card statement names its card in quotes",
        'write: card "Card Name" TYPE attr…',
        [HEAD + "card Doji personality\n"],
    ),
    "lowercase-rule-id": (
        "a rule ID is written in capitals with dashes",
        "rule IDs look like L5R-ACT-COST or B-401.1 (see `adjudicator rules`)",
        [HEAD + "rule l5r-act-cost\n", HEAD + "Alice passes\nexpect illegal because l5r-round\n"],
    ),
    "empty-because": (
        "'because' needs at least one rule ID",
        "write: expect illegal because L5R-ROUND (or leave 'because' out)",
        [HEAD + "Alice passes\nexpect illegal because\n", HEAD + "Alice passes\nexpect illegal because \"x\"\n"],
    ),
    "advance-target": (
        "advance goes to a phase, a step or the next turn",
        "write: advance to phase NAME, advance to step NAME, or advance to next turn",
        [HEAD + "advance to turn\n", HEAD + "advance to action\n", HEAD + "advance\n", HEAD + "advance to\n"],
    ),
    "order-without-commas": (
        "the steps of 'expect order' are separated by commas",
        'write: expect order target "X", cost, effect "draw"',
        [HEAD + 'Alice passes\nexpect order target "X" cost\n'],
    ),
    "empty-expect": (
        "'expect' needs something to check",
        "e.g. expect legal, expect illegal because ID, expect phase action, expect \"Card\" bowed",
        [HEAD + "expect\n"],
    ),
    "player-without-name": (
        "'player' needs a name",
        "write: player Alice clan Crane family-honor 12",
        [HEAD + "player\n"],
    ),
}


def examples() -> dict[str, list[str]]:
    return {label: list(entry[2]) for label, entry in SYNTAX_MISTAKES.items()}
