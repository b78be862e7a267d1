"""Phones as seats (kiosk.phones), without a screen: links and codes, what a phone is told
(its own seat's view, never another's secret), what it may send (checked like a hostile
save), and the server: three phones through a sealed Izakaya bid, a wrong or dead link
refused, a phone that floods cut off while the others play on.

What a phone is told is read as the phone reads it (parsed: tests.phone_leaks), and compared
with what it could be told in a world where the others' secrets are different; its log with
the public log built here from the session's events, never copied from the hub."""

import asyncio
import json

import aiohttp
import pytest

from core import games
from core.rng import Rng
from core.seats import Seat
from core.session import Computers, Session
from kiosk.phones.hub import (
    CODE_LENGTH,
    FLOOD_LIMIT,
    LOG_LINES,
    MAX_MESSAGE,
    Hub,
    Refused,
)
from kiosk.phones.qr import QUIET, qr_lines
from kiosk.phones.table import PhoneTable, phone_lines
from kiosk.words import named
from tests.phone_client import device, join
from tests.phone_leaks import mentions, token_bytes, told_strings

NAMES = ["Aiko", "Ben", "Chie", "Dai", "Emi", "Fumi"]
#: the device secret of each seat's phone in the hub-level tests
DEVICES = [device() for _ in NAMES]


def table(name="izakaya", players=3, seed=1, options=None, phones=None, match=None, held=True):
    """The phones of a match driven by its session (core.session), the other seats people at
    the kiosk's screen; `moved` collects every move's events as the session tells them."""
    game = games.load(name)
    match = match or game.new(players, seed=seed, options=options)
    players = match.players
    phones = list(range(players)) if phones is None else phones
    session = Session(match, [Seat(NAMES[s], phone=s in phones) for s in range(players)], Computers({}, {}))
    moved = []
    session.listeners.append(moved.append)
    t = PhoneTable(game, session, NAMES[:players], phones)
    for s in phones if held else ():     # each seat held by its own phone
        assert t.hub.claim(s, DEVICES[s])
    return game, match, t, moved


def test_each_link_carries_128_random_bits_and_dies_with_its_seat():
    _, _, t, _ = table()
    hub = t.hub
    tokens = [hub.seats[s].token for s in range(3)]
    raw = [token_bytes(tok) for tok in tokens]          # base32 of 16 bytes: 26 characters
    assert [len(r) for r in raw] == [16, 16, 16], f"the links carry {[8 * len(r) for r in raw]} bits, not 128"
    assert len(set(raw)) == 3
    # random bits: over many links every one of the 128 bits comes out both ways (a byte
    # left fixed, or fewer random bytes padded out, would not), and no two links are alike
    many = [token_bytes(hub.issue(0).token) for _ in range(64)]
    assert len(set(many)) == len(many) and all(len(r) == 16 for r in many)
    bits = [int.from_bytes(r, "big") for r in many]
    fixed = [b for b in range(128) if len({(x >> b) & 1 for x in bits}) < 2]
    assert not fixed, f"bits {fixed} of the token are the same in every link"
    tokens[0] = hub.seats[0].token
    assert [hub.seat_of(tok) for tok in tokens] == [0, 1, 2]
    assert hub.seat_of(tokens[0][:-1] + ("A" if tokens[0][-1] != "A" else "B")) is None
    old = tokens[1]
    hub.issue(1)
    assert hub.seat_of(old) is None and hub.seat_of(hub.seats[1].token) == 1
    hub.release(2)
    assert hub.seat_of(tokens[2]) is None
    hub.close("The game is over.")
    assert hub.seat_of(tokens[0]) is None


def test_a_short_code_is_good_once():
    _, _, t, _ = table(held=False)
    code = t.hub.seats[0].code
    assert len(code) == CODE_LENGTH
    assert t.hub.redeem(code.lower()) == t.hub.seats[0].token
    assert t.hub.redeem(code) is None


