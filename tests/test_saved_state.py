"""Tokyo Jutaku's saved position declared with msgspec (bench/saved_trial.py) beside today's
hand checks (games/building/lot_persist.py): both accept the saves an older kiosk wrote
(tests/fixtures/saves) and every position of seeded all-computer games, return the same
copy, and refuse each hostile edit, the declaration with the path of what is wrong.
docs/saved-state.md compares the two. The fixtures load with today's path whether or not
msgspec is installed; the declaration's tests need it."""

import math
from pathlib import Path

import msgpack
import pytest

from core import games, saves
from core.bots import make_bot
from core.errors import SaveError
from core.payload import copy_plain
from core.session import Session
from games.building import lot_persist as persist
from games.building.lots import LotRounds

from bench.saved_trial import BadPosition, check_saved, saved_type   # the trial; msgspec is in the test extra

FIXTURES = Path(__file__).parent / "fixtures" / "saves"
#: name: (game, players, phase) of each save an older kiosk wrote (fixtures/saves/make_saves.py)
SAVES = {
    "jutaku-2p-build": ("jutaku", 2, "build"),
    "jutaku-4p-move": ("jutaku", 4, "move"),
    "jutaku-3p-over": ("jutaku", 3, "over"),
    "jutaku-2p-roppongi-start": ("jutaku", 2, "start"),
    "bottle_bonus-3p-take": ("bottle_bonus", 3, "take"),
    "bottle_bonus-4p-build": ("bottle_bonus", 4, "build"),
}
LEVELS = ("master", "architect", "apprentice", "master")


@pytest.fixture
def declared(monkeypatch):
    """Jutaku (and Bottle Bonus) restoring through the declaration, as after integration."""
    monkeypatch.setattr(LotRounds, "restore",
                        lambda rules, data, players, options: check_saved(rules, data, players, options))


def read(name: str) -> bytes:
    return (FIXTURES / f"{name}.save").read_bytes()


def position(name: str):
    """(rules, state, players, options) of a fixture, as core.saves reads them."""
    doc = saves.read_document(read(name))
    return games.load(doc["game"]).rules, doc["state"], doc["log"]["players"], doc["log"]["options"]


def signed(doc) -> bytes:
    """A document packed with its checksums made right: what a hostile author would write."""
    doc["check"] = {part: saves.checksum(doc[part]) for part in saves.PARTS}
    return msgpack.packb(doc, use_bin_type=True)


# ---- the saves an older kiosk wrote -------------------------------------------------------

@pytest.mark.parametrize("name", SAVES)
def test_older_saves_load_today(name):
    game, players, phase = SAVES[name]
    data = read(name)
    match = saves.load(data)
    assert (match.game.name, match.log.players, match.state["phase"]) == (game, players, phase)
    assert saves.dump_match(match) == data            # and save again as they were written
    if phase != "over":
        seat = match.to_act()[0]
        match.play(seat, next(a.key for a in match.legal(seat) if not a.takes))     # and play on


@pytest.mark.parametrize("name", SAVES)
def test_older_saves_load_through_the_declaration(name, monkeypatch):
    data = read(name)
    today = saves.load(data)
    monkeypatch.setattr(LotRounds, "restore",
                        lambda rules, d, n, o: check_saved(rules, d, n, o))
    again = saves.load(data)
    assert again.state == today.state and saves.dump_match(again) == saves.dump_match(today) == data


@pytest.mark.parametrize("name", SAVES)
def test_both_paths_give_the_same_copy_key_for_key(name):
    rules, state, players, options = position(name)
    ours = check_saved(rules, state, players, options)
    assert ours == persist.check_state(rules, state, players, options) == state
    assert list(ours) == list(state) and ours is not state and ours["built"] is not state["built"]


def test_a_position_from_before_clocks_and_the_drawn_first_seat(declared):
    """An older position: no clock, no first seat, and options/seed/rng beside it."""
    rules, state, players, options = position("jutaku-2p-build")
    old = {k: v for k, v in state.items() if k not in ("clock", "first")}
    old.update(options={}, seed=3, rng=[1, 2])
    ours = check_saved(rules, old, players, options)
    assert ours == persist.check_state(rules, old, players, options)
    assert ours["first"] == 0 and ours["clock"] == [max(t, default=0.0) for t in state["tries"]]


def test_whole_numbers_where_the_state_holds_seconds_stay_as_written():
    rules, state, players, options = position("jutaku-2p-build")
    state = copy_plain(state)
    state["built"][0][0].update(x=10, y=0)
    ours = check_saved(rules, state, players, options)
    assert ours == persist.check_state(rules, state, players, options)
    assert type(ours["built"][0][0]["x"]) is int    # a plain copy, not msgspec's float


