"""Parse and transform in one pass over lark's own LALR table, with the same result.

Why: on the L5R card pool, after the fast lexer (:mod:`adjudicator.core.fast_lexer`), most of
the parse time was lark's generic machinery rather than the grammar: ``ParserState.feed_token``
(a generator hand-off per token, the end-of-input checks, a callback table per reduce), the
parse-tree builder's wrapper chain on every reduce (``PropagatePositions`` looking for the first
and last child with a position, ``ChildFilter``, ``ExpandSingleChild``, a ``Tree`` and a
``Meta`` with a dozen attributes), and then the ``Transformer`` walking that tree again.

What :class:`FastParser` does instead, for an LALR ``Lark`` object with the contextual lexer,
``propagate_positions=True`` and ``maybe_placeholders=False`` (the L5R ability parser):

* one loop lexes a token with the fast lexer's per-state tables (the state on top of the stack,
  as lark's contextual lexer does) and feeds it through lark's parse table (``parse_table.states``,
  the same shift/reduce actions; the grammar stays lark's, from the same ``.lark`` files);
* a reduce calls one small function made for the rule's *shape* (which children are tokens,
  inlined ``_rules`` or trees; ``?rule`` or not), which builds the children exactly as lark's
  ``ChildFilter`` would (anonymous tokens filtered, ``_rule`` children spliced, a ``?rule`` with
  one child replaced by it) and calls the transformer method at once, with a meta carrying the
  positions ``PropagatePositions`` would give the tree. Tokens are made only where kept.

Why the result is the same as ``transformer.transform(lark.parse(text))``:

* lark's LALR reduces in post-order, left to right -- the order in which the ``Transformer``
  visits the finished tree -- so each method sees the same children (already transformed) in
  the same order;
* positions: a tree starts at the *container* start of its first child and ends at the container
  end of its last (filtered tokens included); a token's container is itself; a tree's container
  is its own span, except that a ``?rule`` which hands up its single tree child widens that
  child's container to its own children (a single *token* child is handed up unchanged). Own
  meta is fixed when the tree is made, because the grammar has no empty rule (checked: with
  one, a tree could be made without a position and get one later, so the fast path is refused);
* any error (a lexing or parsing error, or an exception in a method -- which lark's
  ``Transformer`` wraps in ``VisitError``) ends the parse with :data:`FAILED`, as the callers
  turn every such error into "not parsed". Texts the fast path does not handle (a newline, a
  state whose lexer table lark must decide) return :data:`UNHANDLED`; the caller then uses
  lark's own parser.

One difference is deliberate: lark's ``Transformer`` recurses per tree level (RecursionError on
very deep trees); this loop does not, so such a tree would be transformed rather than fail.
"""

from __future__ import annotations

import functools
from typing import Any, Callable

__all__ = ["FAILED", "UNHANDLED", "FastParser", "supports"]

#: the text does not parse (lexer or parser error, or a transformer method raised)
FAILED = object()
#: the fast path does not handle this text: use lark's parser
UNHANDLED = object()


class _Meta:
    """The parts of lark's ``Meta`` the transformer methods read (single-line text)."""

    __slots__ = ("start_pos", "end_pos")
    empty = False
    line = 1
    end_line = 1

    def __init__(self, start_pos: int, end_pos: int):
        self.start_pos = start_pos
        self.end_pos = end_pos

    @property
    def column(self) -> int:
        return self.start_pos + 1

    @property
    def end_column(self) -> int:
        return self.end_pos + 1


def supports(lark_parser: Any) -> bool:
    """Whether :class:`FastParser` gives this ``Lark`` object's results (see the module docstring)."""
    from .fast_lexer import FastContextualLexer

    options = getattr(lark_parser, "options", None)
    if options is None or options.parser != "lalr" or options.propagate_positions is not True:
        return False
    if options.maybe_placeholders or options.ambiguity not in ("auto", "resolve") or options.tree_class not in (None,):
        return False
    if options.postlex is not None or options.lexer_callbacks:
        return False
    if not isinstance(getattr(lark_parser.parser, "lexer", None), FastContextualLexer):
        return False
    return all(len(rule.expansion) for rule in lark_parser.rules)


