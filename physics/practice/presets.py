"""The lot cards the build bench offers, and how a lot reads."""

from __future__ import annotations

from ..building import CARD_MM, Lot


def preset_lots() -> tuple[Lot, ...]:
    """The lots the build bench cycles through (L): Jutaku cards, then Countdown's card edge.

    The floors and numerals are the rulebook's examples (004:33-34: 3 and V///; 004:46: V);
    the two-outline card shows 004:37's choice of outline.
    """
    return (Lot(((0.0, CARD_MM),), 3, "V///"),
            Lot(((0.0, CARD_MM),), 2, "V"),
            Lot(((0.0, 56.0), (24.0, CARD_MM)), 2, "V/"),
            Lot.card_edge())


def lot_label(lot: Lot) -> str:
    """How a lot card reads: floors, numeral and piece count, or Countdown's card edge. A lot
    that asks nothing but is not the whole card (an Izakaya card, whose board says more in
    its own words) reads as its outline(s)."""
    if lot.floors is None and lot.numeral is None:
        if tuple(lot.outlines) == ((0.0, lot.card_mm),):
            return f"card edge (Countdown), {lot.card_mm:g} mm"
        spans = " and ".join(f"{a:g}–{b:g} mm" for a, b in lot.outlines)
        return f"lot outline{'s' if len(lot.outlines) > 1 else ''} {spans} of the card"
    parts = []
    if lot.floors is not None:
        parts.append(f"{lot.floors} floor{'s' if lot.floors != 1 else ''}")
    if lot.numeral is not None:
        parts.append(f"{lot.numeral} ({lot.pieces} pieces)")
    return ", ".join(parts)
