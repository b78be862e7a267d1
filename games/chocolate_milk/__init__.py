"""Chocolate Milk (004:247-269): a player-driven drinks market on a 3×3 grid of lots."""

from .rules import ChocolateMilk

__all__ = ["ChocolateMilk"]
