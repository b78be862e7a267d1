"""The catalogue of Jutaku pieces, read from assets/jutaku_pieces.toml."""

from __future__ import annotations

from functools import lru_cache

from core import assets
from core.components import BuildingPiece

from . import geometry


class Catalogue:
    """Pieces by id, each a BuildingPiece whose parts are convex, counter-clockwise."""

    def __init__(self, data: dict):
        self.depth = float(data.get("depth_mm", 20))
        self.density = float(data.get("density_g_per_mm3", 0.0006))
        pieces = {}
        for row in data["pieces"]:
            parts = tuple(geometry.ccw(tuple((float(x), float(y)) for x, y in p)) for p in row["parts"])
            for p in parts:
                if not geometry.is_convex(p):
                    raise ValueError(f"piece {row['id']}: every part must be convex; split concave pieces")
            if row["id"] in pieces:
                raise ValueError(f"piece {row['id']} is listed twice")
            name = str(row.get("name") or row["id"].rsplit("-", 1)[0].replace("-", " "))
            pieces[row["id"]] = BuildingPiece(row["id"], row["kind"], parts, float(row["mass_g"]), name)
        self.pieces = pieces

    def __getitem__(self, piece_id: str) -> BuildingPiece:
        try:
            return self.pieces[piece_id]
        except KeyError:
            raise KeyError(f"there is no piece {piece_id!r}") from None

    def __contains__(self, piece_id: str) -> bool:
        return piece_id in self.pieces

    def __len__(self) -> int:
        return len(self.pieces)

    def ids(self) -> list[str]:
        return list(self.pieces)

    def name(self, piece_id: str) -> str:
        """What a player calls the piece ("tall column"), never its id."""
        piece = self.pieces.get(piece_id)
        return piece.name if piece is not None else "piece"

    def size(self, piece_id: str) -> str:
        """Its size as its side shows it, width × height in mm ("10×60 mm")."""
        x0, y0, x1, y1 = self[piece_id].bounds()
        return f"{x1 - x0:g}×{y1 - y0:g} mm"


ASSET = "jutaku_pieces.toml"


def catalogue() -> Catalogue:
    """The pieces as shipped with the user's override applied; read again when the override changes."""
    return _catalogue(assets.signature(ASSET))


@lru_cache(maxsize=4)
def _catalogue(override) -> Catalogue:
    return Catalogue(assets.load(ASSET))
