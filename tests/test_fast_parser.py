"""The fast parser (one loop: lex, LALR over lark's table, transform) must give exactly what
lark's parser and ``Transformer`` give: the same method calls, in the same order, with the same
children and the same positions (meta), and no result where lark raises.

Each test parses a text twice with one ``Lark`` object: ``transformer.transform(lark.parse())``
and :class:`adjudicator.core.fast_parser.FastParser`.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark, Token
from lark.exceptions import LarkError

from adjudicator.core.fast_lexer import install
from adjudicator.core.fast_parser import FAILED, UNHANDLED, FastParser, supports
from adjudicator.core.table_transformer import TableTransformer

# The cases that shape children and positions:
# * ``?wrapped`` hands up its only child: a token as it is (the parent's span starts at the
#   name, not at the bracket), a tree with its container widened (the span starts at the bracket);
# * ``_more`` is spliced into its parent, with its own filtered comma;
# * ``!kw`` keeps its tokens; ``?pair ... -> both`` is aliased, so never handed up;
# * ``nomethod`` has no method (the transformer's ``__default__``); ``boom`` raises.
TOY = r"""
start: item+
?item: "give" list -> give
     | wrapped "!" -> shout
     | kw CAPWORD -> keyword
     | pair
     | "no" nomethod -> no
     | "boom" CAPWORD -> boom
     | "say" QUOTED -> say
list: np _more*
_more: "," np
     | "and" np
?np: CAPWORD
   | "the" CAPWORD
   | "both" pair
?wrapped: "(" CAPWORD ")"
        | "[" np np "]"
        | "{" inner "}"
inner: CAPWORD+
!kw: "bow" | "bows"
?pair: np "with" np -> both
     | "pair" NUMBER
