"""Tsukiji's rules declared, not inferred: what a market changes lives in its own module, the
phases apply their moves through one table each, and a refused key is read once, where keys
are written (games/tsukiji/moves.py), never split again by explain.py.

Lines are cited as 000:NNN (000_e98393ccc20da7fd.txt); the tests never read that file.
"""

from __future__ import annotations

import re
from pathlib import Path

from core.rng import Rng

from .test_tsukiji import tsukiji  # noqa: F401  (the fixture)
from .test_tsukiji_expansion_saves import ALL_IN, EXPANSION

GAME = Path(__file__).resolve().parent.parent / "games" / "tsukiji"

#: "himono" or 'himono' written as a word of its own: a name compared, looked up or stored
HIMONO = re.compile(r"""["']himono["']""")
#: the places outside markets/himono.py that may write it, and why: the market's registration
#: key in the tables of the game's markets (not a comparison)
HIMONO_ALLOWED = {
    "data.py": "EXPANSION_FISH = (",            # the expansion's fish markets, in their printed order
    "markets/__init__.py": '"himono": Himono',   # MARKETS: the module of each market
}


def test_himono_is_named_only_by_its_own_market(tsukiji):
    # What Himono changes (000:468-485: its licences told apart and their limits at sea, one
    # kind a ship, the catch laid on the licences, pairs turned into himono at the start of a
    # turn, barrels that never spoil, what lies on a seat's licences) is declared in
    # markets/himono.py; the phases, the saves, the reasons and the bot ask a market, never
    # this one by name.
    found = []
    for path in sorted(GAME.rglob("*.py")):
        where = path.relative_to(GAME).as_posix()
        if where == "markets/himono.py":
            continue
        for n, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
            if HIMONO.search(line) and not (where in HIMONO_ALLOWED and HIMONO_ALLOWED[where] in line):
                found.append(f"{where}:{n}: {line.strip()}")
    assert not found, "himono named outside markets/himono.py:\n" + "\n".join(found)


def test_the_markets_declare_what_they_change(tsukiji):
    m = tsukiji.rules.m
    # 000:432: himono never spoils (himono.toml's `spoils`); takoyaki neither (000:232-240)
    assert tsukiji.rules.never_spoil == {"takoyaki", "himono"}
    # 000:470: Himono licences are told apart; 000:468, 000:489: what another fish's licence catches
    assert [f for f in m if getattr(m[f], "numbered_licences", False)] == ["himono"]
    assert m["himono"].catches_with_licence == ("mackerel", "horse_mackerel", "sardines", "himono")
    assert m["horse_mackerel"].catches_with_licence == ("mackerel",)
    # what markets keep on a seat, in the save's order (000:474, 000:564)
    assert [mk.seat_field for mk in tsukiji.rules.seat_keepers] == ["himono", "buyers"]


def _games(game, moves=1200):
    """Expansion games (every market, every variant), position after position: the fishmonger
    bot's moves, a random one now and then, so that auctions, purchases and visits come."""
    from core.bots import make_bot
    bot = make_bot(game, "fishmonger")
    for seed in (3, 7):
        m = game.new(4, seed=seed, options=dict(EXPANSION, **ALL_IN))
        rng = Rng(seed, stream=9)
        for _ in range(moves):
            if m.over:
                break
            yield m
            seat = m.to_act()[rng.below(len(m.to_act()))]
            legal = m.legal(seat)
            if rng.below(4):
                m.play(seat, bot.choose(m.view(seat), legal, rng))
            else:
                plain = [a for a in legal if not a.takes]
                m.play(seat, plain[rng.below(len(plain))].key)


def test_every_move_is_applied_through_its_phase_table(tsukiji):
    from games.tsukiji.rules import PHASES
    from games.tsukiji.turn import FREE_MOVES
    rules = tsukiji.rules
    for table in [p.moves for p in PHASES.values()] + [FREE_MOVES]:
        assert all(callable(getattr(rules, how, None)) for how in table.values()), table
    seen = set()
    for m in _games(tsukiji):
        phase = PHASES[m.state.phase]
        for seat in m.to_act():
            for a in m.legal(seat):
                kind = a.data[0]
                declared = kind in phase.moves or (phase.free and kind in FREE_MOVES)
                assert declared or phase.other, (m.state.phase, a.key)
                seen.add((m.state.phase, kind if declared else "other"))
    assert {("fish", "catch"), ("fish", "dock"), ("main", "free"), ("market", "other"), ("bid", "bid")} <= seen


def test_a_key_is_read_where_keys_are_written(tsukiji):
    # moves.read gives back what the action carries (its data): the one grammar of the keys
    from games.tsukiji import moves
    checked = set()
    for m in _games(tsukiji):
        for seat in m.to_act():
            for a in m.legal(seat):
                said, d = moves.read(a.key), a.data
                assert said.kind == a.key.split(":")[0]
                if d[0] == "launch":
                    assert said.get("boat") == d[1]
                elif d[0] == "dock":
                    assert (said.get("boat"), said.get("berth"), said.get("abroad")) == (d[1], d[2], False)
                elif d[0] == "foreign" and d[1] != "auction":
                    assert (said.kind, said.get("boat"), said.get("abroad")) == ("dock", d[2], True)
                elif d[0] == "catch":
                    assert said.get("boat") == d[1]
                    assert [(p.tag, p.fish, p.n, p.use) for p in said.get("catch")] == list(d[2])
                elif d[0] == "purchase":
                    _, o, kind, row, col = d
                    assert (said.get("seat"), said.get("row"), said.get("col"), said.get("fish")) == (o, row, col, kind)
                elif d[0] == "enter":
                    _, mid, k, src = d
                    assert (said.get("market"), said.get("option")) == (mid, k + 1)
                    given = ":".join(x for x in (said.get("source"), said.get("source_fish")) if x)
                    assert given == ("" if src == "supply" else src)
                elif d[0] == "transfer":
                    assert said.get("ship") == d[1] and said.get("barge") in (None, d[2])
                elif d[0] == "free":
                    assert said.get("market") == d[1]
                else:
                    continue
                checked.add(d[0])
    assert {"launch", "dock", "catch", "purchase", "enter", "free"} <= checked, checked
    # explain.py works from what moves.read gives: it splits no key itself
    text = (GAME / "explain.py").read_text("utf-8")
    assert not re.search(r"\.(split|partition|rpartition|startswith|endswith)\(", text)