def test_the_code_on_screen_is_the_link_module_for_module():
    import segno
    link = "HTTP://192.168.100.200:8765/S/" + "X" * 26
    lines = qr_lines(link)
    matrix = [list(map(bool, row)) for row in segno.make(link, error="m", micro=False).matrix]
    size = len(matrix) + 2 * QUIET
    assert all(len(line) == size for line in lines) and len(lines) == (size + 1) // 2
    upper = {"█": False, "▀": False, "▄": True, " ": True}   # the upper module of each cell: dark?
    for r, row in enumerate(matrix):
        y = r + QUIET
        cell = lines[y // 2]
        glyphs = [cell[x + QUIET] for x in range(len(row))]
        if y % 2 == 0:
            assert [upper[g] for g in glyphs] == row
        else:
            assert [g in (" ", "▀") for g in glyphs] == row


def play_phone(t, seat, key):
    t.hub.receive(seat, json.dumps({"type": "play", "key": key, "move": len(t.session.match.log.moves),
                                    "device": DEVICES[seat]}))


def public_log(moved, names=NAMES[:3]) -> list[str]:
    """The log every phone may read: the words of every move's events as the session told
    them (the kiosk's shared log), in names, the last LOG_LINES of them."""
    return [named(e.text, names) for events in moved for e in events][-LOG_LINES:]


def test_a_bid_typed_on_a_phone_is_played_and_shown_to_that_phone_alone():
    """Aiko bids ¥300 here and ¥500 in a second world dealt alike: Ben's and Chie's phones
    are told the same in both, and nothing they read names her bid."""
    _, match, t, moved = table()
    _, _, elsewhere, _ = table()
    mine = t.hub.table_for(0)
    assert mine["your_turn"] and mine["amounts"][0]["group"] == "Bid"
    assert [n for n, _ in mine["amounts"][0]["choices"]][:3] == [0, 100, 200]
    before = {other: t.hub.table_for(other) for other in (1, 2)}
    assert not any(mentions(told_strings(told), 300) for told in before.values())
    play_phone(t, 0, "bid:300")
    play_phone(elsewhere, 0, "bid:500")
    assert len(moved) == 1 and len(match.log.moves) == 1
    assert t.hub.table_for(0)["private"] == ["Your bid: ¥300"]
    assert elsewhere.hub.table_for(0)["private"] == ["Your bid: ¥500"]
    for other in (1, 2):
        told = t.hub.table_for(other)
        assert told["private"] == [], f"{NAMES[other]}'s phone is shown {told['private']}"
        assert told["log"] == public_log(moved) == ["Aiko has bid"], f"{NAMES[other]}'s phone's log: {told['log']}"
        leaked = mentions(told_strings(told), 300)
        assert not leaked, f"{NAMES[other]}'s phone reads Aiko's sealed bid: {leaked}"
        assert told == elsewhere.hub.table_for(other), f"{NAMES[other]}'s phone can tell Aiko's bid"


@pytest.mark.parametrize("raw, words", [
    ("x" * (MAX_MESSAGE + 1), "too long"),
    ("{not json", "could not be read"),
    (json.dumps([1, 2]), "could not be read"),
    (json.dumps({"type": "play", "key": "bid:300"}), "could not be read"),
    (json.dumps({"type": "play", "key": "bid:300", "move": 0, "extra": 1}), "could not be read"),
    (json.dumps({"type": "play", "key": 3, "move": 0}), "could not be read"),
    (json.dumps({"type": "play", "key": "bid:300", "move": True}), "could not be read"),
    (json.dumps({"type": "play", "key": "bid:300", "move": 5}), "moved on"),
    (json.dumps({"type": "play", "key": "bid:999999", "move": 0}), "not possible"),
    (json.dumps({"type": "play", "key": "k" * 500, "move": 0}), "could not be read"),
    (json.dumps({"type": "undo", "key": "bid:300", "move": 0}), "could not be read"),
    ("[" * 1000 + "]" * 1000, "could not be read"),
    ('{"type": "play", "key": "bid:300", "move": 0, "amount": [[[[1]]]]}', "could not be read"),
    (json.dumps({"type": "play", "key": "bid:300", "move": 0, "device": None}), "does not hold"),
    (json.dumps({"type": "play", "key": "bid:300", "move": 0, "device": "f" * 32}), "does not hold"),
], ids=lambda v: v if len(v) < 40 else f"{v[:30]}…({len(v)})")
def test_what_a_phone_may_not_send_is_refused_in_words_and_changes_nothing(raw, words):
    game, match, t, moved = table()
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        msg = None
    if isinstance(msg, dict) and "device" not in msg:     # sent by the phone that holds seat 1
        raw = json.dumps(dict(msg, device=DEVICES[0]))
    before = (game.rules.dump(match.state), list(match.log.moves))
    with pytest.raises(Refused, match=words):
        t.hub.receive(0, raw)
    assert (game.rules.dump(match.state), list(match.log.moves)) == before and not moved


def test_a_phone_acts_only_for_its_own_seat_and_only_on_its_turn():
    _, match, t, _ = table("tsukiji", 3, options={"money": "hidden"})
    first = match.to_act()[0]
    other = (first + 1) % 3
    key = match.legal(first)[0].key
    with pytest.raises(Refused, match="not your move"):
        play_phone(t, other, key)
    t.hub.release(first)
    with pytest.raises(Refused, match="no longer holds a seat"):
        play_phone(t, first, key)


def others_bid_sealed(match, world, seat) -> bool:
    """Another seat's sealed bid is in and not yet revealed, where `seat` looks."""
    start = match.sealed_from()
    return start is not None and any(s != seat for s, *_ in match.log.moves[start:])


def others_money_hidden(match, world, seat) -> bool:
    """Tsukiji's hidden money: another seat's yen, which `seat` does not see, is re-dealt."""
    return match.view(seat).get("money") == "hidden" and any(
        world.view(o)["yen"][o] != match.view(o)["yen"][o] for o in range(match.players) if o != seat)


def to_the_bidding(legal, rng):
    """Tsukiji's seats go for the Barter and the Auction (sealed bids among the others) when
    they may, which steered play alone never does; else None, and they play as steered."""
    for key in ("auction:offer", "barter:offer", "lot:add"):
        offer = next((a for a in legal if a.key.startswith(key)), None)
        if offer is not None:
            return offer
    enter = [a for a in legal if a.key.startswith(("enter:auction", "enter:barter"))]
    return enter[rng.below(len(enter))] if enter and rng.below(2) == 0 else None


TO_BIDS = {"auction": "in", "barter": "in"}
#: the games, and the secrets each must reach (counted) for the test to mean anything
SECRET_GAMES = [
    ("izakaya", 3, None, {"sealed bids": others_bid_sealed}),
    ("izakaya", 5, None, {"sealed bids": others_bid_sealed}),
    ("tsukiji", 3, {"money": "hidden", **TO_BIDS},
     {"sealed bids": others_bid_sealed, "hidden money": others_money_hidden}),
    ("tsukiji", 4, {"money": "hidden", "expansion": "on", **TO_BIDS},
     {"sealed bids": others_bid_sealed, "hidden money": others_money_hidden}),
    ("bottle_bonus", 3, None, {}),              # no secrets: a building round's tables, the log
    ("chocolate_milk", 4, None, {}),
]


@pytest.mark.parametrize("name, players, options, secrets", SECRET_GAMES,
                         ids=[f"{g[0]}-{g[1]}" for g in SECRET_GAMES])
def test_no_message_to_a_phone_holds_another_seats_secret(name, players, options, secrets):
    """Every seat's table, at every move of seeded games played by bots, is the same in
    every world that seat cannot tell from the real one: the game's scramble re-deals the
    others' secrets (sealed bids, hidden money), and the log and a phase's result are what
    every phone may read, built here from the session's events, not taken from the hub. So
    nothing the phone is told depends on another seat's secret; and the games are counted
    reaching those secrets."""
    from core.bots import RandomBot
    from core.testing import steered_by_bots

    class Steered:
        """A phone whose player chooses as the steering bots do (the match reaches building)."""
        needs_view, name = False, "steered"

        def __init__(self, match, steer, seat, prefer):
            self.match, self.steer, self.seat, self.prefer = match, steer, seat, prefer

        def choose(self, view, legal, rng):
            return self.prefer(legal, rng) or self.steer(self.match, self.seat, legal, rng)

    names = NAMES[:players]
    reached = {(what, seed): 0 for what in secrets for seed in (1, 2)}
    for seed in (1, 2):
        game, match, t, moved = table(name, players, seed=seed, options=options)
        rules = game.rules
        rng = Rng(seed, stream=77)
        steer = steered_by_bots(game, players)
        prefer = to_the_bidding if name == "tsukiji" else (lambda legal, rng: None)
        bots = {s: Steered(match, steer, s, prefer) if rules.takes_data else RandomBot(rules)
                for s in range(players)}
        # every phone's player chooses by a bot, through the session as any seat does
        t.session.computers = Computers(bots, {s: rng for s in range(players)})
        t.session.table.forget()
        results = []            # a phase's result, as every phone is to show it, heard here

        def heard(events, session=t.session, results=results):
            pending = session.pending
            if pending is not None and (not results or results[-1][0] is not pending):
                results.append((pending, {"number": len(results) + 1, "title": named(pending.title, names),
                                          "lines": [named(line, names) for line in pending.lines]}))
        t.session.listeners.insert(0, heard)
        for step in range(120):
            if match.over:
                break
            log = public_log(moved, names)
            result = results[-1][1] if results else None
            for seat in range(players):
                world = match.clone()
                world.state = rules.scramble(match.state, seat, Rng(step, stream=seat), players, match.options)
                for what, found in secrets.items():
                    reached[what, seed] += found(match, world, seat)
                shadow = Hub(world, names, [seat], lines=phone_lines(game, names),
                             play=lambda s, k, p: None, title=game.info.title, lots=t.hub.lots)
                shadow.log, shadow.result = list(log), result
                told, could_be = t.hub.table_for(seat), shadow.table_for(seat)
                assert told["log"] == log, (name, seed, step, seat, "the phone's log is not the public log")
                assert told == could_be, (name, seed, step, seat)
            assert t.session.computer() is not None             # its events reach the phones' log
    missing = [what for what, n in reached.items() if not n]
    assert not missing, f"the games never reached {missing} (seed): {reached}"


async def _phones_bid(port_holder):
    _, match, t, moved = table(held=False)
    await t.start()
    base = f"http://127.0.0.1:{t.server.port}"
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{base}/seat/{'A' * 32}") as bad:
            assert bad.status == 403 and "Scan the code" in await bad.text()
        async with http.get(f"{base}/seat/{t.hub.seats[0].token}") as good:
            assert good.status == 200
        async with http.ws_connect(f"{base}/ws/{'A' * 32}", origin=base) as stranger:
            msg = await stranger.receive_json(timeout=5)
            assert msg["type"] == "gone"
        phones = [await join(http, base, t.hub.seats[s].token) for s in range(3)]
        tables = [await p.receive_json(timeout=5) for p in phones]
        assert [x["you"] for x in tables] == ["Aiko", "Ben", "Chie"] and all(x["your_turn"] for x in tables)
        assert not any(mentions(told_strings(x), a) for x in tables for a in (300, 500))
        for seat, amount in ((0, 300), (1, 500), (2, 0)):
            await phones[seat].send_json({"type": "play", "key": f"bid:{amount}", "move": len(match.log.moves)})
            for p in phones:            # every phone hears of every move, pushed
                told = await p.receive_json(timeout=5)
                assert told["type"] == "table" and told["move"] == len(match.log.moves)
                assert told["log"] == public_log(moved), f"{told['you']}'s phone's log: {told['log']}"
                if p is not phones[seat] and told["move"] < 3:
                    leaked = mentions(told_strings(told), amount)
                    assert not leaked, f"{told['you']}'s phone reads {NAMES[seat]}'s sealed bid: {leaked}"
        assert len(match.log.moves) == 3 and match.rules.sealed_pending(match.state) is False
        # a flood of bad messages from one phone cuts it off; the others play on
        for _ in range(FLOOD_LIMIT + 5):
            await phones[2].send_str("{bad")
        closed = False
        for _ in range(FLOOD_LIMIT + 10):
            msg = await phones[2].receive(timeout=5)
            if msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
                closed = True
                break
        assert closed
        seat = match.to_act()[0]
        key = next(a.key for a in match.legal(seat) if not a.takes)
        await phones[seat].send_json({"type": "play", "key": key, "move": len(match.log.moves)})
        assert (await phones[seat].receive_json(timeout=5))["type"] == "table"
        await t.stop("The game is over.")
        for p in phones[:2]:
            msg = await p.receive_json(timeout=5)
            while msg["type"] == "table":
                msg = await p.receive_json(timeout=5)
            assert msg["type"] == "gone"
            await p.close()


def test_three_phones_bid_in_secret_through_the_server_and_a_flood_is_cut_off():
    asyncio.run(_phones_bid(None))


def test_a_tsukiji_price_said_aloud_is_typed_on_the_phone():
    """A ??? price (000:138) is one amount: the phone's pad sends it, the rules judge it."""
    from tests.tsukiji_support import position, seat
    game = games.load("tsukiji")
    boats = [{"type": "1", "at": "sea", "load": ["mackerel"]}]
    match = game.scenario(position(players=2, seats=[seat(boats=boats), seat()]))
    match.play(0, "fish")
    match.play(0, "dock:1:left")                  # a mackerel barrel waits for its price
    _, _, t, moved = table("tsukiji", match=match)
    told = t.hub.table_for(0)
    pad = next(a for a in told["amounts"] if a.get("key") == "price:q")
    assert pad["range"] == [100, pad["range"][1], 100] and "???" in pad["label"]
    before = len(match.log.moves)
    send = {"type": "play", "key": "price:q", "move": before, "device": DEVICES[0]}
    with pytest.raises(Refused, match="Type the amount"):
        t.hub.receive(0, json.dumps(send))
    with pytest.raises(Refused, match="multiple of ¥100"):
        t.hub.receive(0, json.dumps(dict(send, amount=150)))
    with pytest.raises(Refused, match="could not be read"):
        t.hub.receive(0, json.dumps(dict(send, amount="400")))
    assert len(match.log.moves) == before and not moved
    t.hub.receive(0, json.dumps(dict(send, amount=400)))
    assert match.log.moves[-1][1:] == ("price:q", {"yen": 400}) and len(moved) == 1
