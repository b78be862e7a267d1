"""The search bot: information-set Monte Carlo tree search over the plugin contract alone.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", 2012). Each iteration deals one world the searching seat cannot tell from the real
one (the game's own `scramble` from that seat), walks one tree of decisions with UCB1 among
the moves the world allows (each seat choosing for its own reward: max^n), adds one node,
plays on with the game's heuristic bot at every seat, and scores the end (or the position
after `depth` moves or at the game's `search_horizon`, by the game's `standing`). The move
chosen most often at the root is played.

Why this method: the games hide dice, bags and sealed bids, so a search must not see them;
dealing worlds with `scramble` is the one thing every plugin already offers, and a
single tree over information sets does not split its budget across worlds the way
determinized search would. The rollouts by the heuristic bot carry the game's own knowledge.

The search never looks at a secret: every world starts from `scramble(state, seat, ...)`,
whose result depends only on what `seat` may see (games keep it so; the test suite checks
it), and its chance comes from the bot's own random stream, never the match's.

Decisions that carry data (a placement of a piece) are not branched on: the heuristic bot
makes them, in the tree and in the rollouts.
"""

from __future__ import annotations

import hashlib
import math
import time

from .bots import play_choice
from .game import Action, Game, Match, MoveLog, Result, Rules, rank_by
from .rng import Rng

#: a playout ends after this many moves (or the game's `search_depth`) and is scored there
PLAYOUT_MOVES = 2000
#: stream of the worlds' own chance, apart from every stream a match or bot uses
WORLD_STREAM = 7919


def _mark(view) -> str:
    """A position as a seat sees it, as a short digest."""
    return hashlib.blake2b(repr(view).encode(), digest_size=16).hexdigest()


class _Node:
    """A move in the tree: how often it was tried, offered, and what it brought its mover."""
    __slots__ = ("children", "visits", "offered", "reward")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.offered = 0
        self.reward = 0.0


def rewards(result, players: int) -> list[float]:
    """Each seat's reward in [0, 1] for a result: half for winning (shared by ties), half for
    the place (1 first, 0 last, ties sharing their places)."""
    out = [0.0] * players
    above = 0
    winners = result.ranking[0] if result.ranking else ()
    for group in result.ranking:
        place = 1.0 if players == 1 else (players - 1 - above - (len(group) - 1) / 2) / (players - 1)
        for seat in group:
            out[seat] = 0.5 * place + (0.5 / len(winners) if seat in winners else 0.0)
        above += len(group)
    return out


