"""Scenario files → :class:`~adjudicator.core.scenario_ast.Scenario`.

The Lark grammar is ``grammar/scenario.lark``; a Transformer turns its tree into our own
frozen nodes carrying FILE:LINE:COL. Syntax errors become :class:`ScenarioSyntaxError`
with the line, a caret, what was expected in words, and a suggestion where one fits.
"""

from __future__ import annotations

import re
from pathlib import Path

from lark import Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from . import scenario_ast as A
from .errors import ScenarioError, ScenarioSyntaxError, suggestion_text
from .grammar_files import build_lalr

MAX_SCENARIO_BYTES = 2_000_000  # a scenario is a page of text; refuse megabytes of it

_ESCAPE = re.compile(r"\\(.)")

#: statement keywords, for "did you mean" on a misspelt first word
STATEMENT_WORDS = (
    "scenario", "game", "rule", "note", "card", "cards", "player", "turn", "active", "phase",
    "step", "priority", "advance", "expect", "question",
)
EXPECT_WORDS = (
    "legal", "illegal", "order", "priority", "active", "turn", "phase", "step", "stack",
    "winner", "game",
)

# Human words for the grammar's terminals in "expected: …" lists.
_TERMINAL_WORDS = {
    "STRING": 'a quoted "name" or "text"',
    "BARE": "a word",
    "INT": "a number",
    "DASHED": "a dashed run of numbers (1-2-2)",
    "CELL": "a cell (row.column, e.g. 1.2)",
    "RULE_ID": "a rule ID (e.g. L5R-ACT-COST)",
    "_NL": "end of line",
    "$END": "end of file",
    "COMMA": "','",
    "COLON": "':'",
}


def _unquote(token: str) -> str:
    return _ESCAPE.sub(r"\1", token[1:-1])


