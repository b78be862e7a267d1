"""Chocolate Milk, rule by rule, with every worked example of 004:247-269."""

import pytest

from core.errors import IllegalMove, ScenarioError
from core.rng import Rng

RULES = "004_2b6c36ff9b44b906.txt"


def position(**over):
    """A readable 3-player position: every outer card one drink, the centre two."""
    data = {
        "players": 3,
        "grid": [["W1"], ["W2"], ["W3"], ["W4"], ["W5", "W6"], ["K1"], ["K2"], ["K3"], ["K4"]],
        "architects": [4, 4, 4],
        "crates": [[[]], [[]], [[]]],
        "yen": [500, 500, 500],
        "turn": 0,
    }
    data.update(over)
    return data


def test_setup_follows_the_vorbereitung(chocolate_milk):
    # 004:249 — 3x3 grid, one drink on every outer card, 2 on the middle card with every
    # architect, 500 yen each, one crate each, the rest of the crates beside the machine.
    m = chocolate_milk.new(4, seed=11)
    v = m.view(None)
    assert [len(c) for c in v["grid"]] == [1, 1, 1, 1, 2, 1, 1, 1, 1]
    assert v["architects"] == [4, 4, 4, 4]
    assert v["yen"] == [500] * 4
    assert v["crates"] == [[[]]] * 4
    assert set(v["cards"].values()) == {0}
    assert sum(v["supply"].values()) == 36 - 10
    assert v["crates_left"] == 6 - 4


@pytest.mark.parametrize("players,boxes,left,drinks", [
    (2, 1, 4, 36), (6, 1, 0, 36), (3, 2, 9, 72), (6, 2, 6, 72), (7, 2, 5, 36), (7, 1, 5, 36), (8, 2, 4, 36)])
def test_crates_and_drinks_by_player_count_and_boxes(chocolate_milk, players, boxes, left, drinks):
    # 004:259 — crates for sale depend on the player count and the number of JIDOHANBAIKI
    # boxes; 004:249 — with 7-8 players only the drinks of a single box are used ("bei 7-8
    # Spielern"): two boxes give 6 players 72 drinks, 7 players 36.
    m = chocolate_milk.new(players, seed=1, options={"boxes": boxes})
    v = m.view(None)
    assert v["crates_left"] == left
    assert sum(v["supply"].values()) + sum(len(c) for c in v["grid"]) == drinks


def test_move_one_space_straight_or_diagonal_and_buy(chocolate_milk):
    # 004:253 — move 1 space (vertical, horizontal or diagonal), buy a drink for 100 yen,
    # then 100 yen go on the drink's colour card and on its shape card.
    m = chocolate_milk.scenario(position(architects=[0, 4, 4]))
    keys = {a.key for a in m.legal(0)}
    assert {"buy:2:W2:1", "buy:4:W4:1", "buy:5:W5:1", "buy:5:W6:1"} <= keys
    assert not any(k.startswith(("buy:3:", "buy:7:", "buy:9:")) for k in keys)
    with pytest.raises(IllegalMove, match="exactly one space") as e:
        m.play(0, "buy:9:M4:1")
    assert "004:253" in str(e.value)
    m.play(0, "buy:5:W6:1")
    v = m.view(None)
    assert v["yen"][0] == 400
    assert v["crates"][0] == [["W6"]]
    assert v["architects"][0] == 4
    assert v["cards"]["white"] == 100 and v["cards"]["short-can"] == 100
    assert sum(v["cards"].values()) == 200
    assert len(v["grid"][4]) == 2, "the bought drink is replaced at once (004:261)"
    assert v["turn"] == 1


def test_buying_needs_the_money_and_room_in_a_crate(chocolate_milk):
    m = chocolate_milk.scenario(position(yen=[50, 500, 500]))
    assert not any(a.key.startswith("buy") for a in m.legal(0))
    with pytest.raises(IllegalMove, match="costs ¥100"):
        m.play(0, "buy:1:W1:1")
    full = [["R1", "R2", "R3", "R4", "P5", "P6"]]
    m = chocolate_milk.scenario(position(crates=[full, [[]], [[]]]))
    assert not any(a.key.startswith("buy") for a in m.legal(0))
    with pytest.raises(IllegalMove, match="full"):
        m.play(0, "buy:1:W1:1")


