"""The generic random-play check every game plugin must pass.

It plays a random game and, along the way, checks what the contract promises:
conserved quantities stay conserved, every yen moves as the rules say (below), legal keys
are unique, an illegal move changes nothing (the saved bytes are identical), a save
loaded at a random point goes on exactly as the original, no seat's view shows what that seat may not know, and a move taken back
(Match.undo, where allowed) leaves exactly the position before it.
Plugin authors call `check_random_play` from their own tests (see docs/plugins.md).

Yen. A sum of balances that include a bank whose balance is minus what it paid out is
zero whatever the moves pay, so it is no check. A game with yen lists in `conserved()`
every place yen may lie, one `"yen:<account>"` entry each (every seat, every card or pile
that holds yen, and the general supply as `"yen:supply"`; core.yen.counted), beside its
piece counts, which must never change. Then, after every move:
- no account but an unlimited general supply is below zero;
- if the rulebook fixes the money supply (the yen in the box), `conserved()["yen"]` is
  that amount, taken from the rule data, and the accounts (the supply's included, never
  below zero) add up to it; otherwise the supply never runs out, the accounts add up to 0
  (the supply's balance being minus what it paid out), and the game must say what each
  move pays:
- `rules.payments_due(before, after, seat, action, events)` lists the payments the rules
  call for (core.yen.Payment: payer, payee, amount, rule), computed from the rule data
  and the position before the move (`before`, as `rules.dump` gives it), reading `after`
  (the same, after the move) and `events` only for what chance decided (a drink that
  stuck, goods that fell); every account must change by exactly those payments. A move that pays ¥100 too much fails here. A game with a fixed
  box may give it too, and should: the box's sum does not see a wrong amount paid.
`play_counted` checks one move of a rule test the same way.
"""

from __future__ import annotations

from . import saves
from .errors import IllegalMove
from .game import Move
from .rng import Rng
from .yen import SUPPLY, Payment, net
from .yen import accounts as yen_accounts
from .yen import pieces as piece_counts

BOGUS_KEYS = ("", "no such action", "pass:0:0", "\x00", "buy:99:ZZ:1", "sell:nothing:", "crate:-1")


class ContractBroken(AssertionError):
    pass


def _fingerprint(match) -> tuple:
    """What a save of the match holds, for telling whether anything changed: the state as
    the game dumps it, the random generator and the move log. Cheaper than the save itself
    (one packing, no checksums, the log's entries not copied: a logged move is a tuple of
    plain data nothing changes once it is written), and equal exactly when the saves are."""
    return (saves.msgpack.packb(match.rules.dump(match.state), use_bin_type=True), match.rng.dump(),
            list(match.log.moves))


def _fail(game, seed, players, step, what):
    raise ContractBroken(f"{game.name}, {players} players, seed {seed}, move {step}: {what}")


