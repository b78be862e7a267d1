"""Tokyo Jutaku's saved position checked by hand (games/building/lot_persist.py) and declared
with msgspec (bench/saved_trial.py): lines of checking code, time, and the refusals' words.

    python bench/bench_saved_state.py [--reps 2000] [--edits 20000]

1. Lines of checking code: lines that are code (no blank lines, comments or docstrings) of
   each function, today's and the declaration's, the latter split into the declaration,
   the cross-field invariants that stay hand-written, and the glue.
2. Time to check a position (best of 5 runs of `--reps` calls, per call), on the states of
   the saves in tests/fixtures/saves: today's check_state, the msgspec path (check_saved) and
   its parts (the deep copy both make, msgspec.convert, the invariants); then decoding the
   state's msgpack bytes straight into the declared type (msgspec.msgpack.decode: what a
   save reader built on msgspec could do) against msgpack.unpackb + check_state; a whole
   core.saves.load both ways; building the declared type once (the first load of a game
   and player count); and saving: core.saves.dump_match, msgpack.packb of the state and
   msgspec's encoder.
3. The words of each path for hostile edits of a real position (the ValueError that
   core.saves wraps as "the saved position is not valid: ...").
4. Agreement on `--edits` random edits of the fixtures' positions (one or two values set to
   a random value of a hostile list, or removed): accepted or refused by each path, and
   which refusals are not a ValueError (core.saves still refuses those, with Python's words).

A script that prints figures, never a timed test.
"""

from __future__ import annotations

import argparse
import ast
import io
import math
import sys
import time
import timeit
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import msgpack  # noqa: E402
import msgspec  # noqa: E402

from bench import saved_trial as saved  # noqa: E402
from core import checks, games, saves  # noqa: E402
from core.payload import copy_plain  # noqa: E402
from games.bottle_bonus import persist as drinks  # noqa: E402
from games.building import lot_persist as persist  # noqa: E402
from games.building.lots import LotRounds  # noqa: E402
from physics import placement  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "saves"
TIMED = ("jutaku-2p-build", "jutaku-4p-move", "jutaku-3p-over", "bottle_bonus-4p-build")
HOSTILE_BASE = "jutaku-2p-build"


# ---- 1. lines -----------------------------------------------------------------------------

def code_lines(path: Path, names: list[str]) -> dict[str, int]:
    """Lines holding code (not blank, not only a comment, not a docstring) of each top-level
    function, class or assignment in `names`."""
    text = path.read_text()
    tree = ast.parse(text)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.Module)) and node.body \
                and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant) \
                and isinstance(node.body[0].value.value, str):
            docstrings.update(range(node.body[0].lineno, node.body[0].end_lineno + 1))
    code = set()
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                            tokenize.DEDENT, tokenize.ENDMARKER):
            code.update(range(tok.start[0], tok.end[0] + 1))
    code -= docstrings
    out = {}
    for node in tree.body:
        name = getattr(node, "name", None)
        if name is None and isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
        if name in names:
            out[name] = len(code & set(range(node.lineno, node.end_lineno + 1)))
    missing = set(names) - set(out)
    assert not missing, f"{path.name} has no {sorted(missing)}"
    return out


#: the parts of each way of checking: (what, module, names); the hand checks' helpers have
#: lived in core.checks since the games share them
TODAY = [("helpers (core/checks.py)", checks, ["need", "whole", "number", "listed"]),
         ("check_state", persist, ["check_state"]),
         ("check_placed (physics/placement.py)", placement, ["check_placed"]),
         ("check_drinks (games/bottle_bonus)", drinks, ["check_drinks"])]
DECLARED = [("declaration", saved, ["saved_type", "_declare"]),
            ("cross-field invariants", saved, ["_invariants", "_drinks", "_need"]),
            ("glue (older saves, messages, entry)", saved, ["BadPosition", "check_saved", "_older", "_seconds",
                                                          "_refusal"])]


def lines() -> None:
    print("1. Lines of checking code (code lines only)")
    for way, parts in (("today  ", TODAY), ("msgspec", DECLARED)):
        total = 0
        for part, module, names in parts:
            n = sum(code_lines(Path(module.__file__), names).values())
            total += n
            print(f"   {way}  {part:<48} {n:4d}")
        print(f"   {way}  total {total:>47d}")


# ---- 2. time ------------------------------------------------------------------------------

def fixture(name: str):
    data = (FIXTURES / f"{name}.save").read_bytes()
    doc = saves.read_document(data)
    game = games.load(doc["game"])
    return data, doc, game


def per_call(fn, reps: int) -> float:
    """Microseconds a call, best of 5 runs of `reps` calls."""
    return min(timeit.repeat(fn, number=reps, repeat=5)) / reps * 1e6


def with_msgspec_restore():
    """The lot rounds' restore (Jutaku's, Bottle Bonus's) switched to check_saved for the
    length of a `with`."""
    class Switched:
        def __enter__(self):
            self.old = LotRounds.restore
            LotRounds.restore = lambda rules, d, n, o: saved.check_saved(rules, d, n, o)

        def __exit__(self, *exc):
            LotRounds.restore = self.old
    return Switched()


