"""A Countdown floor's end in words (004:70-75): what each builder did with the floor, who is
out and with how much, and every tower as it stands, for the table to read before the next
floor's clock starts (core.announce). "Seat N" stands where a name goes."""

from __future__ import annotations

from core.announce import Announcement
from core.payload import copy_plain
from core.words import count_words

#: the events that say how a builder's floor ended (games/countdown/rules.py `_done`)
ENDINGS = ("floor", "out", "fell")


def announcement(rules, s, events) -> Announcement | None:
    """The floor's result, once every builder has ended it."""
    end = next((e for e in events if e.kind in ("round", "over")), None)
    if end is None:
        return None
    over = end.kind == "over"
    floor = s["round"] if over else s["round"] - 1
    said = {e.seat: e.text for e in events if e.kind in ENDINGS}
    lines = []
    for seat in range(s["players"]):
        if seat in said:
            lines.append(said[seat])
        elif s["status"][seat] != "out" or s["out_round"][seat] == floor:
            lines.append(f"Seat {seat + 1} built floor {floor}: the tower has "
                         f"{count_words(len(s['built'][seat]), 'piece')}")
    if over:
        title = f"Floor {floor} is over: every builder is out"
        lines.append(end.text)
    else:
        title = f"Floor {floor} is over: floor {s['round']} next, in {rules.seconds(s):g} seconds"
    pictures = []
    for seat in range(s["players"]):
        verdict = s["verdicts"][seat]
        fell = verdict is not None and verdict["round"] == floor and not verdict["stands"]
        pictures.append({"card_mm": rules.lot.card_mm, "building": copy_plain(s["built"][seat]),
                         "moved": list(verdict["moved"]) if fell else [], "out": s["status"][seat] == "out",
                         "score": s["score"][seat]})
    return Announcement(title, tuple(lines), "round", {"pictures": pictures})
