"""What ends a phase of a game, in words for the whole table: a building round's result, the
bids revealed, a market closed. The session (core.session) holds it until the people at the
screen have seen it; the rules (Rules.announce) word it, with "Seat N" where a name goes."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Announcement:
    """`title`: one line ("Round 2 is over: Seat 3 wins Ueno 2"); `lines`: what each seat did
    or what was revealed, in order; `kind`: what ended ("round", "bids", ...); `data`: what a
    board draws beside the words (each seat's building as it stood, the pieces that moved)."""
    title: str
    lines: tuple[str, ...] = ()
    kind: str = ""
    data: dict = field(default_factory=dict, compare=False)
