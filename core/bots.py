"""Bots: computer seats. Every bot sees only what its seat may see.

A bot is given the seat's view (as a person at that seat would see it) and the legal
actions, plus a random generator of its own; it returns one of those actions.
"""

from __future__ import annotations

from .baseline import BlunderBot, Bot, RandomBot, decide, fork, play_choice  # noqa: F401  (re-exported)
from .seats import LEVELS  # noqa: F401  (the levels a computer seat is offered, easiest first)

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
    if name in game.rules.level_bots:
        return make_bot(game, game.rules.level_bots[name])
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


def seated(game, seats, seed: int, rngs: dict | None = None):
    """The computer seats of `seats` (core.seats.Seat) as a session drives them
    (core.session.Computers): each its bot, and its random stream where `rngs` left it (a
    save's), else fresh from the match's `seed`."""
    from .session import Computers
    return Computers.seated({s: make_bot(game, seat.bot) for s, seat in enumerate(seats) if seat.computer},
                            seed, rngs)
