"""The games as PettingZoo environments, for training agents: one AEC environment (pettingzoo.AECEnv)
per game and player count, `env(game_name, players, seed=..., options=...)`.

Needs the `rl` extra (`pip install -e ".[rl]"`: pettingzoo, gymnasium, numpy). Every game of
the series plays here as it does at the kiosk, to its printed end, through the same `Match`.

Agents and turns
    The seats are the agents "seat_0", "seat_1", ... The agent to act is one of the seats the
    game waits for (`Match.to_act`). AEC is one agent at a time, so when several seats act at
    once: in a phase whose moves happen at moments of each seat's own clock (a building
    round, `Rules.moment`), the seat whose clock is earliest, equal clocks ordered by the
    draw core.simultaneous uses (never by seat number), as whoever reaches first for a piece
    gets it; in any other (sealed bids) the lowest seat. Each seat's decision is made from its
    own observation only, so a sealed bid already made is not seen by the next bidder. A seat
    for whom a building round is decided (another builder's Stop! has passed its clock, the
    time is up: `Rules.decided`) leaves it as the kiosk makes a person leave (`Rules.leaving`),
    without being asked.

Observations: `{"observation": Box(float32, (obs_size,)), "action_mask": Box(int8, (action_slots,))}`
    The observation is the seat's own view (`Match.view(seat)`: what a person in that seat may
    see, never the state) hashed into a fixed-length vector: every leaf of the view adds to
    the slot named by a hash (blake2b, the same on every computer) of its path, so a given
    thing (seat 2's yen, the card at row 1 column 3) always lands in the same slot however the
    rest of the position looks. Numbers add sign(x)·log(1 + |x|); a text, a true/false and a
    None add 1 to the slot of their path *and value* (one-hot); texts in a list count in the
    slot of the list and the text, wherever in the list they are (a supply of pieces is a bag);
    other list items keep their place (the first LIST_PLACES of them); every list adds its
    length. The vector is clipped to ±CLIP. Collisions are possible (it is the hashing trick):
    raise `obs_size` to make them rarer. The mask marks the acting seat's legal actions (all
    zeros for the others, as in PettingZoo's classic games).

Actions: `Discrete(action_slots)`, or `Dict({"action": Discrete, "data": Box(0, 1, (DATA_WIDTH,))})`
    A catalogue of action keys: a legal action sits at the slot named by a hash of its key
    (the same key, the same slot, in every position), the next free slot when two legal keys
    meet. Games with actions that carry data (`[kind] data` in its info.toml: a placement, a build time, a
    ??? price) have the Dict space: the "data" vector is the data of the chosen action, one
    number in [0, 1] per field, read by the action's declared shape: a field of a
    `core.payload.Shape` (numbers from its low to its high, whole numbers in its steps, true
    from 0.5), or the one amount of `Rules.amount` (Tsukiji's ??? price). What a declaration
    does not cover (an action whose data is still described in words, a text field such as
    which piece, whose choices the shape does not list) is the game's own random data for it
    (`Rules.sample_payload` from the seat's view), as the random bot sends. Data the game
    refuses (a piece that cannot lie there) changes nothing: the same seat acts again, its
    info saying why (`info["refused"]`). `sample(mask)` of the Dict space takes the
    observation's action_mask. `step` also takes a `core.game.Move` or `Action` (the
    project's bots: `decide`, `encode`).

Rewards, at the end only
    `reward="rank"` (the default): (seats ranked below − seats ranked above) / (players − 1),
    from the result's ranking: +1 for a sole winner, −1 for a sole last, shared places equal,
    and the rewards of a game add up to 0. The ranking is what decides each game (yen in
    most, pieces in Countdown), so one scale fits all seven and every player count.
    `reward="score"`: the seat's score minus the table's mean, in the result's own units
    (yen, pieces): zero-sum too, and it tells a close game from a rout.

Termination and truncation
    The game's end terminates every agent. `max_steps` steps of the agents (refused data
    counts) without an end truncate every agent, reward 0: the game was not finished
    (random hands never finish a building game: their houses do not stand).
"""

from __future__ import annotations

import hashlib
import math
from typing import Any

from . import games
from .baseline import decide as bot_decide
from .errors import IllegalMove
from .game import Action, Move
from .rng import Rng
from .simultaneous import tie_break

try:
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv
except ImportError as e:       # pragma: no cover - the message is the point
    raise ImportError("PettingZoo is not installed: install the rl extra, pip install -e \".[rl]\" in a "
                      "checkout or pip install \"tokyo-kiosk[rl]\"") from e

try:
    from .payload import Shape
