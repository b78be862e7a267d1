"""Tokyo Jutaku figures: the computer architects on the real lot cards, and all-computer games.

    python bench/bench_jutaku.py [--cards 200] [--games 100] [--seed 0] [--share 40]
                                 [--levels master,architect,apprentice,master]

1. Each level (games/building/planner.py LEVELS) over `--cards` cards drawn from the real
   deck (rules.deck: the 36 lot cards of assets/jutaku_lots.toml, front or back side, each
   draw a random card and side from core.rng.Rng(seed)), once with the full supply of 69
   pieces and once with a random `--share` of them (0 skips it). Every plan returned is
   re-verified here, independently of the planner: the rule check, the stability verdict,
   the pieces in the supply, and each placement acceptable when it is placed (what the
   rules check of a placement). Any failure is a BUG, printed loudly: a computer
   architect's Stop! must never fail. Per level: success rate (front and back apart),
   mean and median build seconds, planning ms per card.
2. A 4-player all-computer Tokyo Jutaku game (`--levels`, one level a seat) on `--games`
   seeds: every game must end by the rules (a fourth lot complete, 004:60); every Stop!
   a computer calls must pass. How many ended, mean rounds and moves, wins per level,
   wall time per game, and every seed that did not end.
3. The same for Bottle Bonus on `--games // 4` seeds, and Countdown with the same levels
   on `--games // 4` seeds: mean floors of the tallest tower, pieces scored per level.

A script that prints figures, never a timed test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core import games  # noqa: E402
from core.bots import make_bot  # noqa: E402
from core.rng import Rng  # noqa: E402
from core.simulate import MAX_MOVES, game_seed  # noqa: E402
from core.session import Session  # noqa: E402
from games.building import planner as A  # noqa: E402
from physics.building import R_OVERLAP, R_RESTS, Building  # noqa: E402
from physics.stability import settle  # noqa: E402

SIDES = ("front", "back")


def mean(xs) -> float:
    return statistics.fmean(xs) if xs else float("nan")


def median(xs) -> float:
    return statistics.median(xs) if xs else float("nan")


# ---- 1. the architects on the real cards -----------------------------------------------

def draw_cards(rules, count: int, seed: int) -> list[tuple]:
    """`count` draws from the real deck: (card, side name, side), a random card and side each."""
    deck = list(rules.deck.cards.values())
    rng = Rng(seed, stream=35)
    out = []
    for _ in range(count):
        card = deck[rng.below(len(deck))]
        side = SIDES[rng.below(2)]
        out.append((card, side, card.back if side == "back" else card.front))
    return out


def possible(lot, cat, ids) -> bool:
    """Not ruled out by a relaxed bound (as in bench_architect.py): the pieces of the
    fullest floor of the most even split, at their narrowest, fit in the widest outline."""
    narrow = sorted(min((s.w for s in A._shapes(cat, pid)), default=1e9) for pid in ids)
    share = -(-lot.pieces // lot.floors)
    return len(ids) >= lot.pieces and sum(narrow[:share]) <= max(b - a for a, b in lot.outlines) + 1e-6


def check_plan(lot, plan, supply, cat) -> list[str]:
    """Everything wrong with a returned plan, checked here without the planner's code."""
    wrong = []
    if not 0 <= plan.outline < len(lot.outlines):
        return [f"outline {plan.outline} is not one of the card's {len(lot.outlines)}"]
    ids = [p.piece for p in plan.placements]
    if len(set(ids)) != len(ids):
        wrong.append("a piece is used twice")
    if not set(ids) <= set(supply):
        wrong.append(f"pieces not in the supply: {sorted(set(ids) - set(supply))}")
    if wrong:
        return wrong
    try:
        b = Building(lot, plan.outline, list(plan.placements), pieces=cat)
        problems = b.check()
        if problems:
            wrong.append("rule check: " + "; ".join(v.message for v in problems))
        else:
            verdict = settle(Building(lot, plan.outline, list(plan.placements), pieces=cat))
            if verdict.stands is not True:
                wrong.append(f"does not stand ({verdict.stands!r}): {verdict.summary()}")
        # Placed one by one as the bot does: each placement as the rules accept it
        # (games/building/placing.py lies: no overlap, resting on the lot or the floor below).
        prefix = Building(lot, plan.outline, pieces=cat)
        for p in plan.placements:
            i = prefix.place(p)
            bad = [v for v in prefix.check(complete=False) if v.rule in (R_OVERLAP, R_RESTS) and i in v.pieces]
            if bad:
                wrong.append(f"placement {i + 1} ({p.piece}) would be refused: {bad[0].message}")
                break
    except ValueError as e:
        wrong.append(f"the building cannot even be made: {e}")
    return wrong


