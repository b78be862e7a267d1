"""The search bot (core.search): it plays every game through the plugin contract, the same
seed gives the same move, and it never reads what its seat may not see."""

import pytest

from core import games
from core.bots import LEVELS, bot_names, decide, make_bot
from core.game import Result
from core.rng import Rng
from core.search import SearchBot, rewards
from core.session import Session
from core.simulate import play_one

GAMES = ["bottle_bonus", "chocolate_milk", "countdown", "izakaya", "jutaku", "shopping_spree", "tsukiji"]


def position(game, players: int, seed: int, options=None, *, skip: int = 0, where=None):
    """A match played by the heuristic bots (the session, one move at a time, each seat its
    own stream) up to a real choice (more than one move, none carrying data) of the first
    seat to act, after at least `skip` moves; `where(match)` narrows it."""
    match = game.new(players, seed=seed, options=options)
    session = Session.of_computers(match, [make_bot(game) for _ in range(players)])
    moves = 0
    while match.to_act():
        seat = match.to_act()[0]
        legal = match.legal(seat)
        choice = len(legal) > 1 and not any(a.takes for a in legal)
        if moves >= skip and choice and (where is None or where(match)):
            return match, seat
        if session.computer() is None:
            break
        moves += 1
    raise AssertionError(f"{game.name}: no choice after {skip} moves")


def searched(game, match, seat, seed=1, iterations=12, depth=12, method="paired"):
    bot = SearchBot(game.rules, iterations=iterations, depth=depth, method=method)
    move = bot.search(match.state, seat, match.players, match.options, match.legal(seat), Rng(seed, stream=5))
    return move, bot.last


@pytest.mark.parametrize("method", ["paired", "ismcts"])
@pytest.mark.parametrize("name", [n for n in GAMES if n != "countdown"])   # Countdown: below
def test_the_search_plays_a_legal_move_of_every_game_and_the_same_seed_gives_the_same_move(name, method):
    game = games.load(name)
    players = 4 if name in ("tsukiji", "chocolate_milk", "izakaya", "shopping_spree") else 2
    match, seat = position(game, players, 3, skip=5)
    before = game.rules.dump(match.state)
    move, last = searched(game, match, seat, method=method)
    assert move.key in {a.key for a in match.legal(seat)}
    assert 12 <= last["iterations"] <= 24 and sum(last["visits"].values()) == last["iterations"]
    assert game.rules.dump(match.state) == before                 # the search only reads the position
    assert searched(game, match, seat, method=method) == (move, last)
    match.play(seat, move)


def test_the_paired_search_leaves_the_heuristics_move_only_for_one_that_did_better_in_the_same_worlds():
    game = games.load("chocolate_milk")
    changed = 0
    for seed in range(6):
        match, seat = position(game, 4, seed)
        legal = match.legal(seat)
        bot = SearchBot(game.rules, iterations=60, depth=200)
        move = bot.search(match.state, seat, 4, match.options, legal, Rng(seed, stream=5))
        if move.key != bot.last["heuristic"]:
            mean, error, worlds = bot.last["paired"]
            assert mean > error and worlds >= 2
            changed += 1
        sure = SearchBot(game.rules, iterations=60, depth=200, confidence=1e9)
        assert sure.search(match.state, seat, 4, match.options, legal, Rng(seed, stream=5)).key == \
            sure.last["heuristic"]
    assert changed                       # the search does change the heuristic's mind


@pytest.mark.parametrize("name, players, options, where", [
    ("tsukiji", 4, {"money": "hidden"}, None),
    ("tsukiji", 3, {"expansion": "on", "money": "hidden"}, None),
    ("izakaya", 4, {}, lambda m: m.rules.sealed_pending(m.state)),
])
def test_the_search_never_reads_a_secret_the_same_view_with_other_secrets_gives_the_same_move(
        name, players, options, where):
    game = games.load(name)
    rules = game.rules
    match, seat = position(game, players, 11, options, skip=3, where=where)
    for n in range(3):
        other = rules.scramble(match.state, seat, Rng(n, stream=99), players, match.options)
        assert rules.view(other, seat) == match.view(seat)
        assert rules.dump(other) != rules.dump(match.state)         # a world with other secrets
        twin = match.clone()
        twin.state = other
        assert searched(game, twin, seat) == searched(game, match, seat)