class _ToAst(Transformer):
    """Lark tree → scenario AST. Positions come from tokens (``propagate_positions``)."""

    def __init__(self, file: str):
        super().__init__()
        self.file = file

    def _pos(self, item) -> A.Pos:
        if isinstance(item, Token):
            return A.Pos(self.file, item.line or 0, item.column or 0)
        return A.Pos(self.file, 0, 0)

    # -- atoms / values
    def atom_word(self, items):
        (tok,) = items
        return A.Atom("word", str(tok), self._pos(tok))

    def atom_string(self, items):
        (tok,) = items
        return A.Atom("string", _unquote(tok), self._pos(tok))

    def atom_int(self, items):
        (tok,) = items
        return A.Atom("int", int(tok), self._pos(tok))

    def atom_dashed(self, items):
        (tok,) = items
        return A.Atom("dashed", tuple(int(p) for p in str(tok).lstrip("+").split("-") if p), self._pos(tok))

    val_int, val_word, val_string, val_dashed = atom_int, atom_word, atom_string, atom_dashed

    def name_bare(self, items):
        return (str(items[0]), self._pos(items[0]))

    def name_string(self, items):
        return (_unquote(items[0]), self._pos(items[0]))

    # -- zones
    def zone_plain(self, items):
        return A.ZoneRef(str(items[0]), pos=self._pos(items[0]))

    def zone_numbered(self, items):
        return A.ZoneRef(str(items[0]), number=int(items[1]), pos=self._pos(items[0]))

    def zone_cell(self, items):
        row, col = str(items[1]).split(".")
        return A.ZoneRef(str(items[0]), cell=(int(row), int(col)), pos=self._pos(items[0]))

    def zone_card(self, items):
        return A.ZoneRef(str(items[0]), card=_unquote(items[1]), pos=self._pos(items[0]))

    # -- header
    def scenario(self, items):
        return A.ScenarioTitle(self._pos(items[0]), _unquote(items[0]))

    def game(self, items):
        return A.GameStmt(self._pos(items[0]), str(items[0]))

    def rule(self, items):
        return A.RuleStmt(self._pos(items[0]), tuple(str(t) for t in items))

    def note(self, items):
        return A.NoteStmt(self._pos(items[0]), _unquote(items[0]))

    def question(self, items):
        return A.QuestionStmt(self._pos(items[0]), _unquote(items[0]))

    # -- cards, players, position
    def card_def(self, items):
        name, ctype, *atoms = items
        return A.CardStmt(self._pos(name), _unquote(name), str(ctype), tuple(atoms))

    def cards_stmt(self, items):
        return A.CardsStmt(self._pos(items[0]), _unquote(items[0]))

    def player_decl(self, items):
        (name, pos), *atoms = items
        return A.PlayerStmt(pos, name, tuple(atoms))

    def set_turn(self, items):
        return A.PositionStmt(self._pos(items[0]), "turn", int(items[0]))

    def set_phase(self, items):
        return A.PositionStmt(self._pos(items[0]), "phase", str(items[0]))

    def set_step(self, items):
        return A.PositionStmt(self._pos(items[0]), "step", str(items[0]))

    def set_active(self, items):
        name, pos = items[0]
        return A.PositionStmt(pos, "active", name)

    def set_priority(self, items):
        name, pos = items[0]
        return A.PositionStmt(pos, "priority", name)

    def entry(self, items):
        count_tok, name_tok, *rest = items
        atoms, label = [], None
        for item in rest:
            if isinstance(item, tuple) and item and item[0] == "label":
                if label is not None:
                    raise ScenarioError("one copy can have only one label", self.file, item[2].line, item[2].column)
                label = item[1]
            else:
                atoms.append(item)
        count = int(count_tok) if count_tok is not None else 1
        return A.Entry(count, _unquote(name_tok), tuple(atoms), label, self._pos(name_tok))

    def entry_label(self, items):
        return ("label", str(items[0]), self._pos(items[0]))

    def zone_decl(self, items):
        (owner, pos), zone, *entries = items
        return A.ZoneStmt(pos, owner, zone, tuple(e for e in entries if e is not None))

    # -- actions
    def obj_card(self, items):
        return A.Obj("card", _unquote(items[0]), pos=self._pos(items[0]))

    def obj_word(self, items):
        return A.Obj("word", str(items[0]), pos=self._pos(items[0]))

    def obj_word_number(self, items):
        return A.Obj("word", str(items[0]), number=int(items[1]), pos=self._pos(items[0]))

    def obj_word_cell(self, items):
        row, col = str(items[1]).split(".")
        return A.Obj("word", str(items[0]), cell=(int(row), int(col)), pos=self._pos(items[0]))

    def obj_number(self, items):
        return A.Obj("number", str(items[0]), number=int(items[0]), pos=self._pos(items[0]))

    def objects(self, items):
        return tuple(items)

    def targeting(self, items):
        return ("targeting", items[0])

    def paying(self, items):
        return ("paying", items[0])

    def with_(self, items):
        return ("with_", items[0])

    def ability(self, items):
        return ("ability", int(items[0]))

    def from_zone(self, items):
        return ("from_zone", items[0])

    def to_zone(self, items):
        return ("to_zone", items[0])

    def onto(self, items):
        return ("onto", items[0])

    def for_(self, items):
        return ("for_", str(items[0]))

    def as_(self, items):
        return ("as_", str(items[0]))

    def x_value(self, items):
        return ("x", int(items[0]))

    def choosing(self, items):
        return ("choosing", str(items[0]))

    def focusing(self, items):  # a duel's focus turns in order (the L5R duel, games/l5r/duels.py)
        return ("focusing", items[0])

    def answering(self, items):  # choices of the triggered traits it sets off (L5R: games/l5r/triggers.py)
        return ("answering", items[0])

    def flag(self, items):
        return ("flag", str(items[0]))

    def _body(self, verb, objects, clauses):
        fields: dict = {"flags": []}
        for key, value in clauses:
            if key == "flag":
                fields["flags"].append(value)
            elif key in fields:
                raise ScenarioSyntaxError(
                    f"the clause '{key.rstrip('_')}' is given twice", self.file, verb.line, verb.column
                )
            else:
                fields[key] = value
        fields["flags"] = tuple(fields["flags"])
        return A.ActionBody(str(verb), tuple(objects), pos=self._pos(verb), **fields)

    def verb(self, items):
        return self._body(items[0], (), [])

    def verb_objects(self, items):
        return self._body(items[0], items[1], items[2:])

    def verb_clauses(self, items):
        return self._body(items[0], (), items[1:])

    def action(self, items):
        (actor, pos), body = items
        return A.ActionStmt(pos, actor, body)

    def advance_phase(self, items):
        return A.AdvanceStmt(self._pos(items[0]), "phase", str(items[1]))

    def advance_step(self, items):
        return A.AdvanceStmt(self._pos(items[0]), "step", str(items[1]))

    def advance_turn(self, items):
        return A.AdvanceStmt(self._pos(items[0]), "turn", None)

    # -- expectations
    def because(self, items):
        return tuple((str(t), self._pos(t)) for t in items)

    def expect_legal(self, items):
        return A.ExpectLegal(self._pos(items[0]))

    def expect_illegal(self, items):
        kw, because, text = items
        because = because or ()
        return A.ExpectIllegal(
            self._pos(kw),
            rules=tuple(r for r, _ in because),
            text=_unquote(text) if text is not None else None,
            rules_pos=tuple(p for _, p in because),
        )

    def expect_may(self, items):
        return self._may(items, False)

    def expect_may_not(self, items):
        return self._may(items, True)

    def _may(self, items, negated):
        kw, (actor, _), body, because = items
        because = because or ()
        return A.ExpectMay(
            self._pos(kw), actor=actor, body=body, negated=negated,
            rules=tuple(r for r, _ in because), rules_pos=tuple(p for _, p in because),
        )

    def step_spec(self, items):
        kind, text = items
        return A.StepSpec(str(kind), _unquote(text) if text is not None else None, self._pos(kind))

    def expect_order(self, items):
        return A.ExpectOrder(self._pos(items[0]), steps=tuple(items[1:]))

    def _timing(self, items, field, value):
        return A.ExpectTiming(self._pos(items[0]), field=field, value=value)

    def expect_priority(self, items):
        return self._timing(items, "priority", items[1][0])

    def expect_active(self, items):
        return self._timing(items, "active", items[1][0])

    def expect_turn(self, items):
        return self._timing(items, "turn", int(items[1]))

    def expect_phase(self, items):
        return self._timing(items, "phase", str(items[1]))

    def expect_step(self, items):
        return self._timing(items, "step", str(items[1]))

    def expect_stack_empty(self, items):
        return A.ExpectStack(self._pos(items[0]), names=())

    def expect_stack(self, items):
        return A.ExpectStack(self._pos(items[0]), names=tuple(_unquote(t) for t in items[1:]))

    def expect_winner(self, items):
        return A.ExpectWinner(self._pos(items[0]), name=items[1][0])

    def expect_game_over(self, items):
        return A.ExpectGameOver(self._pos(items[0]), over=True)

    def expect_game_not_over(self, items):
        return A.ExpectGameOver(self._pos(items[0]), over=False)

    def subj_card(self, items):
        return A.Subject(_unquote(items[0]), True, self._pos(items[0]))

    def subj_name(self, items):
        return A.Subject(str(items[0]), False, self._pos(items[0]))

    def expect_in(self, items):
        kw, subject, (owner, _), zone = items
        return A.ExpectIn(self._pos(kw), subject=subject, owner=owner, zone=zone)

    def expect_prop(self, items):
        kw, subject, prop, value = items
        return A.ExpectProp(self._pos(kw), subject=subject, prop=str(prop), value=value,
                            prop_pos=self._pos(prop))

    def expect_not_prop(self, items):
        kw, subject, prop, value = items
        return A.ExpectProp(self._pos(kw), subject=subject, prop=str(prop), value=value, negated=True,
                            prop_pos=self._pos(prop))

    def start(self, items):
        return [i for i in items if i is not None]