def bench_cards(args, rules, share: int | None) -> int:
    cat = rules.pieces
    ids = cat.ids()
    drawn = draw_cards(rules, args.cards, args.seed)
    supplies = []
    for k in range(args.cards):
        supply = list(ids)
        if share:
            Rng(args.seed * 100_003 + k, stream=32).shuffle(supply)
            supply = supply[:share]
        supplies.append(supply)
    lots = [side.lot() for _, _, side in drawn]
    can = sum(possible(lot, cat, s) for lot, s in zip(lots, supplies))
    per_side = Counter(name for _, name, _ in drawn)
    title = f"full supply ({len(ids)} pieces)" if not share else f"shared supply ({share} of {len(ids)} pieces)"
    print(f"\nreal lot cards, {title}: {args.cards} draws ({per_side['front']} fronts, "
          f"{per_side['back']} backs) of {len({c.id for c, _, _ in drawn})} distinct cards; "
          f"{can} not ruled out by the relaxed bound")
    print(f"{'level':<11} {'found':>6} {'rate':>6} {'front':>6} {'back':>6} {'mean s':>7} {'median s':>8} "
          f"{'plan ms/card':>12} {'max ms':>7} {'BUGS':>5}")
    bugs = 0
    for name, level in A.LEVELS.items():
        found, seconds, walls, level_bugs = 0, [], [], 0
        side_found = Counter()
        for k, ((card, side_name, _), lot, supply) in enumerate(zip(drawn, lots, supplies)):
            t = time.perf_counter()
            p = A.plan(lot, supply, level, Rng(args.seed * 100_003 + k, stream=33), cat)
            walls.append(time.perf_counter() - t)
            if p is None:
                continue
            wrong = check_plan(lot, p, supply, cat)
            if wrong:
                level_bugs += 1
                print(f"!!! BUG: {name} planned {card.id} ({side_name}, draw {k}, "
                      f"{'full' if not share else share} supply) and the plan fails: {'; '.join(wrong)}")
                continue
            found += 1
            side_found[side_name] += 1
            seconds.append(p.seconds)
        rate_f = side_found["front"] / per_side["front"] if per_side["front"] else float("nan")
        rate_b = side_found["back"] / per_side["back"] if per_side["back"] else float("nan")
        print(f"{name:<11} {found:>6} {found / len(lots):>6.1%} {rate_f:>6.1%} {rate_b:>6.1%} "
              f"{mean(seconds):>7.1f} {median(seconds):>8.1f} {mean(walls) * 1000:>12.1f} "
              f"{max(walls) * 1000:>7.0f} {level_bugs:>5}")
        bugs += level_bugs
    return bugs


# ---- 2, 3. all-computer games ------------------------------------------------------------

def play_checked(game, players: int, seed: int, bots: list, max_moves: int = MAX_MOVES):
    """core.simulate.play_one's game, driven by the session as it is (same seeds, same bot
    streams, everyone building at once by time), also checking every Stop! a bot calls:
    (match, moves, stops, failed stops [(move number, seat, verdict)], seconds)."""
    t = time.perf_counter()
    match = game.new(players, seed=seed)
    session = Session.of_computers(match, bots)
    count = {"moves": 0, "stops": 0}
    failed = []

    def heard(events):
        count["moves"] += 1
        for e in events:
            if e.kind in ("stop", "stop_failed"):
                count["stops"] += 1
                verdict = match.state["verdicts"][e.seat]
                if not (verdict and verdict["passes"] is True):
                    failed.append((count["moves"], e.seat, verdict))

    session.listeners.append(heard)
    moves = session.run(limit=max_moves)
    return match, moves, count["stops"], failed, time.perf_counter() - t


def bench_lot_games(args, name: str, count: int, levels: list[str]) -> int:
    game = games.load(name)
    players = len(levels)
    ended, rounds, moves, walls, not_ended = 0, [], [], [], []
    wins_level, wins_seat = Counter(), Counter()
    stops, give_ups, bugs = 0, 0, 0
    for i in range(count):
        seed = game_seed(args.seed, i)
        bots = [make_bot(game, lv) for lv in levels]
        m, n, st, failed, wall = play_checked(game, players, seed, bots)
        stops += st
        give_ups += sum(1 for mv in m.log.moves if mv[1] == "give_up")
        for move_no, seat, verdict in failed:
            bugs += 1
            print(f"!!! BUG: {game.info.title} seed {seed}: seat {seat + 1} ({levels[seat]}) called Stop! "
                  f"at move {move_no} and it failed: {verdict}")
        walls.append(wall)
        moves.append(n)
        s = m.state
        ok = m.over and "fourth lot" in s["reason"] and any(len(w) >= 4 for w in s["won"])
        if not ok:
            not_ended.append(seed)
            print(f"!!! {game.info.title} seed {seed} did not end by the rules: over={m.over}, "
                  f"reason={s['reason']!r}, lots won {[len(w) for w in s['won']]}, round {s['round']}, "
                  f"{n} moves")
            continue
        ended += 1
        rounds.append(s["round"])
        for w in m.result().winners:
            wins_level[levels[w]] += 1
            wins_seat[w] += 1
    print(f"\n{game.info.title}, {players} computer players ({', '.join(levels)}), {count} seeds "
          f"(game_seed({args.seed}, 0..{count - 1}))")
    print(f"  ended by the rules (a fourth lot, 004:60): {ended} of {count}")
    print(f"  mean rounds {mean(rounds):.2f} (min {min(rounds, default=0)}, max {max(rounds, default=0)}); "
          f"mean moves {mean(moves):.1f}")
    print(f"  wall time per game: mean {mean(walls):.2f} s, median {median(walls):.2f} s, "
          f"max {max(walls, default=0):.2f} s")
    seats_of = defaultdict(int)
    for lv in levels:
        seats_of[lv] += 1
    words = ", ".join(f"{lv} {wins_level[lv]} ({seats_of[lv]} seat{'s' if seats_of[lv] > 1 else ''})"
                      for lv in dict.fromkeys(levels))
    print(f"  wins per level (ties share): {words}")
    print("  wins per seat: " + ", ".join(f"{k + 1} {lv} {wins_seat[k]}" for k, lv in enumerate(levels)))
    print(f"  computer Stop! calls {stops}, failed {bugs}{'  <-- BUG' if bugs else ''}; give-ups {give_ups}")
    if not_ended:
        print(f"  !!! seeds that did not end: {not_ended}")
    return bugs + len(not_ended)


