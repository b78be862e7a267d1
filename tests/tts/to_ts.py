"""A TTS save (JSON) as a TypeScript file typed as the community's declaration of the
save format (@typed-tabletop-simulator/declaration), for `tsc --noEmit`.

The declaration types `Name` as the const enum ObjectName, so every object is written with
`Name: ObjectName.<member>` (the members read from the declaration itself), and each object
goes through `obj<Type>(...)` for the type its Name stands for, so the compiler checks the
fields of a tile as a tile's, of a deck as a deck's (a plain literal in an ObjectData[]
would be checked only as ObjectData).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

MODULES = Path(__file__).parent / "node_modules"
DECLARATION = MODULES / "@typed-tabletop-simulator" / "declaration" / "src"
#: the Lua helper types the declaration uses without depending on them
LUA_TYPES = MODULES / "@typescript-to-lua" / "language-extensions" / "index.d.ts"
TSC = MODULES / "typescript" / "bin" / "tsc"
#: what TTS writes that the declaration lacks (hand and hidden zones, physics), added by merging
ADDITIONS = Path(__file__).parent / "tts_additions.d.ts"

#: the declaration's interface for each object Name the export writes
TYPES = {"Custom_Tile": "TileData", "Custom_Token": "TokenData", "Custom_Model": "ModelData",
         "Bag": "BagData", "Infinite_Bag": "BagInfiniteData", "DeckCustom": "DeckCustomData",
         "CardCustom": "CardCustomData", "Custom_Board": "BoardCustomData"}


def object_names() -> dict[str, str]:
    """ObjectName's members by value, from object.d.ts and our additions ("Custom_Tile" → "Tile")."""
    out = {}
    for path in (DECLARATION / "object.d.ts", ADDITIONS):
        text = path.read_text(encoding="utf-8")
        body = text[text.index("declare const enum ObjectName"):]
        body = body[:body.index("}")]
        out.update({value: member
                    for member, value in re.findall(r"^\s*(\w+)\s*=\s*\"([^\"]+)\"", body, re.M)})
    return out


def _value(v, names, indent: str, key: str = "") -> str:
    if key == "SnapPoints" and isinstance(v, list):
        # the table's snap points, with their tags (tts_additions.d.ts: TableSnapPointData)
        return f"tableSnaps({_value(v, names, indent)})"
    if isinstance(v, dict):
        if "Name" in v and "Transform" in v:
            return _object(v, names, indent)
        inner = indent + "  "
        rows = [f"{inner}{json.dumps(k)}: {_value(x, names, inner, k)}" for k, x in v.items()]
        return "{\n" + ",\n".join(rows) + f"\n{indent}}}" if rows else "{}"
    if isinstance(v, list):
        if not v:
            return "[]"
        inner = indent + "  "
        return "[\n" + ",\n".join(inner + _value(x, names, inner) for x in v) + f"\n{indent}]"
    return json.dumps(v, ensure_ascii=False)


def _object(o: dict, names, indent: str) -> str:
    if o["Name"] not in names:
        raise ValueError(f"{o['Name']!r} is not an ObjectName of the declaration")
    inner = indent + "  "
    rows = []
    for k, x in o.items():
        shown = f"ObjectName.{names[x]}" if k == "Name" else _value(x, names, inner)
        rows.append(f"{inner}{json.dumps(k)}: {shown}")
    return f"obj<{TYPES.get(o['Name'], 'ObjectData')}>({{\n" + ",\n".join(rows) + f"\n{indent}}})"


def save_to_ts(save: dict, const: str = "save") -> str:
    names = object_names()
    return (f'/// <reference path="{DECLARATION / "index.d.ts"}" />\n'
            f'/// <reference path="{LUA_TYPES}" />\n'
            f'/// <reference path="{ADDITIONS}" />\n'
            "function obj<T extends ObjectData>(o: T): T { return o; }\n"
            "function tableSnaps(s: TableSnapPointData[]): TTSSave[\"SnapPoints\"] { return s; }\n"
            f"export const {const}: TTSSave = {_value(save, names, '')};\n")


def tsconfig(files: list[str]) -> str:
    """Strict checking of `files`, with only the declarations they reference. The declaration
    files themselves (the language's library, the community's save format) are not checked
    again each run (skipLibCheck): what they say of our saves is."""
    return json.dumps({"compilerOptions": {"strict": True, "noEmit": True, "skipLibCheck": True,
                                           "lib": ["esnext"], "types": []},
                       "files": files}, indent=2)
