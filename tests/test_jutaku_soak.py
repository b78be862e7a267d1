"""All-computer Tokyo Jutaku games end by the rules, and no computer's Stop! ever fails.

Each game is core.simulate.play_one's (the same seed, the same bot streams), played here
move by move so that every Stop! a computer architect calls is looked at: the seat's
verdict after it must pass (a verified plan keeps the rules and stands, 004:56). The game
must end by the rules: a fourth lot complete (004:60), some seat holding 4 lots.

The fast tests take a few seeds; the soak (-m soak) takes 100 with 4 players.
"""

import pytest

from core import games
from core.bots import make_bot
from core.session import Session
from core.simulate import play_one

LEVELS = ("master", "architect", "apprentice", "master")
MAX_MOVES = 5_000           # a 4-player game takes about 150-250 moves
SOAK_SEEDS = 100
SOAK_CHUNK = 10             # seeds per soak case, so pytest-xdist can share them out


@pytest.fixture(scope="module")
def jutaku():
    return games.load("jutaku")


def levels_for(players: int) -> list[str]:
    return [LEVELS[i % len(LEVELS)] for i in range(players)]


def play(game, players: int, seed: int):
    """play_one's game (the session: everyone building at once, by time), checking each
    computer Stop!: (match, moves, stops, failures)."""
    levels = levels_for(players)
    match = game.new(players, seed=seed)
    session = Session.of_computers(match, [make_bot(game, lv) for lv in levels])
    stops, failures = [0], []

    def heard(events):
        moves = len(match.log.moves)
        seat, key = match.log.moves[-1][:2]             # the move just played
        failed = [e.text for e in events if e.kind == "stop_failed"]
        if failed:
            failures.append(f"move {moves}: {failed}")
        if key == "stop":
            stops[0] += 1
            verdict = match.state["verdicts"][seat]
            if not (verdict and verdict["passes"] is True):
                failures.append(f"move {moves}: seat {seat + 1} ({levels[seat]}) called Stop! "
                                f"at {match.state['tries'][seat][-1:]} s and it failed: {verdict}")

    session.listeners.append(heard)
    played = session.run(limit=MAX_MOVES)
    return match, played, stops[0], failures


def problems(game, players: int, seed: int) -> list[str]:
    """What is wrong with the all-computer game of this seed (nothing, one hopes)."""
    match, moves, stops, failures = play(game, players, seed)
    s = match.state
    where = f"{players} players, seed {seed}"
    out = [f"{where}: {f}" for f in failures]
    if not match.over:
        out.append(f"{where}: not over after {moves} moves (round {s['round']}, phase {s['phase']}, "
                   f"lots won {[len(w) for w in s['won']]})")
    elif "fourth lot" not in s["reason"] or not any(len(w) >= 4 for w in s["won"]):
        out.append(f"{where}: over, but not by the rules: reason {s['reason']!r}, "
                   f"lots won {[len(w) for w in s['won']]}")
    if match.over and stops < 4:
        out.append(f"{where}: a fourth lot with only {stops} Stop! call(s)")
    return out


def test_the_checked_game_is_play_ones_game(jutaku):
    """The loop above plays exactly the game core.simulate.play_one plays."""
    match, moves, _, _ = play(jutaku, 4, 0)
    other, other_moves = play_one(jutaku, 4, 0, [make_bot(jutaku, lv) for lv in levels_for(4)])
    assert (moves, match.log.moves) == (other_moves, other.log.moves)


def test_four_computer_players_end_by_the_rules_and_every_stop_passes(jutaku):
    found = [p for seed in range(3) for p in problems(jutaku, 4, seed)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("players", [2, 8])
def test_two_and_eight_computer_players_end_by_the_rules_and_every_stop_passes(jutaku, players):
    found = [p for seed in range(3) for p in problems(jutaku, players, seed)]
    assert not found, "\n".join(found)


@pytest.mark.soak
@pytest.mark.parametrize("first", range(0, SOAK_SEEDS, SOAK_CHUNK),
                         ids=lambda f: f"seeds{f}-{f + SOAK_CHUNK - 1}")
def test_soak_four_computer_players_end_by_the_rules_and_every_stop_passes(jutaku, first):
    found = [p for seed in range(first, first + SOAK_CHUNK) for p in problems(jutaku, 4, seed)]
    assert not found, "\n".join(found)
