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


def test_every_export_type_checks_as_a_tts_save(tmp_path):
    saves = {}
    for k, (name, players, options) in enumerate(cases()):
        _, save = exported(name, players, tmp_path / f"out{k}", options=options)
        saves[f"{name}_{players}_{k}"] = save
    assert {n.rsplit("_", 2)[0] for n in saves} == set(layouts())
    (tmp_path / "ts").mkdir()
    r = tsc(tmp_path / "ts", saves)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]


def test_a_wrong_field_is_caught(tmp_path):
    # the check can fail: a chip's position as text, a card without its deck, an unknown Name
    _, save = exported("chocolate_milk", 2, tmp_path / "out")
    bad = copy.deepcopy(save)
    chip = next(o for o in bad["ObjectStates"] if o["Name"].startswith("Chip_"))
    chip["Transform"]["posX"] = "left"
    card = next(o for o in bad["ObjectStates"] if o["Name"] == "CardCustom")
    del card["CustomDeck"]
    bad["TabStates"]["0"]["id"] = 0
    (tmp_path / "ts").mkdir()
    r = tsc(tmp_path / "ts", {"bad": bad})
    assert r.returncode != 0
    assert "posX" in r.stdout or "Type 'string' is not assignable to type 'number'" in r.stdout, r.stdout
    assert "CustomDeck" in r.stdout, r.stdout
    assert r.stdout.count("error TS") >= 3, r.stdout


def test_an_unknown_object_name_is_refused_before_tsc():
    with pytest.raises(ValueError, match="not an ObjectName"):
        to_ts.save_to_ts({"ObjectStates": [{"Name": "Chip_7", "Transform": {}}]})