def _expected_words(parser, names) -> list[str]:
    words = []
    for name in sorted(set(names)):
        if name in _TERMINAL_WORDS:
            words.append(_TERMINAL_WORDS[name])
            continue
        term = next((t for t in parser.terminals if t.name == name), None)
        if term is not None and term.pattern.type == "str":
            words.append(f"'{term.pattern.value}'")
        else:
            words.append(name.lower())
    return sorted(dict.fromkeys(words))


def _syntax_error(exc: UnexpectedInput, text: str, file: str, parser) -> ScenarioSyntaxError:
    lines = text.splitlines()
    line = getattr(exc, "line", 0) or 0
    column = getattr(exc, "column", 0) or 0
    if isinstance(exc, UnexpectedEOF) or line <= 0:
        line = max(len(lines), 1)
        column = len(lines[-1]) + 1 if lines else 1
    source_line = lines[line - 1] if 0 < line <= len(lines) else ""
    expected = _expected_words(parser, getattr(exc, "expected", None) or getattr(exc, "allowed", None) or [])
    suggestion = None
    if isinstance(exc, UnexpectedToken):
        found = str(exc.token)
        what = "end of line" if exc.token.type == "_NL" else (
            "end of file" if exc.token.type == "$END" else f"'{found}'")
        message = f"unexpected {what}"
        word = found.strip()
        first_word = source_line[: column - 1].strip() == ""
        if first_word and word and word[0].islower():
            suggestion = suggestion_text(word, STATEMENT_WORDS)
        words = source_line.split()
        if words[:1] == ["expect"] and len(words) >= 2 and words[1][:1].islower() \
                and words[1] not in EXPECT_WORDS:
            suggestion = suggestion_text(words[1], EXPECT_WORDS)
        if exc.token.type == "BARE" and '"' not in source_line and "STRING" in (exc.expected or ()):
            suggestion = suggestion or 'card names are quoted: "Card Name"'
    elif isinstance(exc, UnexpectedCharacters):
        char = source_line[column - 1] if 0 < column <= len(source_line) else "?"
        if char == '"':
            message = "unterminated string (a closing '\"' is missing on this line)"
            expected = []
        else:
            message = f"unexpected character {char!r}"
    else:
        message = "unexpected end of file"
    known = _known_mistake(exc)
    if known is not None:
        message, suggestion = known[0], known[1]
    return ScenarioSyntaxError(message, file, line, column, source_line, expected, suggestion)