def check_row(name: str, reps: int) -> str:
    _, doc, game = fixture(name)
    rules, state = game.rules, doc["state"]
    n, options = doc["log"]["players"], doc["log"]["options"]
    assert persist.check_state(rules, state, n, options) == saved.check_saved(rules, state, n, options)
    kind = saved.saved_type(rules, n)
    plain = copy_plain(state)
    row = (per_call(lambda: persist.check_state(rules, state, n, options), reps),
           per_call(lambda: saved.check_saved(rules, state, n, options), reps),
           per_call(lambda: copy_plain(state), reps),
           per_call(lambda: msgspec.convert(plain, kind), reps),
           per_call(lambda: saved._invariants(rules, plain, n), reps))
    return (f"   {name:>22} {n:>10} {state['phase']:>10} {len(msgpack.packb(state)):>10,} "
            + " ".join(f"{v:10.1f}" for v in row))


def bytes_row(name: str, reps: int) -> str:
    _, doc, game = fixture(name)
    rules, n, options = game.rules, doc["log"]["players"], doc["log"]["options"]
    packed = msgpack.packb(doc["state"], use_bin_type=True)
    kind = saved.saved_type(rules, n)
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(msgspec.msgpack.decode(packed, type=kind))) \
        == doc["state"]

    def decoded_and_checked():
        obj = msgspec.msgpack.decode(packed, type=kind)
        saved._invariants(rules, msgspec.to_builtins(obj), n)

    row = (per_call(lambda: persist.check_state(rules, msgpack.unpackb(packed, raw=False), n, options), reps),
           per_call(lambda: saved.check_saved(rules, msgpack.unpackb(packed, raw=False), n, options), reps),
           per_call(lambda: msgspec.msgpack.decode(packed, type=kind), reps),
           per_call(decoded_and_checked, reps))
    return f"   {name:>22} {row[0]:14.1f} {row[1]:16.1f} {row[2]:15.1f} {row[3]:18.1f}"


def load_row(name: str, reps: int) -> str:
    data, _, _ = fixture(name)
    today = per_call(lambda: saves.load(data), reps) / 1000
    with with_msgspec_restore():
        declared = per_call(lambda: saves.load(data), reps) / 1000
    return f"   {name:>22} today {today:7.2f}   msgspec {declared:7.2f}"


def save_row(name: str, reps: int) -> str:
    data, doc, game = fixture(name)
    match = saves.load(data)
    state = doc["state"]
    obj = msgspec.convert(state, saved.saved_type(game.rules, doc["log"]["players"]))
    same = msgspec.msgpack.encode(state) == msgpack.packb(state, use_bin_type=True)
    row = (per_call(lambda: saves.dump_match(match), reps),
           per_call(lambda: msgpack.packb(match.state, use_bin_type=True), reps),
           per_call(lambda: msgspec.msgpack.encode(match.state), reps),
           per_call(lambda: msgspec.msgpack.encode(obj), reps))
    return (f"   {name:>22} dump_match {row[0]:6.1f}   msgpack.packb(state) {row[1]:5.1f}   "
            f"msgspec.encode(state) {row[2]:5.1f}   msgspec.encode(Struct) {row[3]:5.1f}   "
            f"same bytes as msgpack: {'yes' if same else 'no'}")


