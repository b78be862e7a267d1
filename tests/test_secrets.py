"""Secrets outside the views: saves, autosaves and `tokyo replay` (Rules.sealed, sealed_pending).

A save of an unfinished match never holds a sealed decision not yet revealed: it is written
as of the moment the round began, and after loading those seats decide again. Until a match
is over, `tokyo replay` shows what a spectator saw: sealed moves by the game's words for
them, no seed; with Tsukiji's hidden money no seat's yen.
"""

from __future__ import annotations

import msgpack
import pytest

from core import games, saves
from core.bots import make_bot
from core.errors import IllegalMove
from core.simulate import play_one
from tokyo.cli import main
from kiosk.store import SaveStore


@pytest.fixture(scope="module")
def tsukiji():
    return games.load("tsukiji")


@pytest.fixture(scope="module")
def izakaya():
    return games.load("izakaya")


def replay(capsys, path, *more) -> str:
    code = main(["replay", str(path), *more])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def old_save(match) -> bytes:
    """A save as written before sealed rounds were left out: the log and position as they are."""
    parts = {"game": match.game.name, "meta": {}, "log": match.log.dump(),
             "state": match.rules.dump(match.state), "rng": match.rng.dump()}
    return msgpack.packb({"format": saves.FORMAT, "version": saves.VERSION,
                          "check": {k: saves.checksum(v) for k, v in parts.items()}, **parts},
                         use_bin_type=True)


def ints(data: bytes, n: int) -> int:
    """How often the whole number `n` is packed in `data` (as msgpack writes it)."""
    return data.count(msgpack.packb(n))


# ---- Tsukiji: a King Crab auction (000:264-266) ------------------------------------------------

