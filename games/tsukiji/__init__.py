"""TOKYO TSUKIJI MARKET (000:1-372): a player-driven fish market with boats, licences and 18 market tableaus."""

from .rules import Tsukiji

__all__ = ["Tsukiji"]