def check_random_play(game, players: int, seed: int, *, options: dict | None = None,
                      max_moves: int = 20_000, checks_every: int = 7, choose=None) -> dict:
    """Play one random game with every check; returns the moves, the result and the match.

    `choose(match, seat, actions, rng)` picks the moves instead of uniform chance, e.g. to
    let a bot steer the game into positions random play rarely reaches.
    """
    options = {**game.rules.random_play_options, **(options or {})}
    match = game.new(players, seed=seed, options=options)
    rules = game.rules
    chooser = Rng(seed, stream=77)
    start = rules.conserved(match.state)
    ledger = _ledger(game, start, seed, players)
    resume_at = chooser.below(60) + 1
    twin = None
    step = 0
    while not match.over:
        if step >= max_moves:
            _fail(game, seed, players, step, f"no end after {max_moves} moves")
        waiting = match.to_act()
        if not waiting:
            _fail(game, seed, players, step, "not over, yet nobody is to act")
        seat = waiting[chooser.below(len(waiting))]
        actions = rules.legal(match.state, seat)
        keys = [a.key for a in actions]
        if not actions:
            _fail(game, seed, players, step, f"seat {seat} is to act but has no legal action")
        if len(set(keys)) != len(keys):
            dup = sorted({k for k in keys if keys.count(k) > 1})[:3]
            _fail(game, seed, players, step, f"legal keys repeat: {dup}")
        # the match's own list of this seat's moves, as Match._legal_map would compute it
        # again from the same position: the move played below need not ask the game twice
        match._legal_cache = (len(match.log.moves), seat, {a.key: a for a in actions})
        if step % checks_every == 0:
            _check_illegal(game, match, seat, set(keys), seed, players, step, chooser)
            _check_views(game, match, seed, players, step, chooser)
        if step == resume_at:
            twin = saves.load(match.save())
            for again in match.log.moves[len(twin.log.moves):]:  # a sealed round a save leaves out
                twin.play(*again)
        if choose is None:
            move = _sample(rules, match, seat, actions[chooser.below(len(actions))], chooser)
        else:
            move = choose(match, seat, actions, chooser)
        move = move if isinstance(move, Move) else Move(move.key)
        undo_here = step % (3 * checks_every) == 0
        before = _fingerprint(match) if undo_here or move.payload is not None else None
        was = rules.dump(match.state) if ledger and ledger.due else None
        try:
            events = match.play(seat, move)
        except IllegalMove:
            if move.payload is None:
                raise
            if _fingerprint(match) != before:
                _fail(game, seed, players, step, f"refused data for {move.key!r} changed the match")
            plain = [a for a in actions if not a.takes]
            if not plain:
                _fail(game, seed, players, step, "every legal action takes data, and the data was refused")
            move = Move(plain[chooser.below(len(plain))].key)
            events = match.play(seat, move)
        if undo_here:
            _check_undo(game, match, seat, move, before, seed, players, step)
        if twin is not None:
            twin.play(seat, move)
        now = rules.conserved(match.state)
        kept, held = piece_counts(start), piece_counts(now)
        if held != kept:
            diff = {k: (kept.get(k), held.get(k)) for k in set(kept) | set(held) if kept.get(k) != held.get(k)}
            _fail(game, seed, players, step, f"not conserved: {diff}")
        if ledger:
            wrong = ledger.check(now, was, match, seat, next(a for a in actions if a.key == move.key),
                                 move.payload, events)
            if wrong:
                _fail(game, seed, players, step, f"{move.key!r}: {wrong}")
        step += 1
    if twin is not None and twin.save() != match.save():
        _fail(game, seed, players, step, "a match loaded from a save went on differently")
    again = saves.load(match.save())
    if again.save() != match.save():
        _fail(game, seed, players, step, "save → load → save changed the bytes")
    replayed = game.replay(match.log.dump())
    if rules.dump(replayed.state) != rules.dump(match.state):
        _fail(game, seed, players, step, "replaying the move log did not rebuild the match")
    result = match.result()
    if len(result.final_yen) != players or sorted(s for g in result.ranking for s in g) != list(range(players)):
        _fail(game, seed, players, step, "the result does not rank every seat once")
    return {"moves": step, "result": result, "match": match}


class _Ledger:
    """The yen of one random game: where they may lie, and what each move must pay."""

    def __init__(self, rules, box: int | None, counted: dict[str, int]):
        self.rules = rules
        self.box = box                  # the yen in the box; None: the supply never runs out
        self.due = rules.payments_due
        self.last = counted             # the balances after the last move checked

    def where(self, counted: dict[str, int]) -> str | None:
        """What is wrong with where the yen lie now, if anything."""
        for account, yen in counted.items():
            if not isinstance(yen, int) or isinstance(yen, bool):
                return f"{account} holds {yen!r}, not whole yen"
            if yen < 0 and (account != SUPPLY or self.box is not None):
                return (f"{account} holds ¥{yen:,}: only a general supply that never runs out goes below "
                        "zero" + (" (this game's box holds a fixed amount)" if self.box is not None else ""))
        total = sum(counted.values())
        if self.box is None:
            if SUPPLY not in counted:
                return "the general supply is not listed among the places yen lie ('yen:supply')"
            if total != 0:
                return (f"the accounts add up to ¥{total:,}, not 0 (the supply's balance being minus what it "
                        "paid out): yen were made or lost")
        elif total != self.box:
            return f"the box holds ¥{self.box:,} and the table ¥{total:,}: yen were made or lost"
        return None

    def check(self, now: dict, before: dict | None, match, seat: int, action, payload, events) -> str | None:
        """What is wrong with the yen after a move (`before`: the position's dump before it)."""
        counted = yen_accounts(now)
        was, self.last = self.last, counted
        wrong = self.where(counted)
        if wrong or self.due is None:
            return wrong
        if payload is not None:
            action = _accepted(self.rules, before, match, seat, action, payload)
        due = self.due(before, self.rules.dump(match.state), seat, action, events)
        for p in due:
            if not isinstance(p, Payment):
                return f"payments_due gives {p!r}, not a core.yen.Payment"
            if not isinstance(p.amount, int) or isinstance(p.amount, bool) or p.amount < 0:
                return f"a payment of {p.amount!r} ({p.rule}): whole yen, not below zero"
            if not isinstance(p.rule, str) or not p.rule:
                return f"a payment of ¥{p.amount:,} from {p.payer} to {p.payee} names no rule"
            for account in (p.payer, p.payee):
                if account not in counted and account not in was:
                    return f"a payment names the account {account!r}, which conserved() does not list ({p.rule})"
        changed = {a: counted.get(a, 0) - was.get(a, 0) for a in set(counted) | set(was)}
        changed = {a: d for a, d in changed.items() if d}
        expected = {a: d for a, d in net(due).items() if d}
        if changed != expected:
            diff = {a: {"changed": changed.get(a, 0), "by the rules": expected.get(a, 0)}
                    for a in sorted(set(changed) | set(expected)) if changed.get(a, 0) != expected.get(a, 0)}
            said = "; ".join(f"{p.payer} pays {p.payee} ¥{p.amount:,} ({p.rule})" for p in due) or "no payment"
            return f"the yen moved otherwise than the rules say: {diff}; the rules: {said}"
        return None