class SearchBot:
    """A computer seat that thinks ahead: ISMCTS within a budget of iterations (the same
    seed gives the same move) or of seconds (for the kiosk).

    `rollout` names the bot that plays the worlds out (the game's heuristic by default);
    `depth` is how many moves a playout goes before the position is scored.
    """

    name = "search"
    needs_view = True
    #: callers give this bot the position (core.bots.decide), not only the view
    searches = True

    def __init__(self, rules, *, iterations: int = 200, seconds: float | None = None,
                 rollout: str | None = None, depth: int | None = None, explore: float = 0.7,
                 method: str = "paired", confidence: float = 1.0):
        from .bots import make_bot
        if iterations < 1 and seconds is None:
            raise ValueError("a search needs a budget: iterations or seconds")
        self.rules = rules
        self.game = Game(rules.info, rules)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout or rules.default_bot
        self.depth = depth or getattr(rules, "search_depth", 0) or PLAYOUT_MOVES
        if method not in ("paired", "ismcts"):
            raise ValueError(f"no search method {method!r}: paired or ismcts")
        self.method = method
        self.confidence = confidence
        self.explore = explore
        self._make = lambda: make_bot(self.game, self.rollout)
        self._own: dict[int, object] = {}     # the heuristic that places pieces for each seat
        self._seen: set[str] = set()          # the positions it has decided in (`_onward`)
        self.last: dict = {}                  # what the last search did (iterations, visits)

    def choose(self, view, legal, rng):
        raise TypeError("the search bot decides from the position: call core.bots.decide")

    def search(self, state, seat: int, players: int, options: dict, legal: list[Action], rng: Rng):
        """The move for `seat` in `state`, decided from what `seat` may see."""
        plain = [a for a in legal if not a.takes]
        if len(plain) <= 1 or len(plain) < len(legal):
            return self._heuristic(state, seat, players, options, legal, rng)
        plain = self._onward(state, seat, players, options, plain)
        if len(plain) == 1:
            return plain[0]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        if self.method == "paired":
            return self._paired(state, seat, players, options, plain, rng, deadline)
        root = _Node()
        seed = rng.next32()
        done = 0
        while True:
            if self.iterations and done >= self.iterations and deadline is None:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            world_rng = Rng(seed + done, stream=WORLD_STREAM)
            world = self.rules.scramble(state, seat, world_rng, players, options)
            match = Match(self.game, world, world_rng, MoveLog(self.game.name, players, 0, options))
            self._iterate(root, match, seat, plain, world_rng)
            done += 1
        order = {a.key: i for i, a in enumerate(plain)}
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].reward, -order[kv[0]]))
        self.last = {"iterations": done, "visits": {k: n.visits for k, n in root.children.items()}}
        return next(a for a in plain if a.key == best[0])

    def _onward(self, state, seat, players, options, plain):
        """The moves that do not lead back to a position this seat has already decided in (as
        its view shows it): free moves that undo each other (a token added to a lot, the lot
        taken back) could otherwise be chosen for ever. All of them if none is left."""
        self._seen.add(_mark(self.rules.view(state, seat)))
        onward = []
        for a in plain:
            rng = Rng(0, stream=WORLD_STREAM)
            after = Match(self.game, self.rules.scramble(state, seat, rng, players, options), rng,
                          MoveLog(self.game.name, players, 0, options))
            after.play(seat, a)
            if _mark(after.view(seat)) not in self._seen:
                onward.append(a)
        return onward or plain

    def _paired(self, state, seat, players, options, plain, rng, deadline):
        """Rollout policy improvement over paired worlds: every candidate still in the race
        is played in the same dealt worlds with the same chance (common random numbers), so
        the differences between candidates are measured, not the luck of the deal; the worst
        half is dropped after each round (successive halving). The heuristic's own move
        stays unless another beat it on the worlds both were played in, by more than
        `confidence` standard errors of the paired differences: a search too short to tell
        plays as well as the heuristic, not worse."""
        base = self._heuristic(state, seat, players, options, plain, rng)
        base_key = base.key
        seed = rng.next32()
        alive = list(plain)
        totals = {a.key: 0.0 for a in plain}
        played = {a.key: 0 for a in plain}
        by_world: dict[str, dict[int, float]] = {a.key: {} for a in plain}
        world = 0
        spent = 0
        budget = self.iterations
        rounds = max(1, math.ceil(math.log2(len(plain))))
        per_round = max(1, budget // rounds) if budget else 0
        while True:
            width = max(1, per_round // len(alive)) if budget else 1
            for _ in range(width):
                if deadline is not None and spent and time.perf_counter() >= deadline:
                    break
                for a in alive:
                    reward = self._playout(state, seat, players, options, a, seed, world)
                    totals[a.key] += reward
                    played[a.key] += 1
                    by_world[a.key][world] = reward
                    spent += 1
                world += 1
            out_of_time = deadline is not None and time.perf_counter() >= deadline
            if budget and spent >= budget or out_of_time:
                break
            if len(alive) > 2:
                alive.sort(key=lambda a: (-totals[a.key] / max(1, played[a.key]), a.key != base_key))
                keep = alive[:max(2, len(alive) // 2)]
                if all(a.key != base_key for a in keep):
                    keep[-1] = next(a for a in alive if a.key == base_key)
                alive = keep
            elif budget and deadline is None and spent + len(alive) > budget:
                break
        mean = {k: totals[k] / played[k] for k in totals if played[k]}
        self.last = {}
        best = max(alive, key=lambda a: (mean.get(a.key, -1.0), a.key == base_key))
        if best.key != base_key and not self._better(by_world[best.key], by_world.get(base_key, {})):
            best = next(a for a in plain if a.key == base_key)
        self.last.update({"iterations": spent, "worlds": world, "visits": dict(played),
                          "mean": mean, "heuristic": base_key})
        return best

    def _better(self, challenger: dict[int, float], base: dict[int, float]) -> bool:
        """Whether the challenger beat the base in the worlds both were played in, by more
        than `confidence` standard errors of the differences."""
        diffs = [challenger[w] - base[w] for w in challenger if w in base]
        if len(diffs) < 2:
            return False
        mean = sum(diffs) / len(diffs)
        error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
        self.last["paired"] = (mean, error, len(diffs))
        return mean > 0 and mean > self.confidence * error

    def _playout(self, state, seat, players, options, action, seed, world) -> float:
        world_rng = Rng(seed + world, stream=WORLD_STREAM)
        dealt = self.rules.scramble(state, seat, world_rng, players, options)
        match = Match(self.game, dealt, world_rng, MoveLog(self.game.name, players, 0, options))
        match.play(seat, action)
        self._play_on(match, {}, world_rng)
        return self._score(match)[seat]

    def _play_on(self, match: Match, bots: dict, rng: Rng) -> None:
        """The heuristic plays every seat for `depth` moves, to the end or the game's horizon."""
        horizon = self.rules.search_horizon
        for _ in range(self.depth):
            if match.over or horizon(match.state):
                break
            seat = match.to_act()[0]
            self._step(match, seat, match.legal(seat), bots, rng)

    def _heuristic(self, state, seat, players, options, legal, rng):
        """The heuristic's own move, for a forced choice or one that carries data."""
        bot = self._own.get(seat)
        if bot is None:
            bot = self._own[seat] = self._make()
        view = self.rules.view(state, seat) if getattr(bot, "needs_view", True) else None
        return bot.choose(view, legal, rng)

    def _iterate(self, root: _Node, match: Match, me: int, first: list[Action], rng: Rng) -> None:
        bots: dict[int, object] = {}
        path: list[tuple[_Node, int]] = []
        node = root
        grew = False
        while not grew and not match.over and not (path and self.rules.search_horizon(match.state)):
            if node is root:
                seat, offered = me, first
            else:
                seat = match.to_act()[0]
                legal = match.legal(seat)
                offered = [a for a in legal if not a.takes]
                if len(offered) < len(legal) or len(offered) <= 1:
                    self._step(match, seat, legal, bots, rng)
                    continue
            untried = [a for a in offered if a.key not in node.children]
            if untried:
                action = untried[rng.below(len(untried))]
                child = node.children[action.key] = _Node()
                grew = True
            else:
                action, child = self._select(node, offered, seat)
            for a in offered:
                known = node.children.get(a.key)
                if known is not None:
                    known.offered += 1
            match.play(seat, action)
            path.append((child, seat))
            node = child
        self._play_on(match, bots, rng)
        reward = self._score(match)
        for child, seat in path:
            child.visits += 1
            child.reward += reward[seat]

    def _select(self, node: _Node, offered: list[Action], seat: int) -> tuple[Action, _Node]:
        best, best_score = None, -1.0
        for a in offered:
            child = node.children[a.key]
            score = child.reward / child.visits + self.explore * math.sqrt(math.log(child.offered) / child.visits)
            if score > best_score:
                best, best_score = a, score
        return best, node.children[best.key]

    def _step(self, match: Match, seat: int, legal: list[Action], bots: dict, rng: Rng) -> None:
        bot = bots.get(seat)
        if bot is None:
            bot = bots[seat] = self._make()
        view = match.view(seat) if getattr(bot, "needs_view", True) else None
        play_choice(match, seat, bot.choose(view, legal, rng), legal, rng)

    def _score(self, match: Match) -> list[float]:
        rules = match.rules
        if not match.over and type(rules).standing is not Rules.standing:
            values = rules.standing(match.state)
            return rewards(Result(tuple(values), rank_by([(v,) for v in values], range(match.players)), ()),
                           match.players)
        return rewards(rules.result(match.state), match.players)
