"""Bottle Bonus (games/bottle_bonus: Tokyo Jutaku with drinks), rule by rule.

Lines are cited as 004:NNN (004_2b6c36ff9b44b906.txt, Bottle Bonus is 004:77-93); the
tests never read that file. Where the rulebook leaves a point open, the rules text of
games/bottle_bonus/text.py (BOTTLE) is the ruling followed. Drinks are numbered 0-35, six of a
colour: white 0-5, mint 6-11, black 12-17, blue 18-23, red 24-29, purple 30-35.
"""

from __future__ import annotations

import pytest

from core import games
from core.errors import IllegalMove
from games.bottle_bonus import rules as B
from games.building import lots as J
from physics.building import R_OVERLAP
from tests.test_jutaku import HARAJUKU_1, IKEBUKURO_3, build, keys, move_position, planned, row, verdict
from tests.test_jutaku import position as jutaku_position

RULES = "004_2b6c36ff9b44b906.txt"
COLOURS = ("white", "mint", "black", "blue", "red", "purple")
ALL_DRINKS = {"drinks": 36, "pieces": 69, "lot cards": 32}


def totals(conserved: dict) -> dict:
    """The counts of a kind (every piece, every lot card, every drink), without the one entry
    a piece or card has by its own name."""
    return {k: v for k, v in conserved.items() if ":" not in k}


@pytest.fixture(scope="module")
def bottle():
    return games.load("bottle_bonus")


def drink(colour: str, k: int = 0) -> int:
    return 6 * COLOURS.index(colour) + k


def give(d: dict, seat: int, *drinks: int) -> dict:
    """Move drinks from the box into the seat's hand (each of the 36 stays in one place)."""
    for x in drinks:
        d["box"].remove(x)
        d["held"][seat].append(x)
    d["held"][seat].sort()
    return d


def position(game, cards, *, held=None, seed=0, **over):
    d = jutaku_position(game, cards, **over)
    d["seed"] = seed
    for seat, drinks in (held or {}).items():
        give(d, seat, *drinks)
    return d


def play(m, seat, key, data=None):
    """A move; no move changes what is conserved: 36 drinks, 69 pieces, 32 lot cards."""
    events = m.play(seat, key, data)
    assert totals(m.rules.conserved(m.state)) == ALL_DRINKS
    return events


def all_keys(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in all_keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in all_keys(v)}
    return set()


def side_view(side) -> dict:
    return {"floors": side.floors, "numeral": side.numeral, "pieces": side.pieces, "yen": side.yen,
            "outlines": [list(o) for o in side.outlines]}


# ==== the pour (004:79) ===========================================================================

def won_by(bottle, players, winner, seed):
    """A round won by `winner` on ikebukuro-3 (everyone else gives up): the pour is next."""
    cards = ["ueno-1", "shibuya-3", "ginza-3", "akihabara-3"][:players]
    cards[winner] = "ikebukuro-3"
    m = bottle.scenario(position(bottle, cards, seed=seed))
    build(m, winner, row(bottle, IKEBUKURO_3, 22.0))
    play(m, winner, "stop", {"seconds": 20.0})
    for seat in range(players):
        if seat != winner:
            play(m, seat, "give_up")
    return m