# ---- hostile positions --------------------------------------------------------------------

def piece(s, seat=0):
    return s["built"][seat][0]


#: (what, edit of jutaku-2p-build's position, the path the declaration names, words of today's)
HOSTILE = [
    ("wrong type", lambda s: s.update(round="3"), "round", "round"),
    ("negative seconds", lambda s: s["clock"].__setitem__(1, -5.0), "clock[1]", "clock"),
    ("negative Stop! time", lambda s: s["stop"].__setitem__(0, -1.0), "stop[0]", "Stop!"),
    ("unknown field", lambda s: s.update(cheat=1), "the position", "cheat"),
    ("unknown nested field", lambda s: piece(s).update(glue=True), "built[0][0]", "placed piece"),
    ("missing field", lambda s: s.pop("supply"), "the position", "supply"),
    ("missing nested field", lambda s: piece(s, 1).pop("rotation"), "built[1][0]", "placed piece"),
    ("huge list", lambda s: (s["tries"].__setitem__(0, [1.0] * 20_000), s["clock"].__setitem__(0, 1.0)),
     "tries[0]", "Stop! calls"),
    ("NaN", lambda s: piece(s).update(x=math.nan), "built[0][0].x", "x"),
    ("infinity", lambda s: piece(s, 1).update(y=math.inf), "built[1][0].y", "y"),
    ("nested wrong type", lambda s: piece(s, 1).update(flip="yes"), "built[1][0].flip", "flip"),
    ("a bool for a number", lambda s: piece(s).update(floor=True), "built[0][0].floor", "floor"),
    ("out-of-range floor", lambda s: piece(s).update(floor=99), "built[0][0].floor", "floor"),
    ("unknown lot card", lambda s: s["hand"].__setitem__(0, "roppongi-9"), "hand[0]", "unknown card"),
    ("unknown piece", lambda s: piece(s).update(piece="anvil"), "built[0][0].piece", "placed piece"),
    ("seat out of range", lambda s: s.update(first=7), "first", "first"),
    ("a list one short", lambda s: s["side"].pop(), "side", "side"),
    ("a row of the plan too long", lambda s: s["grid"][0].append(None), "grid[0]", "grid row"),
    ("a place of three", lambda s: s["at"].__setitem__(0, [1, 2, 3]), "at[0]", "place"),
    ("unknown phase", lambda s: s.update(phase="party"), "phase", "phase"),
    ("another number of players", lambda s: s.update(players=3), "players", "players"),
    ("a mapping where a list goes", lambda s: s.update(won={"0": []}), "won", "won"),
]


@pytest.mark.parametrize("edit,path,today", [h[1:] for h in HOSTILE], ids=[h[0] for h in HOSTILE])
def test_hostile_values_are_refused_by_both_the_declaration_naming_the_path(edit, path, today):
    rules, state, players, options = position("jutaku-2p-build")
    s = copy_plain(state)
    edit(s)
    with pytest.raises(BadPosition) as caught:
        check_saved(rules, s, players, options)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and caught.value.path.removeprefix("$.") in (path, "$")
    with pytest.raises(ValueError, match=today):
        persist.check_state(rules, copy_plain(s), players, options)


#: what no type says: both refuse with the same words
CROSS_FIELD = [
    (lambda s: s["supply"].insert(0, piece(s)["piece"]), "every piece is in the supply or on one lot"),
    (lambda s: s["supply"].reverse(), "catalogue order"),
    (lambda s: s["hand"].__setitem__(1, s["hand"][0]), "two places at once"),
    (lambda s: s["tries"].__setitem__(0, [s["clock"][0] + 5.0]), "clock stands before its last Stop!"),
    (lambda s: s.update(status=["done", "done"]), "someone building"),
    (lambda s: s.update(outline=[7, 0]), "outline"),
]


@pytest.mark.parametrize("edit,words", CROSS_FIELD)
def test_what_no_type_says_is_refused_by_the_invariants_in_todays_words(edit, words):
    rules, state, players, options = position("jutaku-2p-build")
    s = copy_plain(state)
    edit(s)
    with pytest.raises(BadPosition, match=words) as caught:
        check_saved(rules, s, players, options)
    assert caught.value.path is None
    with pytest.raises(ValueError, match=words):
        persist.check_state(rules, copy_plain(s), players, options)


