"""The random-play check counts every yen: a move that pays what the rules do not say fails.

A sum of balances that include a bank whose balance is minus what it paid out is 0 whatever
the moves pay; so the check (core/testing.py) reads where each yen lies from `conserved()`
and, move by move, compares every account's change with the payments the game's
`payments_due` computes from the rule data and the position before the move. Each test here
breaks a game the way a slip in its code would, and the check must say so. The rule lines
are those of 004_2b6c36ff9b44b906.txt (Chocolate Milk 004:247-269, the Shopping Spree
004:183-227); the tests never read that file.
"""

from __future__ import annotations

import copy
import re

import pytest

from core import games
from core.game import Game
from core.testing import ContractBroken, check_random_play, play_counted
from core.yen import SUPPLY, Payment, accounts, net, pieces
from games.chocolate_milk.rules import seat_account
from tests.test_shopping_spree import BY_TUNA, dumped, leaving

SPREE_LINES = range(183, 228)
MILK_LINES = range(247, 270)


@pytest.fixture(scope="module")
def spree():
    return games.load("shopping_spree")


def with_rules(game, cls) -> Game:
    """The game with its rules of class `cls` (a subclass of its own), everything else as shipped."""
    rules = copy.copy(game.rules)
    rules.__class__ = cls
    return Game(game.info, rules)


def mutant(game, mutate):
    """The game with `mutate(rules, state, seat, action)` run after every move it applies."""
    base = type(game.rules)

    class Mutant(base):
        def apply(self, s, seat, action, rng):
            events = base.apply(self, s, seat, action, rng)
            mutate(self, s, seat, action)
            return events
    return with_rules(game, Mutant)


# ---- Chocolate Milk: each payment of 004:253-259 ------------------------------------------------

def _sale_pays_100_more(rules, s, seat, action):
    if action.data[0] == "sell":                                   # 004:255: the card's price each
        s.treasury.pay(SUPPLY, seat_account(seat), 100)


def _drink_costs_nothing(rules, s, seat, action):
    if action.data[0] == "buy":                                    # 004:253: 100 yen a drink
        s.treasury.pay(SUPPLY, seat_account(seat), rules.price)


def _crate_costs_100(rules, s, seat, action):
    if action.data[0] == "crate":                                  # 004:259: 200 yen a crate
        s.treasury.pay(SUPPLY, seat_account(seat), 100)


def _card_kept_after_a_sale(rules, s, seat, action):
    if action.data[0] == "sell":                                   # 004:255: the card's yen to the bank
        s.treasury.pay(SUPPLY, rules.attr_accounts[action.data[1]], 100)


def _yen_made_on_a_card(rules, s, seat, action):
    if action.data[0] == "buy":                                    # no bank pays it: 0 no longer
        s.treasury.balances[rules.attr_accounts[0]] += 100


@pytest.mark.parametrize("mutate, words", [
    (_sale_pays_100_more, "moved otherwise than the rules say"),
    (_drink_costs_nothing, "moved otherwise than the rules say"),
    (_crate_costs_100, "moved otherwise than the rules say"),
    (_card_kept_after_a_sale, "moved otherwise than the rules say"),
    (_yen_made_on_a_card, "yen were made or lost"),
])
def test_chocolate_milk_paying_otherwise_fails_the_check(chocolate_milk, mutate, words):
    broken = mutant(chocolate_milk, mutate)
    check_random_play(chocolate_milk, 3, seed=2)                    # the shipped game passes
    with pytest.raises(ContractBroken, match=words):
        check_random_play(broken, 3, seed=2)