def test_the_winner_pours_one_drink_per_other_player_and_each_other_takes_at_most_one(bottle):
    # 004:79 — "nimmt der Spieler, der in dieser Runde sein Gebäude fertiggestellt hat,
    # zufällig so viele Getränke aus der Schachtel, wie es Mitspieler gibt. Anschließend
    # wirft er diese Getränke alle auf einmal in den Verkaufsautomaten ein, und alle anderen
    # Spieler dürfen sich je bis zu 1 Getränk nehmen, das aus dem Verkaufsautomaten
    # herauskommt."
    seen_stuck = seen_out = 0
    for seed in range(9):                      # seed 7 leaves a drink stuck in the machine
        m = won_by(bottle, 4, 1, seed)
        s = m.state
        assert s["phase"] == "pour" and m.to_act() == (1,) and keys(m, 1) == ["pour"]
        play(m, 1, "pour")
        pour = s["last_pour"]
        assert pour["seat"] == 1 and len(pour["poured"]) == 3 and len(set(pour["poured"])) == 3
        assert sorted(pour["out"] + pour["stuck"]) == sorted(pour["poured"])
        assert len(s["box"]) == 36 - len(pour["out"])               # the stuck go back to the box
        assert all(d in s["box"] for d in pour["stuck"])
        seen_stuck += bool(pour["stuck"])
        seen_out += len(pour["out"]) >= 2
        if not pour["out"]:
            assert s["phase"] == "move"
            continue
        assert s["tray"] == sorted(pour["out"]) and s["takers"] == [2, 3, 0]   # clockwise from the winner
        taken = {}
        for seat in (2, 3, 0):
            if s["phase"] != "take":
                break
            assert m.to_act() == (seat,) and "take:none" in keys(m, seat)
            assert {k for k in keys(m, seat) if k != "take:none"} == {f"take:{d}" for d in s["tray"]}
            d = s["tray"][0]
            play(m, seat, f"take:{d}")
            taken[seat] = d
            assert s["held"][seat] == [d]
            with pytest.raises(IllegalMove):                           # at most one each
                m.play(seat, f"take:{s['tray'][0]}" if s["tray"] else "take:none")
        assert s["phase"] == "move" and s["tray"] == [] and s["held"][1] == []      # the pourer takes none
        assert len(taken) == min(3, len(pour["out"]))
        assert len(s["box"]) == 36 - len(taken)                      # what nobody took: back to the box
        assert m.view(0)["box"] == len(s["box"])
    assert seen_stuck and seen_out, "the seeds tried should show both stuck drinks and a full tray"


def test_a_player_may_take_no_drink(bottle):
    # 004:79 — "dürfen sich je bis zu 1 Getränk nehmen": taking none is allowed.
    for seed in range(10):
        m = won_by(bottle, 2, 0, seed)
        play(m, 0, "pour")
        if m.state["phase"] == "take":
            break
    else:
        pytest.fail("no seed let a drink come out")
    out = list(m.state["tray"])
    play(m, 1, "take:none")
    assert m.state["held"] == [[], []] and all(d in m.state["box"] for d in out)
    assert m.state["phase"] == "move" and m.state["order"][0] == 0


def test_two_winners_pour_the_richest_first(bottle):
    # 004:79 with 004:56 and 004:58: each winner pours; the richest (004:58) first.
    m = bottle.scenario(position(bottle, ["ikebukuro-3", "harajuku-1", "ueno-1"], won=[[], ["ginza-3"]]))
    build(m, 0, row(bottle, IKEBUKURO_3, 22.0))
    build(m, 1, row(bottle, HARAJUKU_1, 8.0))
    play(m, 0, "stop", {"seconds": 21.0})
    play(m, 1, "stop", {"seconds": 21.0})
    play(m, 2, "give_up")
    assert m.state["phase"] == "pour" and m.to_act() == (1,) and m.state["pours"] == [0]
    play(m, 1, "pour")
    while m.state["phase"] == "take":
        seat = m.to_act()[0]
        play(m, seat, "take:none")
    assert m.state["phase"] == "pour" and m.to_act() == (0,)
    play(m, 0, "pour")
    assert m.state["last_pour"]["seat"] == 0
    assert m.state["takers"] in ([1, 2], [])


# ==== the powers (004:81-93) ==================================================================

