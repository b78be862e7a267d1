"""The games as PettingZoo environments (core.aec): PettingZoo's own API test on all seven at
their fewest and most players, whole games played through the env by a random agent and the
games' bots (the same seed, the same game), what an observation may not show, and the data
of the actions that carry some. Needs the `rl` extra, which the `test` extra brings."""

import warnings

import numpy as np
import pytest

from core import games
from core.aec import DATA_WIDTH, ActionDict, _decode, _encode, env
from core.bots import make_bot
from core.game import Match, Move
from core.payload import Field, Shape
from core.rng import Rng

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)      # its example envs' old creation API
    from pettingzoo.test import api_test

GAMES = ("chocolate_milk", "tsukiji", "jutaku", "bottle_bonus", "countdown", "izakaya", "shopping_spree")
BUILDING = {"jutaku", "bottle_bonus", "countdown"}
#: api_test's cycles (each: every agent steps once); a building move is a physics check
CYCLES = {"jutaku": 25, "bottle_bonus": 25, "countdown": 40}


def _counts():
    for name in GAMES:
        info = games.load(name).info
        for players in sorted({info.min_players, info.max_players}):
            yield pytest.param(name, players, id=f"{name}-{players}p")


@pytest.mark.parametrize("name,players", list(_counts()))
def test_pettingzoo_api_test_passes(name, players):
    e = env(name, players, seed=7)
    with warnings.catch_warnings():
        # a Dict observation (and, with data, a Dict action) as PettingZoo's classic games have
        warnings.simplefilter("ignore")
        api_test(e, num_cycles=CYCLES.get(name, 120), verbose_progress=False)
    spaces = e.observation_space("seat_0")
    assert spaces["observation"].shape == spaces["action_mask"].shape == (4096,)
    assert isinstance(e.action_space("seat_0"), ActionDict) == e.rules.takes_data


def _play(name, players, seed, random_seats=(0,), options=None, max_steps=20_000):
    """A whole game through the env: `random_seats` by masked random actions, the others by the
    game's strongest bot, its moves mapped back to the env's actions. The agents' total rewards
    and the env."""
    e = env(name, players, seed=seed, options=options, max_steps=max_steps)
    e.reset(seed=seed)
    bots = {a: make_bot(e.game) for a in e.possible_agents}
    rngs = {a: Rng(seed, stream=1000 + i) for i, a in enumerate(e.possible_agents)}
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        total[agent] += reward
        if terminated or truncated:
            action = None
        elif e.seat_of(agent) in random_seats:
            action = e.action_space(agent).sample(obs["action_mask"])
        else:
            move = e.decide(agent, bots[agent], rngs[agent])
            action = e.encode(agent, move)
            if not isinstance(action, Move):      # a placement naming its piece stays a Move
                assert e.action_space(agent).contains(action)
                assert obs["action_mask"][action["action"] if isinstance(action, dict) else action] == 1
        e.step(action)
    return total, e


#: (players, seed) of a short game each, the building games' bots being slow at some tables
TABLES = {"countdown": (3, 2), "jutaku": (2, 1), "bottle_bonus": (2, 1)}


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_random_agent_and_bots_play_to_the_end_and_again(name):
    players, seed = TABLES.get(name, (games.load(name).info.min_players, 3))
    total, e = _play(name, players, seed)
    assert e.match.over and not e.agents
    result = e.match.result()
    places = {s: i for i, group in enumerate(result.ranking) for s in group}
    assert sum(total.values()) == pytest.approx(0.0)
    for agent, reward in total.items():
        seat = e.seat_of(agent)
        above = sum(1 for s in places if places[s] < places[seat])
        below = sum(1 for s in places if places[s] > places[seat])
        assert reward == pytest.approx((below - above) / (players - 1))
    again, twin = _play(name, players, seed)
    assert twin.match.log.moves == e.match.log.moves and again == total


@pytest.mark.parametrize("name", sorted(set(GAMES) - BUILDING))
def test_pettingzoo_random_agents_alone_finish_the_other_games(name):
    game = games.load(name)
    players = game.info.max_players
    total, e = _play(name, players, 5, random_seats=range(players), options=game.rules.random_play_options)
    assert e.match.over and max(total.values()) == 1.0


def test_pettingzoo_truncates_an_unfinished_game_without_reward():
    """Random hands never finish a building game (their houses do not stand): max_steps cut it."""
    total, e = _play("jutaku", 2, 1, random_seats=(0, 1), max_steps=40)
    assert not e.match.over and total == {"seat_0": 0.0, "seat_1": 0.0}
    assert e.steps == 40