def timings(reps: int) -> None:
    print(f"\n2. Time per call, µs (best of 5 x {reps:,})")
    head = ("state", "players", "phase", "bytes", "today", "msgspec", "copy", "convert", "invariants")
    print("   " + " ".join(f"{h:>22}" if i == 0 else f"{h:>10}" for i, h in enumerate(head)))
    for name in TIMED:
        print(check_row(name, reps))

    print("\n   From the state's msgpack bytes, µs:")
    print(f"   {'state':>22} {'unpackb+today':>14} {'unpackb+msgspec':>16} {'msgspec.decode':>15}"
          f" {'decode+invariants':>18}")
    for name in TIMED:
        print(bytes_row(name, reps))

    print("\n   A whole core.saves.load of the file (Jutaku replays its log to check it), ms:")
    for name in TIMED:
        print(load_row(name, max(reps // 100, 5)))

    _, _, game = fixture("jutaku-4p-move")
    build = []
    for _ in range(20):
        saved._declare.cache_clear()
        saved._DECLARED.clear()
        start = time.perf_counter()
        saved.saved_type(game.rules, 4)
        build.append(time.perf_counter() - start)
    print(f"\n   Building the declared type (the first check of a game and player count; cached "
          f"after): {min(build) * 1000:.2f} ms")

    print("\n   Saving, µs:")
    for name in TIMED:
        print(save_row(name, reps))


# ---- 3. words -----------------------------------------------------------------------------

def _first_piece(s, seat=0):
    return s["built"][seat][0]


HOSTILE = [
    ("wrong type: round is text", lambda s: s.update(round="3")),
    ("negative number: a clock at -5 s (the state holds no yen)", lambda s: s["clock"].__setitem__(1, -5.0)),
    ("unknown field at the top", lambda s: s.update(cheat=1)),
    ("unknown field in a placed piece", lambda s: _first_piece(s).update(glue=True)),
    ("missing field: no supply", lambda s: s.pop("supply")),
    ("huge list: 20,000 Stop! calls", lambda s: (s["tries"].__setitem__(0, [1.0] * 20_000),
                                                 s["clock"].__setitem__(0, 1.0))),
    ("NaN: a piece's x", lambda s: _first_piece(s).update(x=math.nan)),
    ("nested wrong type: flip is text", lambda s: _first_piece(s, 1).update(flip="yes")),
    ("out-of-range floor: 99", lambda s: _first_piece(s).update(floor=99)),
    ("unknown lot card in a hand", lambda s: s["hand"].__setitem__(0, "roppongi-9")),
    ("seat out of range: first is seat 8 of 2", lambda s: s.update(first=7)),
    ("a per-seat list one short", lambda s: s["side"].pop()),
    ("cross-field: a built piece also in the supply", lambda s: s["supply"].insert(0, _first_piece(s)["piece"])),
]


def refusals(state, rules, n, options) -> list[tuple[str, str, str]]:
    """(edit, today's words, msgspec path's words) for each hostile edit of `state`."""
    out = []
    for what, edit in HOSTILE:
        words = []
        for check in (persist.check_state, saved.check_saved):
            s = copy_plain(state)
            edit(s)
            try:
                check(rules, s, n, options)
                words.append("ACCEPTED")
            except ValueError as e:
                words.append(str(e))
        out.append((what, *words))
    return out


def words() -> None:
    _, doc, game = fixture(HOSTILE_BASE)
    print(f"\n3. Refusals of hostile edits of {HOSTILE_BASE}'s position "
          "(core.saves says: the saved position is not valid: <words>)")
    for what, today, declared in refusals(doc["state"], game.rules, doc["log"]["players"], doc["log"]["options"]):
        print(f"   {what}\n      today:   {today}\n      msgspec: {declared}")


# ---- 4. agreement -------------------------------------------------------------------------

GONE = object()
EDIT_VALUES = [0, 1, -1, 2, 7, 99, 10**6, 0.5, -0.5, 3600.5, math.nan, math.inf, True, False, None, "", "x",
               "front", "back", "cube-20-1", "ikebukuro-1", "build", "black", [], [0], [None], [0, 0], {},
               {"a": 1}, GONE]


def _paths(value, path=()):
    if path:
        yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


def _edit(s, path, value) -> None:
    for k in path[:-1]:
        s = s[k]
    if value is GONE:
        s.pop(path[-1])
    else:
        s[path[-1]] = copy_plain(value) if isinstance(value, (list, dict)) else value


def _outcome(check, rules, s, n, options) -> str:
    try:
        check(rules, s, n, options)
        return "accepted"
    except ValueError:
        return "refused"
    except Exception as e:  # noqa: BLE001 - the point is to see which
        return f"refused ({type(e).__name__})"


def agreement(edits: int, seed: int = 1) -> None:
    import collections
    import random
    rng = random.Random(seed)
    docs = [fixture(p.stem)[1:] for p in sorted(FIXTURES.glob("*.save"))]
    seen, examples, fields = collections.Counter(), {}, collections.defaultdict(set)
    for _ in range(edits):
        doc, game = rng.choice(docs)
        s, edited = copy_plain(doc["state"]), []
        for _ in range(rng.choice((1, 1, 2))):
            path, value = rng.choice(list(_paths(s))), rng.choice(EDIT_VALUES)
            _edit(s, path, value)
            edited.append(path)
        n, options = doc["log"]["players"], doc["log"]["options"]
        got = tuple(_outcome(check, game.rules, s, n, options) for check in (persist.check_state, saved.check_saved))
        seen[got] += 1
        if got[0] != got[1]:
            examples.setdefault(got, (game.name, path, "removed" if value is GONE else value))
            fields[got].add("+".join(sorted({str(p[0]) for p in edited})))
    print(f"\n4. {edits:,} random edits of the fixtures' positions (today, msgspec):")
    for got, count in seen.most_common():
        example = f"   e.g. {examples[got][0]} {'.'.join(map(str, examples[got][1]))} = {examples[got][2]!r}" \
            f" (fields edited: {', '.join(sorted(fields[got]))})" if got in examples else ""
        print(f"   {got[0]:>22}  {got[1]:>10}  {count:6,}{example}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=2000)
    ap.add_argument("--edits", type=int, default=20_000)
    args = ap.parse_args(argv)
    print(f"msgspec {msgspec.__version__}, msgpack {'.'.join(map(str, msgpack.version))}, "
          f"Python {sys.version.split()[0]}")
    lines()
    timings(args.reps)
    words()
    agreement(args.edits)


if __name__ == "__main__":
    main()
