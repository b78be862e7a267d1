"""The bots every game has (random, and its heuristic with blunders), how a bot decides
(`decide`) and how its choice is played (`play_choice`): what the search bot (core.search) and
the session (core.session) build on, below the registry of bots (core.bots)."""

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
    is why this bot looks at its view in a game whose kind declares data.
    """

    name = "random"

    def __init__(self, rules=None):
        self.rules = rules
        self.needs_view = rules is not None and rules.info.kind.data

    def choose(self, view: dict, legal: list[Action], rng: Rng) -> Action | Move:
        action = legal[rng.below(len(legal))]
        if action.takes:
            return Move(action.key, self.rules.sample_payload(view, action, rng))
        return action


class BlunderBot:
    """The game's heuristic bot that now and then (one move in `every`) takes a move at
    random among those that carry no data: the easy level, beatable by a beginner."""

    def __init__(self, inner, every: int = 4):
        self.inner = inner
        self.every = every
        self.name = "easy"
        self.needs_view = getattr(inner, "needs_view", True)

    def choose(self, view: dict, legal: list[Action], rng: Rng) -> Action | Move:
        plain = [a for a in legal if not a.takes]
        if len(plain) > 1 and rng.below(self.every) == 0:
            return plain[rng.below(len(plain))]
        return self.inner.choose(view, legal, rng)


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


def fork(bot, rules):
    """An independent copy of `bot` and of what it keeps (a plan it is building), sharing the
    game's rules: it decides from here on as the bot would, without changing the bot (a
    rehearsal of a building round, core.hotseat)."""
    import copy
    memo = {id(rules): rules}
    game = getattr(bot, "game", None)
    if game is not None:
        memo[id(game)] = game
    return copy.deepcopy(bot, memo)


def decide(bot, match, seat: int, legal: list[Action], rng: Rng) -> Action | Move:
    """What `bot` plays for `seat`: a searching bot is given the position (it deals the
    secrets anew itself), every other bot the seat's view."""
    if getattr(bot, "searches", False):
        return bot.search(match.state, seat, match.players, match.options, legal, rng)
    view = match.view(seat) if getattr(bot, "needs_view", True) else None
    return bot.choose(view, legal, rng)