def crab(tsukiji, yen=(2000, 2000, 2000), money="open", barrels=2, round_limit=0):
    """Seat 1 docks its barge with king crab barrels: a sealed auction among all three for
    every two (one after the other)."""
    boats = [{"type": "barge", "at": "sea", "load": ["king_crab"] * barrels},
             {"type": "1", "at": "left", "load": []}]
    seats = [{"licences": {"mackerel": 1}, "boats": boats, "berths": 3}] + [
        {"licences": {"mackerel": 1}, "boats": [{"type": "1", "at": "left", "load": []}]} for _ in range(2)]
    m = tsukiji.scenario({
        "players": 3, "options": {"money": money, "round_limit": round_limit},
        "markets": {"fish": {"mackerel": "setup", "king_crab": "setup", "tuna": "setup"},
                    "external": {"ships": "setup"}},
        "seats": seats, "yen": list(yen), "turn": 0,
        "bag": {"king_crab": ["king_crab_8"] * max(2, barrels // 2), "tuna": ["tuna_20"]}})
    m.play(0, "fish")
    m.play(0, "dock:1:right")
    assert set(m.to_act()) == {0, 1, 2} and m.state.phase == "bid"
    return m


def test_tsukiji_save_with_one_bid_in_holds_no_trace_of_it(tsukiji):
    m = crab(tsukiji)
    before = m.save()
    assert tsukiji.rules.sealed(m.state, 1, next(a for a in m.legal(1) if a.key == "bid:1300"))
    m.play(1, "bid:1300")
    data = m.save()
    assert b"bid:1300" not in data and ints(data, 1300) == ints(before, 1300)
    assert data == before, "the save is of the moment the auction began"
    assert m.sealed_from() == 2 and len(m.log.moves) == 3, "the match in memory keeps the bid"
    again = saves.load(data)
    assert set(again.to_act()) == {0, 1, 2}, "every bidder bids again"
    assert "own" not in again.view(1)["bid"]["bids"]
    again.play(1, "bid:300")
    again.play(0, "bid:100")
    events = again.play(2, "bid:0")
    assert any("seat 2 ¥300" in e.text for e in events)
    assert again.sealed_from() is None and b"bid:300" in again.save(), "once revealed, the bids are saved"


def test_tsukiji_old_save_with_a_pending_bid_is_saved_without_it(tsukiji):
    m = crab(tsukiji)
    m.play(2, "bid:1300")
    loaded = saves.load(old_save(m))            # written before this rule: the bid is in it
    assert loaded.to_act() == (0, 1) and loaded.sealed_from() == 2
    data = loaded.save()
    assert b"bid:1300" not in data and saves.load(data).to_act() == (0, 1, 2)


def test_kiosk_autosaves_in_a_sealed_round_and_resumes_it(tsukiji, tmp_path):
    store = SaveStore(tmp_path)
    slot = store.new_slot("tsukiji")
    m = crab(tsukiji)
    meta = {"title": "Tsukiji Market", "seats": [{"name": n, "bot": None} for n in ("Aiko", "Bo", "Chie")]}
    store.autosave(slot, m, meta)
    m.play(0, "bid:1300")
    store.autosave(slot, m, meta)
    m.play(2, "bid:1100")
    store.autosave(slot, m, meta)
    copies = store.copies(slot)
    assert [c.moves for c in copies] == [2], "one copy, of the moment the auction began"
    data = copies[0].path.read_bytes()
    assert b"bid:1300" not in data and b"bid:1100" not in data
    assert store.entries()[0].moves == 2
    opened = store.open_match(slot)
    assert opened.notice is None and not opened.mended
    resumed = opened.match
    assert set(resumed.to_act()) == {0, 1, 2}
    for seat, bid in ((2, "bid:0"), (0, "bid:200"), (1, "bid:100")):
        resumed.play(seat, bid)
        store.autosave(slot, resumed, meta)
    assert [c.moves for c in store.copies(slot)] == [5, 2]
    assert store.open_match(slot).match.log.moves == resumed.log.moves


def test_replay_of_an_in_progress_tsukiji_save_prints_no_amount(tsukiji, tmp_path, capsys):
    m = crab(tsukiji)
    m.play(1, "bid:1300")
    path = tmp_path / "now.save"
    saves.save_file(m, path)
    out = replay(capsys, path)
    assert "1,300" not in out and "1300" not in out
    assert "not over" in out and "seed" not in out.replace("no seed", "")
    old = tmp_path / "old.save"
    old.write_bytes(old_save(m))                # a save from before: the bid is in its log
    out = replay(capsys, old)
    assert "1,300" not in out and "1300" not in out
    assert "   3. seat 2: A sealed bid for 1 king crab 8" in out and "Seat 2 has bid." in out


def test_replay_of_an_unfinished_match_shows_the_reveal_not_the_moves(tsukiji, tmp_path, capsys):
    m = crab(tsukiji)
    for seat, bid in ((1, "bid:1300"), (0, "bid:100"), (2, "bid:0")):
        m.play(seat, bid)
    path = tmp_path / "after.save"
    saves.save_file(m, path)
    out = replay(capsys, path)
    assert "Bid ¥" not in out and out.count("A sealed bid for 1 king crab 8") == 3
    assert "The bids: seat 1 ¥100, seat 2 ¥1,300, seat 3 ¥0." in out, "the reveal is for everyone"


def finished(game, players, options, *, bot=None, bids=1):
    """A finished bot game with at least `bids` sealed bids in its log."""
    for seed in range(1, 30):
        m, _ = play_one(game, players, seed, [make_bot(game, bot) for _ in range(players)], options)
        if m.over and sum(mv[1].startswith("bid:") for mv in m.log.moves) >= bids:
            return m
    raise AssertionError("no finished game with sealed bids")


def to_the_end(m, seed=1, limit=5000):
    """`m` played on by the random bot (core.bots.RandomBot) in every seat, one stream for
    all, driven by the session until it is over."""
    from core.rng import Rng
    from core.session import Session
    rng = Rng(seed, stream=3)
    Session.of_computers(m, [make_bot(m.game, "random")] * m.players, [rng] * m.players).run(limit=limit)
    assert m.over, "the game did not end"
    return m


def test_replay_of_a_finished_tsukiji_match_shows_everything(tsukiji, tmp_path, capsys):
    m = crab(tsukiji, money="hidden", barrels=4, round_limit=30)
    for seat, bid in ((1, "bid:1300"), (0, "bid:100"), (2, "bid:0")):
        m.play(seat, bid)
    to_the_end(m)
    path = tmp_path / "done.save"
    saves.save_file(m, path)
    data = path.read_bytes()
    assert data == old_save(m), "a finished match is saved whole"
    out = replay(capsys, path)
    assert f"seed {m.log.seed}," in out and "Result: seat 1 ¥" in out
    assert "   3. seat 2: Bid ¥1,300 for 1 king crab 8" in out and "A sealed bid" not in out
    # the same log cut before the end is unfinished: its sealed moves are words again
    cut = tsukiji.replay(m.log.dump(), upto=len(m.log.moves) - 1)
    saves.save_file(cut, path)
    out = replay(capsys, path)
    assert "Bid ¥" not in out and "   3. seat 2: A sealed bid for 1 king crab 8" in out
    assert f"seed {m.log.seed}," not in out and "Result:" not in out


# ---- Tsukiji: hidden money (000:92) ---------------------------------------------------------------

def test_spectator_replay_of_hidden_money_shows_no_seat_s_yen(tsukiji, tmp_path, capsys):
    """Two tables a spectator cannot tell apart (other seats' yen and a sealed bid differ)
    give the same replay, and neither shows the yen."""
    outs = []
    for yen, bid in (((2000, 3700, 4100), "bid:3700"), ((2000, 2900, 4500), "bid:500")):
        m = crab(tsukiji, yen=yen, money="hidden")
        m.play(1, bid)
        assert m.view(None)["yen"] == [None] * 3
        path = tmp_path / f"hidden-{bid}.save"
        path.write_bytes(old_save(m))           # even with the bid in the file
        outs.append(replay(capsys, path))
        saves.save_file(m, path)
        outs.append(replay(capsys, path))
    for out in outs:
        for shown in ("3,700", "3700", "4,100", "2,900", "4,500", "¥500"):
            assert shown not in out
    assert outs[0] == outs[2] and outs[1] == outs[3]


def random_game_saves(m, moves=300):
    """Along a random game from `m` (the random bot in every seat, one stream for all, driven
    by the session), every save while a sealed round is open: it holds the log up to the
    round's beginning and the position then, and every bidder bids again."""
    from core.rng import Rng
    from core.session import Session
    game = m.game
    bots = [make_bot(game, "random") for _ in range(m.players)]
    session = Session.of_computers(m, bots, [Rng(m.log.seed, stream=3)] * m.players)

    def now():
        return len(m.log.moves), game.rules.dump(m.state), set(m.to_act())

    began = now()                       # the position before the move that opened a round
    checked = 0

    def check(events):
        nonlocal began, checked
        if not game.rules.sealed_pending(m.state):
            began = now()
            return
        doc = saves.read_document(m.save())
        assert doc["log"]["moves"] == [list(mv) for mv in m.log.moves[:began[0]]]
        assert doc["state"] == began[1]
        assert set(saves.load(m.save()).to_act()) == began[2]
        checked += 1

    session.listeners.append(check)
    session.run(limit=moves)
    return checked


def test_random_games_never_save_a_bid_before_its_reveal(tsukiji, izakaya):
    auctions = crab(tsukiji, money="hidden", barrels=6)    # auctions one after the other
    assert random_game_saves(auctions, 60) >= 3
    assert sum(mv[1].startswith("bid:") for mv in auctions.log.moves) >= 6   # two rounds at least
    assert random_game_saves(izakaya.new(3, seed=2)) >= 4


# ---- Izakaya: sealed bids for turn order (004:111) -------------------------------------------------

def test_izakaya_save_with_one_bid_in_holds_no_trace_of_it(izakaya):
    m = izakaya.new(3, seed=1)
    before = m.save()
    m.play(0, "bid:700")
    data = m.save()
    assert b"bid:700" not in data and data == before
    again = saves.load(data)
    assert again.to_act() == (0, 1, 2) and again.view(0)["my_bid"]["own"] is None
    again.play(0, "bid:300")
    m.play(1, "bid:0")
    assert m.save() == before
    m.play(2, "bid:200")
    assert b"bid:700" in m.save(), "revealed: the round is saved"


def izakaya_round_two(izakaya, players=2, seed=3):
    """An Izakaya match at the start of round 2's bidding, played by the innkeeper in every
    seat (one stream for all), driven by the session one move at a time."""
    from core.rng import Rng
    from core.session import Session
    m = izakaya.new(players, seed=seed)
    rng = Rng(seed, stream=5)
    session = Session.of_computers(m, [make_bot(izakaya) for _ in range(players)], [rng] * players)
    while not (m.state["round"] == 2 and m.state["phase"] == "bid"):
        assert session.computer() is not None and not m.over
    return m


def test_izakaya_in_progress_replay_hides_bids_and_seed(izakaya, tmp_path, capsys):
    m = izakaya_round_two(izakaya)
    start = len(m.log.moves)
    m.play(1, "bid:400")
    path = tmp_path / "iz.save"
    saves.save_file(m, path)
    assert b"bid:400" not in path.read_bytes()
    loaded = saves.load_file(path)
    assert len(loaded.log.moves) == start and loaded.to_act() == (0, 1)
    loaded.play(1, "bid:100")                   # the seat bids again, another amount
    out = replay(capsys, path)
    assert "Bid ¥" not in out and "A sealed bid for the turn order" in out
    assert f"seed {m.log.seed}" not in out and "The bids:" in out, "round 1's reveal is for everyone"
    old = tmp_path / "iz-old.save"
    old.write_bytes(old_save(m))
    out = replay(capsys, old)
    assert "¥400" not in out and f"{start + 1:>4}. seat 2: A sealed bid for the turn order" in out


def test_izakaya_finished_replay_shows_every_bid(izakaya, tmp_path, capsys):
    m = finished(izakaya, 2, None, bids=4)
    path = tmp_path / "iz-done.save"
    saves.save_file(m, path)
    out = replay(capsys, path)
    bids = [mv[1] for mv in m.log.moves if mv[1].startswith("bid:")]
    assert out.count("Bid ¥") == len(bids) and "A sealed bid" not in out
    assert f"seed {m.log.seed}" in out and "Ranking:" in out


# ---- the core: no game code, only the hooks ---------------------------------------------------------

def test_games_without_sealed_decisions_save_every_move(chocolate_milk):
    m = chocolate_milk.new(2, seed=8)
    for _ in range(5):
        seat = m.to_act()[0]
        m.play(seat, m.legal(seat)[-1])
    assert m.sealed_round() is None and m.sealed_from() is None
    assert len(saves.load(m.save()).log.moves) == 5


def test_undo_and_clone_keep_where_the_round_began(izakaya):
    m = izakaya_round_two(izakaya)
    start = len(m.log.moves)
    m.play(0, "bid:100")
    copy = m.clone()
    assert copy.sealed_from() == start and saves.load(copy.save()).to_act() == (0, 1)
    with pytest.raises(IllegalMove):
        m.undo(0)                               # a sealed bid is not taken back: the seat has bid
    m._unsealed = None                          # as after a rebuild: found again from the log
    assert m.sealed_from() == start and m.save() == copy.save()


# ---- the kiosk: autosave in a sealed round, resume, bid again -------------------------------------

def test_kiosk_resumes_a_sealed_round_and_asks_the_bidder_again():
    from textual.widgets import Input

    from kiosk.app import TokyoKiosk
    from kiosk.config import KioskConfig
    from kiosk.screens import Seat
    from tests.kiosk_support import curtain_then, sync, table, wait_for

    @sync
    async def run():
        app = TokyoKiosk(bot_delay=0, seed=4, config=KioskConfig(idle_seconds=0))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.start_match(games.load("izakaya"), [Seat("Aiko"), Seat("Bo")], {})
            play = await table(pilot, app)
            await curtain_then(pilot, play, 0)
            assert play.query_one("#amount", Input).password
            await pilot.press("7", "0", "0", "enter")
            await wait_for(pilot, lambda: "0" in play.match.state["bid"]["bids"], "Aiko's bid")
            slot, store = play.slot, app.store
            await curtain_then(pilot, play, 1)
        copies = store.copies(slot)
        assert [c.moves for c in copies] == [0]
        assert b"bid:700" not in copies[0].path.read_bytes()
        again = TokyoKiosk(bot_delay=0, seed=5, config=KioskConfig(idle_seconds=0))
        async with again.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert again.resume(slot) is None
            play = await table(pilot, again)
            assert play.match.to_act() == (0, 1), "Aiko bids again"
            await curtain_then(pilot, play, 0)
            await pilot.press("2", "0", "0", "enter")
            await wait_for(pilot, lambda: "0" in play.match.state["bid"]["bids"], "Aiko's new bid")
            await curtain_then(pilot, play, 1)
            await pilot.press("1", "0", "0", "enter")
            await wait_for(pilot, lambda: play.match.state["phase"] == "actions", "the reveal")
            assert play.match.state["pile"] == 300
            await pilot.pause()
        assert [c.moves for c in again.store.copies(slot)][0] == 2

    run()