def bench_countdown(args, count: int, levels: list[str]) -> int:
    game = games.load("countdown")
    players = len(levels)
    tallest, walls, moves, not_ended = [], [], [], []
    pieces, floors, falls = defaultdict(list), defaultdict(list), Counter()
    wins_level = Counter()
    for i in range(count):
        seed = game_seed(args.seed, i)
        bots = [make_bot(game, lv) for lv in levels]
        m, n, _, _, wall = play_checked(game, players, seed, bots)
        walls.append(wall)
        moves.append(n)
        if not m.over:
            not_ended.append(seed)
            print(f"!!! Countdown seed {seed} did not end: round {m.state['round']}, {n} moves")
            continue
        res = m.result()
        for k, row in enumerate(res.breakdown):
            pieces[levels[k]].append(row["pieces"])
            floors[levels[k]].append(row["floors"])
        tallest.append(max(row["floors"] for row in res.breakdown))
        for w in res.winners:
            wins_level[levels[w]] += 1
        # A computer tower that falls: the planner settles every piece it adds, so never.
        for k, v in enumerate(m.state["verdicts"]):
            if v is not None and v.get("stands") is False:
                falls[levels[k]] += 1
                print(f"!!! BUG: Countdown seed {seed}: seat {k + 1} ({levels[k]})'s tower fell in round "
                      f"{v['round']}")
    print(f"\nCountdown, {players} computer players ({', '.join(levels)}), {count} seeds")
    print(f"  ended (every builder out, 004:75): {count - len(not_ended)} of {count}; mean moves {mean(moves):.1f}; "
          f"wall time per game mean {mean(walls):.2f} s, max {max(walls, default=0):.2f} s")
    print(f"  tallest tower: mean {mean(tallest):.2f} floors (min {min(tallest, default=0)}, "
          f"max {max(tallest, default=0)})")
    print(f"  {'level':<11} {'seats':>5} {'pieces':>7} {'floors':>7} {'wins':>5} {'falls':>6}")
    for lv in dict.fromkeys(levels):
        seats = levels.count(lv)
        print(f"  {lv:<11} {seats:>5} {mean(pieces[lv]):>7.2f} {mean(floors[lv]):>7.2f} {wins_level[lv]:>5} "
              f"{falls[lv]:>6}")
    if not_ended:
        print(f"  !!! seeds that did not end: {not_ended}")
    return len(not_ended) + sum(falls.values())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=200, help="lot card draws per level (0: none)")
    ap.add_argument("--games", type=int, default=100, help="all-computer Jutaku games (Bottle Bonus and "
                                                            "Countdown: a quarter as many; 0: none)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--share", type=int, default=40, help="pieces in the shared-supply run (0: none)")
    ap.add_argument("--levels", default="master,architect,apprentice,master",
                    help="one computer level a seat, comma-separated")
    args = ap.parse_args(argv)
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    unknown = [lv for lv in levels if lv not in A.LEVELS]
    if unknown or not 2 <= len(levels) <= 8:
        ap.error(f"--levels: 2 to 8 of {', '.join(A.LEVELS)}; not {args.levels!r}")
    rules = games.load("jutaku").rules
    started = time.perf_counter()
    print("levels:")
    for name, lv in A.LEVELS.items():
        print(f"  {name:<11} tries {lv.tries:>3}  kinds {', '.join(lv.kinds)}; "
              f"{lv.seconds_base:g} s + {lv.seconds_per_piece:g} s/piece + {lv.seconds_per_floor:g} s/floor, "
              f"±{lv.spread:.0%}")
    problems = 0
    if args.cards:
        problems += bench_cards(args, rules, None)
        if args.share:
            problems += bench_cards(args, rules, args.share)
    if args.games:
        problems += bench_lot_games(args, "jutaku", args.games, levels)
        if args.games // 4:
            problems += bench_lot_games(args, "bottle_bonus", args.games // 4, levels)
            problems += bench_countdown(args, args.games // 4, levels)
    print(f"\n{'!!! ' + str(problems) + ' PROBLEM(S) above' if problems else 'no bugs found'}; "
          f"{time.perf_counter() - started:.0f} s in all")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