def test_a_signed_hostile_save_is_refused_with_the_path(declared):
    """Through core.saves: sound checksums over a wrong position are a lie, refused."""
    doc = msgpack.unpackb(read("jutaku-4p-move"), raw=False)
    doc["state"]["built"][2].append({"piece": "cube-20-1", "x": 0.0, "y": 0.0, "rotation": 0.0,
                                     "flip": False, "floor": 61})
    with pytest.raises(SaveError, match=r"not valid: built\[2\]\[0\]\.floor: Expected `int` <= 60"):
        saves.load(signed(doc))


def test_bottle_bonus_drinks_are_declared_too():
    rules, state, players, options = position("bottle_bonus-4p-build")
    for edit, path in [(lambda s: s["box"].append(36), "box["),
                       (lambda s: s["spent"][0].append("gold"), "spent[0]["),
                       (lambda s: s.update(take_turn=-1), "take_turn"),
                       (lambda s: s.pop("last_pour"), "the position")]:
        s = copy_plain(state)
        edit(s)
        with pytest.raises(BadPosition, match=r"^" + path.replace("[", r"\[")):
            check_saved(rules, s, players, options)
    s = copy_plain(state)
    s["box"].append(s["box"][0])
    with pytest.raises(BadPosition, match="each of the 36 drinks is in one place"):
        check_saved(rules, s, players, options)


def test_refusals_need_no_more_than_the_position():
    """Not a mapping, and the declared type built once for a game and player count."""
    rules, state, players, options = position("jutaku-2p-build")
    with pytest.raises(BadPosition, match="mapping"):
        check_saved(rules, [state], players, options)
    assert saved_type(rules, players) is saved_type(rules, players)
    assert saved_type(rules, players) is not saved_type(rules, players + 1)


# ---- every position of seeded all-computer games ------------------------------------------

def positions(game, players: int, seed: int, options: dict | None = None):
    """Every position of core.simulate.play_one's game (seed, levels as the soak's), dumped."""
    match = game.new(players, seed=seed, options=options)
    session = Session.of_computers(match, [make_bot(game, LEVELS[i % len(LEVELS)]) for i in range(players)])
    seen = [game.rules.dump(match.state)]
    session.listeners.append(lambda events: seen.append(game.rules.dump(match.state)))
    session.run(limit=5_000)
    assert match.over
    return seen


@pytest.mark.parametrize("name,players,seed,options", [
    ("jutaku", 2, 1, None), ("jutaku", 3, 2, None), ("jutaku", 4, 3, None), ("jutaku", 8, 6, None),
    ("jutaku", 4, 8, {"roppongi": "Shibuya"}),
    ("bottle_bonus", 2, 4, None), ("bottle_bonus", 3, 7, None), ("bottle_bonus", 4, 5, None)])
def test_the_declaration_accepts_every_position_of_bot_games(name, players, seed, options):
    game = games.load(name)
    options = game.info.settle_options(players, options or {})
    phases = set()
    for s in positions(game, players, seed, options):
        assert check_saved(game.rules, s, players, options) == persist.check_state(game.rules, s, players, options) == s
        phases.add(s["phase"])
    assert {"start", "build", "move", "over"} <= phases
    if game.rules.bottle:
        assert {"pour", "take"} & phases


# ---- random edits -------------------------------------------------------------------------

EDIT_VALUES = [0, 1, -1, 7, 99, 10**6, 0.5, -0.5, 3600.5, math.nan, math.inf, True, None, "", "x", "front",
               "cube-20-1", "ikebukuro-1", "build", "black", [], [0], [None], [0, 0], {}, {"a": 1}]


def value_paths(value, path=()):
    if path:
        yield path
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for k, v in items:
        yield from value_paths(v, path + (k,))


def test_random_edits_are_refused_as_bad_positions_and_as_today_but_for_barred():
    """The declaration refuses a hostile value with BadPosition, never another exception, and
    accepts exactly what today's check accepts, but a barred piece that is no piece."""
    import random
    rng = random.Random(5)
    docs = [saves.read_document(read(name)) for name in SAVES]
    for _ in range(1_500):
        doc = rng.choice(docs)
        rules, n, options = games.load(doc["game"]).rules, doc["log"]["players"], doc["log"]["options"]
        s = copy_plain(doc["state"])
        path = rng.choice(list(value_paths(s)))
        where = s
        for k in path[:-1]:
            where = where[k]
        if rng.random() < 0.1:
            where.pop(path[-1])
        else:
            where[path[-1]] = copy_plain(rng.choice(EDIT_VALUES))
        try:
            check_saved(rules, s, n, options)
            ours = True
        except BadPosition:
            ours = False
        try:
            persist.check_state(rules, s, n, options)
            today = True
        except Exception:  # noqa: BLE001 - core.saves refuses whatever a check raises
            today = False
        assert ours == today or (path[0] == "barred" and today and not ours), (doc["game"], path, s)