def _known_mistake(exc: UnexpectedInput):
    """The catalogue entry whose examples fail in the same parser state, if any."""
    from .mistakes import SYNTAX_MISTAKES, examples

    if not isinstance(exc, (UnexpectedToken, UnexpectedEOF)):
        return None
    parser, to_ast = _parser()
    saved = to_ast.file
    try:
        label = exc.match_examples(parser.parse, examples(), use_accepts=True)
    except Exception:  # a catalogue example that parses or breaks: no match, keep the plain message
        label = None
    finally:
        to_ast.file = saved
    return SYNTAX_MISTAKES.get(label) if label else None


def parse_scenario(text: str, file: str = "<input>") -> A.Scenario:
    """Parse scenario text; raise ScenarioSyntaxError / ScenarioError on bad input."""
    if len(text) > MAX_SCENARIO_BYTES:
        raise ScenarioError(
            f"the file is {len(text):,} characters long; scenario files are limited to "
            f"{MAX_SCENARIO_BYTES:,}", file)
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise ScenarioSyntaxError("a NUL byte: this is not a text file", file, line, 1)
    parser, to_ast = _parser()
    to_ast.file = file
    try:
        statements = parser.parse(text if text.endswith("\n") else text + "\n")
    except UnexpectedInput as exc:
        raise _syntax_error(exc, text, file, parser) from None
    except VisitError as exc:  # an error raised by the transformer while parsing
        if isinstance(exc.orig_exc, ScenarioError):
            raise exc.orig_exc from None
        raise
    return _assemble(statements, text, file)


_PARSER = None


def _parser():
    """The scenario parser with the AST transformer inlined: lark calls it while parsing,
    so no parse tree is built (the hot path of checking thousands of scenarios)."""
    global _PARSER
    if _PARSER is None:
        to_ast = _ToAst("<input>")
        _PARSER = (build_lalr("scenario.lark", transformer=to_ast, propagate_positions=False), to_ast)
    return _PARSER


def _assemble(statements, text: str, file: str) -> A.Scenario:
    lines = tuple(text.splitlines())
    if not statements:
        raise ScenarioError("the file has no statements; a scenario starts with: scenario \"Title\"", file, 1, 1,
                            lines[0] if lines else "")
    first = statements[0]
    if not isinstance(first, A.ScenarioTitle):
        raise ScenarioError(
            'a scenario file must start with: scenario "Title"', file, first.pos.line, first.pos.column,
            lines[first.pos.line - 1] if first.pos.line else None,
        )
    title, game, game_pos, rules, notes = first.title, None, A.NOWHERE, [], []
    body = []
    for st in statements[1:]:
        if isinstance(st, A.ScenarioTitle):
            raise ScenarioError("a second 'scenario' line: one scenario per file", file, st.pos.line,
                                st.pos.column, lines[st.pos.line - 1])
        if isinstance(st, A.GameStmt):
            if game is not None:
                raise ScenarioError("the game is declared twice", file, st.pos.line, st.pos.column,
                                    lines[st.pos.line - 1])
            game, game_pos = st.name, st.pos
        elif isinstance(st, A.RuleStmt):
            rules.extend(st.ids)
            body.append(st)
        elif isinstance(st, A.NoteStmt):
            notes.append(st.text)
        else:
            body.append(st)
    if game is None:
        raise ScenarioError("the 'game' line is missing (game l5r | berserk | time-masters | here-i-stand)",
                            file, first.pos.line, first.pos.column, lines[first.pos.line - 1])
    return A.Scenario(file, title, game, game_pos, tuple(rules), tuple(notes), tuple(body), lines)


def read_scenario(path: str | Path) -> A.Scenario:
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ScenarioError(f"cannot read the file: {exc.strerror or exc}", str(path)) from None
    if len(raw) > MAX_SCENARIO_BYTES:
        raise ScenarioError(f"the file is {len(raw):,} bytes; scenario files are limited to "
                            f"{MAX_SCENARIO_BYTES:,}", str(path))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ScenarioSyntaxError("the file is not UTF-8 text", str(path), line, 1) from None
    return parse_scenario(text, str(path))