def _ledger(game, start: dict, seed: int, players: int) -> _Ledger | None:
    """How this game's yen are counted (see the module's docstring); None: it has none (a bare
    sum of yen, which counts nothing, is refused)."""
    counted = yen_accounts(start)
    rules = game.rules
    if not counted:
        if "yen" in start:
            _fail(game, seed, players, 0, "conserved() gives a sum of yen, not where each yen lies: list every "
                  "account as 'yen:<account>' (core.yen.counted), the general supply's included")
        return None
    box = start.get("yen")
    if box is not None and (not isinstance(box, int) or isinstance(box, bool) or box < 0):
        _fail(game, seed, players, 0, f"conserved()['yen'], the yen in the box, is {box!r}")
    ledger = _Ledger(rules, box, counted)
    if box is None and ledger.due is None:
        _fail(game, seed, players, 0, "its general supply never runs out, so the yen cannot be counted without "
              "the payments each move must make: the rules need payments_due (core/testing.py)")
    wrong = ledger.where(counted)
    if wrong:
        _fail(game, seed, players, 0, f"at the start: {wrong}")
    return ledger


def play_counted(match, seat: int, key: str, data=None) -> list:
    """Play one move and check it as `check_random_play` does: no piece count of
    `conserved()` changes, and every yen lies where it may and moved exactly as the rules'
    `payments_due` say (ContractBroken otherwise). Returns the move's events."""
    rules = match.rules
    start = rules.conserved(match.state)
    ledger = _ledger(match.game, start, match.log.seed, match.players)
    action = next((a for a in match.legal(seat) if a.key == key), None)
    was = rules.dump(match.state) if ledger and ledger.due else None
    events = match.play(seat, key, data)
    now = rules.conserved(match.state)
    if piece_counts(now) != piece_counts(start):
        diff = {k: (start.get(k), now.get(k)) for k in set(piece_counts(start)) | set(piece_counts(now))
                if start.get(k) != now.get(k)}
        raise ContractBroken(f"{key!r}: not conserved: {diff}")
    if ledger:
        wrong = ledger.check(now, was, match, seat, action, data, events)
        if wrong:
            raise ContractBroken(f"{key!r}: {wrong}")
    return events


def _accepted(rules, dumped: dict, match, seat: int, action, payload):
    """The action as the game read its data (Match.play's way), on a copy of the position."""
    from .game import _canonical
    from .payload import Shape
    state = rules.restore(dumped, match.players, match.options)
    payload = _canonical(action, payload)
    if isinstance(action.takes, Shape):
        payload = action.takes.read(payload)
    return rules.accept(state, seat, action, payload)


def _sample(rules, match, seat, action, chooser) -> Move:
    if not action.takes:
        return Move(action.key)
    return Move(action.key, rules.sample_payload(match.view(seat), action, chooser))


#: data no game may accept: not plain, not finite, too deep, too big
HOSTILE_DATA = (float("nan"), {"x": float("inf")}, b"\x80\x04", {1: 2}, "x" * 100_000,
                [[[[[[[[[[0]]]]]]]]]], list(range(100_000)), object())


