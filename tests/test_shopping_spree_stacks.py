"""The Shopping Spree's laundry prices: one pile of yen a stack of price cards.

004:193-196 lay the laundry price cards out as four stacks, each with one amount of yen:
washing machine and dryer ¥500, bed sheet and pillowcase ¥400, shirt and trousers ¥300,
bra, underpants and socks ¥200. 004:207 lowers the yen on every card paid from by ¥100,
once, however many of its goods were sold. So a sale of trousers lowers what a shirt pays,
and a stack sold from twice has fallen ¥200. The yen lies on the cards (004:189: "lege 300
Yen auf jede"), so a price falls to ¥0 and no lower, and a good of an empty stack pays
nothing (the reading in HOW_TO_PLAY). Lines are cited as 004:NNN of
004_2b6c36ff9b44b906.txt; the tests never read that file.
"""

from __future__ import annotations

import pytest

from core import assets, games
from core.testing import play_counted
from core.yen import accounts, pieces
from games.shopping_spree import rules as S
from tests.test_shopping_spree import dumped, hand, leaving


@pytest.fixture(scope="module")
def spree():
    return games.load("shopping_spree")


def again(game, m, seat: int, goods: list[str]):
    """The match after `m`, with `seat` two steps from the way out again carrying `goods`
    (moved from the shelves, never made)."""
    d = game.rules.dump(m.state)
    d["seat"], d["phase"], d["pos"][seat] = seat, "move", "7:4"
    return game.scenario(hand(d, seat, goods))


def stack(game, good: str) -> str:
    return game.rules.price_card(good)


# ---- the four stacks ------------------------------------------------------------------------

@pytest.mark.parametrize("line, cards, yen", [
    (193, ("washer", "dryer"), 500),                 # 004:193
    (194, ("sheets", "pillowcase"), 400),            # 004:194
    (195, ("shirt", "trousers"), 300),               # 004:195
    (196, ("bra", "underpants", "socks"), 200),      # 004:196
])
def test_the_laundry_price_cards_lie_in_four_stacks(spree, line, cards, yen):
    """004:193-196 — each stack of cards has one amount of yen, and every good of it pays that."""
    rules = spree.rules
    s = spree.new(3, seed=line).state
    assert {rules.price_card(g) for g in cards} == {stack(spree, cards[0])}
    assert rules.stacks[stack(spree, cards[0])] == cards
    assert [rules.price_of(s, g) for g in cards] == [yen] * len(cards)
    src = assets.load("shopping_spree.toml", use_override=False)["stacks"][stack(spree, cards[0])]["source"]
    assert src.startswith(f"text 004:{line} ")


def test_every_laundry_card_is_in_exactly_one_stack(spree):
    """004:193-196 — nine cards, four stacks; the magazines and detergent have no price card."""
    rules = spree.rules
    priced = [g.id for g in rules.laundry.goods.values() if g.kind in ("machine", "clothing")]
    assert sorted(g for cards in rules.stacks.values() for g in cards) == sorted(priced)
    assert len(priced) == 9 and len(rules.stacks) == 4
    assert rules.price_card("magazine") is None and rules.price_card("detergent") is None
    # 004:189 — the drinks keep one colour card each: ¥300, the black one ¥200
    assert sorted(rules.start_prices[c] for c in rules.colours) == [200, 300, 300, 300, 300, 300]


# ---- a sale lowers the whole stack, once ----------------------------------------------------------

def test_trousers_sold_a_shirt_pays_less_and_a_stack_sold_twice_has_fallen_twice(spree):
    """004:195, 207 — trousers alone out of the shop: the shirt and trousers stack falls from
    ¥300 to ¥200, so the next shirt pays ¥200. A shirt and trousers out together pay ¥200
    each and lower the stack once more, to ¥100; a shirt after that pays ¥100."""
    rules = spree.rules
    m = leaving(spree, 3, ["trousers"])
    m.play(0, "leave")
    assert m.state["yen"][0] == 300
    assert rules.price_of(m.state, "shirt") == rules.price_of(m.state, "trousers") == 200
    m = again(spree, m, 1, ["shirt", "trousers"])
    events = play_counted(m, 1, "leave")          # every good and yen counted, each payment by its rule
    assert m.state["yen"][1] == 200 + 200
    assert m.state["prices"][stack(spree, "shirt")] == 100          # sold from twice: ¥300 - 2 × ¥100
    assert any("shirt and trousers fall to ¥100" in e.text for e in events)
    m = again(spree, m, 2, ["shirt"])
    m.play(2, "leave")
    assert m.state["yen"][2] == 100 and m.state["prices"][stack(spree, "shirt")] == 0


