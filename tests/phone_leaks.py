"""What the phone tests look for in what a phone is told: the words as the phone reads them
(parsed, never the JSON text, which writes ¥ as \\u00a5), a secret amount among them, and
the random bits a seat's link carries."""

from __future__ import annotations

import base64
import re


def told_strings(table: dict) -> list[str]:
    """Every string a phone reads in `table` (a table as it parsed it, or as the hub made it),
    except the amounts it may type itself (its own bids: "bid:300" is its choice, no leak)."""
    out: list[str] = []

    def walk(value) -> None:
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)

    walk({k: v for k, v in table.items() if k != "amounts"})
    return out


def mentions(strings: list[str], amount: int) -> list[str]:
    """The strings that name the whole number `amount` as the game words yen ("¥1,300"),
    as a move key has it ("bid:1300") or bare; a longer number that holds it ("¥1,700" for
    700) does not count."""
    forms = {f"{amount:,}", str(amount)}
    either = "|".join(re.escape(f) for f in sorted(forms))
    found = re.compile(rf"(?<![\d,.])(?:{either})(?!\d|,\d)")
    return [s for s in strings if found.search(s)]


def token_bytes(token: str) -> bytes:
    """The random bytes a seat's link carries: its token is base32 without the padding."""
    assert re.fullmatch(r"[A-Z2-7]+", token), token
    return base64.b32decode(token + "=" * (-len(token) % 8))