def _check_illegal(game, match, seat, legal_keys, seed, players, step, chooser):
    before = _fingerprint(match)
    takes = [a for a in match.legal(seat) if a.takes]
    plain = [a for a in match.legal(seat) if not a.takes]
    for action in takes[:2]:
        for data in (None,) + HOSTILE_DATA:
            try:
                match.play(seat, action.key, data)
            except IllegalMove as e:
                if not str(e):
                    _fail(game, seed, players, step, f"refused data for {action.key!r} gives no reason")
            else:
                _fail(game, seed, players, step, f"{action.key!r} accepted the data {data!r:.40}")
        if _fingerprint(match) != before:
            _fail(game, seed, players, step, f"refused data for {action.key!r} changed the match")
    if plain:
        try:
            match.play(seat, plain[0].key, {"data": 1})
        except IllegalMove:
            pass
        else:
            _fail(game, seed, players, step, f"{plain[0].key!r} takes no data, yet accepted some")
        if _fingerprint(match) != before:
            _fail(game, seed, players, step, "data sent with a plain action changed the match")
    tries = [k for k in BOGUS_KEYS if k not in legal_keys]
    others = [s for s in range(players) if s not in match.to_act()]
    for key in tries:
        try:
            match.play(seat, key)
        except IllegalMove as e:
            if not str(e):
                _fail(game, seed, players, step, f"IllegalMove for {key!r} gives no reason")
        else:
            _fail(game, seed, players, step, f"illegal key {key!r} was accepted")
        if _fingerprint(match) != before:
            _fail(game, seed, players, step, f"illegal key {key!r} changed the match")
    if others and legal_keys:
        other = others[chooser.below(len(others))]
        key = sorted(legal_keys)[0]
        try:
            match.play(other, key)
        except IllegalMove:
            pass
        else:
            _fail(game, seed, players, step, f"seat {other} moved out of turn")
        if _fingerprint(match) != before:
            _fail(game, seed, players, step, "a move out of turn changed the match")


def _check_undo(game, match, seat, move, before, seed, players, step):
    """Where the seat may take the move back, doing so gives the bytes of before; then the
    move is played again. A refused take-back changes nothing and says why."""
    after = _fingerprint(match)
    try:
        taken = match.undo(seat)
    except IllegalMove as e:
        if not str(e):
            _fail(game, seed, players, step, "a refused undo gives no reason")
        if _fingerprint(match) != after:
            _fail(game, seed, players, step, "a refused undo changed the match")
        return
    if taken[:2] != (seat, move.key):
        _fail(game, seed, players, step, "undo took back another move than the last")
    if _fingerprint(match) != before:
        _fail(game, seed, players, step, "undo did not give back the position before the move")
    match.play(seat, move)
    if _fingerprint(match) != after:
        _fail(game, seed, players, step, "the move played again after an undo went otherwise")


def _check_views(game, match, seed, players, step, chooser):
    rules = game.rules
    secrets = game.info.kind.secrets
    for seat in list(range(players)) + [None]:
        view = match.view(seat)
        saves.msgpack.packb(view, use_bin_type=True)
        if not secrets and seat is not None:
            continue        # nothing hidden: every seat's shadow is the spectator's, a plain copy
        shadow = rules.scramble(match.state, seat, chooser.fork(step), players, match.options)
        who = "the spectator" if seat is None else f"seat {seat}"
        if rules.view(shadow, seat) != view:
            _fail(game, seed, players, step, f"{who}'s view changes when only hidden things change")
        if seat is not None and step % (3 * 7) == 0:
            dealt = rules.dump(rules.scramble(match.state, seat, Rng(step, stream=8191), players, match.options))
            again = rules.dump(rules.scramble(shadow, seat, Rng(step, stream=8191), players, match.options))
            if dealt != again:
                _fail(game, seed, players, step, f"scramble for {who} deals differently from another world "
                      "the seat cannot tell apart: it reads the secrets it replaces (the search bot would too)")


def steered_by_bots(game, players: int, *, chance: int = 5):
    """A `choose` for check_random_play: each seat's move from the game's strongest bot, but
    one move in `chance` uniformly random (with the game's sample payload where it takes
    data). For games whose random players never finish, e.g. real-time building where a
    random placement hardly ever makes a house that stands."""
    from .bots import make_bot
    bots = [make_bot(game) for _ in range(players)]

    def choose(match, seat, actions, rng):
        if rng.below(chance) == 0:
            return _sample(game.rules, match, seat, actions[rng.below(len(actions))], rng)
        return bots[seat].choose(match.view(seat), actions, rng)
    return choose


def refused(match, seat: int, key: str, data=None, rule: str | None = None):
    """Assert that playing `key` (with `data`) is refused, naming `rule` when given, and that
    the match is byte for byte as before; returns the IllegalMove."""
    before = match.save()
    try:
        match.play(seat, key, data)
    except IllegalMove as e:
        if rule is not None and e.rule != rule:
            raise AssertionError(f"{key!r} was refused under {e.rule!r}, not {rule!r}: {e}") from None
        if match.save() != before:
            raise AssertionError(f"the refused {key!r} changed the match") from None
        return e
    raise AssertionError(f"{key!r} with {data!r} was accepted")