def test_black_turns_the_card_over_and_its_back_is_unseen_before(bottle):
    # 004:83 — "SCHWARZ: Gib dieses Getränk aus, um deine Grundstückskarte umzudrehen, bevor du
    # darauf zu bauen beginnst. Die Spieler dürfen die Rückseite nicht ansehen, bevor sie
    # entscheiden, ob sie umdrehen oder nicht."
    m = bottle.scenario(position(bottle, ["shibuya-1", "ikebukuro-3"], held={0: [drink("black")]}))
    card = bottle.rules.deck.card("shibuya-1")
    for seat in (0, 1):
        view = m.view(seat)
        assert "back" not in all_keys(view)
        assert view["seats"][0]["lot"] == side_view(card.front) and view["seats"][0]["side"] == "front"
        assert all(c is None or "back" not in c for row_ in view["grid"] for c in row_)
    assert "drink:black" in keys(m, 0) and "drink:black" not in keys(m, 1)
    play(m, 0, "drink:black")
    s = m.state
    assert s["side"][0] == "back" and m.view(1)["seats"][0]["lot"] == side_view(card.back)
    assert drink("black") in s["box"] and s["held"][0] == [] and "drink:black" not in keys(m, 0)
    # the back asks for its own floors and pieces (4 floors, X) and pays its own yen
    build(m, 0, planned(bottle, card.back.lot(), without=IKEBUKURO_3))
    play(m, 0, "stop", {"seconds": 50.0})
    assert verdict(m, 0)["passes"]
    play(m, 1, "give_up")
    assert s["won"][0] == [["shibuya-1", "back"]] and bottle.rules.yen(s, 0) == card.back.yen == 18000


def test_black_is_spent_before_building_only(bottle):
    # 004:83 — "bevor du darauf zu bauen beginnst"
    m = bottle.scenario(position(bottle, ["shibuya-1", "ikebukuro-3"], held={1: [drink("black")]}))
    build(m, 1, row(bottle, IKEBUKURO_3[:1], 22.0))
    assert "drink:black" not in keys(m, 1)
    before = m.save()
    with pytest.raises(IllegalMove) as e:
        m.play(1, "drink:black")
    assert e.value.rule == B.R_DRINK and m.save() == before


def test_the_back_seen_with_black_cannot_be_taken_back(bottle):
    # 004:83 — "Die Spieler dürfen die Rückseite nicht ansehen, bevor sie entscheiden, ob sie
    # umdrehen oder nicht.": turning the card shows the back, so taking the drink back would
    # let a player look first and decide after.
    m = bottle.scenario(position(bottle, ["shibuya-1", "ikebukuro-3"], held={0: [drink("black")]}))
    play(m, 0, "drink:black")
    assert m.why_not_undo(0) is not None


def test_white_is_spent_before_the_round_for_one_piece(bottle):
    # 004:85 — "WEISS: Gib dieses Getränk aus und lege dann 1 Bauteil auf deine
    # Grundstückskarte, bevor die Runde beginnt."  (text.py: "your clock starts after it")
    m = bottle.scenario(position(bottle, ["ikebukuro-3", "harajuku-1"], held={0: [drink("white", 2)]}))
    assert "drink:white" in keys(m, 0)
    play(m, 0, "drink:white")
    assert m.state["spent"][0] == ["white"] and drink("white", 2) in m.state["box"]
    assert "drink:white" not in keys(m, 0)
    build(m, 0, row(bottle, IKEBUKURO_3, 22.0))
    play(m, 0, "stop", {"seconds": 12.0})
    assert verdict(m, 0)["passes"]


