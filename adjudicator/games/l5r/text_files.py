"""Which files make up the L5R ability text reader (no imports: read on every start-up).

The disk cache of parsed card texts (core.ability_cache) is keyed on these files, so a cold
start with cached texts never has to import the grammar side at all.
"""

from __future__ import annotations

from pathlib import Path

#: The grammar is a base file plus one file per topic; a topic file adds rules of its own and
#: alternatives to the base rules with ``%extend``. They are read as one grammar, in this order.
GRAMMAR_FILES = (
    "l5r_ability.lark",
    "l5r_ability_events.lark",
    "l5r_ability_conditions.lark",
    "l5r_ability_restrictions.lark",
    "l5r_ability_cards.lark",
    "l5r_ability_battle.lark",
    "l5r_ability_player.lark",
)

#: Modules (in this package) whose ``Rules`` class holds the transformer methods for the
#: aliases of one topic file; their methods join the base transformer's (no name twice).
RULE_MODULES = (
    "ability_events",
    "ability_conditions",
    "ability_restrictions",
    "ability_cards",
    "ability_battle",
    "ability_player",
)


def grammar_paths() -> list[Path]:
    from ...core.grammar_files import grammar_path as _find

    return [_find(name) for name in GRAMMAR_FILES]


def source_files() -> list[Path]:
    """Every file whose change changes what a text parses to (for caches keyed on them)."""
    here = Path(__file__).parent
    return [*grammar_paths(), here / "ability.py", *(here / f"{m}.py" for m in RULE_MODULES)]
