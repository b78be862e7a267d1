"""Who begins the Shopping Spree: the players decide (004:205).

"Der Spieler, der zuletzt einkaufen war, beginnt; danach geht es im Uhrzeigersinn weiter"
(004:205): whoever went shopping last begins, then clockwise. Nothing is drawn: set-up
asks, as the game's option `first` ("Who went shopping last? They begin", "player 1" …
"player 6"), so the kiosk's set-up, `--option first=...` and the TTS export all offer it.
A player beyond the table cannot begin. Lines are cited as 004:NNN of
004_2b6c36ff9b44b906.txt; the tests never read that file.
"""

from __future__ import annotations

import json
import re

import pytest

from core import games
from core.rng import Rng


@pytest.fixture(scope="module")
def spree():
    return games.load("shopping_spree")


def turn_order(match, turns: int) -> list[int]:
    """The seats whose turn it is, turn after turn (each walks in or on and takes nothing)."""
    out = []
    while len(out) < turns:
        seat = match.to_act()[0]
        out.append(seat)
        match.play(seat, match.legal(seat)[0].key)          # a walk of 1 step
        if not match.over and match.to_act() == (seat,):
            match.play(seat, "pass")
    return out


def test_the_option_asks_who_went_shopping_last(spree):
    """004:205 — the question as set-up asks it, the answers in players' words."""
    o = spree.info.option("first")
    assert o.label == "Who went shopping last? They begin"
    assert o.choices == tuple(f"player {k}" for k in range(1, 7)) and o.default == "player 1"
    assert "random" not in " ".join(o.choices) and not re.search(r"\w:\w", o.help)


@pytest.mark.parametrize("players", range(2, 7))
def test_whoever_went_shopping_last_begins_then_clockwise(spree, players):
    """004:205 — the chosen player begins, then seat after seat clockwise, round after round."""
    for k in range(1, players + 1):
        m = spree.new(players, seed=10 * players + k, options={"first": f"player {k}"})
        assert m.state["first"] == k - 1 and m.to_act() == (k - 1,)
        order = turn_order(m, 2 * players)
        assert order == [(k - 1 + i) % players for i in range(2 * players)]
        assert m.state["round"] == 3


def test_nothing_is_drawn_for_the_first_player(spree):
    """004:205 — the players decide, not chance: the seed never moves the first seat."""
    assert {spree.new(4, seed=seed).to_act() for seed in range(12)} == {(0,)}
    assert {spree.new(4, seed=seed, options={"first": "player 3"}).to_act() for seed in range(12)} == {(2,)}


def test_a_player_beyond_the_table_cannot_begin(spree):
    """004:205 — with 3 players, "player 5" is refused with words saying who may begin; the
    refusal names the rule."""
    with pytest.raises(ValueError) as e:
        spree.rules.setup(3, {"variant": "economic", "closing": 0, "first": "player 5"}, Rng(1))
    words = str(e.value)
    assert "no player 5 at a table of 3 players" in words
    assert "player 1, player 2 or player 3" in words and words.endswith("(004:205)")
    with pytest.raises(ValueError, match="player 5"):
        spree.new(3, seed=1, options={"first": "player 5"})
    assert spree.new(6, seed=1, options={"first": "player 6"}).to_act() == (5,)


def test_a_position_keeps_its_first_player(spree):
    """A saved position (or a scenario) carries who began; its options say the same."""
    m = spree.new(4, seed=2, options={"first": "player 4"})
    m.play(3, m.legal(3)[0].key)
    d = spree.rules.dump(m.state)
    again = spree.scenario(d)
    assert again.state["first"] == 3 and again.log.options["first"] == "player 4"
    back = json.loads(json.dumps(spree.replay(m.log.dump()).log.dump()))
    assert back["options"]["first"] == "player 4"


def test_the_command_line_takes_the_option(capsys):
    from tokyo.cli import main
    code = main(["simulate", "shopping_spree", "--players", "3", "--games", "2", "--seed", "4",
                 "--option", "first=player 3", "--json"])
    out = capsys.readouterr().out
    assert code == 0 and json.loads(out)["games"] == 2
    code = main(["rules", "shopping_spree"])
    out = capsys.readouterr().out
    assert "Who went shopping last? They begin (first): player 1, player 2, player 3" in out


def test_the_simulation_refuses_a_player_beyond_the_table_in_one_line(capsys):
    from tokyo.cli import main
    code = main(["simulate", "shopping_spree", "--players", "3", "--games", "1", "--option", "first=player 5"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("tokyo: ") and err.count("\n") == 1 and "player 5" in err


def test_the_tts_export_refuses_a_player_beyond_the_table_in_one_line(tmp_path, capsys):
    from tokyo.cli import main
    code = main(["tts", "export", "shopping_spree", "--players", "3", "--option", "first=player 5",
                 "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("tokyo: ") and err.count("\n") == 1 and "player 5" in err
    assert not list(tmp_path.iterdir())


def test_the_tts_export_takes_the_option(tmp_path, capsys):
    """`tokyo tts export --option first=player 2`: Red (seat 2) began, and the table says so."""
    from tokyo.cli import main
    code = main(["tts", "export", "shopping_spree", "--players", "3", "--seed", "3", "--option",
                 "first=player 2", "--out", str(tmp_path)])
    assert code == 0, capsys.readouterr().err
    save = json.loads((tmp_path / "shopping_spree.json").read_text(encoding="utf-8"))
    tabs = {t["title"]: t["body"] for t in save["TabStates"].values()}
    assert "Red went shopping last and began, then clockwise (004:205)" in tabs["Set-up"]
    assert "first=player 2" in tabs["Rules"]