def test_a_seat_that_bid_hides_its_bid_from_the_search():
    """Izakaya's turn-order bids (004:111) are sealed: the searching seat bids the same
    whatever the seat before it bid."""
    game = games.load("izakaya")
    match = game.new(3, seed=2)
    first = match.to_act()[0]
    bids = [a.key for a in match.legal(first) if a.key.startswith("bid:")]
    moves = []
    for bid in (bids[0], bids[-1]):
        twin = game.new(3, seed=2)
        twin.play(first, bid)
        seat = twin.to_act()[0]
        moves.append(searched(game, twin, seat))
    assert moves[0] == moves[1]


def test_a_choice_that_carries_data_is_the_heuristics():
    """A building turn's moves place pieces: the architect decides them, in the search as at
    the table (Jutaku's architect offers no other whole moves for them)."""
    game = games.load("jutaku")
    match = game.new(2, seed=4)
    bot = SearchBot(game.rules, iterations=5)
    while not any(a.takes for a in match.legal(match.to_act()[0])):
        s = match.to_act()[0]
        match.play(s, match.legal(s)[0])
    s = match.to_act()[0]
    move = decide(bot, match, s, match.legal(s), Rng(1))
    assert bot.last == {} and move.key in {a.key for a in match.legal(s)}
    match.play(s, move)


def test_the_search_tries_a_countdown_floors_rows_and_the_builder_goes_on_with_the_one_chosen():
    """Countdown's moves all place pieces: at the start of a floor the master offers the rows
    every builder knows for the position (`candidates`); the search plays each out once (nothing is hidden or left
    to chance, `search_worlds` 1) and keeps another only if it did strictly better. Later
    pieces of the floor are the builder's, who goes on with the row begun."""
    from core.search import _name
    game = games.load("countdown")
    match = game.new(2, seed=4)
    seat = match.to_act()[0]
    master = make_bot(game)
    rows = master.rows(match.view(seat), 4)
    assert len(rows) == 4 and len({r[0].piece for r in rows}) == 4
    bot = SearchBot(game.rules, iterations=4)
    move = decide(bot, match, seat, match.legal(seat), Rng(1))
    mean, base = bot.last["mean"], bot.last["heuristic"]
    assert bot.last["worlds"] == 1 and len(mean) == 4
    assert base == _name(master.candidates(match.view(seat), match.legal(seat), 4)[0])
    assert _name(move) == max(mean, key=lambda k: (mean[k], k == base))
    row = next(r for r in rows if r[0].piece == move.payload["piece"])
    match.play(seat, move)
    for placement in row[1:]:
        step = decide(bot, match, seat, match.legal(seat), Rng(1))
        assert step.payload["piece"] == placement.piece and step.payload["x"] == placement.x
        match.play(seat, step)
    assert decide(bot, match, seat, match.legal(seat), Rng(1)).key == "done"
    assert decide(SearchBot(game.rules, iterations=4), game.new(2, seed=4), seat,
                  game.new(2, seed=4).legal(seat), Rng(1)) == move          # the same seed, the same move


def test_a_search_out_of_time_within_a_playout_does_not_count_it():
    """A playout the clock runs out in is dropped, not scored half played: with no time at
    all the search keeps the heuristic's move, having counted none."""
    game = games.load("countdown")
    match = game.new(2, seed=4)
    seat = match.to_act()[0]
    bot = SearchBot(game.rules, seconds=1e-9)
    move = decide(bot, match, seat, match.legal(seat), Rng(1))
    assert bot.last["iterations"] == 0 and bot.last["mean"] == {}
    assert move == make_bot(game).candidates(match.view(seat), match.legal(seat), 4)[0]


