"""Bots: computer seats. Every bot sees only what its seat may see.

A bot is given the seat's view (as a person at that seat would see it) and the legal
actions, plus a random generator of its own; it returns one of those actions.
"""

from __future__ import annotations

from typing import Protocol

from .errors import IllegalMove
from .game import Action, Move
from .rng import Rng


class Bot(Protocol):
    name: str
    #: False for bots that decide from the legal actions alone (saves building a view)
    needs_view: bool

    def choose(self, view: dict, legal: list[Action], rng: Rng) -> Action | Move:
        """One of `legal`, decided from `view` (the seat's own view) alone; a Move with its
        payload for an action that takes data."""


class RandomBot:
    """Picks uniformly among the legal actions: the baseline every bot must beat.

    An action that takes data gets the game's sample payload (Rules.sample_payload), which
    is why this bot looks at its view in such games.
    """

    name = "random"

    def __init__(self, rules=None):
        self.rules = rules
        self.needs_view = bool(getattr(rules, "takes_data", False))

    def choose(self, view: dict, legal: list[Action], rng: Rng) -> Action | Move:
        action = legal[rng.below(len(legal))]
        if action.takes:
            return Move(action.key, self.rules.sample_payload(view, action, rng))
        return action


def bot_names(game) -> list[str]:
    names = ["random"] + [n for n in game.rules.bots if n != "random"]
    return names


def make_bot(game, name: str | None = None):
    """The named bot for `game`; None means the game's strongest."""
    name = name or game.rules.default_bot
    if name == "random":
        return RandomBot(game.rules)
    factory = game.rules.bots.get(name)
    if factory is None:
        raise ValueError(f"{game.info.title} has no bot {name!r}; it has: {', '.join(bot_names(game))}")
    return factory(game.rules)


def play_turn(match, seat: int, bot, rng: Rng):
    """Let `bot` make one move for `seat`; returns the events."""
    legal = match.legal(seat)
    view = match.view(seat) if getattr(bot, "needs_view", True) else None
    return play_choice(match, seat, bot.choose(view, legal, rng), legal, rng)


def play_choice(match, seat: int, choice, legal: list[Action], rng: Rng):
    """Play a bot's choice. Data the game refuses (the random bot's sample placement) is not
    the game's fault: the bot then takes one of the actions that take no data instead."""
    try:
        return match.play(seat, choice)
    except IllegalMove:
        plain = [a for a in legal if not a.takes]
        if not isinstance(choice, Move) or choice.payload is None or not plain:
            raise
        return match.play(seat, plain[rng.below(len(plain))])
