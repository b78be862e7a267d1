"""Board widgets: each game names its own in its info.toml; without one, the generic board.

A game's board is one of the parts its single registration names (`[parts] board =
"module:Class"`, core.games), imported when the game is shown, whether the game ships in
this repository or in another distribution. A board brings its own styles: the `.tcss`
beside its module (`Board.STYLES`), loaded by the play screen when the board is shown.
Show every colour with a letter or symbol too (the Chocolate Milk board writes drink codes
such as K6).
"""

from __future__ import annotations

from core import games
from core.errors import PluginError

from .base import Board
from .generic import GenericBoard


def board_for(game_name: str) -> type[Board]:
    """The board widget class for a game: the one its info.toml names, GenericBoard when it
    names none, or one that cannot be imported or is no Board (the kiosk plays on)."""
    try:
        board = games.part(game_name, "board")
    except PluginError:
        return GenericBoard
    return board if isinstance(board, type) and issubclass(board, Board) else GenericBoard


__all__ = ["Board", "GenericBoard", "board_for"]
