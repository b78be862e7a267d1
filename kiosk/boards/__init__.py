"""Board widgets by game name; a game without its own board gets the generic one.

A new board: a Board subclass in kiosk/boards/<game>.py, its entry below, and its
styles in kiosk/boards/<game>.tcss added to PlayScreen.CSS_PATH. A board shipped in
another distribution registers in the entry-point group ``tokyo.boards`` instead
(name = the game's name, value = "module:Class"), so no file here changes. Show every colour
with a letter or symbol too (the Chocolate Milk board writes drink codes such as K6).
"""

from __future__ import annotations

import importlib

from .base import Board
from .generic import GenericBoard

# Imported only when the game is played, like the games themselves.
BOARDS = {
    "chocolate_milk": "kiosk.boards.chocolate_milk:ChocolateMilkBoard",
    "tsukiji": "kiosk.boards.tsukiji:TsukijiBoard",
    "jutaku": "kiosk.boards.jutaku:JutakuBoard",
    "bottle_bonus": "kiosk.boards.jutaku:JutakuBoard",
    "countdown": "kiosk.boards.countdown:CountdownBoard",
    "izakaya": "kiosk.boards.izakaya:IzakayaBoard",
    "shopping_spree": "kiosk.boards.shopping_spree:ShoppingSpreeBoard",
}


def board_for(game_name: str) -> type[Board]:
    """The board widget class for a game (GenericBoard when it has none)."""
    path = BOARDS.get(game_name)
    if path is None:
        from core.entrypoints import entry_points
        found = [ep for ep in entry_points("tokyo.boards") if ep.name == game_name]
        if not found:
            return GenericBoard
        try:
            board = found[0].load()
        except Exception:
            return GenericBoard
        return board if isinstance(board, type) and issubclass(board, Board) else GenericBoard
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


__all__ = ["Board", "GenericBoard", "board_for", "BOARDS"]