# --------------------------------------------------------------------------- reducers
#
# Stack items are tuples (value, container start, container end, is_token). A shifted token is
# (None, start, end, True): its Token object is made only if a rule keeps it. An inlined
# ``_rule`` leaves (entries, start, end, False) where entries are items of its kept children.
#
# A reducer is generated per rule *shape* (children kinds and mode) and bound per rule to its
# method and terminal names, so a few dozen small functions serve every rule.

_T, _SPLICE, _NODE = "t", "s", "n"  # kept child kinds: token, inlined _rule, tree / other


def _shape(rule: Any) -> tuple[int, str, tuple[tuple[int, str], ...], tuple[str, ...]]:
    expansion = rule.expansion
    keep_all = rule.options.keep_all_tokens
    kept = []
    terms = []
    for i, sym in enumerate(expansion):
        if sym.is_term:
            if keep_all or not sym.filter_out:
                kept.append((i, _T))
                terms.append(sym.name)
        elif sym.name.startswith("_"):
            kept.append((i, _SPLICE))
        else:
            kept.append((i, _NODE))
    if rule.origin.name.startswith("_"):
        mode = "splice"  # the parent splices its children (lark's _should_expand)
    elif rule.options.expand1 and not rule.alias:
        mode = "expand1"
    else:
        mode = "tree"
    return len(expansion), mode, tuple(kept), tuple(terms)


def _source(n: int, mode: str, kept: tuple[tuple[int, str], ...]) -> str:
    args = ", ".join(f"t{j}" for j in range(sum(1 for _, k in kept if k == _T)))
    lines = [f"def make(FN, SELF, Tok, Meta{', ' + args if args else ''}):"]
    lines.append("    def reduce(vals, text):")  # takes its n items off the value stack
    if n == 1:
        lines.append("        a0 = vals.pop()")
    else:
        lines.append(f"        {', '.join(f'a{i}' for i in range(n))} = vals[-{n}:]")
        lines.append(f"        del vals[-{n}:]")
    lines.append(f"        cs = a0[1]; ce = a{n - 1}[2]")
    entries = mode != "tree"  # build (value, start, end, is_token) entries, not bare values
    parts = []
    j = 0
    for i, kind in kept:
        if kind == _T:
            tok = f"Tok(t{j}, text[a{i}[1]:a{i}[2]], a{i}[1], 1, a{i}[1] + 1, 1, a{i}[2] + 1, a{i}[2])"
            j += 1
            parts.append(("one", f"({tok}, a{i}[1], a{i}[2], True)" if entries else tok))
        elif kind == _SPLICE:
            parts.append(("many", f"a{i}[0]" if entries else f"[e[0] for e in a{i}[0]]"))
        else:
            parts.append(("one", f"a{i}" if entries else f"a{i}[0]"))
    # one list expression, [x, y] + many + [z]: always a new list, except a lone spliced
    # entries list, which only this rule's caller reads (and never changes)
    exprs = []
    run: list[str] = []
    for how, expr in parts:
        if how == "one":
            run.append(expr)
        else:
            if run:
                exprs.append("[" + ", ".join(run) + "]")
                run = []
            exprs.append(expr)
    if run or not exprs:
        exprs.append("[" + ", ".join(run) + "]")
    lines.append(f"        ch = {' + '.join(exprs)}")
    if mode == "splice":
        lines.append("        return (ch, cs, ce, False)")
    elif mode == "expand1":
        fixed = all(k != _SPLICE for _, k in kept)
        if not fixed or len(kept) == 1:
            lines.append("        if len(ch) == 1:")
            lines.append("            e = ch[0]")
            # a token is handed up as it is; a tree's container widens to this rule's children
            lines.append("            return e if e[3] else (e[0], cs, ce, False)")
        if not fixed or len(kept) != 1:
            lines.append("        return (FN(SELF, Meta(cs, ce), [e[0] for e in ch]), cs, ce, False)")
    else:
        lines.append("        return (FN(SELF, Meta(cs, ce), ch), cs, ce, False)")
    lines.append("    return reduce")
    return "\n".join(lines) + "\n"