def test_pettingzoo_score_rewards_are_the_scores_against_the_mean():
    e = env("chocolate_milk", 3, seed=2, reward="score")
    e.reset(seed=2)
    final = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated:
            final[agent] = reward
        e.step(None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"]))
    scores = e.match.result().scores
    assert final == {f"seat_{s}": pytest.approx(scores[s] - sum(scores) / 3) for s in range(3)}


def test_pettingzoo_a_sealed_bid_does_not_reach_the_next_bidder():
    """Izakaya's bids are sealed: whatever seat 0 bid, seat 1 observes the same; and seat 1's
    observation is unchanged when everything it may not know is dealt anew (Rules.scramble)."""
    seen = []
    for bid in ("bid:0", "bid:300"):
        e = env("izakaya", 3, seed=4)
        e.reset()
        assert e.agent_selection == "seat_0" and e.match.state["phase"] == "bid"
        e.step(e.encode("seat_0", bid))
        assert e.agent_selection == "seat_1"
        obs = e.observe("seat_1")
        seen.append(obs)
        m = e.match
        for k in range(3):
            world = e.rules.scramble(m.state, 1, Rng(k, stream=9), m.players, m.options)
            assert world["bid"] != m.state["bid"] or k          # the bid was really dealt anew
            twin = e.observation_of(Match(m.game, world, Rng.restore(m.rng.dump()), m.log), 1)
            assert np.array_equal(twin["observation"], obs["observation"])
            assert np.array_equal(twin["action_mask"], obs["action_mask"])
    assert np.array_equal(seen[0]["observation"], seen[1]["observation"])
    assert np.array_equal(seen[0]["action_mask"], seen[1]["action_mask"])


def test_pettingzoo_hidden_money_stays_hidden_in_tsukiji():
    """Tsukiji with hidden money: seat 0's observation does not change when the others' yen
    (and whatever else it may not know) is dealt anew, all through a game."""
    e = env("tsukiji", 3, seed=6, options={"money": "hidden"})
    e.reset(seed=6)
    rng = Rng(6, stream=9)
    checked = 0
    for step, agent in enumerate(e.agent_iter(400)):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        if step % 20 == 0:
            m = e.match
            mine = e.observation_of(m, 0, acting=agent == "seat_0")
            world = e.rules.scramble(m.state, 0, rng, m.players, m.options)
            twin = e.observation_of(Match(m.game, world, Rng.restore(m.rng.dump()), m.log), 0,
                                    acting=agent == "seat_0")
            assert np.array_equal(mine["observation"], twin["observation"])
            assert np.array_equal(mine["action_mask"], twin["action_mask"])
            checked += 1
        e.step(e.action_space(agent).sample(obs["action_mask"]))
    assert checked >= 15


def test_pettingzoo_the_same_key_keeps_its_slot():
    """The action catalogue: a key sits at its own slot in any position where it is legal,
    unless another legal key before it in the game's list took that slot (then the next free)."""
    e = env("chocolate_milk", 2, seed=1)
    e.reset(seed=1)
    keys = set()
    for agent in e.agent_iter(60):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        slots = e.slots_of(e.match, e.seat_of(agent))
        assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(slots)
        taken = set()
        for action in e.legal(agent):
            slot = next(i for i, a in slots.items() if a.key == action.key)
            home = e.home_slot(action.key)
            assert slot == home or home in taken
            taken.add(slot)
            keys.add(action.key)
        e.step(e.action_space(agent).sample(obs["action_mask"]))
    assert len(keys) > 20


def test_pettingzoo_the_price_said_aloud_comes_from_the_data():
    """Tsukiji's ??? price is one amount (Rules.amount): the data vector's first number says it."""
    e = env("tsukiji", 2, seed=1)
    e.reset()
    bot, rng = make_bot(e.game), Rng(1)
    for agent in e.agent_iter(3000):
        obs, _, terminated, truncated, _ = e.last()
        assert not (terminated or truncated)
        seat = e.seat_of(agent)
        priced = [(slot, a) for slot, a in e.slots_of(e.match, seat).items() if a.takes]
        if priced:
            slot, action = priced[0]
            amount = e.rules.amount(e.match.state, seat, action)
            data = np.zeros(DATA_WIDTH, dtype=np.float32)
            data[0] = 0.5
            yen = amount.low + amount.step * round(0.5 * (amount.high - amount.low) / amount.step)
            back = e.encode(agent, Move(action.key, {amount.field: yen}))      # and back onto the vector
            assert back["action"] == slot
            assert back["data"][0] == pytest.approx((yen - amount.low) / (amount.high - amount.low))
            e.step({"action": slot, "data": data})
            assert e.match.log.moves[-1] == (seat, action.key, {amount.field: yen})
            return
        e.step(e.encode(agent, e.decide(agent, bot, rng)))
    pytest.fail("no ??? price was ever offered")


def test_pettingzoo_a_declared_shape_reads_from_the_data_vector():
    """A `core.payload.Shape`'s numbers, whole numbers and true/false come from the vector in
    order; a text field (which piece) and an optional nested map come from the game's sample."""
    moved = Shape("moved", (Field("piece", str), Field("x", float, -400.0, 400.0)))
    shape = Shape("placement", (Field("piece", str), Field("x", float, -400.0, 400.0),
                                Field("floor", int, 1, 61), Field("yen", int, 100, 2000, step=100),
                                Field("flip", bool, default=False), Field("with", moved, default=None)))
    vec = np.zeros(DATA_WIDTH)
    vec[:4] = [0.75, 0.5, 0.26, 0.9]
    payload = _decode(shape, vec, [0], {"piece": "cube-20-1", "x": 3.0})
    assert payload == {"piece": "cube-20-1", "x": 200.0, "floor": 31, "yen": 600, "flip": True}
    assert shape.read(payload) == dict(payload, **{"with": None})
    back = np.zeros(DATA_WIDTH, dtype=np.float32)
    assert _encode(shape, {"piece": "cube-20-1", "x": 200.0, "floor": 31, "yen": 600, "flip": True}, back, [0])
    assert _decode(shape, back, [0], {"piece": "cube-20-1"}) == payload
    space = ActionDict(8, DATA_WIDTH, seed=1)
    mask = np.zeros(8, dtype=np.int8)
    mask[5] = 1
    sample = space.sample(mask)
    assert sample["action"] == 5 and space.contains(sample)
