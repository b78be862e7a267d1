"""A move's data declared once (core.payload.Shape): the one declaration checks what arrives,
naming the field and the rule; makes data of its shape for random play; tells a form what to
ask; and the core reads a declared payload before the game sees it."""

import pytest

from core.errors import IllegalMove
from core.game import Action, Amount, GameInfo, Rules
from core.payload import REQUIRED, Field, Shape
from core.rng import Rng

MOVED = Shape("moved piece", (Field("piece", str), Field("x", float, -400.0, 400.0)))
PLACEMENT = Shape("placement", (
    Field("piece", str, words="which piece"),
    Field("x", float, -400.0, 400.0, words="x (mm)"),
    Field("floor", int, 1, 60),
    Field("flip", bool, default=False),
    Field("with", MOVED, default=None),
), rule="004:39", words="a placement")
PRICE = Shape("price", (Field("yen", int, 100, 2000, step=100),), rule="000:138", words="the ??? price")


def test_a_payload_is_read_with_its_defaults_and_numbers_as_declared():
    assert PLACEMENT.read({"piece": "cube", "x": 3, "floor": 2}) == \
        {"piece": "cube", "x": 3.0, "floor": 2, "flip": False, "with": None}
    assert isinstance(PLACEMENT.read({"piece": "cube", "x": 3, "floor": 2})["x"], float)
    assert PLACEMENT.read({"piece": "c", "x": 0, "floor": 1, "with": {"piece": "d", "x": -400}})["with"] == \
        {"piece": "d", "x": -400.0}


@pytest.mark.parametrize("payload, words", [
    ({"piece": "c", "x": 400.5, "floor": 1}, "a placement: x is 400.5, outside -400 to 400"),
    ({"piece": "c", "x": -401, "floor": 1}, "a placement: x is -401, outside -400 to 400"),
    ({"piece": "c", "x": 1, "floor": 0}, "a placement: floor is 0, outside 1 to 60"),
    ({"piece": "c", "x": 1, "floor": 61}, "a placement: floor is 61, outside 1 to 60"),
    ({"piece": "c", "x": 1, "floor": 1.5}, "a placement: floor is a whole number, not 1.5"),
    ({"piece": "c", "x": True, "floor": 1}, "a placement: x is a number, not True"),
    ({"piece": 7, "x": 1, "floor": 1}, "a placement: piece is a text, not 7"),
    ({"x": 1, "floor": 1}, "a placement: piece is missing"),
    ({"piece": "c", "x": 1, "floor": 1, "z": 2}, "a placement: z is not one of flip, floor, piece, with, x"),
    ({"piece": "c", "x": 1, "floor": 1, "with": {"piece": "d", "x": 900}},
     "a placement: with.x is 900, outside -400 to 400"),
    ({"piece": "c", "x": 1, "floor": 1, "with": 3}, "a placement: with is a map of names to values, not 3"),
    ([1, 2], "a placement: the data is a map of names to values, not [1, 2]"),
])
def test_a_wrong_payload_is_refused_naming_the_field_and_the_rule(payload, words):
    with pytest.raises(IllegalMove) as refused:
        PLACEMENT.read(payload)
    assert str(refused.value).startswith(words) and refused.value.rule == "004:39"


def test_an_amount_keeps_its_step():
    assert PRICE.read({"yen": 300}) == {"yen": 300}
    for bad, words in ((350, "not a multiple of 100"), (0, "outside 100 to 2000"), (2100, "outside 100 to 2000")):
        with pytest.raises(IllegalMove, match=words):
            PRICE.read({"yen": bad})


def test_sampled_data_has_the_declared_shape_and_follows_the_seed():
    for seed in range(200):
        data = PLACEMENT.sample(Rng(seed), among={"piece": ["cube", "beam"]})
        assert PLACEMENT.read(data) == dict(data, **{"with": None})
        assert PLACEMENT.sample(Rng(seed), among={"piece": ["cube", "beam"]}) == data
        assert PRICE.read(PRICE.sample(Rng(seed)))["yen"] % 100 == 0
    seen = {PLACEMENT.sample(Rng(seed), among={"piece": ["cube", "beam"]})["piece"] for seed in range(50)}
    assert seen == {"cube", "beam"}
    fixed = PLACEMENT.sample(Rng(1), among={"piece": ["cube"], "with": {"piece": ["beam"]}}, fixed={"floor": 3})
    assert fixed["floor"] == 3 and fixed["with"]["piece"] == "beam" and PLACEMENT.read(fixed)
    with pytest.raises(ValueError, match="piece"):
        PLACEMENT.sample(Rng(1))


def test_a_form_is_told_what_to_ask():
    form = PLACEMENT.form()
    assert form[1] == {"name": "x", "words": "x (mm)", "required": True, "kind": "float", "low": -400.0, "high": 400.0}
    assert form[3]["default"] is False and not form[3]["required"]
    assert form[4]["kind"] == "map" and [f["name"] for f in form[4]["fields"]] == ["piece", "x"]
    assert PRICE.form() == [{"name": "yen", "words": "yen", "required": True, "kind": "int",
                             "low": 100, "high": 2000, "step": 100}]
    assert PRICE.amount() is PRICE.field("yen") and PLACEMENT.amount() is None
    assert PLACEMENT.field("floor").required and PLACEMENT.field("flip").default is not REQUIRED


class Priced(Rules):
    """A one-seat game whose one move is a price typed in, and that keeps what accept saw."""
    seen: list = []

    def setup(self, players, options, rng):
        return {"price": None}

    def to_act(self, s):
        return (0,)

    def legal(self, s, seat):
        return [Action("price", "Say a price", takes=PRICE)]

    def accept(self, s, seat, action, payload):
        self.seen.append(payload)
        return action._replace(data=payload["yen"])

    def apply(self, s, seat, action, rng):
        s["price"] = action.data
        return []

    def is_over(self, s):
        return s["price"] is not None

    def view(self, s, seat):
        return dict(s)

    def dump(self, s):
        return dict(s)

    def restore(self, data, players, options):
        return dict(data)


def test_the_core_reads_a_declared_payload_before_the_game_and_derives_its_pad():
    from core.game import Game
    info = GameInfo("priced", "Priced", 1, 1, "a price")
    rules = Priced(info, {})
    match = Game(info, rules).new(1, seed=1)
    state = dict(match.state)
    with pytest.raises(IllegalMove, match="the \\?\\?\\? price: yen is 250, not a multiple of 100") as refused:
        match.play(0, "price", {"yen": 250})
    assert refused.value.rule == "000:138" and match.state == state and rules.seen == []
    match.play(0, "price", {"yen": 300})
    assert rules.seen == [{"yen": 300}] and match.state["price"] == 300
    assert rules.amount(state, 0, rules.legal(state, 0)[0]) == Amount("yen", 100, 2000, 100)
    assert PRICE.read(rules.sample_payload({}, rules.legal(state, 0)[0], Rng(4)))


def test_an_amount_of_yen_is_refused_in_yen():
    price = Shape("price", (Field("yen", int, 100, 2000, step=100, yen=True),), rule="000:138", words="the ??? price")
    with pytest.raises(IllegalMove, match="the \\?\\?\\? price: yen is ¥350, not a multiple of ¥100"):
        price.read({"yen": 350})
    with pytest.raises(IllegalMove, match="yen is ¥2,100, outside ¥100 to ¥2,000"):
        price.read({"yen": 2100})
