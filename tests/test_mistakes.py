"""The catalogue of common mistakes: each gives its specific message and suggestion."""

from __future__ import annotations

import pytest

from adjudicator.core.errors import ScenarioSyntaxError, SourceError
from adjudicator.core.mistakes import SYNTAX_MISTAKES
from adjudicator.core.scenario_parser import parse_scenario

from .helpers import run_text

SYNTAX_CASES = [(label, i, ex) for label, (_, _, exs) in SYNTAX_MISTAKES.items() for i, ex in enumerate(exs)]


@pytest.mark.parametrize("label, index, text", SYNTAX_CASES, ids=[f"{c[0]}-{c[1]}" for c in SYNTAX_CASES])
def test_syntax_mistake_gets_its_message(label, index, text):
    message, suggestion, _ = SYNTAX_MISTAKES[label]
    with pytest.raises(ScenarioSyntaxError) as info:
        parse_scenario(text, "m.scn")
    assert info.value.message == message
    assert info.value.suggestion == suggestion


def test_variants_not_in_the_catalogue_text_still_match():
    with pytest.raises(ScenarioSyntaxError) as info:
        parse_scenario('scenario "T"\ngame l5r\nplayer A\nA fate-deck: Strike Down, "X"\n', "m.scn")
    assert info.value.message == SYNTAX_MISTAKES["unquoted-card-in-zone"][0]


HEAD = 'scenario "t"\ngame l5r\nplayer Alice\nplayer Bob\nphase action\nAlice hand: "Fresh Orders" as F\n'

SEMANTIC = [
    ("misspelt verb", "Alice plys F\n", "unknown verb 'plys'", "did you mean 'play'"),
    ("misspelt property", "expect Alice famly-honor 3\n", "unknown player property 'famly-honor'",
     "did you mean 'family-honor'"),
    ("misspelt card property", 'expect F bowd\n', "unknown card property 'bowd'", "did you mean 'bowed'"),
    ("misspelt card name", 'Bob home: "Fresh Order"\n', 'unknown card "Fresh Order"', "did you mean 'Fresh Orders'"),
    ("misspelt zone name", 'Bob hnd: "Fresh Orders"\n', "unknown zone 'hnd'", "did you mean 'hand'"),
    ("missing quotes on an action's card", "Alice plays Fresh\n", "is not a card: card names are quoted", None),
    ("unknown rule ID", "Alice passes\nexpect illegal because L5R-ROUDN\n", "unknown rule ID 'L5R-ROUDN'",
     "did you mean 'L5R-ROUND'"),
    ("expectation before any action", "expect legal\n", "no action comes before it", None),
    ("label used twice", 'Bob hand: "Fresh Orders" as F\n', "the label 'F' is used twice", None),
    ("zone line without colon", 'Bob hand "Fresh Orders"\n', "'hand' is a zone: a zone line needs a colon",
     'write: Bob hand: "Card", "Card"'),
    ("action line with a colon", 'Bob plays: "Fresh Orders"\n', "'plays' is a verb, and an action line has no colon",
     None),
    ("misspelt phase", "phase acton\n", "unknown phase 'acton'", "did you mean 'action'"),
    ("misspelt player", "Alise passes\n", "unknown player 'Alise'", "did you mean 'Alice'"),
    ("misspelt statement word", "expct legal\n", "unknown player 'expct'", "did you mean 'expect'"),
    ("misspelt game", None, "unknown game 'l5', ", "did you mean 'l5r'"),
]


@pytest.mark.parametrize("name, text, message, suggestion", SEMANTIC, ids=[c[0] for c in SEMANTIC])
def test_semantic_mistake_gets_its_message(name, text, message, suggestion):
    source = 'scenario "t"\ngame l5\n' if text is None else HEAD + text
    with pytest.raises(SourceError) as info:
        run_text(source)
    rendered = info.value.render()
    assert message.rstrip(", ") in rendered
    if suggestion:
        assert suggestion in rendered
    assert info.value.line > 0 and info.value.column > 0
