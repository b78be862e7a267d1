"""A placement is declared once (physics/placement.py): every way a placement reaches a building
game refuses a wrong one alike.

Each field of each game's placement (Tokyo Jutaku's, Bottle Bonus's with its red-drink piece,
Countdown's with its second, Izakaya's with its card and outline) is sent too low, too high,
of the wrong kind, beside an unknown field, and left out, through three paths:

- the match itself (`Match.play`);
- the kiosk's build screen: its bench (kiosk.practice.turn.TurnBench, on a rehearsal of the
  round as people at one screen build it; Izakaya's lot bench, kiosk.practice.lot_build);
- a phone: the bench the phone's hub drives (kiosk.phones.building, a live round; Izakaya's
  lot opened by the phone's message), and for x, which a finger can drag far off the card,
  the finger's own messages through `Hub.receive`.

Each refuses with the same words and the same rule, and nothing changes. The bounds are
written out here, not read from the declaration: the saved positions and the scene files are
held to the very same ones.
"""

from __future__ import annotations

import copy
import re

import pytest

from core import games
from core.errors import IllegalMove
from core.hotseat import HotSeat
from core.seats import Seat
from core.session import Computers, Session
from games.bottle_bonus.rules import R_DRINK
from games.building.lots import R_BUILD
from games.countdown.rules import R_ROUND
from games.izakaya.rules import R_BUILD as IZAKAYA_BUILD
from kiosk.phones.table import PhoneTable
from kiosk.practice.lot_build import LotBench
from kiosk.practice.turn import TurnBench
from kiosk.words import named
from physics.building import Building
from tests.phone_client import said
from tests.test_izakaya import dumped
from tests.test_jutaku import position

NAMES = ["Aiko", "Ben"]
#: every bounded field of a placement, and its bounds: the same for every game, save and scene
BOUNDS = {"x": (-400.0, 400.0), "y": (0.0, 8000.0), "rotation": (-360.0, 360.0), "floor": (1, 60),
          "seconds": (0.0, 3600.0), "card": (0, 5), "outline": (0, 1)}
#: a value of the wrong kind for each kind of field
WRONG = {float: "12", int: 1.5, bool: 1, str: 7, list: [0]}
PIECE = {"piece": "cube-20-1", "x": 30.0, "y": 0.0, "rotation": 0.0, "flip": False, "floor": 1}


# ---- the games at a moment a placement is one of their moves ---------------------------------

def jutaku_match():
    game = games.load("jutaku")
    return game.scenario(position(game, ["shibuya-1", "ueno-1"]))


def bottle_match():
    game = games.load("bottle_bonus")
    return game.scenario(position(game, ["shibuya-1", "ueno-1"]))


def countdown_match():
    return games.load("countdown").new(2, seed=1)


def izakaya_match():
    game = games.load("izakaya")
    return game.scenario(dumped(game, 2, cards={(0, 0): "akihabara-2"}))


#: game: (its match, the move, a payload it accepts, the rule its placement is refused under)
GAMES = {
    "jutaku": (jutaku_match, "place", dict(PIECE, seconds=1.0), R_BUILD),
    "bottle_bonus": (bottle_match, "place", dict(PIECE, seconds=1.0), R_BUILD),
    "countdown": (countdown_match, "place", dict(PIECE, seconds=1.0), R_ROUND),
    "izakaya": (izakaya_match, "build", dict({"card": [0, 0], "outline": 0}, **PIECE), IZAKAYA_BUILD),
}


def outside(value, low, high) -> str:
    shown = lambda v: f"{v:g}" if isinstance(v, float) else str(v)     # noqa: E731
    return f"{value!r}, outside {shown(low)} to {shown(high)}"


