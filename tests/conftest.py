import os

import pytest

# Tests never read the user's own asset overrides.
os.environ["TOKYO_ASSETS"] = os.path.join(os.path.dirname(__file__), "no-user-assets")


@pytest.fixture(scope="session")
def chocolate_milk():
    from core import games
    return games.load("chocolate_milk")


@pytest.fixture(autouse=True)
def kiosk_dirs(tmp_path, monkeypatch):
    """Saves and settings of each test in its own folder, never the user's."""
    monkeypatch.setenv("TOKYO_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("TOKYO_CONFIG", str(tmp_path / "kiosk.toml"))


@pytest.fixture
def match_file(tmp_path, chocolate_milk):
    """A saved Chocolate Milk match of six moves (seed 8), for the replay commands."""
    from core import saves
    m = chocolate_milk.new(2, seed=8)
    for _ in range(6):
        seat = m.to_act()[0]
        m.play(seat, m.legal(seat)[-1])
    path = tmp_path / "game.tokyo"
    saves.save_file(m, path)
    return path
