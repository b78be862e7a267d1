"""The shop floor (004:185, 205-207): Tokyo Jutaku's lot cards as shelves, the blue dots in
the aisles, and the way out through the double aisles in the middle.

Read from the `[floor]` rows of shopping_spree.toml: a dot is a node; one step goes to a
dot beside it (no dot lies between two neighbours on a line); a dot stands in front of the
cards beside it. `OUT` is the entrance at the bottom edge, one step beyond each exit dot.
"""

from __future__ import annotations

from dataclasses import dataclass

OUT = "out"
DOT = "o"
EXIT = "E"
NOTHING = "-"
MACHINE = "VM"
MAX_STEPS = 3            # 004:205 — 1-3 steps


@dataclass(frozen=True)
class Floor:
    """The plan: cells by (row, column), the dots, their neighbours and the cards they face."""
    rows: tuple[tuple[str, ...], ...]
    cards: dict          # card name -> (row, column)
    dots: tuple[str, ...]
    exits: tuple[str, ...]
    steps: dict          # node -> tuple of neighbouring nodes (OUT included)
    facing: dict         # dot -> tuple of card names (and MACHINE) beside it

    @classmethod
    def from_rows(cls, rows: list[str]) -> "Floor":
        grid = tuple(tuple(r.split()) for r in rows)
        if not grid or len({len(r) for r in grid}) != 1:
            raise ValueError("the floor's rows must all have the same number of cells")
        cards, dots, exits = {}, [], []
        for r, row in enumerate(grid):
            for c, cell in enumerate(row):
                if cell in (DOT, EXIT):
                    dots.append(f"{r}:{c}")
                    if cell == EXIT:
                        exits.append(f"{r}:{c}")
                elif cell != NOTHING:
                    if cell in cards:
                        raise ValueError(f"the card {cell!r} lies twice on the floor")
                    cards[cell] = (r, c)
        if not exits:
            raise ValueError("the floor needs an exit dot (E) to leave by (004:207)")
        if MACHINE not in cards:
            raise ValueError("the floor needs the vending machine (VM)")
        steps, facing = {}, {}
        for d in dots:
            r, c = map(int, d.split(":"))
            near, faces = [], []
            for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
                rr, cc = r + dr, c + dc
                if not (0 <= rr < len(grid) and 0 <= cc < len(grid[0])):
                    continue
                cell = grid[rr][cc]
                if cell in (DOT, EXIT):
                    near.append(f"{rr}:{cc}")
                elif cell != NOTHING:
                    faces.append(cell)
            if d in exits:
                near.append(OUT)
            steps[d] = tuple(near)
            facing[d] = tuple(faces)
        steps[OUT] = tuple(exits)
        floor = cls(grid, cards, tuple(dots), tuple(exits), steps, facing)
        floor._check_connected()
        return floor

    def _check_connected(self) -> None:
        seen = self.distances(OUT)
        lost = [d for d in self.dots if d not in seen]
        if lost:
            raise ValueError(f"the dots {lost[:3]} cannot be reached from the entrance")

    def distances(self, start: str) -> dict:
        """Fewest steps from `start` to every node (breadth first)."""
        dist, frontier = {start: 0}, [start]
        while frontier:
            nxt = []
            for n in frontier:
                for m in self.steps[n]:
                    if m not in dist:
                        dist[m] = dist[n] + 1
                        nxt.append(m)
            frontier = nxt
        return dist

    def destinations(self, start: str) -> dict:
        """Where a move of 1-3 steps may end (004:205) and the fewest steps it takes.

        A U-turn is a step, but the move may not end where it began; the entrance ends a
        move (you have left), so no walk passes through it."""
        out, frontier = {}, {start}
        for n in range(1, MAX_STEPS + 1):
            nxt = set()
            for node in frontier:
                if node == OUT and node != start:
                    continue
                for m in self.steps[node]:
                    nxt.add(m)
            for m in nxt:
                if m != start and m not in out:
                    out[m] = n
            frontier = nxt
        return dict(sorted(out.items(), key=lambda kv: (kv[1], _order(kv[0]))))

    def cell(self, node: str) -> tuple[int, int]:
        r, c = node.split(":")
        return int(r), int(c)

    def label(self, node: str) -> str:
        """A dot's name for people: its aisle row and place, counted from the top left."""
        if node == OUT:
            return "the entrance"
        r, c = self.cell(node)
        return f"aisle {r + 1}-{c + 1}"


def _order(node: str):
    if node == OUT:
        return (10**6, 0)
    r, c = node.split(":")
    return (int(r), int(c))
