"""Plugin discovery: listing imports no game, loading turns failures into PluginError."""

import json
import subprocess
import sys
import textwrap
from importlib.metadata import EntryPoint

import pytest

from core import games
from core.errors import PluginError


def test_available_lists_chocolate_milk_without_importing_any_game():
    code = textwrap.dedent("""
        import json, sys
        from core import games
        infos = games.available()
        loaded = sorted(m for m in sys.modules if m.startswith("games."))
        print(json.dumps({"names": [i.name for i in infos], "loaded": loaded}))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert "chocolate_milk" in data["names"]
    assert data["loaded"] == []


def test_info_comes_from_info_toml():
    info = next(i for i in games.available() if i.name == "chocolate_milk")
    assert (info.title, info.min_players, info.max_players) == ("Chocolate Milk", 2, 8)
    assert info.option("refill").choices == ("dice", "draw")


def test_unknown_game_is_a_clear_plugin_error():
    with pytest.raises(PluginError, match="no game called 'tsukiji-deluxe'"):
        games.load("tsukiji-deluxe")


@pytest.fixture
def fake_plugins(tmp_path, monkeypatch):
    """A package of broken and misdeclared games, registered by hand: older entries naming a
    class, and newer ones naming a package whose info.toml names the rules."""
    pkg = tmp_path / "fakegames"
    for name, body in {
        "broken": "raise RuntimeError('the market flooded')\n",
        "notrules": "class Thing: pass\n",
    }.items():
        d = pkg / name
        d.mkdir(parents=True)
        (d / "__init__.py").write_text("")
        (d / "rules.py").write_text(body)
        (d / "info.toml").write_text('title = "T"\nmin_players = 2\nmax_players = 4\nsummary = "s"\n')
    kind = '[kind]\nplayers = [2, 4]\n'
    for name, toml in {
        "norules": kind,
        "sealing": kind + 'sealed = true\n[parts]\nrules = "fakegames.sealing.rules:Plain"\n',
    }.items():
        d = pkg / name
        d.mkdir(parents=True)
        (d / "__init__.py").write_text("")
        (d / "rules.py").write_text("from core.game import Rules\n\nclass Plain(Rules):\n    pass\n")
        (d / "info.toml").write_text('title = "T"\nsummary = "s"\n' + toml)
    (pkg / "__init__.py").write_text("")
    (pkg / "noinfo").mkdir()
    (pkg / "noinfo" / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    eps = {
        "broken": EntryPoint("broken", "fakegames.broken.rules:Rules", games.GROUP),
        "notrules": EntryPoint("notrules", "fakegames.notrules.rules:Thing", games.GROUP),
        "noinfo": EntryPoint("noinfo", "fakegames.noinfo.rules:Rules", games.GROUP),
        "norules": EntryPoint("norules", "fakegames.norules", games.GROUP),
        "sealing": EntryPoint("sealing", "fakegames.sealing", games.GROUP),
    }
    monkeypatch.setattr(games, "_entry_points", lambda: eps)
    games.load.cache_clear()
    yield
    games.load.cache_clear()


def test_broken_plugins_give_clear_errors(fake_plugins):
    with pytest.raises(PluginError, match="failed to import: RuntimeError: the market flooded"):
        games.load("broken")
    with pytest.raises(PluginError, match="not a core.game.Rules subclass"):
        games.load("notrules")
    with pytest.raises(PluginError, match="info.toml is missing"):
        games.load("noinfo")
    with pytest.raises(PluginError, match="game 'norules': its info.toml names no rules"):
        games.load("norules")
    with pytest.raises(PluginError, match="game 'sealing' declares sealed = true in \\[kind\\] but its rules "
                                          "do not write sealed, sealed_pending"):
        games.load("sealing")
    assert [i.name for i in games.available()] == ["broken", "notrules", "norules", "sealing"]
    assert "noinfo" in games.problems()
