"""What Shopping Spree players read is the box's words.

Move texts, event texts and the end's reason say goods, shelves, prices and seats in words:
no internal keys ("drink:7", "take:K1", a dot "4:5"), no shelf names of the reconstructed
plan (K1, L2, MG), no names of the price stacks (outerwear), and no rulebook lines: those
are for the rules help and for the reason of a refusal, which still names its rule
(004:NNN of 004_2b6c36ff9b44b906.txt).
"""

from __future__ import annotations

import re

import pytest

from core import games
from core.bots import make_bot
from core.rng import Rng
from core.session import Session
from games.shopping_spree import rules as S

KEY = re.compile(r"\w:\w")
SHELF = re.compile(r"\b(?:[TWDCKSXLRB]\d+|MG|VM)\b")
STACK = re.compile(r"\b(?:machines|bedding|outerwear|underwear)\b")
LINE = re.compile(r"\b00[04]:\d")


@pytest.fixture(scope="module")
def spree():
    return games.load("shopping_spree")


def read_along(game, players: int, seed: int, options: dict, *, bot: str, limit: int = 5000) -> list[str]:
    """Every move text offered and every event text of a game (`bot` in every seat, one stream
    for all, driven by the session, up to `limit` moves), and the end's reason."""
    match = game.new(players, seed=seed, options=options)
    rng = Rng(seed, stream=9)
    session = Session.of_computers(match, [make_bot(game, bot) for _ in range(players)], [rng] * players)
    texts = []
    session.listeners.append(lambda events: texts.extend(e.text for e in events))
    while not match.over and len(match.log.moves) < limit:
        for seat in match.to_act():
            texts += [a.text for a in match.legal(seat)]
        if session.computer() is None:
            break
    if match.over:
        texts.append(match.result().reason)
    return texts


@pytest.mark.parametrize("players, seed, options, bot, limit", [
    (3, 1, {}, "shopper", 5000),
    (4, 2, {"first": "player 3"}, "random", 5000),
    (2, 3, {"closing": 15}, "random", 5000),
    (2, 4, {"variant": "dexterity"}, "shopper", 60),
])
def test_moves_events_and_the_end_are_in_words(spree, players, seed, options, bot, limit):
    texts = read_along(spree, players, seed, options, bot=bot, limit=limit)
    assert len(texts) > 100
    if limit > 1000:
        assert texts[-1].startswith(("all but one player have left the shop twice", "the shop closed after round"))
    for pattern in (KEY, SHELF, STACK, LINE):
        bad = sorted({t for t in texts if pattern.search(t)})
        assert not bad, (pattern.pattern, bad[:5])


def test_a_refusal_still_names_its_rule(spree):
    """004:205, 207 — the reason of a refused move cites the line; no key in its words."""
    m = spree.new(2, seed=1)
    for key, rule in (("leave", S.R_LEAVE), ("walk:0:0", S.R_MOVE), ("take:T1", S.R_MOVE)):
        e = spree.rules.why_illegal(m.state, 0, key)
        assert e.rule == rule and re.search(r"\(004:\d+", e.rule) and not KEY.search(e.reason)


def test_an_empty_shelf_is_named_by_what_lay_on_it(spree):
    rules = spree.rules
    s = spree.new(2, seed=1).state
    for card in ("S1", "MG", "L1", "K1", "W1"):
        s["shelves"][card] = []
    words = {card: rules.shelf_words(s, card) for card in ("S1", "MG", "L1", "K1", "W1")}
    assert words == {"S1": "an empty salmon shelf", "MG": "an empty magazines/newspapers shelf",
                     "L1": "an empty clothing shelf", "K1": "an empty drink shelf",
                     "W1": "an empty washing machine shelf"}