def cases(name: str):
    """(what, payload, words the refusal holds) of every wrong payload of the game's placement."""
    make, key, good, _ = GAMES[name]
    match = make()
    shape = next(a.takes for a in match.legal(match.to_act()[0]) if a.key == key)
    out = []
    for f in shape.fields:
        if f.name in BOUNDS:
            low, high = BOUNDS[f.name]
            step = 1 if isinstance(low, int) else 0.5
            if f.name == "card":
                for what, cell in (("row", [low - 1, 0]), ("column", [0, high + 1])):
                    out.append((f"card {what} {max(cell, key=abs)}", dict(good, card=cell),
                                f"card is {outside(cell, low, high)}"))
            else:
                for what, value in (("too low", low - step), ("too high", high + step)):
                    out.append((f"{f.name} {what}", dict(good, **{f.name: value}),
                                f"{f.name} is {outside(value, low, high)}"))
        if f.name == "with":
            moved = dict(PIECE, piece="cube-20-2")
            out += [("with.x too high", dict(good, **{"with": dict(moved, x=400.5)}),
                     f"with.x is {outside(400.5, -400.0, 400.0)}"),
                    ("with.floor too low", dict(good, **{"with": dict(moved, floor=0)}),
                     f"with.floor is {outside(0, 1, 60)}"),
                    ("with of the wrong kind", dict(good, **{"with": 3}), "with is a map")]
            continue
        out.append((f"{f.name} of the wrong kind", dict(good, **{f.name: WRONG[f.kind]}), f"{f.name} is "))
        if f.required:
            out.append((f"{f.name} missing", {k: v for k, v in good.items() if k != f.name}, f"{f.name} is missing"))
    out.append(("an unknown field", dict(good, glue=1), "glue is not one of"))
    return out


CASES = [(name, *case) for name in GAMES for case in cases(name)]


def test_every_field_of_every_placement_is_tried():
    tried = {(name, what.split(" ")[0]) for name, what, _, _ in CASES}
    for name in GAMES:
        fields = {f for g, f in tried if g == name}
        assert {"x", "y", "rotation", "floor", "piece", "flip", "an"} <= fields, name
    assert {f for g, f in tried if g == "izakaya"} >= {"card", "outline"}
    assert ("bottle_bonus", "with.x") in tried and ("countdown", "seconds") in tried
    assert ("jutaku", "seconds") in tried            # a moment, which Jutaku's placement may leave out


# ---- the three paths -----------------------------------------------------------------------

def builder(match) -> int:
    """The seat that places now: the first of the builders, or Izakaya's seat whose disc is next."""
    return match.to_act()[0]


def by_match(name: str, payload) -> tuple[IllegalMove, bool]:
    make, key, _, _ = GAMES[name]
    match = make()
    before = match.save()
    with pytest.raises(IllegalMove) as refused:
        match.play(builder(match), key, copy.deepcopy(payload))
    return refused.value, match.save() == before


class Heard:
    """A bench's refusals as the bench is told them."""

    def __init__(self, bench):
        self.errors: list[IllegalMove] = []
        told = bench.refuse

        def refuse(error, placing=False):
            self.errors.append(error)
            told(error, placing)
        bench.refuse = refuse


def by_kiosk(name: str, payload) -> tuple[IllegalMove, bool]:
    """The build screen's bench: a rehearsal of the round (people at one screen), or Izakaya's
    bench for one piece on a lot."""
    make, key, _, _ = GAMES[name]
    match = make()
    seat = builder(match)
    before = match.save()
    if name == "izakaya":
        bench = LotBench(match, seat, lambda: 0.0, NAMES, "0:0:0", key, play=lambda s, move: match.play(s, move))
    else:
        turn = HotSeat(match, [0, 1], Computers({}, {})).rehearse(seat)
        bench = TurnBench(match, seat, lambda: 1.0, NAMES, turn=turn)
    heard = Heard(bench)
    seen = bench.match.save()
    assert bench.play_move(key, copy.deepcopy(payload)) is False
    assert heard.errors[0].reason in bench.refusal            # and the screen says so
    return heard.errors[0], match.save() == before and bench.match.save() == seen


def phone_table(name: str):
    """The match with both seats on phones, the builder's bench open (a live round; Izakaya:
    the lot its phone chose): (match, phone table, builder, bench)."""
    make, key, _, _ = GAMES[name]
    match = make()
    seat = builder(match)
    session = Session(match, [Seat(n, phone=True) for n in NAMES], Computers({}, {}))
    table = PhoneTable(games.load(name), session, NAMES, [0, 1])
    if name == "izakaya":
        said(table.hub, seat, {"type": "play", "key": f"@lot/{key}/0:0:0", "move": len(match.log.moves)})
    else:
        table.open_round(session, lambda: 1.0, [seat])
    return match, table, seat, table.hub.benches[seat].bench


def by_phone(name: str, payload) -> tuple[IllegalMove, bool]:
    match, _, _, bench = phone_table(name)
    before = match.save()
    heard = Heard(bench)
    assert bench.play_move(GAMES[name][1], copy.deepcopy(payload)) is False
    return heard.errors[0], match.save() == before


