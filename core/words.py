"""Numbers in a player's words: scores in their units, counts with their nouns."""

from __future__ import annotations


def count_words(value, noun: str) -> str:
    """'1 win', '2 wins', '1.5 wins', '0.33 wins': a count, shares of one included."""
    value = float(value)
    if value.is_integer():
        n = int(value)
        return f"{n:,} {noun if n == 1 else noun + 's'}"
    return f"{value:,.2f}".rstrip("0").rstrip(".") + f" {noun}s"


def score_words(value, unit: str) -> str:
    """A score in words: yen as '¥3,400', anything else as a count of its unit, named in the
    plural ('pieces'): '1 piece', '15 pieces', '12.5 pieces'."""
    if unit == "yen":
        return f"¥{round(value):,}"
    return count_words(value, unit.removesuffix("s"))
