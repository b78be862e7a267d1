"""What a player reads is the box's words: no internal key ("move:3:4", "v:0:1") and no id
with a number suffix ("cube-20-1", "ueno-1") in any move, event, seat line or score a screen
shows, and no rulebook line ("(004:56)") in a move or an event (those belong in the rules help
and in the reason a move is refused).

Every game is played by its computer players at every player count (and with its options),
and every text a screen would show along the way is read: each seat's moves as the picker
offers them (kiosk.boards: Board.offered), every event (the "What happened" log), each seat's
summary and the end screen's breakdown. tests/test_kiosk_every_screen.py reads the screens
themselves the same way (`internal_words`).
"""

from __future__ import annotations

import re

import pytest

from core import games
from core.bots import make_bot
from core.session import Session

#: an internal key: a word joined to others by colons ("move:3:4", "v:0:1", "take:12")
KEY = re.compile(r"(?<![\w¥])[a-z_]+(?::[a-z0-9_]+)+\b")
#: an id with a number suffix: lower-case words joined by hyphens, ending "-<number>"
ID = re.compile(r"(?<![\w-])[a-z]+(?:-[a-z0-9]+)*-\d+\b")
#: a rulebook line: (000:92), (004:39-41), 004:75
LINE = re.compile(r"\b00[04]:\d+")

OPTIONS = {
    "tsukiji": [{}, {"expansion": "on"}],
    "shopping_spree": [{}],
    "izakaya": [{}],
    "chocolate_milk": [{}, {"refill": "draw", "boxes": 2}],
    "jutaku": [{}],
    "bottle_bonus": [{}],
    "countdown": [{}],
}
#: moves a game is watched for (the long games are cut: every kind of text has come by then)
WATCHED = 400
#: the building games (each Stop! a physics verdict): two player counts, fewer moves
BUILDING = {"jutaku", "bottle_bonus", "countdown"}
BUILDING_WATCHED = 200


def internal_words(text: str, lines_allowed: bool = False) -> list[str]:
    """The internal keys, ids and (unless allowed) rulebook lines in `text`."""
    found = KEY.findall(text) + ID.findall(text)
    if not lines_allowed:
        found += LINE.findall(text)
    return found


def test_the_patterns_find_what_they_should_and_spare_a_players_words():
    assert internal_words("Claim card 1,2 from edge v:0:1") == ["v:0:1"]
    assert internal_words("Player 2 places column-10x60-3 on ueno-1 (front)") == ["column-10x60-3", "ueno-1"]
    assert internal_words("Go! Everyone builds (004:29)") == ["004:29"]
    assert internal_words("Round 2: go! Ueno 1, a tall column 10×60 mm, ¥14,000, 3F V///, ¥1:2") == []


def _texts(game, board, match, seat) -> list[str]:
    legal = [a for a in match.legal(seat) if not a.takes] if seat is not None else []
    offered = board.offered(match, seat, legal) if seat is not None else []
    out = [getattr(a, "text", str(a)) for a in offered]
    view = match.view(None)
    for s in range(match.players):
        out.append(board.seat_summary(game, view, s) or "")
    return out


def _cases():
    for info in games.available():
        for options in OPTIONS.get(info.name, [{}]):
            counts = (2, 4) if info.name in BUILDING else range(info.min_players, info.max_players + 1)
            for players in counts:
                label = ",".join(f"{k}={v}" for k, v in options.items()) or "default"
                yield pytest.param(info.name, players, options, id=f"{info.name}-{players}p-{label}")


@pytest.mark.parametrize("name,players,options", list(_cases()))
def test_no_internal_key_or_id_reaches_a_player(name, players, options):
    from kiosk.boards import board_for
    game = games.load(name)
    board = board_for(name)
    match = game.new(players, seed=players, options=options)
    session = Session.of_computers(match, [make_bot(game) for _ in range(players)])
    seen: dict[str, str] = {}

    def read(texts, where, lines_allowed=False):
        for text in texts:
            for word in internal_words(text, lines_allowed):
                seen.setdefault(word, f"{where}: {text}")

    session.listeners.append(lambda events: read([e.text for e in events], "event"))
    for _ in range(BUILDING_WATCHED if name in BUILDING else WATCHED):
        if match.over:
            break
        for seat in match.to_act():
            read(_texts(game, board, match, seat), f"seat {seat + 1}'s moves")
        session.computer()
    if match.over:
        result = match.result()
        for s in range(players):
            read(board.breakdown_lines(game, result.breakdown[s]), "end screen")
            read([result.score_text(s)], "end screen")
        read([result.reason], "end screen", lines_allowed=True)
    assert not seen, "\n".join(f"{w!r} in {where}" for w, where in seen.items())


@pytest.mark.parametrize("name", [info.name for info in games.available()])
def test_the_set_up_offers_every_choice_in_a_player_s_words(name):
    """A choice is shown as its word (Option.word): no snake_case name such as two_four."""
    for option in games.load(name).info.options:
        for choice in option.choices:
            word = option.word(choice)
            assert "_" not in word and not internal_words(word), (option.name, choice, word)
