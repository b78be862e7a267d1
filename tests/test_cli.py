"""The `tokyo` command."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tokyo.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_console_script_is_installed():
    script = Path(sys.executable).parent / "tokyo"
    out = subprocess.run([str(script), "list"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "Chocolate Milk" in out.stdout


def test_list_and_rules(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0 and "chocolate_milk" in out and "2–8 players" in out
    code, out, _ = run(capsys, "rules", "chocolate_milk")
    assert code == 0 and "Move and buy" in out and "¥2,000" in out and "Refill" in out


def test_unknown_game_is_a_clear_error(capsys):
    code, _, err = run(capsys, "rules", "pachinko")
    assert code == 2 and "no game called 'pachinko'" in err


def test_simulate_json_is_reproducible(capsys):
    args = ["simulate", "chocolate_milk", "--players", "3", "--games", "12", "--seed", "5", "--json"]
    code, out, _ = run(capsys, *args)
    assert code == 0
    first = json.loads(out)
    for key in ("game", "players", "games", "seed", "finished", "results", "moves_per_second"):
        assert key in first
    assert first["finished"] == 12 and first["bots"] == ["dealer"] * 3
    assert {"seed", "ranking", "final_yen", "moves"} <= set(first["results"][0])
    _, out, _ = run(capsys, *args)
    second = json.loads(out)
    for d in (first, second):
        d.pop("moves_per_second"), d.pop("seconds")
    assert first == second
    _, out, _ = run(capsys, *args[:-2], "6", "--json")
    assert json.loads(out)["results"] != first["results"]


def test_simulate_table_and_bot_per_seat(capsys):
    code, out, _ = run(capsys, "simulate", "chocolate_milk", "--players", "2", "--games", "10",
                       "--seed", "1", "--bot", "dealer,random")
    assert code == 0 and "seat 1:" in out and "moves per second" in out and "dealer, random" in out
    code, _, err = run(capsys, "simulate", "chocolate_milk", "--players", "2", "--bot", "oracle")
    assert code == 2 and "no bot 'oracle'" in err
    code, _, err = run(capsys, "simulate", "chocolate_milk", "--players", "2", "--option", "refill=wish")
    assert code == 2 and "dice, draw" in err


def test_a_study_counts_shared_wins_as_shares_and_scores_in_the_games_units(capsys, monkeypatch):
    """004:75 — Countdown scores pieces, never "¥0"; a three-way tie gives each a third, so the
    shares add up to every game; "1 win", not "1 wins"."""
    from core import simulate as sim
    rows = [{"seed": 1, "moves": 9, "finished": True, "ranking": [[0, 1, 2]], "final_yen": [0, 0, 0],
             "scores": [7, 7, 7], "unit": "pieces"},
            {"seed": 2, "moves": 9, "finished": True, "ranking": [[1], [0, 2]], "final_yen": [0, 0, 0],
             "scores": [4, 12, 4], "unit": "pieces"}]
    monkeypatch.setattr(sim, "play_games", lambda *a, **k: rows)
    code, out, _ = run(capsys, "simulate", "countdown", "--players", "3", "--games", "2")
    assert code == 0 and "¥" not in out
    assert "seat 1: 0.33 wins (16.7 %), mean final 5.5 pieces" in out
    assert "seat 2: 1.33 wins (66.7 %), mean final 9.5 pieces" in out
    code, out, _ = run(capsys, "simulate", "countdown", "--players", "3", "--games", "2", "--json")
    report = json.loads(out)
    assert report["unit"] == "pieces" and sum(report["win_share"]) == pytest.approx(1.0, abs=1e-3)
    assert [r["scores"] for r in report["results"]] == [[7, 7, 7], [4, 12, 4]]
    rows[:] = rows[1:]
    code, out, _ = run(capsys, "simulate", "countdown", "--players", "3", "--games", "1")
    assert "seat 2: 1 win (100.0 %)" in out and "seat 1: 0 wins" in out


def test_replay_steps_through_a_saved_match(capsys, match_file):
    path = match_file
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    lines = [line for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert len(lines) == 6 and lines[0].strip().startswith("1. seat")
    code, out, _ = run(capsys, "replay", str(path), "--to", "2")
    assert "   3. seat" not in out


def test_replay_refuses_a_damaged_file(capsys, tmp_path):
    bad = tmp_path / "bad.tokyo"
    bad.write_bytes(b"\x93\x01\x02")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "not a readable save" in err