def test_a_shortlist_keeps_the_search_to_the_heuristics_best_moves():
    """A heuristic that offers `shortlist` has the search try only those and its own move."""
    game = games.load("chocolate_milk")
    match, seat = position(game, 4, 2, where=lambda m: len(m.legal(m.to_act()[0])) >= 4)
    legal = match.legal(seat)
    inner = make_bot(game)

    class Shortlisting:
        needs_view = inner.needs_view

        def choose(self, view, legal, rng):
            return inner.choose(view, legal, rng)

        def shortlist(self, view, legal, count):
            return legal[-count:]

    bot = SearchBot(game.rules, iterations=12, shortlist=2)
    bot._make = Shortlisting
    bot.search(match.state, seat, match.players, match.options, legal, Rng(3))
    assert set(bot.last["visits"]) == {a.key for a in legal[-2:]} | {bot.last["heuristic"]}
    assert len(legal) > len(bot.last["visits"])


def test_the_fishmongers_shortlist_is_its_best_scored_moves():
    game = games.load("tsukiji")
    match, seat = position(game, 4, 3, skip=5, where=lambda m: len(m.legal(m.to_act()[0])) > 4)
    legal, view = match.legal(seat), match.view(seat)
    fishmonger = make_bot(game)
    picked = fishmonger.shortlist(view, legal, 4)
    look = fishmonger._look(view, legal)
    scores = {a.key: fishmonger._score(view, look, a) for a in legal}
    assert len(picked) == 4 and [scores[a.key] for a in picked] == sorted(scores.values(), reverse=True)[:4]
    assert fishmonger.choose(view, legal, Rng(0)).key in {a.key for a in legal if scores[a.key] == scores[picked[0].key]}


def test_tsukiji_playouts_stop_where_the_same_turn_begins_whatever_each_candidate_took():
    """Every candidate is scored at one point of the turn order: two more whole rounds, then
    the first move of the turn after (not after a count of moves, which a long fishing
    action would spend on its own turn and so cut the rivals' turns short)."""
    game = games.load("tsukiji")
    match, seat = position(game, 4, 3, skip=5, where=lambda m: m.state.phase == "main" and m.state.ap == 2)
    start = match.state
    ends = {}

    def scored(bot, played):
        ends[played.log.moves[0][1]] = (played.state.turns, played.state.phase, len(played.log.moves))
        return [0.0] * played.players

    bot = SearchBot(game.rules, iterations=8)
    bot._score = scored.__get__(bot)
    for action in match.legal(seat):
        bot._playout(start, seat, 4, match.options, action, 11, 0)
    assert len(ends) == len(match.legal(seat)) > 2
    assert {turns for turns, _, _ in ends.values()} == {start.turns + 2 * 4 + 1}
    assert len({moves for _, _, moves in ends.values()}) > 1      # the candidates' turns took more or fewer moves
    assert not game.rules.search_horizon(start, start)


def test_expected_rewards_turn_gaps_into_chances_at_the_standings_scale():
    """A cut-off playout's standing is still uncertain: equal values share equally, a lead
    counts for more the bigger it is, and a lead far beyond the scale is a sure place."""
    from core.search import expected_rewards
    assert expected_rewards([5.0, 5.0, 5.0], 1.0) == pytest.approx([0.5 * 0.5 + 0.5 / 3] * 3)
    assert sum(expected_rewards([1.0, 2.0, 4.0, 0.0], 1.0)) == pytest.approx(0.5 * 2 + 0.5)
    near, far = expected_rewards([100.0, 0.0], 1000.0), expected_rewards([300.0, 0.0], 1000.0)
    assert 0.5 < near[0] < far[0] < 1.0
    r = Result((9000, 100, 50), ((0,), (1,), (2,)), ({},) * 3)
    assert expected_rewards([9000.0, 100.0, 50.0], 1.0) == pytest.approx(rewards(r, 3), abs=1e-6)


def test_rewards_split_a_win_and_places():
    r = Result((5, 9, 9, 1), ((1, 2), (0,), (3,)), ({},) * 4)
    assert rewards(r, 4) == [pytest.approx(0.5 * 1 / 3), pytest.approx(0.5 * 2.5 / 3 + 0.25),
                             pytest.approx(0.5 * 2.5 / 3 + 0.25), 0.0]
    assert rewards(Result((3, 1), ((0,), (1,)), ({}, {})), 2) == [1.0, 0.0]


