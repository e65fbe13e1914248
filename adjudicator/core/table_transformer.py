"""A lark Transformer that calls its methods from a table, the shape core.fast_parser expects."""

from __future__ import annotations

from typing import ClassVar

from lark import Transformer
from lark.exceptions import GrammarError, VisitError


class TableTransformer(Transformer):
    """Calls ``_methods[name](self, meta, children)`` for each tree; names missing from the
    table go to ``__default__``. lark's ``v_args(meta=True)`` would build a wrapper object on
    every call (a tenth of the transform time); ``core.fast_parser.FastParser`` calls the same
    table without building a tree, so both paths run the same functions."""

    _methods: ClassVar[dict] = {}

    def __init__(self):
        super().__init__(visit_tokens=False)  # no method is named after a terminal

    def _call_userfunc(self, tree, new_children=None):
        children = new_children if new_children is not None else tree.children
        method = self._methods.get(tree.data)
        if method is None:
            return self.__default__(tree.data, children, tree.meta)
        try:
            return method(self, tree.meta, children)
        except GrammarError:
            raise
        except Exception as e:  # as lark's own _call_userfunc: the caller reports "not parsed"
            raise VisitError(tree.data, tree, e) from e