except ImportError:            # pragma: no cover - before core.payload declared shapes
    Shape = None

#: the observation vector's length and the action catalogue's size (override per env)
OBS_SIZE = 4096
ACTION_SLOTS = 4096
#: numbers per data-carrying action (fields of its shape beyond these take the game's sample)
DATA_WIDTH = 16
#: the observation's bound: every slot is clipped to ±CLIP
CLIP = 64.0
#: list items kept in place (beyond these, only a list's texts and its length are seen)
LIST_PLACES = 64
#: steps of the agents after which an unfinished game is truncated
MAX_STEPS = 20_000
#: the env's own random stream (data sampled for an agent) is the match's seed on this stream
DATA_STREAM = 4242
REWARDS = ("rank", "score")
_CACHE = 200_000


def env(game_name: str, players: int, seed: int = 0, options: dict | None = None, **kwargs) -> "TokyoEnv":
    """An AEC environment of `game_name` at a table of `players`; `seed` is the first game's
    (each `reset()` without a seed plays the next seed), `options` the game's own options.
    Keywords: reward ("rank" or "score"), max_steps, obs_size, action_slots, render_mode."""
    return TokyoEnv(game_name, players, seed=seed, options=options, **kwargs)


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


def _hashed(text: str, person: bytes, size: int) -> int:
    digest = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8, person=person).digest()
    return int.from_bytes(digest, "big") % size


def _squash(x: float) -> float:
    if not math.isfinite(x):
        return math.copysign(CLIP, x) if not math.isnan(x) else 0.0
    return math.copysign(math.log1p(abs(x)), x)


class ViewEncoder:
    """A seat's view as a fixed-length vector of floats (see the module's words)."""

    def __init__(self, size: int = OBS_SIZE):
        if size < 16:
            raise ValueError("an observation needs at least 16 numbers")
        self.size = size
        self._slots: dict[str, int] = {}

    def slot(self, text: str) -> int:
        got = self._slots.get(text)
        if got is None:
            if len(self._slots) >= _CACHE:
                self._slots.clear()
            got = self._slots[text] = _hashed(text, b"tokyo-view", self.size)
        return got

    def encode(self, view: Any, seat: int) -> np.ndarray:
        out = [0.0] * self.size
        out[self.slot(f"seat={seat}")] += 1.0
        self._walk(view, "", out)
        vec = np.asarray(out, dtype=np.float32)
        np.clip(vec, -CLIP, CLIP, out=vec)
        return vec

    def _walk(self, value, path: str, out: list) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                self._walk(v, f"{path}/{k}", out)
        elif isinstance(value, (list, tuple)):
            out[self.slot(f"{path}/#")] += _squash(len(value))
            for i, v in enumerate(value):
                if isinstance(v, str):
                    out[self.slot(f"{path}/[]={v}")] += 1.0
                elif i < LIST_PLACES:
                    self._walk(v, f"{path}/{i}", out)
        elif value is None or isinstance(value, (bool, str)):
            out[self.slot(f"{path}={value}")] += 1.0
        elif isinstance(value, (int, float)):
            out[self.slot(path)] += _squash(float(value))
        else:
            out[self.slot(f"{path}={value}")] += 1.0


class ActionDict(gymnasium.spaces.Dict):
    """`{"action": Discrete(n), "data": Box(0, 1, (width,))}`, whose `sample` also takes the
    observation's action_mask (an int8 array over the Discrete part): a legal action, with
    random data."""

    def __init__(self, slots: int, width: int, seed=None):
        super().__init__({"action": gymnasium.spaces.Discrete(slots),
                          "data": gymnasium.spaces.Box(0.0, 1.0, (width,), np.float32)}, seed=seed)

    def sample(self, mask=None, probability=None):
        if isinstance(mask, np.ndarray):
            mask = {"action": mask, "data": None}
        if isinstance(probability, np.ndarray):
            probability = {"action": probability, "data": None}
        return super().sample(mask=mask, probability=probability)


