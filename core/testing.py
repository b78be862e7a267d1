"""The generic random-play check every game plugin must pass.

It plays a random game and, along the way, checks what the contract promises:
conserved quantities stay conserved, legal keys are unique, an illegal move changes
nothing (the saved bytes are identical), a save loaded at a random point goes on exactly
as the original, no seat's view shows what that seat may not know, and a move taken back
(Match.undo, where allowed) leaves exactly the position before it.
Plugin authors call `check_random_play` from their own tests (see docs/plugins.md).
"""

from __future__ import annotations

from . import saves
from .errors import IllegalMove
from .game import Move, Rules
from .rng import Rng

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
        try:
            match.play(seat, move)
        except IllegalMove:
            if move.payload is None:
                raise
            if _fingerprint(match) != before:
                _fail(game, seed, players, step, f"refused data for {move.key!r} changed the match")
            plain = [a for a in actions if not a.takes]
            if not plain:
                _fail(game, seed, players, step, "every legal action takes data, and the data was refused")
            move = Move(plain[chooser.below(len(plain))].key)
            match.play(seat, move)
        if undo_here:
            _check_undo(game, match, seat, move, before, seed, players, step)
        if twin is not None:
            twin.play(seat, move)
        now = rules.conserved(match.state)
        if now != start:
            diff = {k: (start.get(k), now.get(k)) for k in set(start) | set(now) if start.get(k) != now.get(k)}
            _fail(game, seed, players, step, f"not conserved: {diff}")
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
    secrets = type(rules).scramble is not Rules.scramble
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
