"""The game registry: each game a module on the core, looked up by name.

Games are imported only when asked for, so starting the CLI costs nothing for the games a
command does not use.
"""

from __future__ import annotations

from importlib import import_module

from .errors import suggestion_text
from .game import Game

_GAMES: dict[str, str] = {
    "l5r": "adjudicator.games.l5r.game:L5R",
    "berserk": "adjudicator.games.berserk.game:Berserk",
    "time-masters": "adjudicator.games.time_masters.game:TimeMasters",
    "here-i-stand": "adjudicator.games.here_i_stand.game:HereIStand",
}

_instances: dict[str, Game] = {}


class UnknownGame(LookupError):
    def __init__(self, name: str):
        self.name = name
        self.suggestion = suggestion_text(name, _GAMES)
        super().__init__(f"unknown game '{name}'")


def game_names() -> list[str]:
    return list(_GAMES)


def available(name: str) -> bool:
    try:
        get_game(name)
    except (UnknownGame, ImportError, AttributeError):
        return False
    return True


def get_game(name: str) -> Game:
    if name in _instances:
        return _instances[name]
    target = _GAMES.get(name)
    if target is None:
        raise UnknownGame(name)
    module_name, _, cls_name = target.partition(":")
    cls = getattr(import_module(module_name), cls_name)
    _instances[name] = game = cls()
    return game
