"""Izakaya (004:95-133): corner shops — sealed turn-order bids, bottles, claims, buildings."""

from .rules import Izakaya

__all__ = ["Izakaya"]