def test_a_drink_that_sticks_raises_no_card(chocolate_milk):
    """004:253 — only a drink that comes out of the machine puts ¥100 on its two cards: cards
    raised for a stuck drink fail the check."""
    def raised_anyway(rules, s, seat, action):
        if action.data[0] == "buy" and action.data[2] not in [d for c in s.crates[seat] for d in c]:
            drink = action.data[2]
            s.treasury.pay(SUPPLY, rules.attr_accounts[drink // 6], rules.raise_by)
    options = {"variant": "vending"}
    check_random_play(chocolate_milk, 2, seed=1, options=options)
    with pytest.raises(ContractBroken, match="moved otherwise than the rules say"):
        check_random_play(mutant(chocolate_milk, raised_anyway), 2, seed=1, options=options)


# ---- the Shopping Spree: tuna, leaving and the prices that fall --------------------------------

def test_a_spree_leave_paying_100_more_fails(spree):
    """004:207 — paid for each good at its price: ¥100 more from the bank is caught, by a rule
    test's single move and by random play."""
    def more(rules, s, seat, action):
        if action.key.startswith("leave"):
            s["yen"][seat] += 100
            s["bank"] -= 100
    broken = mutant(spree, more)
    m = leaving(broken, 3, ["shirt"])
    with pytest.raises(ContractBroken, match=r"'seat0': \{'changed': 400, 'by the rules': 300\}"):
        play_counted(m, 0, "leave")
    with pytest.raises(ContractBroken, match="moved otherwise than the rules say"):
        check_random_play(broken, 2, seed=3)


def test_a_price_card_that_does_not_fall_fails(spree):
    """004:207 — each card paid from falls by ¥100, the ¥100 back to the bank: a stack that
    keeps its price is caught."""
    def kept(rules, s, seat, action):
        if action.key.startswith("leave"):
            s["prices"][rules.price_card("shirt")] += 100
            s["bank"] -= 100
    m = leaving(mutant(spree, kept), 3, ["shirt"])
    card = spree.rules.price_card("shirt")
    with pytest.raises(ContractBroken, match=rf"'card:{card}': \{{'changed': 0, 'by the rules': -100\}}"):
        play_counted(m, 0, "leave")


def test_a_cheaper_tuna_fails(spree):
    """004:219 — ¥500 to the bank for the first tuna: a tuna for ¥400 is caught."""
    def refund(rules, s, seat, action):
        if action.key == "take:T1":
            s["yen"][seat] += 100
            s["bank"] -= 100
    d = dumped(spree, 2, seat=0, first=0, pos=[BY_TUNA, "out"], phase="take")
    d["yen"][0], d["bank"] = 500, d["bank"] - 500
    play_counted(spree.scenario(d), 0, "take:T1")
    with pytest.raises(ContractBroken, match=r"Shopping Spree, tuna \(004:219\)"):
        play_counted(mutant(spree, refund).scenario(d), 0, "take:T1")


def test_yen_made_for_a_seat_fails(spree):
    """A seat paid without the bank paying: the accounts no longer add up to 0."""
    def made(rules, s, seat, action):
        if action.key.startswith("leave"):
            s["yen"][seat] += 100
    with pytest.raises(ContractBroken, match="yen were made or lost"):
        play_counted(leaving(mutant(spree, made), 3, ["shirt"]), 0, "leave")


# ---- what the check asks of a game ----------------------------------------------------------

def payments_of_a_random_game(game, options) -> list[Payment]:
    """Every payment `payments_due` gave along one random game (3 players, seed 4)."""
    seen: list[Payment] = []
    base = type(game.rules)

    class Recording(base):
        def payments_due(self, *args):
            due = base.payments_due(self, *args)
            seen.extend(due)
            return due
    check_random_play(with_rules(game, Recording), 3, seed=4, options=options)
    return seen


@pytest.mark.parametrize("name, lines, options, rules", [
    ("chocolate_milk", MILK_LINES, {"variant": "vending"},
     {"Chocolate Milk, sell (004:255)", "Chocolate Milk, move and buy (004:253)"}),
    ("shopping_spree", SPREE_LINES, {},
     {"Shopping Spree, paid for each good at its market price on leaving (004:207)"}),
])
def test_every_payment_names_its_rule_line(name, lines, options, rules):
    """Each payment a random game makes cites a line of its game's part of the rulebook."""
    seen = payments_of_a_random_game(games.load(name), options)
    for p in seen:
        cited = [int(n) for n in re.findall(r"004:(\d+)", p.rule)]
        assert cited and all(n in lines for n in cited), p
    assert {p.rule for p in seen} >= rules


def test_conserved_lists_every_account(chocolate_milk, spree):
    """Where yen may lie: every seat, every card that holds yen, the general supply; the piece
    counts beside them."""
    s = chocolate_milk.new(3, seed=1).state
    yen = accounts(chocolate_milk.rules.conserved(s))
    assert set(yen) == {"seat0", "seat1", "seat2", SUPPLY} | {f"card:{a}" for a in chocolate_milk.rules.attr_ids}
    assert yen["seat0"] == 500 and yen[SUPPLY] == -1500 and sum(yen.values()) == 0      # 004:249
    assert "yen" not in chocolate_milk.rules.conserved(s), "no bare sum: the bank has no limit"
    assert pieces(chocolate_milk.rules.conserved(s))["architects"] == 3
    s = spree.new(3, seed=1).state
    yen = accounts(spree.rules.conserved(s))
    assert set(yen) == {"seat0", "seat1", "seat2", SUPPLY} | {f"card:{c}" for c in spree.rules.start_prices}
    assert yen["card:red"] == 300 and yen[SUPPLY] == -sum(spree.rules.start_prices.values())    # 004:189
    assert pieces(spree.rules.conserved(s))["good:tuna_25"] == 1


def test_net_of_payments():
    assert net([Payment("a", "b", 300, "r"), Payment("b", SUPPLY, 100, "r")]) == {"a": -300, "b": 200, SUPPLY: 100}


def test_a_bare_yen_sum_is_refused(chocolate_milk):
    """A game that gives only a sum of yen, not where they lie, fails at the start."""
    base = type(chocolate_milk.rules)

    class SumOnly(base):
        def conserved(self, s):
            return {**pieces(base.conserved(self, s)), "yen": s.treasury.total()}
    with pytest.raises(ContractBroken, match="not where each yen lies"):
        check_random_play(with_rules(chocolate_milk, SumOnly), 2, seed=1)


def test_an_unlimited_supply_needs_the_payments(chocolate_milk):
    base = type(chocolate_milk.rules)

    class NoLedger(base):
        payments_due = None
    with pytest.raises(ContractBroken, match="the rules need payments_due"):
        check_random_play(with_rules(chocolate_milk, NoLedger), 2, seed=1)


@pytest.mark.parametrize("box, fails", [(100_000, None), (1_600, "supply holds")])
def test_a_fixed_money_supply_is_the_box(chocolate_milk, box, fails):
    """A game whose rulebook fixes the yen in the box gives it as conserved()['yen'] and lists
    the supply's own yen, never below zero: Chocolate Milk played as if its box held `box`."""
    base = type(chocolate_milk.rules)

    class Boxed(base):
        def conserved(self, s):
            c = base.conserved(self, s)
            c["yen"], c["yen:supply"] = box, box + s.treasury[SUPPLY]
            return c
    boxed = with_rules(chocolate_milk, Boxed)
    if fails is None:
        check_random_play(boxed, 3, seed=5)
    else:
        with pytest.raises(ContractBroken, match=fails):
            check_random_play(boxed, 3, seed=5)
