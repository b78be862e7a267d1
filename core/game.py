"""The game plugin contract.

A plugin supplies a `Rules` object: pure functions over a state it owns (setup, who is
to act, legal actions, apply, views, result, dump/restore: `GameRules`, what every game
writes), and the optional parts grouped by concern, each with a safe default: moves with
data, simultaneous phases, sealed decisions, secrets (the four a game's `[kind]` declares,
core.info.Kind), search tuning, screen words, hooks for tests, persistence. The core wraps
it in `Game` and `Match`, which add what every game shares: validation of moves against the
legal list, an untouched state after an illegal move, the move log, views and saves; they
read what kind of game it is from the declaration, never from which methods it overrode.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, NamedTuple

from .announce import Announcement
from .errors import IllegalMove, PluginError, ScenarioError
from .info import GameInfo, Kind, Option, Parts  # noqa: F401  (re-exported: their home is core.info)
from .payload import Shape
from .rng import Rng


class Action(NamedTuple):
    """A legal action. `key` is stable and unique among one seat's legal actions.

    `text` is words for people, `group` a heading for pickers ("Sell", "Fishing"), and
    `data` whatever the game needs to apply it quickly. A tuple, because games build
    thousands of these a second.

    `takes` is set for an action that carries data the seat supplies (a placement, a build
    time, a price): its declared `core.payload.Shape` (or, in older plugins, words saying
    what). Such an action is played as a `Move(key, payload)`; the core checks the payload
    is plain data, then reads it by its shape (kinds and bounds, a refusal naming the
    field), and the game's `accept` checks what needs the position. Pickers never list
    these: a board, a form or a bot supplies them.
    An action that takes no data may still be played with a payload where the game's
    `accept` takes one (the moment of a timed move, Rules.moment); by default it refuses.
    """
    key: str
    text: str
    group: str = ""
    data: Any = None
    takes: Any = ""


class Amount(NamedTuple):
    """The data of an action that is one whole amount said aloud (a price): the payload's
    field and the amounts allowed, from `low` to `high` in steps of `step` (Rules.amount)."""
    field: str
    low: int
    high: int
    step: int = 1


class Move(NamedTuple):
    """A key and the data it carries (None for an action that takes none)."""
    key: str
    payload: Any = None


@dataclass(frozen=True)
class Event:
    """Something that happened, for the event log and the screen."""
    kind: str
    text: str
    seat: int | None = None
    data: dict = field(default_factory=dict)


class GameRules:
    """The rules every game writes: the position and its moves, the end and the score, what a
    seat sees, and the position as data. States are the plugin's own plain objects.

    Implementations must be deterministic: chance only through the `rng` argument. What else a
    game may write is grouped by concern below (`Rules` gathers them all, with defaults), and
    what kind of game it is, which says which of those groups it writes, is its info.toml's
    `[kind]` (core.info.Kind), read as `self.info.kind`.
    """

    #: names of asset files (under assets/) the core loads and passes to __init__
    assets: tuple[str, ...] = ()
    #: bot name -> factory(rules) ; `default_bot` names the strongest
    bots: dict[str, Callable] = {}
    default_bot: str = "random"
    #: a level (core.bots.LEVELS) played by one of the game's own bots instead of the
    #: generic one, e.g. {"easy": "apprentice"}
    level_bots: dict[str, str] = {}

    def __init__(self, info: GameInfo, assets: dict[str, dict]):
        self.info = info
        self.asset_data = assets

    def code_folders(self) -> list[Path]:
        """The folders of code that decide this game's play besides the core: its own package,
        and what it draws on (a game with physics adds physics). core.simulate hashes them."""
        return [Path(sys.modules[type(self).__module__].__file__).parent]

    def setup(self, players: int, options: dict, rng: Rng):
        raise NotImplementedError

    def to_act(self, state) -> tuple[int, ...]:
        raise NotImplementedError

    def legal(self, state, seat: int) -> list[Action]:
        raise NotImplementedError

    def apply(self, state, seat: int, action: Action, rng: Rng) -> list[Event]:
        raise NotImplementedError

    def why_illegal(self, state, seat: int, key: str) -> IllegalMove:
        return IllegalMove(f"{key!r} is not a legal action now")

    def is_over(self, state) -> bool:
        raise NotImplementedError

    def result(self, state) -> "Result":
        raise NotImplementedError

    def view(self, state, seat: int | None) -> dict:
        raise NotImplementedError

    def dump(self, state) -> dict:
        raise NotImplementedError

    def restore(self, data: dict, players: int, options: dict):
        """Rebuild a state from dumped or readable data; raise ValueError if invalid."""
        raise NotImplementedError

    def conserved(self, state) -> dict[str, int]:
        """What the random-play check counts (core/testing.py): piece counts by kind, which no
        move may change; where every yen lies, one "yen:<account>" entry per place (each seat,
        each card or pile holding yen, the general supply "yen:supply"; core.yen.counted); and
        "yen", the yen in the box, only where the rulebook fixes the money supply. Never a bare
        sum of balances: it is 0 whatever the moves pay."""
        raise NotImplementedError


class MovesWithData:
    """Moves that carry data the seat supplies (`[kind] data`, Action.takes): a placement, a
    build time, a price."""

    #: older plugins said `[kind] data` here; nothing reads it any more (core.games checks it
    #: agrees with the declaration)
    takes_data: bool = False

    def accept(self, state, seat: int, action: Action, payload) -> Action:
        """The action of a legal `takes` action with this payload, ready for `apply` (its
        `data` the game's own reading of the payload); IllegalMove naming the rule when the
        payload is wrong. `payload` is already plain data (core.payload.plain) and, when the
        action declares a `Shape`, already read by it (every field there, of its kind and
        within its bounds): what is left is what needs the position."""
        raise IllegalMove(f"{action.key!r} takes no data")

    def sample_payload(self, view: dict, action: Action, rng: Rng):
        """A payload for a `takes` action, from the seat's view: what the random bot and the
        random-play check send. It may be refused; a game with `takes` actions must also
        offer, whenever one is legal, some action that takes no data. Default: random data
        of the action's declared shape (a game names the choices of its text fields, and
        narrows the rest to what looks legal, through `Shape.sample`'s `among`/`fixed`)."""
        if isinstance(action.takes, Shape):
            return action.takes.sample(rng)
        raise NotImplementedError


class SimultaneousPhases:
    """Timing of phases in which several seats act at once, each on its own clock
    (`[kind] simultaneous`: a building round), played by their moments (core.simultaneous)."""

    #: the move by which a seat ends its part in a phase where several seats act at once
    #: (giving up a building round): what a driver plays for it when `decided`
    leave: str = ""

    def moment(self, state, seat: int, key: str, payload) -> float | None:
        """When `seat`'s move `key` (with `payload`) happens, in seconds of the seat's own clock
        since the phase began, in a phase where several seats act at once (a building round):
        the moves of such seats reach the match in the order of their moments
        (core.simultaneous). A move that names no moment of its own happens at the moment of
        the seat's last one. None (the default): the game's moves are not timed."""
        return None

    def simultaneous(self, state):
        """Which phase of moves made at once is open now (a building round: its number), as a
        value that changes when the next such phase begins; None when the seats do not act
        at once. Whoever plays several seats' moves by their moments (core.simultaneous)
        plays one such phase at a time. Default: never."""
        return None

    def decided(self, state, seat: int, at: float) -> bool:
        """Whether nothing `seat` could still do from the moment `at` of its clock changes how
        the simultaneous phase now open ends for it (another builder's Stop! has already
        passed): whoever drives the seat may then end its part with the `leave` move.
        Default: never."""
        return False

    def leaving(self, state, seat: int, at: float) -> list:
        """The moves by which a driver ends `seat`'s part at the moment `at` once `decided`
        (the `leave` move, or more: Countdown takes back a floor's pieces that break a rule)."""
        return [Move(self.leave, {"seconds": at})]

    def deadline(self, state, seat: int) -> tuple[float, str, str] | None:
        """The moment of `seat`'s clock from which the open simultaneous phase is `decided` for
        it, what a builder is told of it before building ("Seat 1's Stop! at 11.3 s stands: to
        win, …") and once their clock passes it ("… has passed"); None: nothing decides it yet."""
        return None


class SealedDecisions:
    """Decisions the others learn only when a round of them is revealed together (`[kind]
    sealed`: sealed bids), kept out of saves and replays until then."""

    def sealed(self, state, seat: int, action: Action) -> str:
        """Words a spectator reads instead of `action.text` when playing `action` is a sealed
        decision: one the others learn only when a round of them is revealed together (a
        sealed bid). Asked of the position before the move. "" (the default): everyone sees
        the move as it is made. Until the match is over, replays and other tools show a
        sealed move by these words only ("A sealed bid for the turn order")."""
        return ""

    def sealed_pending(self, state) -> bool:
        """Whether `state` holds sealed decisions not revealed yet: a round of them is open
        and at least one is in. A save of such a position is written as of the moment the
        round began (without its decisions, which the seats then make again), so no file
        ever holds them. Must be False when no such round is open, and when the game is
        over. Default: never."""
        return False


class Secrets:
    """What some seats may not know (`[kind] secrets`: hidden money, a hand), re-dealt by
    `scramble`; and what nobody has seen yet that a move turns over (`reveals`, which any
    game with face-down components may write: Tokyo Jutaku's lot card backs)."""

    def scramble(self, state, seat: int | None, rng: Rng, players: int, options: dict):
        """A copy of `state` with everything `seat` may not know re-dealt at random.

        The generic hidden-information test checks that `view(seat)` is the same before
        and after. Games without secrets keep this default (a plain copy).
        """
        return self.restore(self.dump(state), players, options)

    def reveals(self, state, seat: int, action: Action) -> bool:
        """Whether playing `action` shows `seat` something printed but unseen until then (the
        back of a card turned over): such a move cannot be taken back. Secrets dealt by chance
        are found by `scramble` instead; this is for what the components themselves hide."""
        return False


class SearchTuning:
    """How the search bot (core.search) plays a game out and scores an unfinished one."""

    #: the search bot's playouts stop after this many moves and score the position by
    #: `standing` (or `result` as if the game ended there); 0: they play to the end
    search_depth: int = 0
    #: how uncertain a cut-off playout's `standing` still is, in its units (yen): the search
    #: turns the gaps between seats into chances of finishing above one another at this
    #: scale, so that a lead of ¥100 counts for more than none; 0: only the order counts
    standing_scale: float = 0.0
    #: 1: a playout comes out the same in every dealt world (nothing hidden, no chance left
    #: to the game, bots that decide from the position alone), so the search plays each
    #: candidate once; 0: as many worlds as its budget allows
    search_worlds: int = 0

    def standing(self, state) -> list[float] | None:
        """How well each seat stands in an unfinished game, in the result's own units (yen):
        what the search bot scores a playout cut off after `search_depth` moves by. None (the
        default): the search scores it by `result` as if the game ended now; a game whose
        investments pay later (a licence, a boat) values them here."""
        return None

    def search_horizon(self, state, start) -> bool:
        """Whether a search playout stops here and scores the position by `standing`: where
        the game's next stretch is too dear to play out (a building round judged by
        physics). `start` is the real position the search decides in: read only what every
        seat sees there (its round). Default: never; playouts run `search_depth` moves or
        to the end."""
        return False


class ScreenWords:
    """What people read: the rules in short, what a phase came to, a number pad's amount."""

    how_to_play: str = ""
    #: event kinds that end a phase the table should see ended (bids revealed): kind -> title
    phase_ends: dict[str, str] = {}

    def announce(self, state, events: list[Event]) -> Announcement | None:
        """What a move's events ended, worded for the table (core.announce), or None. `events`
        are a move's, or a whole simultaneous phase's when the move ended one. Default: the
        events of a kind in `phase_ends`, under that kind's title."""
        ends = [e for e in events if e.kind in self.phase_ends]
        if not ends:
            return None
        return Announcement(self.phase_ends[ends[0].kind], tuple(e.text for e in ends), ends[0].kind)

    def amount(self, state, seat: int, action: Action) -> Amount | None:
        """For a `takes` action whose data is one whole amount (a ??? price), what a number
        pad asks (a phone seat types it, kiosk.phones); None for any other data. Default:
        read off the action's declared shape (one whole-number field with its bounds)."""
        shape = action.takes
        field = shape.amount() if isinstance(shape, Shape) else None
        if field is None:
            return None
        return Amount(field.name, int(field.low), int(field.high), field.step or 1)


class HooksForTests:
    """What the generic tests and scenarios ask of a game (core.testing, Game.scenario)."""

    #: options the generic random-play check adds, for games that uniformly random
    #: players could never finish by the printed rules (e.g. a last-round house rule)
    random_play_options: dict = {}
    #: payments_due(before, after, seat, action, events) -> list[core.yen.Payment]: what the
    #: rules make a move pay, from the rule data and `before` (the position's dump before the
    #: move), reading `after` (its dump after) and `events` only for what chance decided; the
    #: random-play check holds every yen account to it. Needed where conserved() lists
    #: "yen:" accounts and the supply never runs out; None: not given (not "pays nothing")
    payments_due = None

    def scenario_setup(self, data: dict) -> tuple[int, dict]:
        """Players and options of a readable scenario; default: keys 'players', 'options'."""
        return data["players"], data.get("options") or {}


class Persistence:
    """How a save of the game is loaded (core.saves)."""

    #: the data of those actions leaves nothing in the position that `restore` cannot check
    #: (a typed price, not a physics placement): a save whose log carries data is then not
    #: replayed when it is loaded, only its position restored
    restore_checks_data: bool = False


class Rules(GameRules, MovesWithData, SimultaneousPhases, SealedDecisions, Secrets, SearchTuning,
            ScreenWords, HooksForTests, Persistence):
    """What a game plugin subclasses: the rules it must write (GameRules) and every optional
    part with a safe default. The parts a game writes match what its `[kind]` declares
    (`DECLARED`); the others are tuning, words and hooks any game may set."""


class Declared(NamedTuple):
    """An optional part tied to a capability of `[kind]`: a game declaring `kind` writes every
    hook of `must` (and may write those of `may`); a game not declaring it writes none of
    them. core.games checks this when it loads a game."""
    kind: str
    part: type
    must: tuple[str, ...]
    may: tuple[str, ...] = ()


#: the optional parts tied to a capability of `[kind]`
DECLARED = (
    Declared("data", MovesWithData, ("accept",), ("sample_payload",)),
    Declared("simultaneous", SimultaneousPhases, ("moment", "simultaneous", "decided", "deadline"), ("leaving",)),
    Declared("sealed", SealedDecisions, ("sealed", "sealed_pending")),
    Declared("secrets", Secrets, ("scramble",)),
)


@dataclass(frozen=True)
class Result:
    """The end of a match: final yen per seat, ranking (tie groups), breakdown.

    A game that scores something else than yen (Countdown: pieces, 004:75) gives each
    seat's `score` and its `unit`; `scores` is what decided the ranking either way."""
    final_yen: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    breakdown: tuple[dict, ...]
    reason: str = ""
    score: tuple | None = None
    unit: str = "yen"

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ranking[0] if self.ranking else ()

    @property
    def scores(self) -> tuple:
        return self.final_yen if self.score is None else self.score

    def score_text(self, seat: int) -> str:
        """A seat's score as a player reads it: '¥3,400', '15 pieces'."""
        from .words import score_words
        return score_words(self.scores[seat], self.unit)

    def as_dict(self) -> dict:
        return {"final_yen": list(self.final_yen), "ranking": [list(g) for g in self.ranking],
                "breakdown": list(self.breakdown), "reason": self.reason,
                "scores": list(self.scores), "unit": self.unit}


def rank_by(values: list[tuple], seats: range | list[int]) -> tuple[tuple[int, ...], ...]:
    """Tie groups, best first; `values[seat]` is a tuple compared from the left, higher better."""
    order = sorted(seats, key=lambda s: (tuple(-v for v in values[s]), s))
    groups: list[list[int]] = []
    for s in order:
        if groups and values[groups[-1][0]] == values[s]:
            groups[-1].append(s)
        else:
            groups.append([s])
    return tuple(tuple(g) for g in groups)


class MoveLog:
    """Seed, options, optional starting position and the moves: enough to rebuild a match."""

    __slots__ = ("game", "players", "seed", "options", "start", "moves")

    def __init__(self, game: str, players: int, seed: int, options: dict, start: dict | None = None):
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.start = start
        #: (seat, key), or (seat, key, payload) for an action that carries data
        self.moves: list[tuple] = []

    def dump(self) -> dict:
        return {"game": self.game, "players": self.players, "seed": self.seed,
                "options": self.options, "start": self.start,
                "moves": [list(m) for m in self.moves]}


class Game:
    """A loaded plugin: its info and its rules; makes matches."""

    def __init__(self, info: GameInfo, rules: Rules):
        self.info = info
        self.rules = rules

    @property
    def name(self) -> str:
        return self.info.name

    def new(self, players: int, *, seed: int, options: dict | None = None) -> "Match":
        opts = self.info.settle_options(players, options)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("a seed is a whole number")
        rng = Rng(seed)
        state = self.rules.setup(players, opts, rng)
        return Match(self, state, rng, MoveLog(self.name, players, seed, opts))

    def scenario(self, data: dict) -> "Match":
        """A position from readable data; refused with ScenarioError when invalid."""
        if not isinstance(data, dict):
            raise ScenarioError("a scenario is a mapping of names to values")
        try:
            players, options = self.rules.scenario_setup(data)
            opts = self.info.settle_options(players, options)
            state = self.rules.restore(data, players, opts)
            seed = data.get("seed", 0)
            if not isinstance(seed, int):
                raise ValueError("seed must be a whole number")
            rng = Rng.restore(data["rng"]) if "rng" in data else Rng(seed)
        except ScenarioError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise ScenarioError(f"{self.info.title}: this position is not valid: {e}") from e
        start = self.rules.dump(state)
        start["rng"] = rng.dump()
        return Match(self, state, rng, MoveLog(self.name, players, seed, opts, start))

    def replay(self, log: dict, upto: int | None = None) -> "Match":
        """Rebuild a match from a log's seed, options, start and moves."""
        if log.get("start") is not None:
            match = self.scenario(dict(log["start"], players=log["players"], options=log["options"]))
            match.log.seed = log["seed"]
        else:
            match = self.new(log["players"], seed=log["seed"], options=log["options"])
        for move in log["moves"][:upto]:
            match.play(*move)
        return match


UNDO_SAMPLES = 2        # other worlds tried per seat when asking whether a move revealed anything
UNDO_STREAM = 4049      # the probe's own random stream: asking never touches the match's
SNAPSHOTS_KEPT = 4      # positions kept for undo to replay from, so asking is not O(moves)


class Match:
    """One game in progress. All changes go through `play` (and `undo`)."""

    def __init__(self, game: Game, state, rng: Rng, log: MoveLog):
        self.game = game
        self.rules = game.rules
        self.state = state
        self.rng = rng
        self.log = log
        self._legal_cache: tuple[int, int, dict[str, Action]] | None = None
        self.drew: list[bool] = []        # per move in the log: did it draw on chance
        self._snapshots: dict[int, tuple] = {}   # moves -> (dump, rng): where undo replays from
        #: where the sealed round now open began, (moves, packed dump, rng); None when no
        #: round is open or it is not known yet (then `sealed_round` finds it by replaying)
        self._unsealed: tuple[int, bytes, list] | None = None

    @property
    def players(self) -> int:
        return self.log.players

    @property
    def options(self) -> dict:
        return self.log.options

    @property
    def over(self) -> bool:
        return self.rules.is_over(self.state)

    def to_act(self) -> tuple[int, ...]:
        if self.rules.is_over(self.state):
            return ()
        return self.rules.to_act(self.state)

    def legal(self, seat: int) -> list[Action]:
        return list(self._legal_map(seat).values())

    def _legal_map(self, seat: int) -> dict[str, Action]:
        cache = self._legal_cache
        n = len(self.log.moves)
        if cache is not None and cache[0] == n and cache[1] == seat:
            return cache[2]
        if seat not in self.to_act():
            actions: dict[str, Action] = {}
        else:
            actions = {a.key: a for a in self.rules.legal(self.state, seat)}
        self._legal_cache = (n, seat, actions)
        return actions

    def play(self, seat: int, action: Action | Move | str, payload=None) -> list[Event]:
        """Apply a legal action; an illegal one raises IllegalMove and changes nothing.

        An action that takes data gets it as `payload` (or as a Move); the move log keeps
        the canonical payload beside the key.
        """
        if isinstance(action, Move):
            action, payload = action.key, action.payload
        key = action.key if isinstance(action, Action) else action
        if not isinstance(key, str):
            raise IllegalMove(f"an action is named by its key, not {key!r}")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalMove(f"there is no seat {seat!r} in this {self.players}-player game")
        if self.rules.is_over(self.state):
            raise IllegalMove("the game is over")
        waiting = self.rules.to_act(self.state)
        if seat not in waiting:
            raise IllegalMove(f"it is not seat {seat + 1}'s turn; waiting for seat "
                              + ", ".join(str(s + 1) for s in waiting))
        chosen = self._legal_map(seat).get(key)
        if chosen is None:
            raise self.rules.why_illegal(self.state, seat, key)
        if chosen.takes or payload is not None:
            payload = _canonical(chosen, payload)
            chosen = self._accepted(seat, chosen, payload)
        watch = self.game.info.kind.sealed
        mark = None
        if watch:
            pending = self.rules.sealed_pending(self.state)
            if not pending and self.rules.sealed(self.state, seat, chosen):
                mark = (len(self.log.moves), _packed(self.rules.dump(self.state)), self.rng.dump())
        before = self.rng.state
        try:
            events = self.rules.apply(self.state, seat, chosen, self.rng)
        except BaseException:
            self._rebuild()
            raise
        self.log.moves.append((seat, key) if payload is None else (seat, key, payload))
        self.drew.append(self.rng.state != before)
        self._legal_cache = None
        if watch:
            if not self.rules.sealed_pending(self.state):
                self._unsealed = None
            elif not pending:
                self._unsealed = mark          # None when the game did not call the move sealed
        return events

    def _accepted(self, seat: int, action: Action, payload) -> Action:
        """The game's reading of a payload; its failure leaves the state as it was."""
        try:
            if isinstance(action.takes, Shape):
                payload = action.takes.read(payload)
            accepted = self.rules.accept(self.state, seat, action, payload)
        except IllegalMove:
            self._legal_cache = None
            raise
        except BaseException:
            self._rebuild()
            raise
        if not isinstance(accepted, Action) or accepted.key != action.key:
            self._rebuild()
            raise PluginError(f"{self.game.name}: accept() must return the action it was given, with its data")
        return accepted

    # ---- taking a move back -------------------------------------------------------

    def may_undo(self, seat: int) -> bool:
        """Cheap first answer for a key bar: the last move is `seat`'s and `seat` still acts."""
        return (bool(self.log.moves) and not self.over and self.log.moves[-1][0] == seat
                and seat in self.to_act())

    def why_not_undo(self, seat: int) -> str | None:
        """Why `seat` may not take back its last move now, or None when it may.

        Board Game Arena's rule: a seat takes back its own moves within its turn, as long as
        no chance was drawn (dice, bag draws, pours) and nothing hidden was revealed since.
        """
        moves = self.log.moves
        if self.over:
            return "the game is over"
        if not moves:
            return "no move has been made"
        if moves[-1][0] != seat or seat not in self.to_act():
            return f"only seat {seat + 1}'s own moves of this turn can be taken back"
        if len(self.drew) != len(moves):      # loaded from a save: the log tells
            self.drew = self.game.replay(self.log.dump()).drew
        if self.drew[-1]:
            return "chance has been drawn since (dice, a bag, a pour): that move stands"
        before = self._before_last()
        if self._revealed(before, *moves[-1]) or self._shows(before, *moves[-1][:2]):
            return "it showed something that was hidden: that move stands"
        return None

    def undo(self, seat: int) -> tuple:
        """Take back `seat`'s last move (see why_not_undo); the position is exactly as before
        it, rebuilt from the log. Returns the move taken back; IllegalMove when refused, its
        `reason` the words of why_not_undo."""
        reason = self.why_not_undo(seat)
        if reason:
            raise IllegalMove(reason, rule="taking a move back")
        before = self._before_last()
        taken = self.log.moves.pop()
        self.drew.pop()
        self.state, self.rng = before.state, before.rng
        self._unsealed = before._unsealed
        self._legal_cache = None
        return taken

    def _before_last(self) -> "Match":
        """The match as it was before its last move: replayed from the nearest position kept
        by an earlier question (or from the start), and kept for the next one."""
        n = len(self.log.moves) - 1
        for k in [k for k in self._snapshots if k > n]:
            del self._snapshots[k]
        start = max(self._snapshots, default=None)
        if start is None:
            before = self.game.replay(self.log.dump(), upto=n)
        else:
            data, rng = self._snapshots[start]
            log = MoveLog(self.log.game, self.players, self.log.seed, self.options, self.log.start)
            log.moves = self.log.moves[:start]
            before = Match(self.game, self.rules.restore(data, self.players, self.options), Rng.restore(rng), log)
            for move in self.log.moves[start:n]:
                before.play(*move)
        if n not in self._snapshots:
            self._snapshots[n] = (self.rules.dump(before.state), before.rng.dump())
            while len(self._snapshots) > SNAPSHOTS_KEPT:
                del self._snapshots[min(self._snapshots)]
        return before

    def _shows(self, before: "Match", seat: int, key: str) -> bool:
        action = before._legal_map(seat).get(key)
        return action is not None and self.rules.reveals(before.state, seat, action)

    def _revealed(self, before: "Match", seat: int, key: str, payload=None) -> bool:
        """Whether the move (`seat` playing `key` from `before`) let anyone see a secret.

        Asked of the game's own secrets: for every seat, the position before the move is
        re-dealt as that seat could imagine it (Rules.scramble) and the move played there;
        if that seat's view afterwards differs from its real one, the move showed it
        something it could not have known. A move that cannot even be played in such a
        world counts as revealing. A game whose kind declares no secrets reveals nothing so.
        """
        rules = self.rules
        if not self.game.info.kind.secrets:
            return False
        players, options = self.players, self.options
        probe = Rng(self.log.seed, stream=UNDO_STREAM)
        for t in range(players):
            seen = rules.view(self.state, t)
            for _ in range(UNDO_SAMPLES):
                world = rules.scramble(before.state, t, probe, players, options)
                action = next((a for a in rules.legal(world, seat) if a.key == key), None)
                if action is None:
                    return True
                if payload is not None:
                    try:
                        read = action.takes.read(payload) if isinstance(action.takes, Shape) else payload
                        action = rules.accept(world, seat, action, read)
                    except IllegalMove:
                        return True
                rules.apply(world, seat, action, Rng.restore(before.rng.dump()))
                if rules.view(world, t) != seen:
                    return True
        return False

    def _rebuild(self) -> None:
        """Put state and RNG back as they were before a failed apply, from the log."""
        again = self.game.replay(self.log.dump())
        self.state, self.rng, self.drew = again.state, again.rng, again.drew
        self._unsealed = again._unsealed
        self._legal_cache = None

    def result(self):
        if not self.over:
            raise IllegalMove("the game is not over yet")
        return self.rules.result(self.state)

    def view(self, seat: int | None = None) -> dict:
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.players):
            raise ValueError(f"there is no seat {seat!r}")
        return self.rules.view(self.state, seat)

    # ---- sealed decisions ------------------------------------------------------------

    def sealed_round(self) -> tuple[int, dict, list] | None:
        """Where the round of sealed decisions still open began (Rules.sealed_pending): the
        number of moves of the log before it, the state's dump and the RNG's then; None when
        no sealed decision is waiting to be revealed. This is what a save holds instead of
        the position now, so that no file holds a secret of the open round."""
        rules = self.rules
        if not self.game.info.kind.sealed or rules.is_over(self.state) or not rules.sealed_pending(self.state):
            return None
        point = self._unsealed
        if point is None or point[0] > len(self.log.moves):
            point = self._unsealed = self._find_round()
        moves, state, rng = point
        return moves, _unpacked(state), list(rng)

    def _find_round(self) -> tuple[int, bytes, list]:
        """Where the open sealed round began, found in the log (a match loaded from a save
        written before saves left such rounds out, rebuilt, or whose game did not call the
        round's first move sealed): the last position with nothing sealed pending; the
        start when the round is open there already (a scenario)."""
        log = self.log.dump()
        again = self.game.replay(log, upto=0)
        began = 0
        for n, move in enumerate(self.log.moves, start=1):
            again.play(*move)
            if not self.rules.sealed_pending(again.state):
                began = n
        at = self.game.replay(log, upto=began)
        return began, _packed(self.rules.dump(at.state)), at.rng.dump()

    def sealed_from(self) -> int | None:
        """How many moves of the log a save holds when a sealed round is open (see
        `sealed_round`); None when none is open and a save holds them all."""
        point = self.sealed_round()
        return None if point is None else point[0]

    def save(self) -> bytes:
        """The match as a save (core.saves): as it was when an open sealed round began, if one is."""
        from .save_format import dump_match
        return dump_match(self)

    def clone(self) -> "Match":
        """An independent copy (for bots that look ahead), through the validated dump."""
        data = self.rules.dump(self.state)
        state = self.rules.restore(data, self.players, self.options)
        log = MoveLog(self.log.game, self.players, self.log.seed, self.options, self.log.start)
        log.moves = list(self.log.moves)
        copy = Match(self.game, state, Rng.restore(self.rng.dump()), log)
        copy.drew = list(self.drew)
        copy._unsealed = self._unsealed
        return copy


def _packed(data: dict) -> bytes:
    """A state's dump kept aside, safe from later changes to the live state."""
    import msgpack
    return msgpack.packb(data, use_bin_type=True)


def _unpacked(data: bytes) -> dict:
    import msgpack
    return msgpack.unpackb(data, raw=False, strict_map_key=False)


def _canonical(action: Action, payload):
    """The payload as the log keeps it; IllegalMove when the action does not take one or it
    is not plain data of bounded size."""
    from .payload import plain
    if payload is None:
        raise IllegalMove(f"{action.key!r} needs its data: {action.takes}")
    return plain(payload)