def test_mint_puts_back_everyone_elses_last_piece_and_bars_it_once(bottle):
    # 004:87 — "MINT: Gib zu einem beliebigen Zeitpunkt während der Runde dein mintfarbenes
    # Getränk aus und rufe „Zurück damit!“. Alle anderen Spieler müssen das Bauteil, das sie
    # gerade verwenden, oder das zuletzt gelegte zurücklegen und ein anderes Bauteil aus dem
    # Vorrat nehmen."
    cards = ["ueno-1", "ikebukuro-3", "harajuku-1", "ginza-3"]
    m = bottle.scenario(position(bottle, cards, held={0: [drink("mint", 5)]}))
    build(m, 0, row(bottle, ["cube-20-5"], 0.0))
    build(m, 1, row(bottle, IKEBUKURO_3[:2], 22.0))
    build(m, 2, row(bottle, HARAJUKU_1, 8.0))
    play(m, 2, "stop", {"seconds": 18.0})             # done: no longer building
    assert "drink:mint" in keys(m, 0)                 # at any time, pieces placed or not
    play(m, 0, "drink:mint")
    s = m.state
    assert [p["piece"] for p in s["built"][0]] == ["cube-20-5"]              # not the caller's own
    assert [p["piece"] for p in s["built"][1]] == IKEBUKURO_3[:1]           # put back ...
    assert IKEBUKURO_3[1] in s["supply"] and s["barred"] == [None, IKEBUKURO_3[1], None, None]
    assert len(s["built"][2]) == 3 and s["built"][3] == []                   # done / nothing to put back
    assert drink("mint", 5) in s["box"] and s["held"][0] == []
    assert m.view(0)["seats"][1]["barred"] == IKEBUKURO_3[1]
    # ... and another piece is taken: the one put back is barred for the next placement
    before = m.save()
    with pytest.raises(IllegalMove) as e:
        m.play(1, "place", {"piece": IKEBUKURO_3[1], "x": 32.0, "y": 0.0, "floor": 1})
    assert e.value.rule == B.R_DRINK and m.save() == before
    play(m, 1, "place", {"piece": "column-10x40-4", "x": 32.0, "y": 0.0, "floor": 1})
    assert s["barred"][1] is None
    play(m, 1, "place", {"piece": IKEBUKURO_3[1], "x": 42.0, "y": 0.0, "floor": 1})   # free again after
    play(m, 1, "stop", {"seconds": 30.0})
    assert verdict(m, 1)["passes"]


def test_blue_pays_200_yen_to_a_winner_and_is_lost_otherwise(bottle):
    # 004:89 — "BLAU: Gib dieses Getränk vor einer Baurunde aus. Gewinnst du diese Runde,
    # behalte dieses Getränk neben deinen Grundstückskarten für +200 Yen (¥) am Spielende.
    # Gewinnst du diese Runde nicht, lege dieses Getränk ab."
    won = [["asakusa-2", "harajuku-1", "shinjuku-2"], ["ginza-3"]]
    m = bottle.scenario(position(bottle, ["ikebukuro-3", "ueno-1"], won=won,
                                 held={0: [drink("blue", 0)], 1: [drink("blue", 1)]}))
    play(m, 0, "drink:blue")
    play(m, 1, "drink:blue")
    s = m.state
    assert s["staked"] == [drink("blue", 0), drink("blue", 1)] and s["held"] == [[], []]
    assert "drink:blue" not in keys(m, 0)
    build(m, 0, row(bottle, IKEBUKURO_3, 22.0))
    play(m, 0, "stop", {"seconds": 19.0})
    play(m, 1, "give_up")                             # the fourth lot of seat 0 ends the game (004:60)
    assert m.over and s["kept"] == [[drink("blue", 0)], []] and drink("blue", 1) in s["box"]
    result = m.result()
    assert result.final_yen == (6000 + 6000 + 8000 + 6000 + 200, 8000)
    assert result.breakdown[0]["blue_drinks"] == 1 and result.breakdown[0]["lot_yen"] == 26000


def test_blue_is_spent_before_the_round_only(bottle):
    # 004:89 — "vor einer Baurunde"
    m = bottle.scenario(position(bottle, ["ikebukuro-3", "ueno-1"], held={0: [drink("blue")]}))
    build(m, 0, row(bottle, IKEBUKURO_3[:1], 22.0))
    with pytest.raises(IllegalMove) as e:
        m.play(0, "drink:blue")
    assert e.value.rule == B.R_DRINK