def test_socks_sold_the_underpants_pay_less_down_to_nothing(spree):
    """004:196, 207 — socks out at ¥200: the stack falls to ¥100, so underpants pay ¥100 (not
    ¥200); then it lies empty, and a bra pays ¥0, doubled by detergent still ¥0. The stack
    stays at ¥0 and the yen add up all along."""
    rules = spree.rules
    m = leaving(spree, 3, ["socks"])
    start = pieces(rules.conserved(m.state))
    play_counted(m, 0, "leave")
    assert m.state["yen"][0] == 200 and rules.price_of(m.state, "underpants") == 100
    m = again(spree, m, 1, ["underpants"])
    events = play_counted(m, 1, "leave")
    assert m.state["yen"][1] == 100 and m.state["prices"][stack(spree, "bra")] == 0
    assert any("bra, underpants and socks fall to ¥0" in e.text for e in events)
    m = again(spree, m, 2, ["bra", "detergent"])
    pay = rules.payout(m.state, m.state["crates"][2])
    assert pay["total"] == 0 and [line["yen"] for line in pay["lines"]] == [0, 0]
    events = play_counted(m, 2, "leave")
    assert m.state["yen"][2] == 0 and m.state["prices"][stack(spree, "bra")] == 0
    assert any("bra, underpants and socks stay at ¥0" in e.text for e in events)
    assert pieces(rules.conserved(m.state)) == start
    assert sum(accounts(rules.conserved(m.state)).values()) == 0
    assert min(m.state["prices"].values()) >= 0


def test_washer_and_dryer_together_lower_their_stack_once(spree):
    """004:193, 207 — a washing machine and the dryer out together: ¥500 each, and the stack
    falls by ¥100 once, to ¥400; the other washing machine then pays ¥400."""
    rules = spree.rules
    m = leaving(spree, 2, ["washer", "dryer"])
    m.play(0, "leave")
    assert m.state["yen"][0] == 1000 and m.state["prices"][stack(spree, "washer")] == 400
    m = again(spree, m, 1, ["washer"])
    m.play(1, "leave")
    assert m.state["yen"][1] == 400 and rules.price_of(m.state, "dryer") == 300


def test_pillowcase_after_sheets_and_detergent_doubles_the_stack_price(spree):
    """004:194, 207, 215 — sheets out at ¥400: the pillowcase pays ¥300, doubled by a
    detergent ¥600; the stack is then at ¥200."""
    m = leaving(spree, 3, ["sheets"])
    m.play(0, "leave")
    m = again(spree, m, 2, ["pillowcase", "detergent"])
    m.play(2, "leave")
    assert m.state["yen"][2] == 600 and m.state["prices"][stack(spree, "pillowcase")] == 200


def test_the_words_name_the_stack_not_a_key(spree):
    """What players read when prices fall: the stack by its goods, the drinks by colour."""
    d = dumped(spree, 2)
    red = next(g for items in d["shelves"].values() for g in items
               if g.startswith("drink:") and spree.rules.price_card(g) == "red")
    m = leaving(spree, 2, ["trousers", "shirt", red])
    events = m.play(0, "leave")
    fall = next(e.text for e in events if e.kind == "prices")
    assert fall == "Prices: shirt and trousers fall to ¥200; red drinks fall to ¥200"


# ---- the data ---------------------------------------------------------------------------------

def boxes():
    return {a: assets.load(a, use_override=False) for a in S.ShoppingSpree.assets}


def test_a_stack_plan_that_leaves_a_card_out_is_refused(spree):
    data = boxes()
    data["shopping_spree.toml"]["stacks"]["underwear"] = dict(data["shopping_spree.toml"]["stacks"]["underwear"],
                                                             cards=["bra", "underpants"])
    with pytest.raises(ValueError, match="no price stack holds the socks card"):
        S.ShoppingSpree(spree.info, data)
    data = boxes()
    data["shopping_spree.toml"]["stacks"]["bedding"] = dict(data["shopping_spree.toml"]["stacks"]["bedding"],
                                                           cards=["sheets", "pillowcase", "shirt"])
    with pytest.raises(ValueError, match="the shirt card lies in two stacks"):
        S.ShoppingSpree(spree.info, data)


def test_an_override_priced_card_by_card_says_to_use_the_stacks(spree):
    """A user's old override with a price a card ([prices] shirt = 350) is not silently ignored."""
    data = boxes()
    data["shopping_spree.toml"]["prices"] = dict(data["shopping_spree.toml"]["prices"], shirt=350)
    with pytest.raises(ValueError, match=r"priced by stack in \[stacks\]"):
        S.ShoppingSpree(spree.info, data)


def test_an_override_of_one_stack_yen_is_read(spree):
    """A stack's yen corrected from a user's copy of the game (tables merge key by key)."""
    data = boxes()
    data["shopping_spree.toml"]["stacks"]["outerwear"] = dict(data["shopping_spree.toml"]["stacks"]["outerwear"],
                                                             yen=350)
    rules = S.ShoppingSpree(spree.info, data)
    assert rules.start_prices["outerwear"] == 350 and rules.price_card("trousers") == "outerwear"
