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
