"""Every game's Tabletop Simulator export, checked against the community's type declarations
of the TTS save format with the TypeScript compiler.

The declarations are the npm package @typed-tabletop-simulator/declaration (saveFile.d.ts:
TTSSave, objectData.d.ts: ObjectData and its kinds), installed with the compiler by
`npm ci --prefix tests/tts` (the README's test command and .ci/run do it). Each export is
written as a .ts file whose save is typed TTSSave (tests/tts/to_ts.py), and `tsc --noEmit
--strict` must pass them all; a save with one wrong field must fail.
"""

from __future__ import annotations

import copy
import re
import subprocess

import pytest

from core import games
from tts.export import layouts

from .tts import to_ts
from .tts_support import exported

NPM_CI = "npm ci --prefix tests/tts"


def tsc(tmp_path, saves: dict[str, dict]) -> subprocess.CompletedProcess:
    if not to_ts.TSC.is_file() or not to_ts.DECLARATION.is_dir():
        pytest.fail(f"the TypeScript compiler and the TTS declarations are not installed: run `{NPM_CI}` "
                    "(the README's test command does)")
    names = []
    for name, save in saves.items():
        (tmp_path / f"{name}.ts").write_text(to_ts.save_to_ts(save, const=name), encoding="utf-8")
        names.append(f"{name}.ts")
    (tmp_path / "tsconfig.json").write_text(to_ts.tsconfig(names), encoding="utf-8")
    return subprocess.run(["node", str(to_ts.TSC), "-p", str(tmp_path / "tsconfig.json")],
                          capture_output=True, text=True, timeout=300)


def cases():
    out = []
    for name in sorted(layouts()):
        info = games.load(name).info
        for players in sorted({info.min_players, info.max_players}):
            out.append((name, players, {}))
    out.append(("tsukiji", 4, {"expansion": "on", "blue_ship": "on", "barges": "two_four", "money": "hidden"}))
    return out


def spoiled(save: dict) -> dict:
    """A copy with three wrong fields: a chip's position as text, a card without its deck, a
    tab's id as a number."""
    bad = copy.deepcopy(save)
    chip = next(o for o in bad["ObjectStates"] if o["Name"].startswith("Chip_"))
    chip["Transform"]["posX"] = "left"
    card = next(o for o in bad["ObjectStates"] if o["Name"] == "CardCustom")
    del card["CustomDeck"]
    bad["TabStates"]["0"]["id"] = 0
    return bad


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    """Every case's export and one spoiled save, type checked by one run of tsc (starting
    the compiler is most of its time): (the saves' names, what tsc printed, its exit code)."""
    root = tmp_path_factory.mktemp("tts-saves")
    saves = {}
    for k, (name, players, options) in enumerate(cases()):
        _, save = exported(name, players, root / f"out{k}", options=options)
        saves[f"{name}_{players}_{k}"] = save
    saves["bad"] = spoiled(saves[next(n for n in saves if n.startswith("chocolate_milk_"))])
    (root / "ts").mkdir()
    r = tsc(root / "ts", saves)
    return list(saves), r.stdout + r.stderr, r.returncode


def errors_in(output: str, name: str) -> list[str]:
    """tsc's errors in the file of the save called `name`."""
    where = re.compile(rf"(^|/){re.escape(name)}\.ts\(\d+,\d+\): error TS")
    return [line for line in output.splitlines() if where.search(line)]


def test_every_export_type_checks_as_a_tts_save(checked):
    names, output, code = checked
    good = [n for n in names if n != "bad"]
    assert {n.rsplit("_", 2)[0] for n in good} == set(layouts())
    assert all(not errors_in(output, n) for n in good), output[-4000:]
    assert code != 0 and len(errors_in(output, "bad")) == len([x for x in output.splitlines() if "error TS" in x])


def test_a_wrong_field_is_caught(checked):
    # the check can fail: a chip's position as text, a card without its deck, an unknown Name
    _, output, code = checked
    bad = "\n".join(errors_in(output, "bad"))
    assert code != 0
    assert "posX" in output or "Type 'string' is not assignable to type 'number'" in output, output
    assert "CustomDeck" in output, output
    assert len(errors_in(output, "bad")) >= 3, bad


def test_an_unknown_object_name_is_refused_before_tsc():
    with pytest.raises(ValueError, match="not an ObjectName"):
        to_ts.save_to_ts({"ObjectStates": [{"Name": "Chip_7", "Transform": {}}]})
