"""Countdown (004:62-75): one tower each, one floor a round against the clock."""

from .rules import Countdown

__all__ = ["Countdown"]
