"""Saves an older kiosk wrote, of every game besides Tokyo Jutaku and Bottle Bonus (those
are in test_saved_state.py), load today as they were: the same position, the same bytes
when saved again, and the game plays on (tests/fixtures/saves/make_other_saves.py)."""

from pathlib import Path

import pytest

from core import saves

FIXTURES = Path(__file__).parent / "fixtures" / "saves"
#: name: (game, players, moves in its log)
SAVES = {
    "tsukiji-3p-mid": ("tsukiji", 3, 60),
    "tsukiji-4p-expansion": ("tsukiji", 4, 80),
    "izakaya-3p-mid": ("izakaya", 3, 25),
    "chocolate_milk-4p-mid": ("chocolate_milk", 4, 12),
    "shopping_spree-3p-mid": ("shopping_spree", 3, 40),
    "countdown-2p-mid": ("countdown", 2, 30),
}


@pytest.mark.parametrize("name", SAVES)
def test_an_older_save_loads_saves_again_as_written_and_plays_on(name):
    game, players, moves = SAVES[name]
    data = (FIXTURES / f"{name}.save").read_bytes()
    match = saves.load(data)
    assert (match.game.name, match.log.players) == (game, players)
    assert len(match.log.moves) <= moves and not match.over   # a sealed round open: saved as it began
    assert saves.dump_match(match) == data
    seat = match.to_act()[0]
    match.play(seat, next(a.key for a in match.legal(seat) if not a.takes))


@pytest.mark.parametrize("name", SAVES)
def test_a_byte_changed_in_an_older_save_is_refused_or_rebuilt_never_a_crash(name):
    """Every 97th byte flipped in turn: the save loads (a damaged part rebuilt from a sound
    log) or is refused with a SaveError; nothing else."""
    from core.errors import SaveError
    data = (FIXTURES / f"{name}.save").read_bytes()
    for i in range(0, len(data), 97):
        bad = bytearray(data)
        bad[i] ^= 0xFF
        try:
            saves.load(bytes(bad))
        except SaveError:
            pass
