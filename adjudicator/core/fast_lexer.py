"""A faster stand-in for lark's contextual lexer, token for token the same.

Why: on the L5R card pool about a third of the parse time went on lark's contextual lexer. Each
parser state gets one regular expression that alternates *every* terminal the state accepts,
literal words included (several hundred alternatives), and Python's ``re`` tries them one
after the other at every token. Compiling those expressions (about a thousand, one per state)
also cost more than a second on the first pass.

What this lexer does instead, per parser state (built lazily, on first use):

* the state's **literal** terminals (``"bow"``, ``","``) go into a dictionary, found by slicing
  the text at the candidate lengths for the character at hand;
* its **regular-expression** terminals (``CAPWORD``, ``NUMBER``, ``WS``, multi-word forms) are
  alternated in one small expression per first character: only the terminals that can begin
  with that character (worked out from the parsed pattern) take part, so a lower-case word
  usually meets no regular expression at all. Expressions are compiled once per distinct set
  of terminals and shared by states.

It then picks the token exactly as lark would. Lark tries the state's terminals in one fixed
order (priority, then maximum width, then length, then name) and takes the first that matches;
here the first matching regular expression and the first matching literal are each found
quickly and the one earlier in that order wins. Lark's "unless" rule is kept too: a literal that
a regular expression of the same priority matches whole is lexed by that expression and the
token re-typed to the literal (``_create_unless``).

Anything unusual (text with a newline, an expression Python cannot compile) is handed to lark's
own contextual lexer from the same position. A lexing error raises what lark would raise (the
state's ``UnexpectedCharacters``, or ``UnexpectedToken`` when lark's root lexer would lex a token
there), built from the same tables.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

__all__ = ["install", "first_chars"]

_ANY = None  # "any character may come first"
_MISSING = object()
_WHITESPACE = frozenset(" \t\n\r\f\v")
_DIGITS = frozenset("0123456789")


def first_chars(pattern: str, flags: int = 0) -> frozenset[str] | None:
    """The characters a match of ``pattern`` can begin with (None: cannot tell / any).

    A superset is always safe: it only means a regular expression is tried where it
    cannot match. Look-arounds and anchors take no character and are stepped over.
    """
    if flags & re.IGNORECASE:
        return _ANY
    try:
        import re._parser as sre_parse  # type: ignore[import-not-found]

        parsed = sre_parse.parse(pattern, flags)
    except Exception:  # noqa: BLE001 -- any doubt means "any character"
        return _ANY
    chars, _ = _first(list(parsed))
    return chars


def _first(items: list) -> tuple[frozenset[str] | None, bool]:
    """(first characters, can be empty) of a parsed sequence."""
    from re import _constants as C  # type: ignore[attr-defined]

    out: set[str] = set()
    for op, arg in items:
        if op is C.LITERAL:
            out.add(chr(arg))
            return frozenset(out), False
        if op is C.IN:
            chars = _in_set(arg, C)
            if chars is None:
                return _ANY, False
            out |= chars
            return frozenset(out), False
        if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
            continue  # zero width
        if op is C.SUBPATTERN:
            sub, empty = _first(list(arg[-1]))
            if arg[1] & re.IGNORECASE:
                return _ANY, False
        elif op is C.ATOMIC_GROUP:
            sub, empty = _first(list(arg))
        elif op is C.BRANCH:
            sub, empty = set(), False
            for seq in arg[1]:
                b, e = _first(list(seq))
                if b is None:
                    return _ANY, False
                sub |= b
                empty = empty or e
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            lo, _hi, seq = arg
            sub, empty = _first(list(seq))
            empty = empty or lo == 0
        else:  # ANY, NOT_LITERAL, GROUPREF ...: could be anything
            return _ANY, False
        if sub is None:
            return _ANY, False
        out |= sub
        if not empty:
            return frozenset(out), False
    return frozenset(out), True


def _in_set(items: list, C) -> set[str] | None:
    chars: set[str] = set()
    for op, arg in items:
        if op is C.LITERAL:
            chars.add(chr(arg))
        elif op is C.RANGE:
            lo, hi = arg
            if hi - lo > 2000:
                return None
            chars.update(chr(c) for c in range(lo, hi + 1))
        elif op is C.CATEGORY and arg is C.CATEGORY_SPACE:
            chars |= _WHITESPACE
        elif op is C.CATEGORY and arg is C.CATEGORY_DIGIT:
            chars |= _DIGITS
        else:  # NEGATE, word categories, unicode classes ...
            return None
    return chars


class _StateTable:
    __slots__ = ("literals", "by_first", "regex_terms", "regex_for", "order", "unless", "ignore", "allowed")

    def __init__(self, literals, by_first, regex_terms, order, unless, ignore, allowed):
        self.literals = literals  # value -> (order index, terminal name)
        self.by_first = by_first  # first character -> candidate lengths
        self.regex_terms = regex_terms  # the state's regex terminals, in lark's order
        self.regex_for: dict[str, Any] = {}  # first character -> alternation (False: none)
        self.order = order  # regex terminal name -> order index
        self.unless = unless  # regex terminal name -> {literal value: literal terminal name}
        self.ignore = ignore  # terminal names to skip (WS)
        self.allowed = allowed  # what lark's scanner for the state would say it expected


class FastContextualLexer:
    """Replaces ``ParsingFrontend.lexer`` of an LALR + contextual-lexer ``Lark`` object."""

    def __init__(self, fallback: Any, g_regex_flags: int = 0):
        from lark.lexer import PatternStr

        self._fallback = fallback
        self._flags = g_regex_flags
        self._basic_by_state = fallback.lexers  # parser state -> lark BasicLexer
        self._tables: dict[int, _StateTable] = {}  # parser state -> table
        self._by_lexer: dict[int, _StateTable] = {}  # id(BasicLexer) -> table
        self._regex_cache: dict[tuple[str, ...], Any] = {}
        self._PatternStr = PatternStr
        self._embeds: dict[tuple[str, str], bool] = {}
        self._embedded_by_re: dict[str, frozenset[str]] = {}
        self._firsts: dict[str, frozenset[str] | None] = {}

    # ------------------------------------------------------------------ tables
    def _embedded(self, retok: Any, strtok: Any) -> bool:
        """lark's ``_create_unless`` test: the regex, matched on the literal, gives it whole."""
        key = (retok.name, strtok.name)
        hit = self._embeds.get(key)
        if hit is None:
            m = re.match(retok.pattern.to_regexp(), strtok.pattern.value, self._flags)
            hit = self._embeds[key] = bool(m) and m.group(0) == strtok.pattern.value
        return hit

    def _embedded_names(self, retok: Any) -> frozenset[str]:
        """Names of every literal terminal of the grammar that ``retok`` gives whole (a superset
        of any state's: _build still checks each pair). Worked out once per regex terminal:
        testing each state's literal/regex pairs took most of the first pass over a pool."""
        names = self._embedded_by_re.get(retok.name)
        if names is None:
            PatternStr = self._PatternStr
            names = frozenset(
                t.name
                for t in self._all_terminals()
                if isinstance(t.pattern, PatternStr) and t.priority == retok.priority and self._embedded(retok, t)
            )
            self._embedded_by_re[retok.name] = names
        return names

    def _all_terminals(self) -> list:
        # lark's root lexer has every terminal (the per-state lexers take theirs from it)
        return self._fallback.root_lexer.terminals

    def _table(self, state: int) -> _StateTable:
        basic = self._basic_by_state[state]
        table = self._by_lexer.get(id(basic))
        if table is None:
            table = self._by_lexer[id(basic)] = self._build(basic)
        self._tables[state] = table
        return table

    def _build(self, basic: Any) -> _StateTable:
        PatternStr = self._PatternStr
        terminals = basic.terminals  # already in lark's order
        strs = [t for t in terminals if isinstance(t.pattern, PatternStr)]
        res = [t for t in terminals if not isinstance(t.pattern, PatternStr)]
        embedded: set[str] = set()
        unless: dict[str, dict[str, str]] = {}
        strs_by_name = {t.name: t for t in strs}
        for retok in res:
            # the literals this regex gives whole, among this state's (lark's _create_unless)
            common = strs_by_name.keys() & self._embedded_names(retok)
            if not common:
                continue
            hits = {}
            for name in common:
                strtok = strs_by_name[name]
                if strtok.priority == retok.priority and self._embedded(retok, strtok):
                    hits[strtok.pattern.value] = strtok.name
                    if strtok.pattern.flags <= retok.pattern.flags:
                        embedded.add(strtok.name)
            if hits:
                unless[retok.name] = hits
        index = {t.name: i for i, t in enumerate(terminals)}
        literals: dict[str, tuple[int, str]] = {}
        by_first: dict[str, list[int]] = {}
        for t in strs:
            if t.name in embedded:
                continue
            value = t.pattern.value
            if t.pattern.flags:  # case-insensitive literals: leave the state to lark
                return None  # type: ignore[return-value]
            literals[value] = (index[t.name], t.name)
            by_first.setdefault(value[0], []).append(len(value))
        for ch, lengths in by_first.items():
            by_first[ch] = sorted(set(lengths), reverse=True)
        order = {t.name: index[t.name] for t in res}
        ignore = frozenset(basic.ignore_types)
        allowed = {name for _, name in literals.values()} | {t.name for t in res}
        return _StateTable(literals, by_first, tuple(res), order, unless, ignore, allowed - ignore)

    def _first(self, terminal: Any) -> frozenset[str] | None:
        try:
            return self._firsts[terminal.name]
        except KeyError:
            chars = self._firsts[terminal.name] = first_chars(terminal.pattern.to_regexp(), self._flags)
            return chars

    def _regex_for(self, table: _StateTable, ch: str) -> Any:
        """The alternation of the state's regex terminals that can begin with ``ch``."""
        terms = [t for t in table.regex_terms if (f := self._first(t)) is None or ch in f]
        names = tuple(t.name for t in terms)
        regex = self._regex_cache.get(names, _MISSING)
        if regex is _MISSING:
            if not names:
                regex = False
            else:
                pattern = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in terms)
                try:
                    regex = re.compile(pattern, self._flags)
                except (AssertionError, re.error):  # too many groups: lark lexes this one
                    regex = None
            self._regex_cache[names] = regex
        table.regex_for[ch] = regex
        return regex

    def prepare(self) -> None:
        """Build every state's table now (about 0.1 s for the L5R grammar), e.g. before
        worker processes are forked to share them; otherwise each is built on first use."""
        for state in self._basic_by_state:
            if state not in self._tables:
                self._table(state)

    # ------------------------------------------------------------------ lexing
    def _match(self, table: _StateTable, text: str, pos: int, end: int):
        """(terminal name, end) of the token lark would lex here, (None, pos) if none;
        None when an alternation could not be compiled (lark must decide)."""
        best_i = 1 << 30
        best_type = None
        best_end = pos
        ch = text[pos]
        regex = table.regex_for.get(ch, _MISSING)
        if regex is _MISSING:
            regex = self._regex_for(table, ch)
        if regex is None:
            return None
        if regex is not False:
            m = regex.match(text, pos, end)
            if m is not None:
                best_type = m.lastgroup
                best_i = table.order[best_type]
                best_end = m.end()
        lengths = table.by_first.get(ch)
        if lengths:
            literals = table.literals
            room = end - pos
            for n in lengths:
                if n > room:  # a slice past the end would be shorter than n
                    continue
                hit = literals.get(text[pos : pos + n])
                if hit is not None and hit[0] < best_i:
                    best_i, best_type = hit
                    best_end = pos + n
        return best_type, best_end

    def lex(self, lexer_state: Any, parser_state: Any) -> Iterator[Any]:
        from lark.lexer import Token

        text_slice = lexer_state.text
        text = text_slice.text
        end = text_slice.end
        pos = lexer_state.line_ctr.char_pos
        if "\n" in text or lexer_state.line_ctr.line != 1 or not isinstance(text, str):
            yield from self._fallback.lex(lexer_state, parser_state)
            return
        tables = self._tables
        new_token = Token._future_new
        match = self._match
        while pos < end:
            state = parser_state.position
            table = tables.get(state)
            if table is None:
                table = self._table(state)
                if table is None:
                    break
            found = match(table, text, pos, end)
            if found is None:
                break  # lark lexes from here
            best_type, best_end = found
            if best_type is None or best_end == pos:
                self._fail(lexer_state, parser_state, table, text, pos)
            if best_type in table.ignore:
                pos = best_end
                continue
            value = text[pos:best_end]
            unless = table.unless.get(best_type)
            if unless is not None:
                best_type = unless.get(value, best_type)
            tok = new_token(best_type, value, pos, 1, pos + 1, 1, best_end + 1, best_end)
            lexer_state.last_token = tok
            pos = best_end
            yield tok
        if pos >= end:
            ctr = lexer_state.line_ctr
            ctr.char_pos = pos
            ctr.column = pos + 1
            return
        # hand over to lark at this position: same tokens from here, and lark's own errors
        ctr = lexer_state.line_ctr
        ctr.char_pos = pos
        ctr.column = pos - ctr.line_start_pos + 1
        yield from self._fallback.lex(lexer_state, parser_state)

    def _fail(self, lexer_state: Any, parser_state: Any, table: _StateTable, text: str, pos: int) -> None:
        """Raise what lark's contextual lexer raises when nothing matches here.

        Lark raises UnexpectedCharacters from the state's lexer, then tries its root lexer
        (every terminal) and, if that lexes a token, raises UnexpectedToken for it instead.
        Done here with the tables, so no per-state lark scanner is ever compiled (building
        those on failing texts cost more than a second on the first pass over a pool).
        """
        from lark.exceptions import UnexpectedCharacters, UnexpectedToken

        ctr = lexer_state.line_ctr
        ctr.char_pos = pos
        ctr.column = pos - ctr.line_start_pos + 1
        last = lexer_state.last_token
        allowed = table.allowed or {"<END-OF-FILE>"}
        error = UnexpectedCharacters(text, pos, ctr.line, ctr.column, allowed=allowed,
                                     token_history=last and [last], state=parser_state,
                                     terminals_by_name=self._fallback.lexers[parser_state.position].terminals_by_name)
        root = self._root_table()
        token = self._root_token(root, text, pos, lexer_state.text.end) if root is not None else None
        if token is None:
            raise error
        if token is _MISSING:  # no table or an uncompilable alternation: lark's root lexer decides
            try:
                token = self._fallback.root_lexer.next_token(lexer_state, parser_state)
            except UnexpectedCharacters:
                raise error from None
        raise UnexpectedToken(token, error.allowed, state=parser_state, token_history=[last],
                              terminals_by_name=self._fallback.root_lexer.terminals_by_name)

    def _root_token(self, root: _StateTable, text: str, pos: int, end: int) -> Any:
        """The token lark's root lexer would lex at ``pos`` (ignored text skipped first), None
        if none, ``_MISSING`` if an alternation could not be compiled."""
        from lark.lexer import Token

        while True:
            found = self._match(root, text, pos, end)
            if found is None:
                return _MISSING
            best_type, best_end = found
            if best_type is None or best_end == pos:
                return None
            if best_type not in root.ignore:
                break
            pos = best_end  # the root lexer skips ignored text before its token
            if pos >= end:
                return None
        value = text[pos:best_end]
        unless = root.unless.get(best_type)
        if unless is not None:
            best_type = unless.get(value, best_type)
        return Token._future_new(best_type, value, pos, 1, pos + 1, 1, best_end + 1, best_end)

    def _root_table(self) -> _StateTable | None:
        root = self._fallback.root_lexer
        table = self._by_lexer.get(id(root), _MISSING)
        if table is _MISSING:
            table = self._by_lexer[id(root)] = self._build(root)
        return table


def install(lark_parser: Any) -> bool:
    """Put the fast lexer in front of an LALR ``Lark`` object using the contextual lexer.

    Returns False (and changes nothing) for any other kind of parser.
    """
    from lark.lexer import ContextualLexer

    frontend = getattr(lark_parser, "parser", None)
    lexer = getattr(frontend, "lexer", None)
    if not isinstance(lexer, ContextualLexer) or getattr(frontend.lexer_conf, "postlex", None):
        return False
    if getattr(frontend.lexer_conf, "callbacks", None):
        return False  # lexer callbacks (lexer_callbacks=) are lark's business
    frontend.lexer = FastContextualLexer(lexer, frontend.lexer_conf.g_regex_flags)
    return True
