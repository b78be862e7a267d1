"""Bottle Bonus (004:77-93): Tokyo Jutaku with JIDOHANBAIKI drinks and their powers."""

from .rules import BottleBonus

__all__ = ["BottleBonus"]
