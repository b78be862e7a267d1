"""The shared screen's line while others move: whose phones it waits for, truly (joined, not
joined yet, dropped), and who builds where in a round built live."""

from __future__ import annotations


def phone_words(phones, seats, waiting) -> str:
    """'Waiting for Aiko's phone and Bo's phone (dropped)…'; before the phones' server is up,
    that it is starting."""
    if phones is None:
        return "Waiting for the phones' server to start…"
    parts = []
    for s in waiting:
        phone = phones.hub.seats.get(s)
        presence = phone.presence if phone is not None else "not joined yet"
        parts.append(f"{seats[s].name}'s phone" + ("" if presence == "joined" else f" ({presence})"))
    return f"Waiting for {' and '.join(parts)}…"


def live_words(seats, building) -> str:
    """Who builds where in a live round: 'Aiko and Bo building on their phones, Cy here, Dan
    (computer)…'."""
    here = [seats[s] for s in building]
    phones = [s.name for s in here if s.phone]
    parts = [" and ".join(phones) + (" building on their phones" if len(phones) > 1 else " building on a phone")] \
        if phones else []
    parts += [f"{s.name} here" for s in here if s.human]
    parts += [f"{s.name} (computer)" for s in here if s.computer]
    return (", ".join(parts) or "The round") + "…"
