"""Secrets on a shared screen: does a game hide anything, and which choices are amounts.

Whether a match can hide anything at all (amounts are then typed masked) is what the game
declares: `secrets` in its info.toml's `[kind]` (core.info.Kind), read without asking its
rules or its views. A game that has declared nothing is taken to keep secrets. So a new game
with sealed bids or hidden money gets the pass-the-screen flow without kiosk code of its own.

The screen is handed over behind a curtain only when the next person's own view shows
something the spectator view does not (`private_for`): Tsukiji with open money never
needs it, with hidden money every person's yen is theirs alone.

Amounts (a sealed bid, money paid in secret) are recognised by their action keys: three
or more actions of one group whose keys are one prefix and a whole number
(`bid:0`, `bid:100`, ...). Those are typed in a masked field instead of picked from a list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.game import Action

AMOUNT_KEY = re.compile(r"^(?P<prefix>.*?)(?P<n>-?\d+)$")
MIN_AMOUNTS = 3


def declared_hidden(game) -> bool:
    """Whether the game declares secrets (`[kind] secrets`)."""
    return game.info.kind.secrets


def _public(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "viewer"}


def views_differ(match) -> bool:
    """True when some seat's view shows more (or other) than the spectator's does: what a
    game declaring no secrets never shows (the tests check declarations with it)."""
    public = _public(match.view(None))
    return any(_public(match.view(s)) != public for s in range(match.players))


def private_for(match, seat: int) -> bool:
    """Whether `seat`'s screen now shows something a spectator's does not (so another
    person at the screen may not see it)."""
    return _public(match.view(seat)) != _public(match.view(None))


class SecretWatch:
    """Answers 'does this match hide anything?' by the game's declaration; whether a
    person's screen holds a secret right now is `private`."""

    def __init__(self, game):
        self.declared = declared_hidden(game)

    def hidden(self, match) -> bool:
        return self.declared

    def private(self, match, seat: int) -> bool:
        """Whether `seat`'s view now holds a secret another person at the screen may not see."""
        return self.declared and not match.over and private_for(match, seat)


@dataclass(frozen=True)
class AmountChoice:
    """A group of actions that differ only by a number: typed, not picked."""
    group: str
    keys: dict[int, str]

    @property
    def low(self) -> int:
        return min(self.keys)

    @property
    def high(self) -> int:
        return max(self.keys)

    @property
    def step(self) -> int | None:
        values = sorted(self.keys)
        steps = {b - a for a, b in zip(values, values[1:])}
        return steps.pop() if len(steps) == 1 else None

    def describe(self) -> str:
        step = self.step
        span = f"{self.low:,} to {self.high:,}"
        return span + (f" in steps of {step:,}" if step and step != 1 else "")

    def key_for(self, typed: str) -> str | None:
        try:
            return self.keys.get(int(typed.strip()))
        except ValueError:
            return None


def amount_choices(legal: list[Action]) -> list[AmountChoice]:
    """The groups of `legal` that are amounts, in order of first appearance."""
    groups: dict[str, list[Action]] = {}
    for action in legal:
        groups.setdefault(action.group, []).append(action)
    out = []
    for group, actions in groups.items():
        if len(actions) < MIN_AMOUNTS:
            continue
        parsed = [AMOUNT_KEY.match(a.key) for a in actions]
        if not all(parsed) or len({m["prefix"] for m in parsed}) != 1:
            continue
        keys = {int(m["n"]): a.key for m, a in zip(parsed, actions)}
        if len(keys) == len(actions):
            out.append(AmountChoice(group, keys))
    return out
