"""What the Tabletop Simulator export tests share: exporting a match into a folder, and
counting what the save holds by its Tags (each object's first tag is its component kind)."""

from __future__ import annotations

import json
from pathlib import Path

from core import games
from tts.export import export
from tts.table import walk


def exported(game_name: str, players: int, out: Path, *, seed: int = 1, options: dict | None = None,
             base_url: str | None = None):
    """(match, save as read back from DIR/GAME.json) for a match set up by the rules."""
    game = games.load(game_name)
    settled = game.info.settle_options(players, options or {})
    match = game.new(players, seed=seed, options=settled)
    return match, export_of(match, out, base_url=base_url)


def export_of(match, out: Path, *, base_url: str | None = None) -> dict:
    e = export(match, out, base_url=base_url)
    return json.loads(e.path.read_text(encoding="utf-8"))


#: the seats' zones: not components (they hold none and carry no tags: a tagged zone would act
#: only on objects sharing its tags), checked by their own tests
ZONES = ("HandTrigger", "FogOfWarTrigger")


def objects(save: dict) -> list[dict]:
    """Every component, those in bags and decks included (the seats' zones are not)."""
    return [o for o in walk(save) if o["Name"] not in ZONES]


def tagged(save: dict, *tags: str, inside=None) -> list[dict]:
    """The objects carrying every one of `tags` (anywhere, or only inside `inside`)."""
    pool = objects({"ObjectStates": [inside]})[1:] if inside is not None else objects(save)
    return [o for o in pool if all(t in o.get("Tags", []) for t in tags)]


def yen(objs) -> int:
    """The yen of the chips among `objs`."""
    return sum(int(o["Value"]) for o in objs if "yen" in o.get("Tags", []))


def owned(save: dict, owner: str) -> list[dict]:
    """The chips laid out for `owner` (tts.table.Table.yen's `owner`: a colour, a card, ...)."""
    return [o for o in tagged(save, "yen") if o.get("Description", "").startswith(f"{owner}: ")]


def bags(save: dict, nickname: str) -> list[dict]:
    return [o for o in objects(save) if o["Name"] in ("Bag", "Infinite_Bag") and o.get("Nickname") == nickname]


def urls(save: dict) -> set[str]:
    """Every image and model URL the save names."""
    out = set()
    for o in objects(save):
        ci, cm = o.get("CustomImage", {}), o.get("CustomMesh", {})
        out |= {ci.get("ImageURL", ""), ci.get("ImageSecondaryURL", "")}
        out |= {cm.get("MeshURL", ""), cm.get("DiffuseURL", ""), cm.get("NormalURL", ""), cm.get("ColliderURL", "")}
        for deck in o.get("CustomDeck", {}).values():
            out |= {deck["FaceURL"], deck["BackURL"]}
    return out - {""}


def near(o: dict, x: float, z: float, r: float) -> bool:
    t = o["Transform"]
    return (t["posX"] - x) ** 2 + (t["posZ"] - z) ** 2 <= r * r


def snap_points(save: dict) -> list[tuple[float, float, list[str]]]:
    """Every snap point of the save where it lies on the table (x, z) and its tags: the
    table's own, and those attached to a board, carried to the table's axes by the board's
    place, turn (about y: local x goes to (cos, -sin)) and scale."""
    import math
    out = [(p["Position"]["x"], p["Position"]["z"], p.get("Tags", [])) for p in save["SnapPoints"]]
    for o in objects(save):
        tr = o["Transform"]
        t = math.radians(tr["rotY"])
        for p in o.get("AttachedSnapPoints", []):
            lx, lz = p["Position"]["x"] * tr["scaleX"], p["Position"]["z"] * tr["scaleZ"]
            out.append((tr["posX"] + lx * math.cos(t) + lz * math.sin(t),
                        tr["posZ"] - lx * math.sin(t) + lz * math.cos(t), p.get("Tags", [])))
    return out