def test_red_sets_a_new_piece_down_together_with_one_already_on_the_building(bottle):
    # 004:91 — "ROT: Gib dieses Getränk aus, um nur für diese Runde 2 Bauteile gleichzeitig zu
    # bewegen. Du nimmst dir weiterhin nur ein Bauteil auf einmal, darfst es aber zusammen mit
    # einem anderen Bauteil gleichzeitig frei an deinem Gebäude anordnen."
    m = bottle.scenario(position(bottle, ["ikebukuro-3", "harajuku-1"], held={0: [drink("red")]}))
    play(m, 0, "place", {"piece": "column-10x40-1", "x": 22.0, "y": 0.0, "floor": 1})
    moved = {"piece": "column-10x40-1", "x": 24.0, "y": 0.0, "floor": 1}
    pair = {"piece": "column-10x40-2", "x": 34.0, "y": 0.0, "floor": 1, "with": moved}
    before = m.save()
    with pytest.raises(IllegalMove) as e:
        m.play(0, "place", pair)                      # not before the red drink is spent
    assert e.value.rule == B.R_DRINK and m.save() == before
    m2 = bottle.scenario(position(bottle, ["ikebukuro-3", "harajuku-1"], held={0: [drink("red")]}))
    play(m2, 0, "drink:red")                          # spent before building (004:81-91)
    play(m2, 0, "place", {"piece": "column-10x40-1", "x": 22.0, "y": 0.0, "floor": 1})
    m = m2
    assert m.state["spent"][0] == ["red"]
    two_new = {"pieces": [{"piece": "column-10x40-2", "x": 34.0, "y": 0.0, "floor": 1},
                          {"piece": "column-10x40-3", "x": 44.0, "y": 0.0, "floor": 1}]}
    before = m.save()
    with pytest.raises(IllegalMove) as e:             # still one new piece at a time: no such data
        m.play(0, "place", two_new)
    assert e.value.rule == J.R_BUILD and "one new piece at a time" in e.value.reason and m.save() == before
    with pytest.raises(IllegalMove) as e:             # both are checked where they lie
        m.play(0, "place", dict(pair, **{"with": dict(moved, x=30.0)}))
    assert e.value.rule == R_OVERLAP and m.save() == before
    with pytest.raises(IllegalMove) as e:             # the other piece is one of the building's
        m.play(0, "place", dict(pair, **{"with": dict(moved, piece="cube-20-1")}))
    assert e.value.rule == B.R_DRINK and m.save() == before
    play(m, 0, "place", pair)
    assert [(p["piece"], p["x"]) for p in m.state["built"][0]] == [("column-10x40-1", 24.0),
                                                                   ("column-10x40-2", 34.0)]
    with pytest.raises(IllegalMove) as e:             # only the seat that spent it
        m.play(1, "place", {"piece": "cube-20-1", "x": 8.0, "y": 0.0, "floor": 1,
                            "with": {"piece": "cube-20-2", "x": 28.0, "y": 0.0, "floor": 1}})
    assert e.value.rule == B.R_DRINK
    play(m, 0, "place", {"piece": "column-10x40-3", "x": 44.0, "y": 0.0, "floor": 1})
    play(m, 0, "stop", {"seconds": 9.0})
    assert verdict(m, 0)["passes"]


def test_purple_moves_to_any_free_card(bottle):
    # 004:93 — "LILA: Gib dieses Getränk während der Bewegungsphase aus, um dich auf eine
    # beliebige verfügbare Grundstückskarte auf dem Plan zu bewegen und dabei die normalen
    # Bewegungsregeln zu ignorieren."
    d = move_position(bottle)
    d["seed"] = 0
    give(d, 1, drink("purple", 3))
    m = bottle.scenario(d)
    moves = {k for k in keys(m, 1) if k.startswith("move:")}
    purple = {k for k in keys(m, 1) if k.startswith("purple:")}
    free = {(r, c) for r in range(6) for c in range(6) if m.state["grid"][r][c] is not None}
    assert {tuple(map(int, k.split(":")[1:])) for k in moves | purple} == free
    assert "purple:0:5" in purple and "move:0:5" not in moves       # asakusa-2, far out of reach
    play(m, 1, "purple:0:5")
    s = m.state
    assert s["hand"][1] == "asakusa-2" and s["at"][1] == [0, 5] and s["grid"][0][5] is None
    assert s["held"][1] == [] and drink("purple", 3) in s["box"]
    assert not any(k.startswith("purple:") for k in keys(m, 0))     # seat 0 holds none
    before = m.save()
    with pytest.raises(IllegalMove) as e:
        m.play(0, "purple:0:0")
    assert e.value.rule == J.R_MOVE and m.save() == before


# ==== illegal moves change nothing ===============================================================

