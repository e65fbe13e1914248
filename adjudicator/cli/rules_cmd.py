"""``adjudicator rules``: look rules up in the project's own rules reference.

    adjudicator rules                       every ID, grouped by game
    adjudicator rules L5R-ACT-COST          one rule and its finer sub-rules
    adjudicator rules --game tm             one game's rules (ID and title)
    adjudicator rules --search "once per turn"
    adjudicator rules B-402.4 --format json

Colour (rich) only when stdout is a terminal; plain text otherwise. Exit codes: 0 found,
1 a search or listing found nothing, 2 unknown rule ID / game or bad usage.
"""

from __future__ import annotations

import json
import sys
import textwrap
from typing import Any

import click

from adjudicator import rules as reference

GAME_NAMES: dict[str, str] = {
    "l5r": "L5R — Legend of the Five Rings CCG",
    "berserk": "Berserk CCG — battle",
    "time-masters": "Time Masters",
    "here-i-stand": "Here I Stand — Action phase",
}

_WIDTH = 88


def _entry_json(entry: reference.RuleEntry, *, with_text: bool, with_subs: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": entry.id,
        "game": entry.game,
        "title": entry.title,
        "parent": entry.parent,
    }
    if with_text:
        out["text"] = entry.text
        out["seed"] = entry.seed
    if with_subs:
        out["sub"] = [
            _entry_json(c, with_text=with_text, with_subs=True)
            for c in reference.children(entry.id)
        ]
    return out


def _depth(entry: reference.RuleEntry) -> int:
    depth = 0
    while entry.parent is not None:
        parent = reference.get(entry.parent)
        if parent is None:  # pragma: no cover - the loader guarantees parents exist
            break
        entry, depth = parent, depth + 1
    return depth


def _did_you_mean(candidates: list[str]) -> str:
    if not candidates:
        return " (run `adjudicator rules` to list every ID)"
    if len(candidates) == 1:
        return f" — did you mean {candidates[0]}?"
    return f" — did you mean {', '.join(candidates[:-1])} or {candidates[-1]}?"


class _Out:
    """Plain text, or rich colour when stdout is a terminal."""

    def __init__(self) -> None:
        self.console = None
        stream = sys.stdout
        if getattr(stream, "isatty", lambda: False)():
            try:
                from rich.console import Console

                self.console = Console(file=stream, highlight=False)
            except ImportError:  # pragma: no cover - rich is a dependency
                self.console = None

    def heading(self, text: str) -> None:
        if self.console:
            from rich.text import Text

            self.console.print(Text(text, style="bold underline"))
        else:
            click.echo(text)
            click.echo("=" * len(text))

    def line(self, rule_id: str, title: str, *, indent: int = 0, id_width: int = 0) -> None:
        pad = "  " * indent
        if self.console:
            from rich.text import Text

            t = Text(pad)
            t.append(rule_id.ljust(id_width), style="bold cyan" if indent == 0 else "cyan")
            t.append("  ")
            t.append(title)
            self.console.print(t)
        else:
            click.echo(f"{pad}{rule_id.ljust(id_width)}  {title}")

    def rule(self, entry: reference.RuleEntry, *, indent: int = 0, show_meta: bool = True) -> None:
        pad = "  " * indent
        head_meta = f"[{entry.game} · seed {entry.seed}]" if show_meta else ""
        if self.console:
            from rich.text import Text

            t = Text(pad)
            t.append(entry.id, style="bold cyan")
            t.append(" — ")
            t.append(entry.title, style="bold")
            if head_meta:
                t.append("  ")
                t.append(head_meta, style="dim")
            self.console.print(t)
            for i, para in enumerate(entry.text.split("\n\n")):
                if i:
                    self.console.print()
                self.console.print(
                    Text(textwrap.fill(para, width=min(_WIDTH, self.console.width),
                                       initial_indent=pad + "  ",
                                       subsequent_indent=pad + "  "))
                )
            self.console.print()
        else:
            click.echo(f"{pad}{entry.id} — {entry.title}" + (f"  {head_meta}" if head_meta else ""))
            for i, para in enumerate(entry.text.split("\n\n")):
                if i:
                    click.echo()
                click.echo(
                    textwrap.fill(
                        para,
                        width=_WIDTH,
                        initial_indent=pad + "  ",
                        subsequent_indent=pad + "  ",
                    )
                )
            click.echo()


