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

Decisions that carry data (a placement of a piece) are made by the heuristic bot, in the
tree and in the rollouts, unless it offers `candidates(view, legal, count)` for them: its
own move first and up to `count - 1` other whole moves (another row of pieces for a floor),
which the paired search then plays out against each other as it does plain moves.

A heuristic bot may offer `shortlist(view, legal, count)`: the `count` moves it thinks best.
The paired search then tries only those (and the heuristic's own move), so that a small
budget is spent telling a few good moves apart instead of playing each of many once.
"""

from __future__ import annotations

import hashlib
import math
import time

from .baseline import RandomBot
from .computers import Computers
from .game import Action, Game, Match, MoveLog, Result, rank_by
from .rng import Rng
from .seats import Seat
from .session import Session

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


def _name(move) -> str:
    """A candidate's name: its key, and for a whole move its data too."""
    payload = getattr(move, "payload", None)
    return move.key if payload is None else f"{move.key} {payload!r}"


def expected_rewards(values: list[float], scale: float) -> list[float]:
    """`rewards` expected from standings that are still uncertain by about `scale`: each seat
    finishes above each other one with the logistic chance of their gap, and wins with the
    softmax chance of its value; half for the place, half for the win, as `rewards`."""
    players = len(values)
    if players == 1:
        return [1.0]
    top = max(values)
    weights = [math.exp((v - top) / scale) for v in values]
    total = sum(weights)
    out = []
    for i, v in enumerate(values):
        above = sum(1.0 / (1.0 + math.exp(max(-60.0, min(60.0, (w - v) / scale))))
                    for j, w in enumerate(values) if j != i)
        out.append(0.5 * above / (players - 1) + 0.5 * weights[i] / total)
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
                 method: str = "paired", confidence: float = 1.0, shortlist: int = 4):
        if iterations < 1 and seconds is None:
            raise ValueError("a search needs a budget: iterations or seconds")
        self.rules = rules
        self.game = Game(rules.info, rules)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout or rules.default_bot
        self.depth = depth or rules.search_depth or PLAYOUT_MOVES
        if method not in ("paired", "ismcts"):
            raise ValueError(f"no search method {method!r}: paired or ismcts")
        self.method = method
        self.confidence = confidence
        self.shortlist = shortlist
        self.explore = explore
        self._make = lambda: _heuristic(rules, self.rollout)
        self._own: dict[int, object] = {}     # the heuristic that places pieces for each seat
        self._seen: set[str] = set()          # the positions it has decided in (`_onward`)
        self.last: dict = {}                  # what the last search did (iterations, visits)

    def choose(self, view, legal, rng):
        raise TypeError("the search bot decides from the position: call core.bots.decide")

    def search(self, state, seat: int, players: int, options: dict, legal: list[Action], rng: Rng):
        """The move for `seat` in `state`, decided from what `seat` may see."""
        plain = [a for a in legal if not a.takes]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        if len(plain) < len(legal):
            moves = self._candidates(state, seat, legal)
            if len(moves) < 2:
                return self._heuristic(state, seat, players, options, legal, rng)
            return self._paired(state, seat, players, options, moves, rng, deadline, base=moves[0])
        if len(plain) <= 1:
            return self._heuristic(state, seat, players, options, legal, rng)
        plain = self._onward(state, seat, players, options, plain)
        if len(plain) == 1:
            return plain[0]
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
            self._iterate(root, match, seat, plain, world_rng, state)
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

    def _candidates(self, state, seat, legal) -> list:
        """The heuristic's whole moves for a decision that carries data, its own first
        (`candidates`); [] when it offers none."""
        offer = getattr(self._own_bot(seat), "candidates", None)
        if offer is None:
            return []
        moves = {}
        for m in offer(self.rules.view(state, seat), legal, self.shortlist):
            moves.setdefault(_name(m), m)
        return list(moves.values())

    def _paired(self, state, seat, players, options, plain, rng, deadline, base=None):
        """Rollout policy improvement over paired worlds: every candidate still in the race
        is played in the same dealt worlds with the same chance (common random numbers), so
        the differences between candidates are measured, not the luck of the deal; the worst
        half is dropped after each round (successive halving). The heuristic's own move
        stays unless another beat it on the worlds both were played in, by more than
        `confidence` standard errors of the paired differences: a search too short to tell
        plays as well as the heuristic, not worse. `base`: the heuristic's move when the
        caller has it (whole moves from `candidates`, base first)."""
        if base is None:
            base = self._heuristic(state, seat, players, options, plain, rng)
            plain = self._shortlisted(state, seat, plain, base)
        seed = rng.next32()
        names = [_name(a) for a in plain]
        base_key = _name(base)
        if len(plain) == 1:
            self.last = {"iterations": 0, "worlds": 0, "visits": {}, "mean": {}, "heuristic": base_key}
            return base
        move = dict(zip(names, plain))
        if self.rules.search_worlds == 1:
            return self._once(state, seat, players, options, move, base_key, seed, deadline)
        alive = list(names)
        totals = {k: 0.0 for k in names}
        played = {k: 0 for k in names}
        by_world: dict[str, dict[int, float]] = {k: {} for k in names}
        world = 0
        spent = 0
        budget = self.iterations
        rounds = max(1, math.ceil(math.log2(len(plain))))
        per_round = max(1, budget // rounds) if budget else 0
        while True:
            width = max(1, per_round // len(alive)) if budget else 1
            cut = False
            for _ in range(width):
                if deadline is not None and spent and time.perf_counter() >= deadline:
                    break
                got = {}
                for k in alive:
                    got[k] = self._playout(state, seat, players, options, move[k], seed, world, deadline)
                    if got[k] is None:
                        break
                if None in got.values():
                    cut = True                  # the time ran out within this world: not counted
                    break
                for k, reward in got.items():
                    totals[k] += reward
                    played[k] += 1
                    by_world[k][world] = reward
                    spent += 1
                world += 1
            out_of_time = cut or deadline is not None and time.perf_counter() >= deadline
            if budget and spent >= budget or out_of_time:
                break
            if len(alive) > 2:
                alive.sort(key=lambda k: (-totals[k] / max(1, played[k]), k != base_key))
                keep = alive[:max(2, len(alive) // 2)]
                if base_key not in keep:
                    keep[-1] = base_key
                alive = keep
            elif budget and deadline is None and spent + len(alive) > budget:
                break
        mean = {k: totals[k] / played[k] for k in totals if played[k]}
        self.last = {}
        best = max(alive, key=lambda k: (mean.get(k, -1.0), k == base_key))
        if best != base_key and not self._better(by_world[best], by_world.get(base_key, {})):
            best = base_key
        self.last.update({"iterations": spent, "worlds": world, "visits": dict(played),
                          "mean": mean, "heuristic": base_key})
        return move[best]

    def _once(self, state, seat, players, options, move: dict, base_key: str, seed: int, deadline):
        """For a game whose playouts are the same in every world (`Rules.search_worlds` 1):
        each candidate played once, the heuristic's first, and the best kept only if it did
        strictly better than the heuristic's; those the time left unplayed are not chosen."""
        mean: dict[str, float] = {}
        for k in [base_key] + [k for k in move if k != base_key]:
            if deadline is not None and mean and time.perf_counter() >= deadline:
                break
            reward = self._playout(state, seat, players, options, move[k], seed, 0, deadline)
            if reward is None:
                break
            mean[k] = reward
        best = base_key
        for k, v in mean.items():
            if v > mean.get(best, math.inf):
                best = k
        self.last = {"iterations": len(mean), "worlds": 1, "visits": {k: 1 for k in mean},
                     "mean": mean, "heuristic": base_key}
        return move[best]

    def _shortlisted(self, state, seat, plain, base) -> list[Action]:
        """The candidates the heuristic's `shortlist` names, with its own move, in the order of
        `plain`; all of `plain` when the heuristic offers no shortlist."""
        pick = getattr(self._own_bot(seat), "shortlist", None)
        if pick is None or len(plain) <= self.shortlist:
            return plain
        keep = {a.key for a in pick(self.rules.view(state, seat), plain, self.shortlist)} | {base.key}
        return [a for a in plain if a.key in keep]

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

    def _playout(self, state, seat, players, options, action, seed, world, deadline=None) -> float | None:
        """`seat`'s reward for `action` in dealt world `world`; None if `deadline` came first."""
        world_rng = Rng(seed + world, stream=WORLD_STREAM)
        dealt = self.rules.scramble(state, seat, world_rng, players, options)
        match = Match(self.game, dealt, world_rng, MoveLog(self.game.name, players, 0, options))
        match.play(seat, action)
        if not self._play_on(match, {}, world_rng, state, deadline):
            return None
        return self._score(match)[seat]

    def _play_on(self, match: Match, bots: dict, rng: Rng, start, deadline=None) -> bool:
        """The heuristic plays every seat for `depth` moves, to the end or the game's horizon
        (seen from `start`, the position decided in), seats that act at once in the order of
        time (core.simultaneous); False if `deadline` came first."""
        horizon = self.rules.search_horizon
        session = self._session(match, bots, rng)
        for _ in range(self.depth):
            if match.over or horizon(match.state, start):
                break
            if deadline is not None and time.perf_counter() >= deadline:
                return False
            session.computer()
        return True

    def _session(self, match: Match, bots: dict, rng: Rng) -> Session:
        """The driver of a playout's seats (core.session): the heuristic decides for each, by
        time, every seat drawing on the playout's one random stream."""
        return Session(match, [Seat(f"Seat {s + 1}", self.rollout) for s in range(match.players)],
                       _Heuristics(self._make, bots, rng), announce=False)

    def _own_bot(self, seat: int):
        """The heuristic that decides for `seat` where the search does not (made once)."""
        bot = self._own.get(seat)
        if bot is None:
            bot = self._own[seat] = self._make()
        return bot

    def _heuristic(self, state, seat, players, options, legal, rng):
        """The heuristic's own move, for a forced choice or one that carries data."""
        bot = self._own_bot(seat)
        view = self.rules.view(state, seat) if getattr(bot, "needs_view", True) else None
        return bot.choose(view, legal, rng)

    def _iterate(self, root: _Node, match: Match, me: int, first: list[Action], rng: Rng, start) -> None:
        bots: dict[int, object] = {}
        path: list[tuple[_Node, int]] = []
        node = root
        grew = False
        session = self._session(match, bots, rng)
        while not grew and not match.over and not (path and self.rules.search_horizon(match.state, start)):
            if node is root:
                seat, offered = me, first
            else:
                waiting = match.to_act()
                seat = waiting[0]
                legal = match.legal(seat)
                offered = [a for a in legal if not a.takes]
                if len(offered) < len(legal) or len(offered) <= 1:
                    session.computer()       # the heuristic's move, or several seats' by time
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
        self._play_on(match, bots, rng, start)
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

    def _score(self, match: Match) -> list[float]:
        rules = match.rules
        values = None if match.over else rules.standing(match.state)
        if values is not None:
            if rules.standing_scale > 0:
                return expected_rewards(values, rules.standing_scale)
            return rewards(Result(tuple(values), rank_by([(v,) for v in values], range(match.players)), ()),
                           match.players)
        return rewards(rules.result(match.state), match.players)


def _heuristic(rules, name: str):
    """The bot that plays the worlds out: one of the game's own bots, or the random one."""
    if name == "random":
        return RandomBot(rules)
    factory = rules.bots.get(name)
    if factory is None:
        raise ValueError(f"{rules.info.title} has no bot {name!r} to play the search's worlds out")
    return factory(rules)


class _Heuristics(Computers):
    """Every seat of a playout: the heuristic, made for a seat when first asked (`bots` keeps
    them), all drawing on the playout's one stream."""

    def __init__(self, make, bots: dict, rng: Rng):
        super().__init__(bots, {})
        self.make = make
        self.rng = rng

    def __contains__(self, seat: int) -> bool:
        return True

    def bot_of(self, seat: int):
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = self.make()
        return bot

    def rng_of(self, seat: int) -> Rng:
        return self.rng