def _generic_reducer(n: int, mode: str, kept: tuple[tuple[int, str], ...], FN: Any, SELF: Any, Tok: Any,
                     Meta: Any, *terms: str) -> Callable:
    """What the code of :func:`_source` does, as a loop over the kept children."""
    plan = []
    names = iter(terms)
    for i, kind in kept:
        plan.append((i, kind, next(names) if kind == _T else None))
    splice = mode == "splice"
    expand1 = mode == "expand1"

    def reduce(vals, text):
        items = vals[-n:]
        del vals[-n:]
        cs = items[0][1]
        ce = items[-1][2]
        entries: list = []
        for i, kind, term in plan:
            a = items[i]
            if kind == _T:
                s, e = a[1], a[2]
                entries.append((Tok(term, text[s:e], s, 1, s + 1, 1, e + 1, e), s, e, True))
            elif kind == _SPLICE:
                entries.extend(a[0])
            else:
                entries.append(a)
        if splice:
            return (entries, cs, ce, False)
        if expand1 and len(entries) == 1:
            e = entries[0]
            return e if e[3] else (e[0], cs, ce, False)
        return (FN(SELF, Meta(cs, ce), [e[0] for e in entries]), cs, ce, False)

    return reduce


class _Lex:
    """One lexer table of :mod:`fast_lexer` (shared by the parser states that share lark's
    per-state lexer), with what this loop adds: per first character a plan, and for plans
    without regular expressions the token found per word."""

    __slots__ = ("table", "plans", "words", "literals", "order", "ignore", "unless")

    def __init__(self, table: Any):
        self.table = table
        self.plans: dict[str, tuple] = {}
        # word -> (terminal, length), see _longest_literal: used only where no regular expression of the
        # table matches (then only literals can, none of them holds a space, so the token is
        # decided by the text up to the next space)
        self.words: dict[str, tuple[str, int] | None] = {}
        self.literals = table.literals
        self.order = table.order
        self.ignore = table.ignore
        self.unless = table.unless