class TokyoEnv(AECEnv):
    """One game of the series at a table of `players`, as a PettingZoo AEC environment (see
    the module's words for the spaces, the turns and the rewards)."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game_name: str, players: int, seed: int = 0, options: dict | None = None, *,
                 reward: str = "rank", max_steps: int = MAX_STEPS, obs_size: int = OBS_SIZE,
                 action_slots: int = ACTION_SLOTS, render_mode: str | None = None):
        super().__init__()
        self.game = games.load(game_name)
        self.rules = self.game.rules
        self.game_options = self.game.info.settle_options(players, options)
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("a seed is a whole number")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.players = players
        self.reward_kind = reward
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"tokyo_{self.game.name}_v0")
        self.encoder = ViewEncoder(obs_size)
        self.action_slots = action_slots
        self.possible_agents = [agent_name(s) for s in range(players)]
        self._seats = {a: s for s, a in enumerate(self.possible_agents)}
        self.takes_data = self.rules.info.kind.data
        obs = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-CLIP, CLIP, (obs_size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (action_slots,), np.int8)})
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: (ActionDict(action_slots, DATA_WIDTH) if self.takes_data
                                  else gymnasium.spaces.Discrete(action_slots))
                              for a in self.possible_agents}
        self._next_seed = seed
        self.match = None
        self._skip_agent_selection = None

    # ---- the PettingZoo API ------------------------------------------------------------

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: of `seed` when given, else the seed after the last game's. (`options`
        are not read: the game's options are given when the environment is made.)"""
        if seed is not None:
            self._next_seed = int(seed)
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(int(seed) * 1_000_003 + i)
        self.game_seed = self._next_seed
        self._next_seed += 1
        self.match = self.game.new(self.players, seed=self.game_seed, options=self.game_options)
        self.data_rng = Rng(self.game_seed, stream=DATA_STREAM)
        self.steps = 0
        self._slots_at = None
        self._obs_cache: dict[tuple, np.ndarray] = {}
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._leave_decided()
        self._after_move()

    def observe(self, agent):
        return self.observation_of(self.match, self._seats[agent], agent == self.agent_selection
                                   and not (self.terminations[agent] or self.truncations[agent]))

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seats[agent]
        move = self._move(seat, action)
        info = {}
        try:
            self.match.play(seat, move)
        except IllegalMove as e:
            if move.payload is None:
                raise                      # not a legal action at all: nothing has changed
            info = {"refused": str(e)}
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.infos[agent] = info
        self.steps += 1
        self._leave_decided()
        self._after_move()
        self._accumulate_rewards()

    def render(self):
        """The table as a spectator sees it, in words ("ansi"); None without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() is called without a render mode: make the env with render_mode='ansi'")
            return None
        m = self.match
        if m is None:
            return f"{self.game.info.title}: not started (reset)"
        if m.over:
            r = m.result()
            scores = ", ".join(f"seat {s}: {r.score_text(s)}" for s in range(m.players))
            return f"{self.game.info.title}, over after {len(m.log.moves)} moves: {scores}"
        return (f"{self.game.info.title}, move {len(m.log.moves)}; waiting for "
                + ", ".join(agent_name(s) for s in m.to_act()) + f"; {self.agent_selection} acts")

    def close(self):
        pass

    # ---- observations and actions ------------------------------------------------------

    def observation_of(self, match, seat: int, acting: bool = True) -> dict:
        """What `seat` observes of `match`: its view hashed, and (when `acting`) its legal
        actions' slots. Reads nothing but `match.view(seat)` and `match.legal(seat)`."""
        key = (id(match.state), len(match.log.moves), seat)
        vec = self._obs_cache.get(key) if match is self.match else None
        if vec is None:
            vec = self.encoder.encode(match.view(seat), seat)
            if match is self.match:
                if len(self._obs_cache) > 4 * self.players:
                    self._obs_cache.clear()
                self._obs_cache[key] = vec
        mask = np.zeros(self.action_slots, dtype=np.int8)
        if acting and seat in match.to_act():
            for slot in self.slots_of(match, seat):
                mask[slot] = 1
        return {"observation": vec.copy(), "action_mask": mask}

    def slots_of(self, match, seat: int) -> dict[int, Action]:
        """The catalogue's slots of `seat`'s legal actions in `match`: slot -> action."""
        at = (id(match.state), len(match.log.moves), seat)
        if match is self.match and self._slots_at is not None and self._slots_at[0] == at:
            return self._slots_at[1]
        legal = match.legal(seat)
        if len(legal) > self.action_slots:
            raise RuntimeError(f"{self.game.info.title} offers {len(legal)} actions here, more than the "
                               f"{self.action_slots} action slots: make the env with more action_slots")
        slots: dict[int, Action] = {}
        for a in legal:
            i = self.home_slot(a.key)
            while i in slots:
                i = (i + 1) % self.action_slots
            slots[i] = a
        if match is self.match:
            self._slots_at = (at, slots)
        return slots

    def home_slot(self, key: str) -> int:
        """The slot of the action `key` unless another legal action before it in the game's
        list sits there already (then the next free one)."""
        return _hashed(key, b"tokyo-action", self.action_slots)

    def legal(self, agent: str) -> list[Action]:
        """The agent's legal actions now, in the game's order."""
        return self.match.legal(self._seats[agent])

    def seat_of(self, agent: str) -> int:
        return self._seats[agent]

    def decide(self, agent: str, bot, rng: Rng) -> Action | Move:
        """What one of the project's bots (core.bots.make_bot) plays for `agent` now, decided
        as the kiosk's computer seats decide (core.baseline.decide: from the seat's view and
        legal actions; a searching bot deals the secrets anew itself)."""
        seat = self._seats[agent]
        return bot_decide(bot, self.match, seat, self.match.legal(seat), rng)

    def encode(self, agent: str, move) -> Any:
        """A move of the game (an Action, a Move or a key) for `agent` as an action of this
        env's space: its slot, and the data vector where the action's declared data carries
        the payload exactly; otherwise the Move itself (a placement naming its piece), which
        `step` takes as well."""
        seat = self._seats[agent]
        key = move.key if isinstance(move, (Action, Move)) else move
        payload = move.payload if isinstance(move, Move) else None
        slot = next((i for i, a in self.slots_of(self.match, seat).items() if a.key == key), None)
        if slot is None:
            raise IllegalMove(f"{key!r} is not a legal action of {agent} now")
        if not self.takes_data:
            if payload is not None:
                return Move(key, payload)
            return slot
        data = np.zeros(DATA_WIDTH, dtype=np.float32)
        if payload is not None:
            action = self.slots_of(self.match, seat)[slot]
            vec = self._vector(seat, action, payload)
            if vec is None:
                return Move(key, payload)
            data = vec
        return {"action": slot, "data": data}

    def _move(self, seat: int, action) -> Move:
        """The game's move for an action of this env's space (or a Move/Action/key given as is)."""
        if isinstance(action, Move):
            return action
        if isinstance(action, Action):
            return Move(action.key)
        if isinstance(action, str):
            return Move(action)
        data = None
        if isinstance(action, dict):
            data = action.get("data")
            action = action.get("action")
        if isinstance(action, np.ndarray) and action.size == 1:
            action = action.item()
        if not isinstance(action, (int, np.integer)) or isinstance(action, bool):
            raise ValueError(f"an action is a slot number (or a dict of 'action' and 'data'), not {action!r}")
        slots = self.slots_of(self.match, seat)
        chosen = slots.get(int(action))
        if chosen is None:
            raise ValueError(f"slot {int(action)} is not a legal action of {agent_name(seat)} now "
                             f"(use the observation's action_mask)")
        if not chosen.takes:
            return Move(chosen.key)
        return Move(chosen.key, self._payload(seat, chosen, data))

    # ---- data ---------------------------------------------------------------------------

    def _payload(self, seat: int, action: Action, data) -> Any:
        """The payload of a data-carrying action from the data vector (see the module's words)."""
        vec = np.zeros(DATA_WIDTH, dtype=np.float64) if data is None else np.asarray(data, dtype=np.float64).ravel()
        vec = np.clip(np.nan_to_num(vec, nan=0.0), 0.0, 1.0)
        if Shape is not None and isinstance(action.takes, Shape):
            sample = {}
            if _needs_sample(action.takes):
                sample = self.rules.sample_payload(self.match.view(seat), action, self.data_rng)
            return _decode(action.takes, vec, [0], sample if isinstance(sample, dict) else {})
        amount = self.rules.amount(self.match.state, seat, action)
        if amount is not None:
            return {amount.field: _whole(vec[0] if len(vec) else 0.0, amount.low, amount.high, amount.step)}
        return self.rules.sample_payload(self.match.view(seat), action, self.data_rng)

    def _vector(self, seat: int, action: Action, payload) -> np.ndarray | None:
        """The data vector that gives back exactly `payload` for `action`, or None."""
        vec = np.zeros(DATA_WIDTH, dtype=np.float32)
        if Shape is not None and isinstance(action.takes, Shape):
            if _needs_sample(action.takes) or not _encode(action.takes, payload, vec, [0]):
                return None
        else:
            amount = self.rules.amount(self.match.state, seat, action)
            if amount is None or not isinstance(payload, dict) or set(payload) != {amount.field}:
                return None
            span = amount.high - amount.low
            vec[0] = 0.0 if span <= 0 else (payload[amount.field] - amount.low) / span
        return vec if self._roundtrip(seat, action, vec, payload) else None

    def _roundtrip(self, seat, action, vec, payload) -> bool:
        try:
            return self._payload(seat, action, vec) == payload
        except (ValueError, TypeError):
            return False

    # ---- turns ---------------------------------------------------------------------------

    def _select(self) -> int:
        """The seat to act among those the game waits for (see the module's words)."""
        waiting = self.match.to_act()
        if len(waiting) == 1:
            return waiting[0]
        state, key = self.match.state, self.rules.leave or ""
        moments = [self.rules.moment(state, s, key, None) for s in waiting]
        if any(m is None for m in moments):
            return min(waiting)
        seed, moves = self.match.log.seed, len(self.match.log.moves)
        return min(zip(moments, waiting), key=lambda ms: (round(ms[0], 6), tie_break(seed, moves, ms[1])))[1]

    def _leave_decided(self) -> None:
        """Seats whose part in the open building round is decided leave it (Rules.leaving)."""
        rules, match = self.rules, self.match
        if not rules.info.kind.simultaneous:
            return
        stuck: set[int] = set()
        while not match.over:
            for seat in match.to_act():
                if seat in stuck:
                    continue
                at = rules.moment(match.state, seat, rules.leave, None)
                if at is not None and rules.decided(match.state, seat, at):
                    try:
                        for move in rules.leaving(match.state, seat, at):
                            match.play(seat, move)
                    except IllegalMove:
                        stuck.add(seat)
                    break
            else:
                return

    def _after_move(self) -> None:
        m = self.match
        if m.over:
            result = m.result()
            for agent in self.agents:
                self.rewards[agent] = self._reward(result, self._seats[agent])
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
            return
        if self.steps >= self.max_steps:
            for agent in self.agents:
                self.truncations[agent] = True
            self.agent_selection = self.agents[0]
            return
        self.agent_selection = agent_name(self._select())

    def _reward(self, result, seat: int) -> float:
        if self.reward_kind == "score":
            scores = [float(s) for s in result.scores]
            return scores[seat] - sum(scores) / len(scores)
        above = below = 0
        seen = False
        for group in result.ranking:
            if seat in group:
                seen = True
            elif seen:
                below += len(group)
            else:
                above += len(group)
        return (below - above) / max(1, self.players - 1)


