"""The fast contextual lexer must give exactly lark's tokens (and lark's errors).

Each test runs the same text through one ``Lark`` object twice, once with lark's own
contextual lexer and once with :mod:`adjudicator.core.fast_lexer`, recording every token the
parser receives (type, value, start, end, columns) and the error raised, if any.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark
from lark.exceptions import LarkError

from adjudicator.core.fast_lexer import FastContextualLexer, first_chars, install

# A grammar with the cases that decide a token: literals against regex terminals of the same
# priority (lark's "unless": "battle" is lexed by PERIOD and re-typed), a longer literal that
# beats a shorter regex ("battles"), a higher-priority multi-word terminal with a look-ahead
# (AND_VP), literals that are prefixes of one another ("a", "an", "and"), punctuation.
TOY = r"""
start: item+
?item: "bow" np -> bow
     | "the" PERIOD -> period
     | "this" "battle" -> this_battle
     | "battles" -> battles
     | "at" PERIOD -> at_period
     | "at" "battle" "end" -> at_battle_end
     | np AND_VP "is" STATE -> is_state
     | "a" WORD -> a_word
     | "an" WORD -> an_word
     | "and" -> and_
     | NUMBER "gold" -> gold
     | "," -> comma
     | "." -> period_mark
np: CAPWORD | "him" | "her"
PERIOD: /(?:battle|phase|turn)/
STATE: /(?:bowed|unbowed|dishonored)/
AND_VP.5: /,?\s*and(?=\s+is\s)/
CAPWORD: /[A-Z][A-Za-z\-]*/
WORD: /[a-z]+/
NUMBER: /[0-9]+/
%ignore /[ \t]+/
"""


def _recording(lexer):
    seen = []
    inner = lexer.lex

    def lex(lexer_state, parser_state):
        for tok in inner(lexer_state, parser_state):
            seen.append((tok.type, str(tok), tok.start_pos, tok.end_pos, tok.column, tok.end_column))
            yield tok

    return seen, lex


def _run(parser, lexer, text: str, start: str | None = None):
    frontend = parser.parser
    old = frontend.lexer
    seen, lex = _recording(lexer)
    proxy = type("Proxy", (), {"lex": staticmethod(lex)})()
    frontend.lexer = proxy
    try:
        try:
            tree = parser.parse(text, start=start) if start else parser.parse(text)
            outcome = ("ok", tree)
        except LarkError as e:
            outcome = (type(e).__name__, getattr(e, "pos_in_stream", None), getattr(e, "column", None))
    finally:
        frontend.lexer = old
    return seen, outcome


def _both(parser, fast, text, start=None):
    return _run(parser, fast._fallback, text, start), _run(parser, fast, text, start)


@pytest.fixture(scope="module")
def toy():
    parser = Lark(TOY, parser="lalr", lexer="contextual", propagate_positions=True)
    assert install(parser)
    return parser, parser.parser.lexer


@pytest.mark.parametrize(
    "text",
    [
        "bow Hida", "the battle", "this battle", "battles", "the turn, bow him",
        "Hida , and is bowed", "Hida and is unbowed", "a b an c and", "3 gold.",
        "an", "a", "and", "bow", "the battles", "bow Hida Kisada", "bow 3", "x", "the battle!",
        "at battle end", "at turn", "at battle",
    ],
)
def test_same_tokens_and_errors_as_lark(toy, text):
    parser, fast = toy
    assert isinstance(fast, FastContextualLexer)
    lark_run, fast_run = _both(parser, fast, text)
    assert fast_run == lark_run


WORDS = ["bow", "the", "this", "battle", "battles", "turn", "phase", "a", "an", "and", "is", "bowed",
         "Hida", "him", "her", "3", "gold", ",", ".", " ", ", and", "x", "Z", "at", "end"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8), st.sampled_from([" ", "", "  "]))
def test_same_as_lark_on_random_word_sequences(toy, words, sep):
    parser, fast = toy
    text = sep.join(words).strip() or "bow"
    lark_run, fast_run = _both(parser, fast, text)
    assert fast_run == lark_run


def test_first_chars_of_patterns():
    assert first_chars(r"[A-Z][a-z]*") == frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert first_chars(r",?\s*and") >= frozenset(", a")
    assert "b" not in first_chars(r",?\s*and")
    assert first_chars(r"(?<!\bhe )or(?=\s)") == frozenset("o")
    assert first_chars(r"(a\s+)?fear") == frozenset("af")
    assert first_chars(r".x") is None  # any character
    assert first_chars(r"abc", re.IGNORECASE) is None


def test_install_refuses_other_parsers():
    assert not install(Lark(TOY, parser="lalr", lexer="basic"))
    assert not install(Lark(TOY, parser="earley"))


# ----------------------------------------------------------------- the real L5R grammar

L5R_SENTENCES = [
    ("Bow a target Personality.", "sentence"),
    ("Destroy all bowed cards in it.", "sentence"),
    ("Give your target Follower +2F until the end of the battle.", "sentence"),
    ("discard this card and target an enemy unit", "limits"),
    ("After this card enters play", "event"),
    ("you control a Samurai, or he is dishonorable", "cond"),
    ("Bow him and move him home, paying all costs.", "sentence"),
    ("Bow zzz frobnicate.", "sentence"),  # a lexing error: lark's own exception
]


@pytest.fixture(scope="module")
def l5r():
    from adjudicator.games.l5r import ability

    parser, vocab = ability._get_parser()
    assert isinstance(parser.parser.lexer, FastContextualLexer)
    return parser, parser.parser.lexer, vocab


@pytest.mark.parametrize("text,start", L5R_SENTENCES)
def test_l5r_grammar_same_tokens(l5r, text, start):
    from adjudicator.games.l5r.ability import _normalise_words

    parser, fast, vocab = l5r
    normal = _normalise_words(text, vocab)
    lark_run, fast_run = _both(parser, fast, normal, start)
    assert fast_run == lark_run


def test_prepare_builds_every_state_and_changes_no_token(toy):
    parser, _ = toy
    fresh = Lark(TOY, parser="lalr", lexer="contextual", propagate_positions=True)
    assert install(fresh)
    fast = fresh.parser.lexer
    fast.prepare()
    assert set(fast._tables) == set(fast._basic_by_state)
    lark_run, fast_run = _both(fresh, fast, "at battle end, bow Hida")
    assert fast_run == lark_run and fast_run[1][0] == "ok"


def test_lexing_errors_compile_no_lark_scanner():
    # lark compiles a state's scanner (hundreds of alternatives) the first time it lexes in
    # that state; the fast lexer raises lark's errors from its own tables instead
    fresh = Lark(TOY, parser="lalr", lexer="contextual", propagate_positions=True)
    assert install(fresh)
    fast = fresh.parser.lexer
    for text in ["bow Hida x", "the battle!", "at battle end, bow ?", "3 gold gold"]:
        with pytest.raises(LarkError):
            fresh.parse(text)
    assert all(basic._scanner is None for basic in fast._fallback.lexers.values())