nomethod: CAPWORD
QUOTED: /"[^"]*"/
CAPWORD: /[A-Z][A-Za-z\-]*/
NUMBER: /[0-9]+/
%ignore /[ \t]+/
"""


def _plain(child):
    if isinstance(child, Token):
        return ("tok", child.type, str(child), child.start_pos, child.end_pos, child.column, child.end_column)
    return child


def _record(self, meta, children, name):
    self.calls.append(name)
    return (name, meta.start_pos, meta.end_pos, meta.column, meta.end_column, tuple(_plain(c) for c in children))


class Recorder(TableTransformer):
    """Calls ``method(self, meta, children)`` from ``_methods`` as the L5R transformer does."""

    def __init__(self, names):
        super().__init__()
        self.calls: list[str] = []
        self._methods = {n: (lambda self, meta, ch, _n=n: _record(self, meta, ch, _n)) for n in names}
        self._methods["boom"] = lambda self, meta, ch: 1 / 0

    def __default__(self, data, children, meta):
        return ("default", data, meta.start_pos, meta.end_pos, tuple(_plain(c) for c in children))


NAMES = ["start", "give", "shout", "keyword", "both", "pair", "no", "say", "list", "inner", "kw", "np"]


@pytest.fixture(scope="module")
def toy():
    parser = Lark(TOY, parser="lalr", lexer="contextual", propagate_positions=True, maybe_placeholders=False)
    assert install(parser) and supports(parser)
    return parser


def _both(parser, text, start=None):
    lark_side = Recorder(NAMES)
    try:
        expected = lark_side.transform(parser.parse(text, start=start))
    except LarkError:  # a parse error, or a method's error wrapped in VisitError
        expected = None
    runs = []
    for codegen_max in (3, 0):  # generated reducers, and the generic one for every rule
        fast_side = Recorder(NAMES)
        got = FastParser(parser, fast_side, codegen_max=codegen_max).parse(text, start or "start")
        got = None if got is FAILED else got
        runs.append((got, fast_side.calls if got is not None else None))
    assert runs[0] == runs[1]
    return (expected, lark_side.calls if expected is not None else None), runs[0]


@pytest.mark.parametrize(
    "text",
    [
        "give Hida", "give Hida, Kisada and the Yakamo", "(Hida) !", "( Hida )!", "[Hida the Kisada] !",
        "{Hida Kisada} !", "bow Hida", "bows Hida", "Hida with Kisada", "pair 3", "give both Hida with Kisada",
        "no Hida", 'say "Bow him."', "give Hida (Kisada) ! bow Yakamo pair 2",
        # errors: lexing, parsing, a method raising
        "give", "give hida", "(Hida !", "Hida", "boom Hida", "give Hida ?",
    ],
)
def test_same_calls_children_and_positions_as_lark(toy, text):
    lark_run, fast_run = _both(toy, text)
    assert fast_run == lark_run


def test_a_token_handed_up_keeps_its_span_a_tree_widens_to_its_wrapper(toy):
    (value, _), _ = _both(toy, "(Hida) !")
    shout = value[5][0]
    assert shout[0] == "shout" and shout[1] == 1  # starts at the name: the bracket was filtered with the ?rule
    (value, _), _ = _both(toy, "{Hida} !")
    shout = value[5][0]
    assert shout[0] == "shout" and shout[1] == 0  # the inner tree's container is the bracketed group


WORDS = ["give", "Hida", "Kisada", ",", "and", "the", "(", ")", "[", "]", "{", "}", "!", "bow", "bows",
         "with", "pair", "3", "both", "no", "say", '"x y"', "boom", "x", "?"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=9), st.sampled_from([" ", "", "  "]))
def test_same_as_lark_on_random_word_sequences(toy, words, sep):
    lark_run, fast_run = _both(toy, sep.join(words))
    assert fast_run == lark_run


def test_newline_text_is_left_to_lark(toy):
    assert FastParser(toy, Recorder(NAMES)).parse("give Hida,\nKisada", "start") is UNHANDLED


def test_supports_only_the_configuration_it_reproduces():
    assert not supports(Lark(TOY, parser="lalr", lexer="contextual", propagate_positions=True))  # no fast lexer
    plain = Lark(TOY, parser="lalr", lexer="contextual", maybe_placeholders=False)
    install(plain)
    assert not supports(plain)  # no positions
    assert not supports(Lark(TOY, parser="earley", propagate_positions=True))
    empty = Lark('start: "a" maybe\nmaybe: "b" |\n%ignore " "', parser="lalr", lexer="contextual",
                 propagate_positions=True, maybe_placeholders=False)
    install(empty)
    assert not supports(empty)  # an empty rule: a tree could get its position late
    with pytest.raises(ValueError):
        FastParser(empty, Recorder(NAMES))


# ----------------------------------------------------------------- the real L5R grammar

L5R_SENTENCES = [
    ("Bow a target Personality.", "sentence"),
    ("Destroy all bowed cards in it.", "sentence"),
    ("Give your target Follower +2F.", "sentence"),
    ("Give your target Follower +2F and the Cavalry keyword.", "sentence"),  # does not parse
    ("Straighten him or move him home.", "sentence"),
    ("Gain 2 Honor for each Samurai you control.", "sentence"),
    ("discard this card and target an enemy unit", "limits"),
    ("Bow this card, Pay 2 Gold", "limits"),
    ("this card enters play", "event"),
    ("a Personality you control is destroyed", "event"),
    ("you control a Samurai, or he is dishonorable", "cond"),
    ("Bow him and move him home, paying all costs.", "sentence"),
    ('Give him the ability, "Battle: Bow a target enemy Personality."', "sentence"),
    ("Bow zzz frobnicate.", "sentence"),
    ("Bow a target.", "cond"),
]


@pytest.fixture(scope="module")
def l5r():
    from adjudicator.games.l5r import ability

    parser, vocab = ability._get_parser()
    assert isinstance(ability._fast, FastParser)
    return ability, parser, vocab


def _dump(x):
    """A structural picture of a transformed value (intermediate objects have no useful repr)."""
    if isinstance(x, Token):
        return ("tok", x.type, str(x), x.start_pos, x.end_pos)
    if x is None or isinstance(x, (str, int, float, bool)):
        return x
    if isinstance(x, (list, tuple, set, frozenset)):
        return (type(x).__name__, [_dump(v) for v in x])
    if isinstance(x, dict):
        return ("dict", sorted((repr(k), _dump(v)) for k, v in x.items()))
    fields = getattr(x, "__dataclass_fields__", None)
    if fields is not None:
        names = list(fields)
    else:
        names = [n for cls in type(x).__mro__ for n in getattr(cls, "__slots__", ())]
        names += list(getattr(x, "__dict__", {}))
    return (type(x).__name__, [(n, _dump(getattr(x, n, None))) for n in names])


def _l5r_both(l5r, text, start):
    ability, parser, vocab = l5r
    normal = ability._normalise_words(text, vocab)
    t = ability._transformer
    t._piece, t._offset = text, 3
    try:
        expected = t.transform(parser.parse(normal, start=start))
    except (LarkError, RecursionError, ValueError, TypeError, IndexError, AttributeError, StopIteration):
        expected = None
    got = ability._fast.parse(normal, start)
    assert got is not UNHANDLED
    return _dump(expected), _dump(None if got is FAILED else got)


@pytest.mark.parametrize("text,start", L5R_SENTENCES)
def test_l5r_same_result_as_lark(l5r, text, start):
    expected, got = _l5r_both(l5r, text, start)
    assert got == expected


def test_l5r_sentences_parse_to_something(l5r):
    # the comparison above must not pass only because both sides fail
    ok = [text for text, start in L5R_SENTENCES if _l5r_both(l5r, text, start)[1] is not None]
    assert len(ok) >= 11


L5R_WORDS = ["Bow", "Destroy", "Give", "Gain", "Straighten", "target", "a", "an", "your", "enemy", "his",
             "Personality", "Follower", "Samurai", "him", "it", "this", "card", "+2F", "-1C", "2", "Honor",
             "Gold", "until", "the", "end", "of", "battle", "turn", ",", ".", "and", "or", "move", "home",
             "if", "he", "is", "bowed", "dishonorable", "you", "control", "for", "each", "Hida", "Kisada"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(L5R_WORDS), min_size=1, max_size=10),
       st.sampled_from(["sentence", "limits", "event", "cond"]))
def test_l5r_same_as_lark_on_random_word_sequences(l5r, words, start):
    text = " ".join(words).replace(" ,", ",").replace(" .", ".")
    expected, got = _l5r_both(l5r, text, start)
    assert got == expected
