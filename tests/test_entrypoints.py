"""core.entrypoints lists what importlib.metadata lists, without importing it."""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata

import pytest

from core import entrypoints

GROUPS = ["tokyo.games", "console_scripts", "pytest11", "tokyo.boards"]


@pytest.mark.parametrize("group", GROUPS)
def test_the_same_entry_points_as_importlib_metadata(group):
    ours = sorted((e.name, e.value) for e in entrypoints.entry_points(group))
    theirs = sorted((e.name, e.value) for e in metadata.entry_points(group=group))
    assert ours == theirs


def test_the_games_are_found_and_load():
    """One entry a game, naming its package; the package's info.toml names the parts."""
    found = {e.name: e for e in entrypoints.entry_points("tokyo.games")}
    assert {"chocolate_milk", "tsukiji"} <= set(found)
    assert (found["tsukiji"].module, found["tsukiji"].attr) == ("games.tsukiji", None)
    assert entrypoints.resolve("games.tsukiji.rules:Tsukiji").__name__ == "Tsukiji"


def fake_dist(folder, name: str, text: str) -> None:
    info = folder / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "entry_points.txt").write_text(text)


def test_the_first_distribution_of_a_name_on_the_path_wins(tmp_path):
    fake_dist(tmp_path / "a", "tokyo_extra", "[tokyo.games]\nizakaya = extra.a:Izakaya\n")
    fake_dist(tmp_path / "b", "Tokyo_Extra", "[tokyo.games]\nizakaya = extra.b:Izakaya\n")
    fake_dist(tmp_path / "b", "other", "# a comment\n[console_scripts]\nx = y:z\n\n[tokyo.games]\n"
                                       "bottle_bonus = other.rules:BottleBonus [physics]\n")
    paths = [str(tmp_path / "a"), str(tmp_path / "missing"), str(tmp_path / "b")]
    found = entrypoints.entry_points("tokyo.games", paths)
    assert [(e.name, e.value) for e in found] == [("izakaya", "extra.a:Izakaya"),
                                                  ("bottle_bonus", "other.rules:BottleBonus [physics]")]
    assert found[1].module == "other.rules" and found[1].attr == "BottleBonus"
    assert [(e.name, e.value) for e in found] == importlib_metadata_says("tokyo.games", paths)


def importlib_metadata_says(group: str, paths: list[str]) -> list[tuple[str, str]]:
    """What importlib.metadata.entry_points would list were `paths` the whole sys.path."""
    seen, out = set(), []
    for dist in metadata.distributions(path=paths):
        name = dist.metadata["Name"] or dist._path.name.split("-")[0]
        key = name.replace("-", "_").lower()
        if key in seen:
            continue
        seen.add(key)
        out += [(e.name, e.value) for e in dist.entry_points if e.group == group]
    return out


def test_a_zip_on_the_path_is_left_to_importlib_metadata(tmp_path):
    archive = tmp_path / "plugins.zip"
    archive.write_bytes(b"PK\x05\x06" + bytes(18))
    found = entrypoints.entry_points("tokyo.games", [str(archive)])
    assert found == [entrypoints.EntryPoint(e.name, e.value, "tokyo.games")
                     for e in metadata.entry_points(group="tokyo.games")]


def test_the_menu_is_listed_without_importing_importlib_metadata():
    code = ("import sys; from core import games; games.available(); "
            "print('importlib.metadata' in sys.modules, 'email' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
