"""A lot round's end in words (004:56): who won the lot and why, what every other
builder did, and each building as it stood, for everyone at the table to read before the
next round (core.announce). "Seat N" stands where a name goes.

The rules gather what the words need when the round ends (`round_data`); a builder who
left earlier (gave up, or was still building when another's Stop! passed) left their
building with the move that cleared it (`left_data`).
"""

from __future__ import annotations

from core.announce import Announcement
from core.payload import copy_plain
from core.words import count_words


def stopped_by(s, seat) -> tuple[float, int] | None:
    """For a builder out of the round: the Stop! of another that had passed when they left
    ((its second, its seat): they were still building), or None (they gave up). Moves go in
    the order of their seconds, so a Stop! passed by the builder's last second came first."""
    if s["status"][seat] != "out":
        return None
    return min(((t, i) for i, t in enumerate(s["stop"]) if i != seat and t is not None
                and t <= s["clock"][seat] + 1e-9), default=None)


def left_data(rules, s, seat) -> dict:
    """A builder's lot and building as they stood when they left the round."""
    card = s["hand"][seat]
    return {"lot": None if card is None else rules._side_view(rules._side(s, seat)),
            "outline": s["outline"][seat], "building": copy_plain(s["built"][seat])}


def round_data(rules, s, winners, best) -> dict:
    """Everything the round's words and pictures need, taken before the lots are cleared."""
    seats = []
    for i in range(s["players"]):
        entry = left_data(rules, s, i)
        card = s["hand"][i]
        status = "stopped" if stopped_by(s, i) else s["status"][i]
        entry.update({"status": status, "stop": s["stop"][i], "verdict": copy_plain(s["verdicts"][i]),
                      "card": None if card is None else rules._lot_words(card, s["side"][i])})
        seats.append(entry)
    return {"round": s["round"], "winners": list(winners), "seconds": best, "seats": seats}


def deadline(t: float, who: int) -> tuple[float, str, str]:
    """A Stop! of another that has passed at `t`: what a builder still to build is told before
    their clock starts, and when it reaches that second."""
    return (t, f"Seat {who + 1}'s Stop! at {t:.1f} s stands: to win, call Stop! before {t:.1f} s "
               f"(at {t:.1f} s you share the win)",
            f"Seat {who + 1}'s Stop! at {t:.1f} s has passed: the round is theirs")


def fell_words(rules, verdict: dict) -> str:
    """Why a Stop! did not pass, as a player says it: a broken rule, or what fell."""
    if verdict["problems"]:
        return verdict["problems"][0]
    if verdict["stands"] is None:
        return "nothing was built"
    names = [rules.pieces.name(p) for p in verdict.get("moved", [])]
    if not names:
        return "it does not stand"
    if len(names) == 1:
        return f"the {names[0]} fell"
    if len(names) == 2:
        return f"the {names[0]} and the {names[1]} fell"
    return f"the {names[0]} and {len(names) - 1} more pieces fell"


def announcement(rules, events) -> Announcement | None:
    """The round's result from its events: the `round_over` event's data, and the buildings of
    those who left before it (their `give_up`/`stopped` events)."""
    end = next((e for e in events if e.kind == "round_over"), None)
    if end is None:
        return None
    data = end.data
    left = {e.seat: e.data for e in events if e.kind in ("give_up", "stopped") and e.data}
    winners, best, seats = data["winners"], data["seconds"], data["seats"]
    lines = []
    for w in winners:
        together = [o for o in winners if o != w]
        fastest = ("was fastest" if not together else
                   "shares the fastest time with " + " and ".join(f"Seat {o + 1}" for o in together))
        lines.append(f"Seat {w + 1} {fastest}: Stop! at {best:.1f} s, and it stands — wins {seats[w]['card']}")
    first = f"Seat {winners[0] + 1}" if len(winners) == 1 else "the fastest"
    passed = [(e["stop"], i) for i, e in enumerate(seats) if e["stop"] is not None]
    for i, entry in enumerate(seats):
        if i in winners:
            continue
        verdict = entry["verdict"]
        tried = "" if not verdict or verdict["passes"] else \
            f" (Stop! at {verdict['seconds']:.1f} s: {fell_words(rules, verdict)})"
        if entry["status"] == "done":
            lines.append(f"Seat {i + 1}: Stop! at {entry['stop']:.1f} s, and it stands — but {first} was faster")
        elif entry["status"] == "stopped":
            t, who = min((t, o) for t, o in passed if o != i)
            lines.append(f"Seat {i + 1} was still building when Seat {who + 1}'s Stop! passed{tried}")
        else:
            lines.append(f"Seat {i + 1} gave up{tried}")
    lines += [e.text for e in events if e.kind in rules.said_at_round_end]
    if len(winners) == 1:
        title = f"Round {data['round']} is over: Seat {winners[0] + 1} wins {seats[winners[0]]['card']}"
    elif winners:
        title = f"Round {data['round']} is over: {count_words(len(winners), 'builder')} share the fastest Stop!"
    else:
        title = f"Round {data['round']} is over: nobody completed a building"
    pictures = []
    for i, entry in enumerate(seats):
        shown = left.get(i) or entry
        verdict = entry["verdict"]
        moved = list(verdict.get("moved", [])) if verdict and verdict["stands"] is False else []
        pictures.append(None if shown["lot"] is None else
                        {"lot": shown["lot"], "outline": shown["outline"], "building": shown["building"],
                         "moved": moved})
    return Announcement(title, tuple(lines), "round",
                        {"pictures": pictures, "winners": list(winners), "round": data["round"]})
