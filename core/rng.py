"""Seeded randomness: the only source of chance in rules code.

A small PCG32 generator written out here so that the sequence is the same on every
Python version and platform, and its whole state is two integers that fit in a save.
"""

from __future__ import annotations

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005


class Rng:
    """PCG32 (XSH-RR) with a 64-bit state and a fixed odd increment."""

    __slots__ = ("state", "inc")

    def __init__(self, seed: int = 0, stream: int = 54):
        self.inc = ((stream << 1) | 1) & _MASK64
        self.state = 0
        self._step()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self._step()

    def _step(self) -> None:
        self.state = (self.state * _MULT + self.inc) & _MASK64

    def next32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n == 1:
            return 0
        threshold = (1 << 32) % n
        while True:
            r = self.next32()
            if r >= threshold:
                return r % n

    def die(self, sides: int = 6) -> int:
        """A die roll, 1..sides."""
        return self.below(sides) + 1

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, label: int) -> "Rng":
        """An independent generator derived from this one's next output."""
        return Rng(self.next32() << 32 | self.next32(), stream=label)

    def dump(self) -> list[int]:
        return [self.state, self.inc]

    @classmethod
    def restore(cls, data) -> "Rng":
        if (not isinstance(data, (list, tuple)) or len(data) != 2
                or not all(isinstance(x, int) and 0 <= x <= _MASK64 for x in data)
                or data[1] % 2 == 0):
            raise ValueError("random state must be two 64-bit integers, the second odd")
        rng = cls.__new__(cls)
        rng.state, rng.inc = int(data[0]), int(data[1])
        return rng
