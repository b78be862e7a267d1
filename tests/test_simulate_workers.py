"""`tokyo simulate --workers N` and `--ray`: the same study wherever its games are played."""

import json
import subprocess
import sys

import pytest

from core import simulate as sim
from tokyo.cli import main

STUDY = ["simulate", "chocolate_milk", "--players", "3", "--games", "12", "--seed", "9",
         "--bot", "dealer,random,dealer", "--json"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def untimed(out: str) -> dict:
    report = json.loads(out)
    report.pop("seconds"), report.pop("moves_per_second")
    return report


def not_here(*args, **kwargs):
    raise AssertionError("a game was played by the calling process, not by a worker")


def test_two_workers_give_the_json_of_one(capsys, monkeypatch):
    code, out, _ = run(capsys, *STUDY, "--workers", "1")
    assert code == 0
    alone = untimed(out)
    assert alone["finished"] == 12 and len({r["seed"] for r in alone["results"]}) == 12
    monkeypatch.setattr(sim, "play_rows", not_here)
    code, out, err = run(capsys, *STUDY, "--workers", "2")
    assert code == 0, err
    assert untimed(out) == alone


def test_pieces_come_back_in_game_order_with_progress(chocolate_milk):
    jobs = [(i, ["dealer", "dealer"]) for i in range(7)]
    parts = sim.pieces(jobs, 3)
    assert [j for part in parts for j in part] == jobs and [len(p) for p in parts] == [3, 3, 1]
    rows = [sim.play_rows(chocolate_milk, 2, 4, None, part) for part in parts]
    mine = sim.fingerprint("chocolate_milk")
    late_first = [(n, (mine, "elsewhere", rows[n])) for n in (2, 0, 1)]
    seen = []
    merged = sim._gather(parts, iter(late_first), chocolate_milk, seen.append)
    assert merged == sim.play_rows(chocolate_milk, 2, 4, None, jobs)
    assert seen == list(range(1, 8))


def test_a_worker_with_another_game_is_refused(chocolate_milk):
    parts = [[(0, ["dealer", "dealer"])]]
    rows = sim.play_rows(chocolate_milk, 2, 4, None, parts[0])
    with pytest.raises(sim.ClusterError, match="worker on node-7 has another Chocolate Milk"):
        sim._gather(parts, iter([(0, ("0123456789abcdef", "node-7", rows))]), chocolate_milk, None)


def test_ray_plays_the_same_study_as_one_process(capsys):
    """A real local Ray instance; a search seat shows a bot given by name is made on the worker."""
    study = ["simulate", "chocolate_milk", "--players", "3", "--games", "3", "--seed", "9",
             "--bot", "dealer,search:1,dealer", "--json"]
    driver = ("import sys\nimport core.simulate as s\n"
              "def not_here(*a):\n    raise AssertionError('played by the calling process')\n"
              "s.play_rows = not_here\nfrom tokyo.cli import main\nsys.exit(main(sys.argv[1:]))\n")
    on_ray = subprocess.Popen([sys.executable, "-c", driver, *study, "--ray"], text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        code, out, _ = run(capsys, *study)     # while Ray starts
        out_ray, err_ray = on_ray.communicate(timeout=300)
    finally:
        if on_ray.poll() is None:
            on_ray.kill()
            on_ray.communicate()
    assert code == 0 and on_ray.returncode == 0, err_ray[-2000:]
    alone = untimed(out)
    assert alone["bots"] == ["dealer", "search:1", "dealer"] and alone["finished"] == 3
    assert untimed(out_ray) == alone


def test_ray_missing_or_mixed_with_workers_is_one_line(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)
    code, out, err = run(capsys, *STUDY, "--ray")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("tokyo: Ray is not installed") and 'pip install -e ".[cluster]"' in err
    code, _, err = run(capsys, *STUDY, "--workers", "2", "--ray", "auto")
    assert code == 2 and err.count("\n") == 1 and "--workers and --ray" in err
    code, _, err = run(capsys, *STUDY, "--workers", "0")
    assert code == 2 and err.count("\n") == 1 and "--workers is a whole number from 1" in err