def test_illegal_drink_moves_name_the_rule_and_change_nothing(bottle):
    m = bottle.scenario(position(bottle, ["shibuya-1", "ikebukuro-3"],
                                 held={0: [drink("black"), drink("red")], 1: [drink("mint")]}))
    build(m, 0, row(bottle, ["cube-20-1"], 10.0))
    cases = [
        (0, "drink:black", None, B.R_DRINK),               # building has begun
        (0, "drink:red", None, B.R_DRINK),                 # so for red too
        (0, "drink:purple", None, B.R_DRINK),              # not held, and not a building power
        (1, "drink:white", None, B.R_DRINK),               # not held
        (0, "drink:mint", None, B.R_DRINK),                # not held
        (0, "place", {"pieces": [{"piece": "cube-20-2", "x": 30.0, "y": 0.0, "floor": 1},
                                 {"piece": "cube-20-3", "x": 50.0, "y": 0.0, "floor": 1}]}, J.R_BUILD),
        (0, "place", {"pieces": []}, J.R_BUILD),                 # one new piece at a time, declared
        (0, "take:3", None, J.R_BUILD),                    # no pour in a building round
        (1, "pour", None, J.R_BUILD),
    ]
    for seat, key, data, rule in cases:
        before = m.save()
        with pytest.raises(IllegalMove) as e:
            m.play(seat, key, data)
        assert e.value.rule == rule, key
        assert m.save() == before
    assert totals(m.rules.conserved(m.state)) == ALL_DRINKS


def test_illegal_pour_and_take_moves_change_nothing(bottle):
    for seed in range(10):
        m = won_by(bottle, 3, 0, seed)
        before = m.save()
        with pytest.raises(IllegalMove):
            m.play(1, "pour")                             # only the winner pours
        assert m.save() == before
        play(m, 0, "pour")
        if m.state["phase"] == "take":
            break
    else:
        pytest.fail("no seed let a drink come out")
    not_out = next(d for d in range(36) if d not in m.state["tray"])
    for seat, key, rule in ((1, f"take:{not_out}", B.R_POUR), (2, "take:none", None), (1, "pour", B.R_POUR)):
        before = m.save()
        with pytest.raises(IllegalMove) as e:
            m.play(seat, key)
        if rule is not None:
            assert e.value.rule == rule
        assert m.save() == before


def test_the_build_screen_lifts_a_piece_of_the_building_to_set_down_with_the_new_one(bottle):
    # 004:91 on the build screen (kiosk.practice.turn.TurnBench): W lifts the building's last
    # piece, Enter sets it down where it is held (it waits), and the next new piece dropped
    # makes one move of both.
    from kiosk.practice.turn import TurnBench
    m = bottle.scenario(position(bottle, ["ikebukuro-3", "harajuku-1"], held={0: [drink("red")]}))
    play(m, 0, "drink:red")
    play(m, 0, "place", {"piece": "column-10x40-1", "x": 22.0, "y": 0.0, "floor": 1})
    bench = TurnBench(m, 0, lambda: 5.0)
    bench.pair()                                       # W: the column is lifted into the hand
    assert bench.lifted == 0 and bench.held.piece == "column-10x40-1" and not bench.building.placements
    bench.held.x = 24.0
    bench.drop()                                       # Enter: it waits there
    assert bench.pending.x == 24.0 and bench.pending_moved and len(m.log.moves) == 2
    bench.pick("column-10x40-2")
    bench.held.x = 34.0
    assert bench.drop() is not None                    # one move: the new column and the moved one
    assert m.log.moves[-1][1] == "place" and m.log.moves[-1][2]["with"]["x"] == 24.0
    assert [(p["piece"], p["x"]) for p in m.state["built"][0]] == [("column-10x40-1", 24.0),
                                                                   ("column-10x40-2", 34.0)]
    bench.pick("column-10x40-3")
    bench.pair()                                       # W with a new piece: it waits ...
    bench.pick("cube-20-1")
    assert bench.drop() is None and "One new piece at a time" in bench.message    # ... not with a new one
