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


#: the levels a computer seat is offered in the kiosk, easiest first
LEVELS = ("easy", "normal", "hard")
#: the hard level's search, in the kiosk: about this long a move, at most this many iterations
HARD_SECONDS = 0.8
HARD_ITERATIONS = 2000
#: the search bot's iterations when named "search" (deterministic; "search:N" for N)
SEARCH_ITERATIONS = 200


def bot_names(game) -> list[str]:
    """Every bot `game` offers: random, the three levels, the search, the game's own."""
    own = [n for n in game.rules.bots if n not in ("random", "search", *LEVELS)]
    return ["random", *LEVELS, "search", *own]


def make_bot(game, name: str | None = None):
    """The named bot for `game`; None means the game's strongest heuristic.

    Levels: easy is the game's `level_bots["easy"]` or its heuristic with blunders, normal
    its heuristic, hard the search against the clock. "search" and "search:N" are the
    search with N iterations (the same seed, the same move)."""
    name = name or game.rules.default_bot
    level_bots = getattr(game.rules, "level_bots", {})
    if name in level_bots:
        return make_bot(game, level_bots[name])
    if name == "random":
        return RandomBot(game.rules)
    if name == "easy":
        return BlunderBot(make_bot(game, game.rules.default_bot))
    if name == "normal":
        return make_bot(game, game.rules.default_bot)
    if name == "hard" or name == "search" or name.startswith("search:"):
        from .search import SearchBot
        if name == "hard":
            bot = SearchBot(game.rules, iterations=HARD_ITERATIONS, seconds=HARD_SECONDS)
        else:
            count = name.partition(":")[2] or str(SEARCH_ITERATIONS)
            if not count.isdigit() or int(count) < 1:
                raise ValueError(f"{name!r}: a search is named search:N, N a whole number of iterations")
            bot = SearchBot(game.rules, iterations=int(count))
        bot.name = name
        return bot
    factory = game.rules.bots.get(name)
    if factory is None:
        raise ValueError(f"{game.info.title} has no bot {name!r}; it has: {', '.join(bot_names(game))}")
    return factory(game.rules)


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


def play_turn(match, seat: int, bot, rng: Rng):
    """Let `bot` make one move for `seat`; returns the events."""
    legal = match.legal(seat)
    return play_choice(match, seat, decide(bot, match, seat, legal, rng), legal, rng)


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