def _print_listing(out: _Out, entries: list[reference.RuleEntry], *, grouped: bool) -> None:
    if not entries:
        return
    id_width = max(len(e.id) + 2 * _depth(e) for e in entries)
    if grouped:
        first = True
        for game in reference.GAMES:
            of_game = [e for e in entries if e.game == game]
            if not of_game:
                continue
            if not first:
                click.echo()
            first = False
            out.heading(f"{GAME_NAMES.get(game, game)} ({game})")
            for e in of_game:
                d = _depth(e)
                out.line(e.id, e.title, indent=d, id_width=id_width - 2 * d)
    else:
        for e in entries:
            d = _depth(e)
            out.line(e.id, e.title, indent=d, id_width=id_width - 2 * d)


def _print_rule_tree(out: _Out, entry: reference.RuleEntry, indent: int = 0,
                     parent_seed: str | None = None) -> None:
    out.rule(entry, indent=indent, show_meta=entry.seed != parent_seed)
    for child in reference.children(entry.id):
        _print_rule_tree(out, child, indent + 1, entry.seed)


@click.command("rules")
@click.argument("rule_id", required=False, metavar="[ID]")
@click.option("--game", "-g", "game", metavar="GAME",
              help="List one game's rules: l5r, berserk, time-masters (tm), here-i-stand (his).")
@click.option("--search", "-s", "words", metavar="WORDS",
              help='List rules whose ID, title or text contain every word ("quoted phrase" ok).')
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Output format.")
@click.pass_context
def rules(ctx: click.Context, rule_id: str | None, game: str | None, words: str | None,
          fmt: str) -> None:
    """Look up rules in the adjudicator's rules reference.

    With an ID, print that rule and its finer sub-rules (e.g. L5R-ACT-COST, B-402.4.1).
    With --game, list that game's rules; with --search, list matching rules (narrowed by
    --game if given). Without arguments, list every ID grouped by game.
    """
    canonical_game: str | None = None
    if game is not None:
        try:
            canonical_game = reference.normalize_game(game)
        except ValueError as exc:
            click.echo(f"error: {exc}", err=True)
            ctx.exit(2)

    if rule_id is not None and words is not None:
        click.echo("error: give either a rule ID or --search, not both", err=True)
        ctx.exit(2)

    if rule_id is not None:
        entry = reference.get(rule_id.strip())
        if entry is None or (canonical_game and entry.game != canonical_game):
            if entry is not None:
                msg = f"rule {entry.id} belongs to {entry.game}, not {canonical_game}"
            else:
                msg = f"unknown rule ID '{rule_id}'" + _did_you_mean(
                    reference.suggest(rule_id, 3)
                )
            click.echo(f"error: {msg}", err=True)
            ctx.exit(2)
        if fmt == "json":
            click.echo(json.dumps(_entry_json(entry, with_text=True, with_subs=True),
                                  ensure_ascii=False, indent=2))
            return
        out = _Out()
        if entry.parent is not None:
            parent = reference.get(entry.parent)
            if parent is not None:
                click.echo(f"(sub-rule of {parent.id} — {parent.title})")
        _print_rule_tree(out, entry)
        return

    if words is not None:
        found = reference.search(words, game=canonical_game)
        if fmt == "json":
            click.echo(json.dumps(
                [_entry_json(e, with_text=True, with_subs=False) for e in found],
                ensure_ascii=False, indent=2))
        elif found:
            _print_listing(_Out(), found, grouped=canonical_game is None)
        else:
            click.echo(f"no rule matches {words!r}", err=True)
        if not found:
            ctx.exit(1)
        return

    entries = (reference.for_game(canonical_game) if canonical_game
               else list(reference.all_rules().values()))
    if fmt == "json":
        if canonical_game:
            payload: Any = [_entry_json(e, with_text=False, with_subs=False) for e in entries]
        else:
            payload = {
                g: [_entry_json(e, with_text=False, with_subs=False)
                    for e in entries if e.game == g]
                for g in reference.GAMES
            }
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    _print_listing(_Out(), entries, grouped=True)


if __name__ == "__main__":  # pragma: no cover
    rules()