class FastParser:
    """LALR parse + transform of a ``Lark`` object (see the module docstring).

    ``transformer`` is called like the L5R ability transformer's ``_call_userfunc``: its
    ``_methods`` maps a tree name (rule alias or name) to ``function(transformer, meta,
    children)``; other names go to ``transformer.__default__(name, children, meta)``.
    """

    def __init__(self, lark_parser: Any, transformer: Any, *, codegen_max: int = 3):
        from lark.lexer import Token
        from lark.parsers.lalr_analysis import Shift

        if not supports(lark_parser):
            raise ValueError("FastParser needs an LALR Lark object with the fast contextual lexer, "
                             "propagate_positions=True, maybe_placeholders=False and no empty rule")
        frontend = lark_parser.parser
        table = frontend.parser.parser.parse_table
        self._lexer = frontend.lexer
        self._table_states = table.states
        self._start = dict(table.start_states)
        self._end = dict(table.end_states)
        size = max(self._table_states) + 1
        self._rows: list[dict] = [{} for _ in range(size)]  # state -> actions met so far (_action)
        self._planmaps: list[dict | None] = [None] * size  # state -> its lexer table's plans
        self._lex_by_table: dict[int, _Lex] = {}
        self._reducers: dict[Any, Callable | None] = {}
        self._makers: dict[tuple, Callable] = {}
        self._codegen_max = codegen_max  # rules longer than this use _generic_reducer
        self._Shift = Shift
        self._Token = Token
        self._transformer = transformer
        self._methods = transformer._methods
        # no literal holds whitespace: needed for the per-word token cache (see _Lex.words)
        self._words_ok = not any(any(c.isspace() for c in lit) for lit in self._literal_values(lark_parser))

    @staticmethod
    def _literal_values(lark_parser: Any) -> list[str]:
        from lark.lexer import PatternStr

        return [t.pattern.value for t in lark_parser.terminals if isinstance(t.pattern, PatternStr)]

    # ------------------------------------------------------------------ tables
    def _action(self, state: int, sym: str) -> Any:
        """lark's action for ``sym`` in ``state``, converted and kept in the state's row (rows
        fill up as the texts need them: converting every state's ~50 actions up front cost
        about half a second): a terminal gives (-1, next state, None) for a shift, (size, rule's
        name, reducer) for a reduce (reducer None: hand the child up as it is), (-2, None, None)
        for an error; a rule's name gives the state after it (goto)."""
        row = self._rows[state]
        try:
            action, arg = self._table_states[state][sym]
        except KeyError:
            act: Any = (-2, None, None)
        else:
            if action is self._Shift:
                act = (-1, arg, None) if _is_terminal_name(sym) else arg
            else:
                act = (len(arg.expansion), arg.origin.name, self._reducer(arg))
        row[sym] = act
        return act

    def _lex_of(self, state: int) -> _Lex:
        table = self._lexer._tables.get(state)
        if table is None:
            table = self._lexer._table(state)
            if table is None:
                raise _Unhandled
        lx = self._lex_by_table.get(id(table))
        if lx is None:
            lx = self._lex_by_table[id(table)] = _Lex(table)
        return lx

    def _plans_of(self, state: int) -> dict:
        plans = self._planmaps[state] = self._lex_of(state).plans
        return plans

    def _plan(self, state: int, ch: str) -> tuple:
        """(alternation or False, literal lengths (None: only ignored text begins with ``ch``),
        the per-word cache or None, the _Lex) for tokens beginning with ``ch`` in ``state``."""
        lx = self._lex_of(state)
        table = lx.table
        regex = table.regex_for.get(ch, _MISSING)
        if regex is _MISSING:
            regex = self._lexer._regex_for(table, ch)
        if regex is None:
            raise _Unhandled
        lengths: tuple[int, ...] | None = tuple(table.by_first.get(ch, ()))
        if regex is not False and not lengths:
            first = self._lexer._first
            if {t.name for t in table.regex_terms if (f := first(t)) is None or ch in f} <= table.ignore:
                lengths = None  # only ignored text (whitespace) can begin here: skip what matches
        words = lx.words if self._words_ok else None
        plan = lx.plans[ch] = (regex, lengths, words, lx)
        return plan

    def _reducer(self, rule: Any) -> Callable | None:
        try:
            return self._reducers[rule]
        except KeyError:
            pass
        n, mode, kept, terms = _shape(rule)
        if mode == "expand1" and kept == ((0, _NODE),) and n == 1:
            # "?a: b": lark hands b up unchanged (a tree keeps its container: its only child's)
            self._reducers[rule] = None
            return None
        key = (n, mode, kept)
        make = self._makers.get(key)
        if make is None and n > self._codegen_max:
            # long rules are many shapes, each reduced rarely: one generic function serves them
            # (compiling a function per shape cost more on the first pass than it saved)
            make = self._makers[key] = functools.partial(_generic_reducer, n, mode, kept)
        elif make is None:
            scope: dict = {}
            exec(compile(_source(n, mode, kept), f"<fast_parser reducer {key}>", "exec"), scope)  # noqa: S102
            make = self._makers[key] = scope["make"]
        name = rule.alias or rule.options.template_source or rule.origin.name
        fn = self._methods.get(name)
        if fn is None:
            default = type(self._transformer).__default__

            def fn(self, meta, children, _name=name, _default=default):
                return _default(self, _name, children, meta)

        red = self._reducers[rule] = make(fn, self._transformer, self._Token._future_new, _Meta, *terms)
        return red

    # ------------------------------------------------------------------ parsing
    def parse(self, text: str, start: str) -> Any:
        """The transformed tree of ``text`` from rule ``start``, :data:`FAILED` or :data:`UNHANDLED`."""
        if "\n" in text:
            return UNHANDLED  # lark counts lines; every position here assumes line 1
        try:
            return self._parse(text, start)
        except _Unhandled:
            return UNHANDLED
        except Exception:  # noqa: BLE001 -- a method raised: lark's VisitError, "not parsed"
            return FAILED

    def _parse(self, text: str, start: str) -> Any:
        rows = self._rows
        planmaps = self._planmaps
        end_state = self._end[start]
        state = self._start[start]
        states = [state]
        vals: list = []
        pos = 0
        end = len(text)
        find = text.find
        while True:
            if pos < end:
                # ---- the token lark's contextual lexer would lex here (see fast_lexer._match)
                plans = planmaps[state]
                if plans is None:
                    plans = self._plans_of(state)
                plan = plans.get(text[pos])
                if plan is None:
                    plan = self._plan(state, text[pos])
                regex, lengths, words, lx = plan
                if regex is not False and (m := regex.match(text, pos)) is not None:
                    if lengths is None:  # ignored text, never empty (lark forbids zero-width terminals)
                        pos = m.end()
                        continue
                    typ = m.lastgroup
                    tend = m.end()
                    if lengths:  # a literal earlier in lark's order wins
                        best_i = lx.order[typ]
                        literals = lx.literals
                        room = end - pos
                        for k in lengths:
                            if k > room:
                                continue
                            hit = literals.get(text[pos : pos + k])
                            if hit is not None and hit[0] < best_i:
                                best_i, typ = hit
                                tend = pos + k
                    if tend == pos:
                        return FAILED
                    if typ in lx.ignore:
                        pos = tend
                        continue
                    unless = lx.unless.get(typ)
                    if unless is not None:
                        typ = unless.get(text[pos:tend], typ)
                elif words is not None:
                    # no regular expression matches: the literals decide, from this word alone
                    stop = find(" ", pos)
                    word = text[pos:stop] if stop >= 0 else text[pos:]
                    try:
                        typ, k = words[word]
                    except KeyError:
                        typ, k = words[word] = _longest_literal(lx, word, lengths)
                    if k == 0:
                        return FAILED
                    tend = pos + k
                    if typ is None:  # an ignored literal
                        pos = tend
                        continue
                else:
                    typ, k = _longest_literal(lx, text[pos:], lengths)
                    if k == 0:
                        return FAILED
                    tend = pos + k
                    if typ is None:
                        pos = tend
                        continue
            else:
                typ = "$END"
                tend = pos
            # ---- feed it: reduce as long as the table says so, then shift
            row = rows[state]
            while True:
                act = row.get(typ)
                if act is None:
                    act = self._action(state, typ)
                size, arg, red = act
                if size < 0:
                    if size == -2 or typ == "$END":
                        return FAILED
                    state = arg
                    states.append(state)
                    vals.append((None, pos, tend, True))
                    break
                if red is None:  # "?a: b": b is handed up unchanged
                    below = states[-2]
                    state = rows[below].get(arg)
                    if state is None:
                        state = self._action(below, arg)
                    states[-1] = state
                else:
                    value = red(vals, text)
                    del states[-size:]
                    below = states[-1]
                    state = rows[below].get(arg)
                    if state is None:
                        state = self._action(below, arg)
                    states.append(state)
                    vals.append(value)
                if state == end_state and typ == "$END":
                    return vals[-1][0]
                row = rows[state]
            pos = tend


def _longest_literal(lx: _Lex, word: str, lengths: tuple[int, ...]) -> tuple[str | None, int]:
    """(terminal, length) of the literal lark's lexer would take at the start of ``word``
    (only literals can match there): the first in lark's terminal order among those that
    begin the word; terminal None if it is ignored; (None, 0) if none matches."""
    literals = lx.literals
    best_i = 1 << 30
    best: tuple[str | None, int] = (None, 0)
    room = len(word)
    for k in lengths:
        if k > room:
            continue
        hit = literals.get(word[:k])
        if hit is not None and hit[0] < best_i:
            best_i = hit[0]
            best = (hit[1], k)
    if best[0] in lx.ignore:
        return (None, best[1])
    return best


def _is_terminal_name(sym: str) -> bool:
    """lark's own test (terminal names are upper case; ``$END``)."""
    return sym.isupper() or sym.startswith("$")


_MISSING = object()


class _Unhandled(Exception):
    pass