def test_dice_refill_worked_example(chocolate_milk):
    # 004:263 — "WÜRFELST DU EINE 3 UND DANN EINE 6, KOMMT DIE SCHWARZE KURZE DOSE HERAUS.
    # GIBT ES KEINE SCHWARZE KURZE DOSE, KOMMT DIE SCHWARZE HÖCHSTE FLASCHE HERAUS, UND SO WEITER."
    rules = chocolate_milk.rules
    full = [1] * 36
    black_short_can = rules.code_index["K6"]
    assert rules.roll_refill(full, 3, 6) == black_short_can
    assert rules.labels[black_short_can] == "black short can"
    no_short_can = list(full)
    no_short_can[black_short_can] = 0
    assert rules.labels[rules.roll_refill(no_short_can, 3, 6)] == "black tallest bottle"
    # "und so weiter": without those two the next to the right, the round bottle.
    no_short_can[rules.code_index["K1"]] = 0
    assert rules.labels[rules.roll_refill(no_short_can, 3, 6)] == "black round bottle"
    # 004:261 — a colour that is sold out moves on to the next colour card to the right.
    no_black = [0 if i // 6 == 2 else 1 for i in range(36)]
    assert rules.labels[rules.roll_refill(no_black, 3, 6)].startswith("blue")
    assert rules.roll_refill([0] * 36, 3, 6) is None


def test_refill_by_dice_in_play(chocolate_milk):
    # The card's new drink is exactly what the match's dice say.
    m = chocolate_milk.scenario(position())
    probe = Rng.restore(m.rng.dump())
    c, s = probe.die(), probe.die()
    supply = list(m.state.supply)
    expected = chocolate_milk.rules.roll_refill(supply, c, s)
    events = m.play(0, "buy:1:W1:1")
    assert events[1].data["dice"] == [c, s]
    assert m.view(None)["grid"][0] == [chocolate_milk.rules.codes[expected]]


def test_sell_worked_example_two_mint_at_200(chocolate_milk):
    # 004:257 — "MIT DER VERKAUFSAKTION VERKAUFT DIESER SPIELER 2 MINTFARBENE GETRÄNKE FÜR
    # JE 200 YEN AN DEN VORRAT. DIE MINT-BESTANDSKARTE WIRD DANACH AUF 0 YEN ZURÜCKGESETZT."
    grid = [["W1"], ["W2"], ["W3"], ["W4"], ["W5", "W6"], ["K1"], ["K2"], ["K3"], ["K4"]]
    m = chocolate_milk.scenario(position(
        grid=grid, crates=[[["M1", "M2", "B3"]], [[]], [[]]], yen=[300, 500, 500],
        cards={"mint": 200, "small-bottle": 100}))
    m.play(0, "sell:mint:1M1+1M2")
    v = m.view(None)
    assert v["yen"][0] == 300 + 2 * 200
    assert v["cards"]["mint"] == 0
    assert v["cards"]["small-bottle"] == 100, "only the chosen card is emptied"
    assert v["crates"][0] == [["B3"]]
    assert v["supply"]["M1"] == 1 and v["supply"]["M2"] == 1, "sold drinks go back to the supply"


def test_sell_needs_drinks_matching_one_card(chocolate_milk):
    m = chocolate_milk.scenario(position(crates=[[["M1", "B3"]], [[]], [[]]], cards={"mint": 200}))
    with pytest.raises(IllegalMove, match="004:255"):
        m.play(0, "sell:mint:1M1+1B3")
    keys = {a.key for a in m.legal(0) if a.key.startswith("sell:mint")}
    assert keys == {"sell:mint:1M1"}
    # A drink may be sold by its shape card instead, for that card's price.
    assert "sell:tallest-bottle:1M1" in {a.key for a in m.legal(0)}


def test_buy_a_crate_for_200_while_any_are_left(chocolate_milk):
    # 004:259 — pay 200 yen to the bank and take a crate; a second crate holds more drinks.
    m = chocolate_milk.scenario(position(players=6, architects=[4] * 6, crates=[[[]]] * 6,
                                         yen=[500] * 6))
    with pytest.raises(IllegalMove, match="no crates"):
        m.play(0, "crate")
    m = chocolate_milk.scenario(position())
    m.play(0, "crate")
    v = m.view(None)
    assert v["yen"][0] == 300 and len(v["crates"][0]) == 2 and v["crates_left"] == 2
    keys = {a.key for a in m.legal(1)}
    m.play(1, next(iter(sorted(k for k in keys if k.startswith("buy")))))
    m.play(2, "crate")
    assert any(a.key.endswith(":2") and a.key.startswith("buy") for a in m.legal(0))


def test_game_ends_at_six_of_a_colour_in_a_crate(chocolate_milk):
    # 004:265 — the game ends as soon as a player has 6 drinks of one shape or colour in a crate.
    m = chocolate_milk.scenario(position(
        grid=[["M6"], ["W2"], ["W3"], ["W4"], ["W5", "W6"], ["K1"], ["K2"], ["K3"], ["K4"]],
        crates=[[["M1", "M2", "M3", "M4", "M5"]], [[]], [[]]]))
    m.play(0, "buy:1:M6:1")
    assert m.over and m.to_act() == ()
    assert "6 mint" in m.result().reason


def test_game_ends_at_2000_yen(chocolate_milk):
    # 004:265 — or as soon as a player has at least 2,000 yen.
    m = chocolate_milk.scenario(position(crates=[[["R1", "R2"]], [[]], [[]]], yen=[1500, 500, 500],
                                         cards={"red": 300}))
    m.play(0, "sell:red:1R1")
    assert not m.over
    m.play(1, "crate")
    m.play(2, "crate")
    m.play(0, "sell:red:1R2")
    assert not m.over, "the red card was emptied by the first sale"
    m = chocolate_milk.scenario(position(crates=[[["R1", "R2"]], [[]], [[]]], yen=[1500, 500, 500],
                                         cards={"red": 300}))
    m.play(0, "sell:red:1R1+1R2")
    assert m.over and "¥2,100" in m.result().reason
    with pytest.raises(IllegalMove, match="over"):
        m.play(1, "crate")


def test_game_ends_at_exactly_2000_yen_not_at_1900(chocolate_milk):
    # 004:265 — "oder ein Spieler mindestens 2.000 Yen besitzt": ¥2,000 itself ends the game;
    # yen come in ¥100s, so ¥1,900 is the most that does not.
    for start, after, over in ((1800, 2000, True), (1700, 1900, False)):
        m = chocolate_milk.scenario(position(crates=[[["R1"]], [[]], [[]]], yen=[start, 500, 500],
                                             cards={"red": 200}))
        m.play(0, "sell:red:1R1")
        assert m.view(None)["yen"][0] == after
        assert m.over is over, after
        assert (f"¥{after:,}" in m.result().reason) if over else m.to_act() == (1,)
    # a position read from a file is judged by the same line
    with pytest.raises(ScenarioError, match="should have ended"):
        chocolate_milk.scenario(position(yen=[2000, 500, 500]))
    assert not chocolate_milk.scenario(position(yen=[1900, 500, 500])).over


def test_six_of_one_shape_in_one_crate_ends_five_or_six_mixed_do_not(chocolate_milk):
    # 004:265 — "6 Getränke derselben Form oder Farbe in einer seiner Kisten": the sixth of a
    # shape ends it as the sixth of a colour does; the fifth does not, nor six of one shape
    # over two crates, nor a full crate of mixed drinks.
    grid = [["M6"], ["W6"], ["W3"], ["W4"], ["W5", "W1"], ["K1"], ["K2"], ["K3"], ["K4"]]
    cans = ["R6", "B6", "P6", "K6"]                      # short cans (shape 6), W6 on the top card
    m = chocolate_milk.scenario(position(grid=grid, crates=[[cans], [[]], [[]]]))
    m.play(0, "buy:2:W6:1")
    assert not m.over, "five of a shape do not end the game"
    grid[1] = ["W2"]
    m = chocolate_milk.scenario(position(grid=grid, crates=[[cans + ["W6"]], [[]], [[]]]))
    m.play(0, "buy:1:M6:1")
    assert m.over and "6 short can" in m.result().reason
    m = chocolate_milk.scenario(position(grid=grid, crates=[[cans + ["W6"], []], [[]], [[]]]))
    m.play(0, "buy:1:M6:2")
    assert not m.over, "six short cans over two crates"
    m = chocolate_milk.scenario(position(grid=grid, crates=[[["R1", "B2", "P3", "M4", "B5"]], [[]], [[]]]))
    m.play(0, "buy:1:M6:1")
    assert not m.over and len(m.view(None)["crates"][0][0]) == 6, "a full crate of six mixed drinks"


def test_a_crate_takes_its_sixth_drink_not_a_seventh(chocolate_milk):
    # 004:259 — "Mit einer zusätzlichen Kiste kannst du mehr als 6 Getränke besitzen": a crate
    # holds 6. Five in it: the sixth goes in; six: no more.
    five = ["R1", "R2", "B3", "P4", "K5"]
    m = chocolate_milk.scenario(position(crates=[[five], [[]], [[]]]))
    assert "buy:1:W1:1" in {a.key for a in m.legal(0)}
    m.play(0, "buy:1:W1:1")
    assert len(m.view(None)["crates"][0][0]) == 6
    m = chocolate_milk.scenario(position(crates=[[five + ["M2"]], [[]], [[]]]))
    assert not any(a.key.startswith("buy") for a in m.legal(0))
    with pytest.raises(IllegalMove, match="full"):
        m.play(0, "buy:1:W1:1")


def test_exactly_the_price_buys_a_drink_and_a_crate(chocolate_milk):
    # 004:253 — "kaufe ein Getränk für 100 Yen": ¥100 buys one, ¥0 none (yen come in ¥100s).
    m = chocolate_milk.scenario(position(yen=[100, 500, 500]))
    assert "crate" not in {a.key for a in m.legal(0)}
    m.play(0, "buy:1:W1:1")
    assert m.view(None)["yen"][0] == 0
    m = chocolate_milk.scenario(position(yen=[0, 500, 500]))
    with pytest.raises(IllegalMove, match="costs ¥100"):
        m.play(0, "buy:1:W1:1")
    # 004:259 — "Zahle 200 Yen an die Bank und nimm eine Kiste": ¥200 buys one, ¥100 does not.
    m = chocolate_milk.scenario(position(yen=[200, 500, 500], architects=[0, 4, 4],
                                         grid=[[], ["W2"], ["W3"], ["W4"], [], ["K1"], ["K2"], ["K3"], ["K4"]]))
    m.play(0, "crate")
    assert m.view(None)["yen"][0] == 0 and len(m.view(None)["crates"][0]) == 2
    m = chocolate_milk.scenario(position(yen=[100, 500, 500]))
    with pytest.raises(IllegalMove, match="a crate costs ¥200"):
        m.play(0, "crate")


def test_scoring_worked_example_five_mint(chocolate_milk):
    # 004:267 — "5 mintfarbene Getränke ergeben 5x5 = 2.500 Yen Auszahlung."
    # 004:269 — add your own yen; each crate scores separately for one colour or shape.
    crates = [[["M1", "M2", "M3", "M4", "M5", "K6"], ["R1", "B1", "P1"]], [["B2"]], [[]]]
    m = chocolate_milk.scenario(position(crates=crates, yen=[100, 400, 900], crates_left=2,
                                         over=True, reason="test"))
    res = m.result()
    first = res.breakdown[0]["crates"][0]
    assert (first["scored"], first["count"], first["payout"]) == ("mint", 5, 2500)
    second = res.breakdown[0]["crates"][1]
    assert (second["scored"], second["count"], second["payout"]) == ("tallest bottle", 3, 900)
    assert res.final_yen == (100 + 2500 + 900, 400 + 100, 900)
    assert res.ranking == ((0,), (2,), (1,))


def test_equal_totals_share_the_win(chocolate_milk):
    m = chocolate_milk.scenario(position(crates=[[["R1"]], [["R2"]], [[]]], yen=[400, 400, 500],
                                         over=True))
    assert m.result().ranking == ((0, 1, 2),)


def test_pass_only_when_nothing_is_possible(chocolate_milk):
    m = chocolate_milk.scenario(position(yen=[0, 500, 500]))
    assert [a.key for a in m.legal(0)] == ["pass"]
    m2 = chocolate_milk.scenario(position())
    with pytest.raises(IllegalMove, match="pass only"):
        m2.play(0, "pass")


def test_everyone_passing_ends_the_game(chocolate_milk):
    m = chocolate_milk.scenario(position(yen=[0, 0, 0]))
    for seat in (0, 1, 2):
        m.play(seat, "pass")
    assert m.over and m.result().reason == "no one could act"


def test_illegal_move_leaves_the_match_byte_identical(chocolate_milk):
    m = chocolate_milk.new(3, seed=5)
    before = m.save()
    seat = m.to_act()[0]
    for key in ("buy:9:K6:1", "sell:mint:1M1", "crate:2", "fly"):
        with pytest.raises(IllegalMove):
            m.play(seat, key)
    with pytest.raises(IllegalMove, match="not seat"):
        m.play((seat + 1) % 3, m.legal(seat)[0].key)
    assert m.save() == before


@pytest.mark.parametrize("change,message", [
    ({"grid": [["W1"]] * 8}, "9 lot cards"),
    ({"architects": [4, 4]}, "one architect"),
    ({"architects": [4, 4, 9]}, "cards 0–8"),
    ({"yen": [500, -1, 500]}, "whole number"),
    ({"grid": [["W1"], ["W1"], ["W3"], ["W4"], ["W5", "W6"], ["K1"], ["K2"], ["K3"], ["K4"]]}, "not 2"),
    ({"crates": [[["X9"]], [[]], [[]]]}, "not a drink"),
    ({"crates": [[["W1"] * 7], [[]], [[]]]}, "at most 6"),
    ({"crates_left": 9}, "crates owned"),
    ({"bank": 5}, "bank"),
    ({"turn": 3}, "not playing"),
    ({"yen": [2500, 500, 500]}, "should have ended"),
])
def test_scenarios_are_validated(chocolate_milk, change, message):
    with pytest.raises(ScenarioError, match=message):
        chocolate_milk.scenario(position(**change))


def test_same_seed_same_moves_same_game(chocolate_milk):
    from core.bots import RandomBot
    from core.session import Session

    def play(seed):                     # the random bot in every seat, one stream for all
        m = chocolate_milk.new(4, seed=seed)
        rng = Rng(99)
        Session.of_computers(m, [RandomBot(chocolate_milk.rules)] * 4, [rng] * 4).run()
        assert m.over
        return m.save()
    assert play(3) == play(3)
    assert play(3) != play(4)


def test_draw_refill_option_takes_random_drinks(chocolate_milk):
    m = chocolate_milk.new(2, seed=2, options={"refill": "draw"})
    seat = m.to_act()[0]
    events = m.play(seat, next(a for a in m.legal(seat) if a.key.startswith("buy")))
    assert events[1].kind == "refill" and "dice" not in events[1].data


def _vending_outcome(match, drink_code):
    """What the match's next pour of this drink will do, from a copy of its generator."""
    from physics.vending import pour
    probe = Rng.restore(match.rng.dump())
    return bool(pour([match.game.rules.code_index[drink_code]], seed=probe.next32()).out)


def test_vending_variant_keeps_only_drinks_that_come_out(chocolate_milk):
    # 004:253 — throw the drink into the vending machine; if it comes out, put it in a crate.
    seen = set()
    for seed in range(40):
        m = chocolate_milk.scenario(position(seed=seed, options={"variant": "vending"}))
        comes_out = _vending_outcome(m, "W1")
        if comes_out in seen:
            continue
        seen.add(comes_out)
        events = m.play(0, "buy:1:W1:1")
        v = m.view(None)
        assert v["yen"][0] == 400, "the drink is paid for either way"
        if comes_out:
            assert v["crates"][0] == [["W1"]] and events[0].kind == "buy"
            assert v["cards"]["white"] == 100 and v["cards"]["tallest-bottle"] == 100
        else:
            assert v["crates"][0] == [[]] and events[0].kind == "stuck"
            assert sum(v["cards"].values()) == 0
            assert "sticks" in events[0].text
        assert len(v["grid"][0]) == 1, "the card is refilled either way (004:261)"
        if seen == {True, False}:
            break
    assert seen == {True, False}


def test_vending_variant_random_play_keeps_the_contract(chocolate_milk):
    from core.testing import check_random_play
    for players in (2, 4, 8):
        for seed in range(4):
            check_random_play(chocolate_milk, players, seed, options={"variant": "vending"})