# ---- a declared shape as numbers in [0, 1] ------------------------------------------------------

def _fields(shape):
    """The fields of `shape` the data vector carries, in order: (field, path), nested shapes
    that must be given flattened; optional nested ones left out."""
    for f in shape.fields:
        if isinstance(f.kind, Shape):
            if f.required:
                for sub, path in _fields(f.kind):
                    yield sub, (f.name, *path)
        else:
            yield f, (f.name,)


def _needs_sample(shape) -> bool:
    """Whether some field of `shape` is not carried by the vector (a text, or past its width)."""
    carried = list(_fields(shape))
    return len(carried) > DATA_WIDTH or any(f.kind not in (int, float, bool) for f, _ in carried)


def _bounds(f) -> tuple[float, float]:
    low = f.low if f.low is not None else 0
    high = f.high if f.high is not None else low + 100
    return low, high


def _whole(u: float, low, high, step) -> int:
    step = step or 1
    return int(low + step * round(float(u) * (high - low) / step))


def _decode(shape, vec, at: list, sample: dict) -> dict:
    out = {}
    for f in shape.fields:
        if isinstance(f.kind, Shape):
            if f.required:
                out[f.name] = _decode(f.kind, vec, at, sample.get(f.name) or {})
            elif f.name in sample:
                out[f.name] = sample[f.name]
            continue
        if f.kind in (int, float, bool) and at[0] < len(vec):
            u = float(vec[at[0]])
            at[0] += 1
            low, high = _bounds(f)
            if f.kind is bool:
                out[f.name] = u >= 0.5
            elif f.kind is int:
                out[f.name] = _whole(u, low, high, f.step)
            else:
                out[f.name] = round(low + u * (high - low), 3)
        elif f.name in sample:
            out[f.name] = sample[f.name]
        elif not f.required:
            out[f.name] = f.default
    return out


def _encode(shape, payload, vec, at: list) -> bool:
    if not isinstance(payload, dict):
        return False
    for f in shape.fields:
        if isinstance(f.kind, Shape):
            if f.required:
                if not _encode(f.kind, payload.get(f.name), vec, at):
                    return False
            elif f.name in payload:
                return False
            continue
        if f.kind not in (int, float, bool) or at[0] >= len(vec):
            continue                       # not carried by the vector: the game's sample says it
        value = payload.get(f.name, None if f.required else f.default)
        if isinstance(value, bool) != (f.kind is bool) or not isinstance(value, (int, float)):
            return False
        low, high = _bounds(f)
        vec[at[0]] = (1.0 if value else 0.0) if f.kind is bool else \
            (0.0 if high == low else min(1.0, max(0.0, (value - low) / (high - low))))
        at[0] += 1
    return True
