"""``adjudicator new --game G``: a commented scenario skeleton to start from.

The vocabulary comments (phases, steps, zones, verbs, attributes) are read from the game
module's own tables, so they never drift from what the engine accepts; the sample
position, action and expectations are written per game and must pass ``adjudicator
check`` (tests/test_new.py runs every skeleton).
"""

from __future__ import annotations

from pathlib import Path

import click

from ..core.errors import suggestion_text
from ..core.registry import UnknownGame, game_names, get_game

# The body of each skeleton: a small position that shows each kind of statement once.
_SAMPLES = {
    "l5r": '''\
card "Kakita Toshimoko" personality force 3 chi 4 honor-requirement 5 personal-honor 2 gold-cost 8 keywords Samurai Crane text "Limited: Bow this card: Straighten a target Personality."

# Players, in seat order (the first declared is the first player).
player Alice clan Crane family-honor 12
player Bob clan Crab family-honor 9

# The position: omitted parts take the defaults (turn 1, first player active, first phase).
turn 1
phase action

# The board: NAME ZONE: entries, top first. Per-copy state follows the name.
Alice home: "Kakita Toshimoko", "Veteran Sergeant" bowed
Alice hand: "Firm Stance"

# An action, then what the judge expects of it.
question "May Alice straighten her Sergeant with Toshimoko's ability?"
Alice uses "Kakita Toshimoko" targeting "Veteran Sergeant"
expect legal
expect order target "Veteran Sergeant", cost "bow", effect "straighten"
expect "Kakita Toshimoko" bowed
expect "Veteran Sergeant" not bowed
expect priority Bob

# Whether an action would be legal now (nothing is done).
expect Bob may pass
''',
    "berserk": '''\
card "Всадник" creature life 4 movement 2 strike 1-2-2

# Players, in seat order (the first declared is the first player).
player Alice
player Bob

# The position: phase and step (main's subphases are steps).
phase main
step choice

# The board: cells are row.column.
Alice cell 1.1: "Всадник"
Bob cell 1.1: "Келем"

# An action, then what the judge expects of it.
question "Is a move of three cells within Всадник's movement?"
Alice moves "Всадник" to cell 3.3
expect illegal because B-413 "movement points"

Alice moves "Всадник" to cell 2.2
expect legal
expect step movement
expect stack "Всадник"
expect priority Alice
''',
    "time-masters": '''\
# Players, in seat order (the first declared is the first player).
player Alice time 2
player Bob

# The position.
phase main

# The board: NAME ZONE: entries, top first. Timers hold cards: on "Timer" / under "Timer".
Alice hand: "Hourglass", "Spark of Insight"

# An action, then what the judge expects of it.
question "Does a timer cost time to play?"
Alice plays "Hourglass"
expect legal
expect "Hourglass" in Alice timers
expect Alice time 2
expect Alice spent-time 0

# Whether an action would be legal now (nothing is done).
expect Bob may not pass because TM-TURN
''',
    "here-i-stand": '''\
# Powers (players), in impulse order.
player Ottoman admin-rating 2
player Hapsburg admin-rating 2

# The position: omitted parts take the defaults (the first power's impulse, Action phase).
phase action

# The board: each power's hand; the shared deck, discard and removed piles belong to 'table'.
Ottoman hand: "Pilgrimage", "Veteran Pikemen"
table discard: "Hired Guides"

# An action, then what the judge expects of it.
question "How many CP does Pilgrimage give when played for CP?"
Ottoman plays "Pilgrimage" for cp
expect legal
expect order effect "3 CP", cleanup "discard"
expect Ottoman cp 3
expect "Pilgrimage" in table discard
expect active Hapsburg
''',
}

_RULES = {"l5r": "L5R-ACT-TARGET L5R-ACT-COST", "berserk": "B-413",
          "time-masters": "TM-MAIN", "here-i-stand": "HIS-CP"}


def _wrap(label: str, words) -> list[str]:
    """'# label: a b c' comment lines, wrapped at about 90 characters."""
    words = [str(w) for w in words]
    if not words:
        return []
    lines, current = [], f"#   {label}:"
    for w in words:
        if len(current) + len(w) + 1 > 90:
            lines.append(current)
            current = "#     "
        current += " " + w
    lines.append(current)
    return lines


def _vocabulary(game) -> list[str]:
    out = [f"# The {game.name} vocabulary (from the engine's own tables):"]
    out += _wrap("phases", game.phases)
    for phase, steps in game.steps.items():
        out += _wrap(f"steps of {phase}", steps)
    zones = [z + {"numbered": " N", "cell": " R.C", "card": ' "Card"', "numbered-optional": " [N]"}.get(s, "")
             for z, s in game.zones.items()]
    out += _wrap("zones", zones)
    if game.shared_zones:
        out += _wrap("shared zones (owned by table)", sorted(game.shared_zones))
    out += _wrap("verbs", game.verbs)
    out += _wrap("card types", game.card_types)
    out += _wrap("card attributes", game.card_attrs)
    out += _wrap("copy state", sorted(game.copy_flags) + [f"{a} N" if k == "int" else a
                                                          for a, k in game.copy_attrs.items()])
    out += _wrap("player attributes", list(game.player_attrs) + sorted(game.player_flags))
    return out


def skeleton(game_name: str) -> str:
    """The skeleton text for a game; UnknownGame if there is no such game."""
    game = get_game(game_name)
    sample = _SAMPLES.get(game_name)
    lines = [
        f"# A {game.name} scenario: a declared position, the actions taken, what a judge expects.",
        "# The language: SCENARIO-LANGUAGE.md. Run it with: adjudicator check THIS_FILE",
        "#",
        *_vocabulary(game),
        "",
        'scenario "Describe the ruling in one sentence"',
        f"game {game.name}",
        f"rule {_RULES.get(game_name, '')}".rstrip(),
        'note "Where the question came from, if anywhere"',
        "",
        "# Cards this file defines (override the built-in pool); others come from the pool.",
    ]
    if sample and not sample.startswith("card "):
        lines += [f'# card "Name" {game.card_types[0] if game.card_types else "TYPE"} attr value …', ""]
    return "\n".join(lines) + "\n" + (sample or "")


@click.command()
@click.option("--game", "-g", "game_name", required=True, help="l5r, berserk, time-masters or here-i-stand")
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True),
              help="write the skeleton here instead of printing it")
@click.option("--force", is_flag=True, help="overwrite --output if it exists")
def new(game_name, output, force):
    """Write a commented scenario skeleton for a game to start from."""
    if game_name not in game_names():
        hint = suggestion_text(game_name, game_names())
        raise click.UsageError(f"unknown game '{game_name}'" + (f"; {hint}" if hint else "")
                               + " (games: " + ", ".join(game_names()) + ")")
    try:
        text = skeleton(game_name)
    except (UnknownGame, ImportError, AttributeError) as exc:
        raise click.UsageError(f"the game '{game_name}' is not available yet: {exc}") from None
    if not output:
        click.echo(text, nl=False)
        return
    path = Path(output)
    if path.exists() and not force:
        raise click.UsageError(f"{output} exists; use --force to overwrite it")
    path.write_text(text, encoding="utf-8")
    click.echo(f"wrote {output}", err=True)