@pytest.mark.parametrize("name, what, payload, words", CASES, ids=[f"{c[0]}: {c[1]}" for c in CASES])
def test_a_wrong_placement_is_refused_alike_by_the_match_the_kiosk_and_a_phone(name, what, payload, words):
    rule = GAMES[name][3]
    error, same = by_match(name, payload)
    assert same, "a refused placement changed the match"
    assert words in error.reason and error.rule == rule, (error.reason, error.rule)
    # the benches stamp every move of a round with their clock's second: none leaves it out
    paths = [] if what == "seconds missing" else [("the kiosk", by_kiosk), ("a phone", by_phone)]
    for path, send in paths:
        again, unchanged = send(name, payload)
        assert (again.reason, again.rule) == (error.reason, error.rule), path
        assert unchanged, f"a placement refused on {path} changed the match"


@pytest.mark.parametrize("name", ["jutaku", "bottle_bonus", "countdown", "izakaya"])
@pytest.mark.parametrize("finger", [-1500.0, 1500.0])
def test_a_piece_dragged_off_the_card_on_a_phone_is_refused_as_the_match_refuses_it(name, finger):
    """x is the one field a finger moves out of bounds: it drags the piece far off the card."""
    match, table, seat, bench = phone_table(name)
    before = match.save()
    sent = []
    play_move = bench.play_move
    bench.play_move = lambda key, payload=None: (sent.append((key, copy.deepcopy(payload))), play_move(key, payload))[1]
    piece = table.hub.table_for(seat)["build"]["shelf"][0][0]
    said(table.hub, seat, {"type": "build", "do": "pick", "piece": piece})
    said(table.hub, seat, {"type": "build", "do": "move", "x": finger, "y": 40})
    said(table.hub, seat, {"type": "build", "do": "drop"})
    assert match.save() == before
    (key, payload), = sent
    error, _ = by_match(name, payload)
    assert re.search(r"x is -?\d+(\.\d+)?, outside -400 to 400", error.reason)
    told = table.hub.table_for(seat)["build"]
    assert named(error.reason, NAMES) in told["message"] and told["holding"]


def test_the_same_placement_within_its_bounds_is_taken_by_every_path():
    for name, (make, key, good, _) in GAMES.items():
        match = make()
        match.play(builder(match), key, copy.deepcopy(good))
        match, _, _, bench = phone_table(name)
        assert bench.play_move(key, copy.deepcopy(good)), (name, bench.refusal)


# ---- saved positions and scene files: the same bounds ----------------------------------------

def saved_with(name: str, **piece) -> tuple[object, dict]:
    """The game's position with one placed piece edited, as a save would hold it."""
    make, key, good, _ = GAMES[name]
    match = make()
    match.play(builder(match), key, copy.deepcopy(good))
    data = match.rules.dump(match.state)
    built = data["buildings"]["0:0:0"] if name == "izakaya" else data["built"][0]
    built[0].update(piece)
    return match, data


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("field", ["x", "y", "rotation", "floor"])
def test_a_saved_piece_is_held_to_the_same_bounds(name, field):
    low, high = BOUNDS[field]
    step = 1 if isinstance(low, int) else 0.5
    for value in (low - step, high + step):
        match, data = saved_with(name, **{field: value})
        with pytest.raises(ValueError, match=field):
            match.rules.restore(data, match.players, match.options)
    if field != "floor" or name != "countdown":        # Countdown's pieces lie on its floors so far
        match, data = saved_with(name, **{field: high})
        assert match.rules.restore(data, match.players, match.options)[
            "buildings" if name == "izakaya" else "built"]


@pytest.mark.parametrize("field", ["x", "y", "rotation", "floor"])
def test_a_scene_file_is_held_to_the_same_bounds(field):
    low, high = BOUNDS[field]
    step = 1 if isinstance(low, int) else 0.5
    for value in (low - step, high + step):
        words = f"'{field}' is a (whole )?number (between|from) {low:g} (and|to) {high:g}"
        with pytest.raises(ValueError, match=words):
            Building.from_scene({"pieces": [dict(PIECE, **{field: value})]})
    assert Building.from_scene({"pieces": [dict(PIECE, **{field: high})]}).placements


def test_the_red_drinks_piece_is_a_placement_too():
    """Bottle Bonus: what stays of the red drink's pairing once the data is read needs the
    position (the drink spent this round, the piece on the building): its own rule."""
    match = bottle_match()
    with pytest.raises(IllegalMove) as refused:
        match.play(builder(match), "place", dict(PIECE, seconds=1.0, **{"with": dict(PIECE, piece="cube-20-2")}))
    assert refused.value.rule == R_DRINK and "red drink spent" in refused.value.reason