def test_every_game_offers_the_levels_and_the_search():
    for name in GAMES:
        game = games.load(name)
        names = bot_names(game)
        assert [n for n in names if n in LEVELS] == list(LEVELS) and "search" in names
        assert make_bot(game, "hard").searches and make_bot(game, "search:7").iterations == 7
        assert make_bot(game, "normal").name == game.rules.default_bot
    assert make_bot(games.load("jutaku"), "easy").name == "apprentice"
    with pytest.raises(ValueError, match="search:N"):
        make_bot(games.load("tsukiji"), "search:x")


def test_the_easy_level_blunders_sometimes_and_otherwise_plays_the_heuristic():
    from core.bots import BlunderBot

    class First:
        needs_view = False

        def choose(self, view, legal, rng):
            return legal[0]

    game = games.load("chocolate_milk")
    match, seat = position(game, 4, 1)
    legal = match.legal(seat)
    easy = BlunderBot(First())
    picks = [easy.choose(None, legal, Rng(k)) for k in range(400)]
    other = sum(p != legal[0] for p in picks)
    share = (len(legal) - 1) / len(legal) / 4          # one move in four at random
    assert abs(other / 400 - share) < 0.07 and other > 0
    assert make_bot(game, "easy").inner.name == game.rules.default_bot


def test_a_search_seat_in_a_whole_game_of_every_player_count():
    game = games.load("chocolate_milk")
    for players in range(game.info.min_players, game.info.max_players + 1):
        bots = [make_bot(game) for _ in range(players)]
        bots[players - 1] = SearchBot(game.rules, iterations=6, depth=10)
        match, _ = play_one(game, players, 5, bots)
        assert match.over


def test_the_random_play_check_finds_a_scramble_that_reads_the_secrets_it_replaces():
    """Tsukiji's scramble once shuffled the auction bag from the order it lay in: each world
    then carried the real order into the next. core.testing now catches that."""
    import copy

    from core.game import Game
    from core.testing import check_random_play

    game = games.load("tsukiji")

    class Peeking(type(game.rules)):
        def scramble(self, s, seat, rng, players, options):
            t = super().scramble(s, seat, rng, players, options)
            for f in t.bags:
                t.bags[f] = list(s.bags[f])
                rng.shuffle(t.bags[f])
            return t

    rules = copy.copy(game.rules)
    rules.__class__ = Peeking
    with pytest.raises(AssertionError, match="reads the secrets it replaces"):
        check_random_play(Game(game.info, rules), 3, 1)
    check_random_play(game, 3, 1, max_moves=20_000)


def test_the_search_never_goes_back_to_a_position_it_has_decided_in():
    """Free moves that undo each other (a token added to a Tsukiji lot, the lot taken back) are
    a cycle a search can choose for ever: it once did, past move 1,400 of a game. A move back
    to a position the seat has already decided in is not a candidate."""
    game = games.load("tsukiji")
    rules = game.rules
    scene = {"players": 3, "options": {}, "turn": 0, "yen": [2000] * 3,
             "markets": {"fish": {"mackerel": "setup"}, "external": {"ships": "setup", "barter": "setup"}},
             "seats": [{"licences": {"mackerel": 1}, "boats": [{"type": "1", "at": "left", "load": []}],
                        "tokens": {"mackerel": 2}}] + [{"licences": {"mackerel": 1},
                                                        "boats": [{"type": "1", "at": "left", "load": []}]}] * 2}
    match = game.scenario(scene)
    for key in ("enter:barter:1", "lot:add:mackerel", "lot:clear"):
        match.play(0, key)
    bot = SearchBot(rules, iterations=8, depth=6)
    bot.search(match.state, 0, 3, match.options, match.legal(0), Rng(1))      # decides with an empty lot
    match.play(0, "lot:add:mackerel")
    legal = [a for a in match.legal(0) if not a.takes]
    assert "lot:clear" in [a.key for a in legal]
    onward = bot._onward(match.state, 0, 3, match.options, legal)
    assert "lot:clear" not in [a.key for a in onward] and "barter:offer" in [a.key for a in onward]
