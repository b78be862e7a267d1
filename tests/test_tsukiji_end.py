"""Tokyo Tsukiji Market: overfishing, the end and its scoring, hidden money and sealed bids,
saves, and the kiosk's options.

Lines are cited as 000:NNN (000_e98393ccc20da7fd.txt); the tests never read that file.
"""
from __future__ import annotations

import pytest

from core.yen import accounts, pieces
from core.errors import IllegalMove, ScenarioError  # noqa: F401
from tests.tsukiji_support import ALL_OUT, RULES, crab_position, keys, play, position, seat, tsukiji  # noqa: F401


def test_overfishing_boxes_barrels_and_draws_a_new_market(tsukiji):
    # 000:353-355 — the last barrel caught: the rest is boxed, a new fish market is drawn and set up;
    # licence income is still paid on visits.
    markets = {"fish": {"mackerel": "setup", "squid": {"barrels": 1, "tokens": 10, "licences": 3}},
               "external": {"ships": "setup"}}
    boats = [{"type": "1", "at": "sea", "load": []}]
    m = tsukiji.scenario(position(markets=markets, options=dict(ALL_OUT, eel="auto"),
                                  seats=[seat(boats=boats, licences={"squid": 1}), seat(), seat()]))
    play(m, "fish", "catch:1:squid")
    v = m.view(None)
    assert v["markets"]["fish"]["squid"]["overfished"] is True and v["markets"]["fish"]["squid"]["barrels"] == 0
    assert len(v["markets"]["fish"]) == 3 and v["box_markets"]["fish"] == [
        f for f in ("eel", "fugu", "octopus", "red_snapper", "salmon", "king_crab", "tuna")
        if f not in v["markets"]["fish"]]
    new = next(f for f in v["markets"]["fish"] if f not in ("mackerel", "squid"))
    assert v["markets"]["fish"][new]["licences"] > 0
    play(m, "done", "enter:squid:1")
    assert m.view(None)["yen"][0] == 2100, "licence income from an overfished market"
    play(m, "licence", "leave")
    # The caught barrel stays on the boat; unloaded and bought later, it goes into the box.
    assert m.view(None)["seats"][0]["boats"][0]["load"] == ["squid"]
    m2 = tsukiji.scenario(position(markets={"fish": {"mackerel": "setup", "squid": {
        "barrels": 0, "tokens": 9, "licences": 3, "overfished": True}}, "external": {"ships": "setup"}},
        seats=[seat(), seat(harbour=[["squid", "upper", "c1"]]), seat()]))
    box = m2.state.box["barrels"].get("squid", 0)
    play(m2, "buy", "buy:2:U:c1:squid")
    v = m2.view(None)
    assert v["markets"]["fish"]["squid"]["barrels"] == 0 and m2.state.box["barrels"]["squid"] == box + 1
    assert v["seats"][0]["tokens"] == {"squid": 1}, "a token is still taken while any are left"


def test_overfishing_by_tokens_and_barrels_returned_go_to_the_box(tsukiji):
    # 000:351 / 000:353 — the last token taken also overfishes; later barrels go into the box.
    markets = {"fish": {"mackerel": "setup", "squid": {"barrels": 5, "tokens": 1, "licences": 3}},
               "external": {"ships": "setup"}}
    m = tsukiji.scenario(position(markets=markets, seats=[
        seat(), seat(harbour=[["squid", "upper", "c1"], ["squid", "upper", "c1"]]), seat()]))
    play(m, "buy", "buy:2:U:c1:squid")
    v = m.view(None)
    assert v["markets"]["fish"]["squid"]["overfished"] is True and v["markets"]["fish"]["squid"]["barrels"] == 0
    assert "buy:2:U:c1:squid" not in keys(m), "no token is left to take"


# ==== the end (000:359-372) ============================================================================================

def test_end_trigger_by_yen_unless_alone_with_the_fewest_resources(tsukiji):
    # 000:96 / 000:361 — ¥5,000 at the start of your turn, unless you alone have the fewest resources.
    m = tsukiji.scenario(position(turn=2, yen=[5000, 2000, 2000]))
    play(m, "fish", "done", "fish", "done")
    v = m.view(None)
    assert v["end"]["triggered_by"] == 0, "all tied at 0 resources: not alone with the fewest"
    m = tsukiji.scenario(position(turn=2, yen=[5000, 2000, 2000],
                                  seats=[seat(), seat(tokens={"mackerel": 1}), seat(tokens={"mackerel": 1})]))
    play(m, "fish", "done", "fish", "done")
    assert m.view(None)["end"]["triggered_by"] is None, "alone with the fewest resources"
    m = tsukiji.scenario(position(turn=2, yen=[5000, 2000, 2000],
                                  seats=[seat(), seat(tokens={"mackerel": 1}), seat()]))
    play(m, "fish", "done", "fish", "done")
    assert m.view(None)["end"]["triggered_by"] == 0


def test_end_trigger_by_resources_unless_alone_with_the_least_yen(tsukiji):
    # 000:97 / 000:362
    m = tsukiji.scenario(position(turn=2, yen=[2000, 1000, 2000], fish=("mackerel", "fugu"),
                                  seats=[seat(tokens={"fugu": 7}), seat(), seat()]))
    assert m.view(None)["resources"][0] == 49
    play(m, "fish", "done", "fish", "done")
    assert m.view(None)["end"]["triggered_by"] is None, "49 resources are not enough"
    m = tsukiji.scenario(position(turn=2, yen=[1000, 2000, 2000], fish=("mackerel", "fugu"),
                                  seats=[seat(tokens={"fugu": 7, "mackerel": 1}), seat(), seat()]))
    assert m.view(None)["resources"][0] == 50
    play(m, "fish", "done", "fish", "done")
    assert m.view(None)["end"]["triggered_by"] is None, "50 resources but alone with the least yen"
    m = tsukiji.scenario(position(turn=2, yen=[2000, 1000, 2000], fish=("mackerel", "fugu"),
                                  seats=[seat(tokens={"fugu": 7, "mackerel": 1}), seat(), seat()]))
    play(m, "fish", "done", "fish", "done")
    v = m.view(None)
    assert v["end"]["triggered_by"] == 0 and v["end"]["final_turns_left"] == 3


def test_final_round_then_scoring(tsukiji):
    # 000:99 / 000:364 — the trigger's turn, then one last turn for every other player.
    m = tsukiji.scenario(position(turn=2, yen=[5000, 2000, 2000], seats=[seat(), seat(tokens={"mackerel": 1}), seat()]))
    play(m, "fish", "done", "fish", "done")          # seat 3 ends; seat 1 triggers at the start
    for _ in range(3):
        assert not m.over
        play(m, "fish", "done", "fish", "done")
    assert m.over and m.to_act() == ()
    assert "seat 1 has ¥5,000" in m.result().reason


def test_final_bonuses(tsukiji):
    # 000:368 — most resources +¥1,000, fewest −¥500; tied for most +¥500 each, tied fewest −¥300 each.
    from games.tsukiji.scoring import bonuses
    r = tsukiji.rules
    assert bonuses(r, [10, 5, 1]) == [1000, 0, -500]
    assert bonuses(r, [10, 10, 1]) == [500, 500, -500]
    assert bonuses(r, [10, 1, 1, 4]) == [1000, -300, -300, 0]
    over = dict(phase="over", over=True, end={"triggered_by": 0, "final_turns_left": 0})
    m = tsukiji.scenario(position(yen=[1000, 1000, 1000], seats=[seat(tokens={"mackerel": 10}),
                                                                  seat(tokens={"mackerel": 5}), seat()], **over))
    res = m.result()
    # 000:372 — tokens at ¥100 per resource.
    assert res.final_yen == (1000 + 1000 + 1000, 1000 + 500, 1000 - 500)
    assert res.ranking == ((0,), (1,), (2,))
    assert res.breakdown[0]["resource_bonus"] == 1000 and res.breakdown[0]["tokens_yen"] == 1000


def test_round_limit_is_a_kiosk_rule_option(tsukiji):
    m = tsukiji.scenario(position(options={"round_limit": 30}, turns=30 * 3))
    play(m, "fish", "done", "fish", "done")
    v = m.view(None)
    assert v["end"]["triggered_by"] == 1 and "round limit" in v["end"]["why"]
    m = tsukiji.scenario(position(options={"round_limit": 0}, turns=300))
    play(m, "fish", "done", "fish", "done")
    assert m.view(None)["end"]["triggered_by"] is None


# ==== hidden money, sealed bids, views (000:92, core.bids) ======================================================

def test_hidden_money_shows_only_your_own_yen(tsukiji):
    # 000:92 — with hidden money each player keeps their yen hidden.
    m = tsukiji.new(4, seed=3, options={"money": "hidden"})
    for s_ in range(4):
        v = m.view(s_)
        assert [y is not None for y in v["yen"]] == [i == s_ for i in range(4)]
        assert "supply" not in str(v.get("box", "")) and "box" not in v
    assert m.view(None)["yen"] == [None] * 4
    assert tsukiji.new(4, seed=3).view(1)["yen"] == [2000] * 4


def test_scramble_changes_only_what_a_seat_may_not_know(tsukiji):
    from core.rng import Rng
    rules = tsukiji.rules
    m = tsukiji.scenario(crab_position(["king_crab"] * 2, options={"money": "hidden"}))
    play(m, "fish", "dock:1:right")
    m.play(1, "bid:900")
    for viewer in (0, 1, 2, None):
        shadow = rules.scramble(m.state, viewer, Rng(5), 3, m.options)
        assert rules.view(shadow, viewer) == m.view(viewer)
    shadow = rules.scramble(m.state, 0, Rng(5), 3, m.options)
    assert rules.dump(shadow)["yen"][0] == m.view(0)["yen"][0]
    assert rules.dump(shadow)["yen"][1:] != rules.dump(m.state)["yen"][1:], "others' yen are re-dealt"
    counted = rules.conserved(shadow)
    assert sum(accounts(counted).values()) == counted["yen"] == 23_500      # 000:12: the box's yen tiles
    assert rules.dump(rules.scramble(m.state, 1, Rng(5), 3, m.options))["bid"]["sealed"]["bids"] == {"1": 900}


def test_sealed_bids_stay_hidden_until_all_are_in(tsukiji):
    m = tsukiji.scenario(position(external=("ships", "barter"), seats=[seat(tokens={"mackerel": 2}), seat(), seat()]))
    play(m, "enter:barter:1", "lot:add:mackerel", "barter:offer")
    m.play(2, "bid:400")
    assert m.view(2)["bid"]["bids"].get("own") == 400
    for viewer in (0, 1, None):
        b = m.view(viewer)["bid"]["bids"]
        assert "own" not in b and "bids" not in b and b["done"] == [2]
    with pytest.raises(IllegalMove, match="not seat"):
        m.play(2, "bid:100")
    m.play(1, "bid:100")
    assert m.view(0)["bid"]["bids"]["bids"] == {"1": 100, "2": 400}


# ==== saves and positions ================================================================================

def test_dump_restore_round_trip_mid_game(tsukiji):
    from core import saves
    from core.bots import make_bot
    from core.rng import Rng
    from core.session import Session
    m = tsukiji.new(6, seed=11, options={"money": "hidden"})
    rng = Rng(2)                        # the fishmonger in every seat, one stream for all
    assert Session.of_computers(m, [make_bot(tsukiji)] * 6, [rng] * 6).run(limit=600) == 600
    data = m.save()
    assert len(data) <= 32 * 1024, f"a 6-player save is {len(data)} bytes"
    again = saves.load(data)
    assert again.save() == data
    d = tsukiji.rules.dump(m.state)
    assert tsukiji.rules.dump(tsukiji.rules.restore(d, 6, m.options)) == d
    import msgpack
    msgpack.packb(d, use_bin_type=True)


def test_conserved_pieces_are_the_box_contents(tsukiji):
    # 000:5-13 — 63 barrels, 119 tokens, 33 licences, 15 boats, 2 shares, 3 loans, 2 + 2 rentals.
    c = tsukiji.rules.conserved(tsukiji.new(5, seed=4).state)
    assert sum(v for k, v in c.items() if k.startswith("barrels:")) == 63
    assert sum(v for k, v in c.items() if k.startswith("tokens:")) == 119
    assert sum(v for k, v in c.items() if k.startswith("licences:")) == 33
    assert sum(v for k, v in c.items() if k.startswith("boats:")) == 15
    # 000:12 — 60 yen tiles: 35 × ¥100, 10 × ¥500, 15 × ¥1,000
    assert (c["shares"], c["loans"], c["coolboxes"], c["carts"], c["yen"]) == (2, 3, 2, 2, 23_500)
    assert sum(accounts(c).values()) == 23_500 and accounts(c)["supply"] == 23_500 - 5 * 2000


@pytest.mark.parametrize("change,message", [
    ({"yen": [2000, 2000]}, "one yen amount per seat"),
    ({"yen": [2000, -5, 2000]}, "whole number"),
    ({"turn": 3}, "not playing"),
    ({"phase": "dance"}, "phase is one of"),
    ({"markets": {"fish": {"eel": "setup"}, "external": {"ships": "setup"}}}, "always in play"),
    ({"markets": {"fish": {"mackerel": "setup", "whale": {}}, "external": {"ships": "setup"}}}, "not a fish"),
    ({"seats": [seat(boats=[{"type": "7", "at": "left"}]), seat(), seat()]}, "type is one of"),
    ({"seats": [seat(boats=[{"type": "1", "at": "left", "load": ["mackerel"]}]), seat(), seat()]}, "unloaded"),
    ({"seats": [seat(boats=[{"type": "1", "at": "sea", "load": ["mackerel"] * 2}]), seat(), seat()]}, "holds"),
    ({"seats": [seat(boats=[{"type": "2", "at": "sea", "load": ["mackerel", "eel"]}]), seat(), seat()]}, "one kind"),
    ({"seats": [seat(harbour=[["tuna", "upper", "c1"]]), seat(), seat()]}, "never for sale"),
    ({"seats": [seat(harbour=[["mackerel", "middle", "c1"]]), seat(), seat()]}, "harbour item"),
    ({"seats": [seat(licences={"eel": 1}), seat(), seat()]}, "not in play"),
    ({"seats": [seat(loans=1, shares=1), seat(), seat()]}, "nobody has both"),
    ({"seats": [seat(tokens={"mackerel": 40}), seat(), seat()]}, "only 30 tokens of mackerel"),
    ({"phase": "fish", "action": {"kind": "buy"}}, "action of kind"),
    ({"phase": "market"}, "mapping with a 'kind'"),
    ({"phase": "bid", "action": {"kind": "fish"}}, "needs the bid"),
    ({"ap": 0}, "turn is over"),
    ({"end": {"triggered_by": 1, "final_turns_left": 0}}, "final_turns_left"),
    ({"box": {"barrels": {"mackerel": 9}}}, "the game has"),
    ({"seats": [seat(rentals=[["cart", 2]]), seat(), seat()]}, "Rental market is not in play"),
    ({"seats": [seat(shares=1), seat(), seat()]}, "Bank is not in play"),
    ({"seats": [seat(rentals=[["cart", 3]]), seat(), seat()], "markets": {
        "fish": {"mackerel": "setup"}, "external": {"ships": "setup", "rental": "setup"}}}, "uses left"),
])
def test_positions_are_validated(tsukiji, change, message):
    with pytest.raises(ScenarioError, match=message):
        tsukiji.scenario(position(**change))


def test_illegal_keys_name_their_rule_and_change_nothing(tsukiji):
    m = tsukiji.new(3, seed=5)
    before = m.save()
    seat_ = m.to_act()[0]
    for key in ("catch:1:mackerel", "buy:2:U:c1:mackerel", "dump:1:mackerel", "sell:1", "bid:100", "fly"):
        with pytest.raises(IllegalMove) as e:
            m.play(seat_, key)
        assert "Tsukiji" in str(e.value) or "not a legal action" in str(e.value)
    assert m.save() == before


def test_same_seed_same_game(tsukiji):
    from core.rng import Rng

    def run(seed):
        m = tsukiji.new(4, seed=seed)
        rng = Rng(9)
        for _ in range(300):
            if m.over:
                break
            s_ = m.to_act()[rng.below(len(m.to_act()))]
            legal = m.legal(s_)
            m.play(s_, legal[rng.below(len(legal))])
        return m.save()
    assert run(3) == run(3) and run(3) != run(4)


# ==== entry costs (000:173-179) ==========================================================================

def test_entry_cost_options_points_yen_or_tokens(tsukiji):
    # 000:175-179 — action points, tokens back to their tableau or yen to the supply; one option
    # of several. (Which options a tableau prints is reconstructed, see assets/tsukiji/*.toml.)
    m = tsukiji.scenario(position(external=("ships", "bank"), seats=[seat(tokens={"mackerel": 3}), seat(), seat()]))
    k = keys(m)
    assert {"enter:ships:1", "enter:ships:2", "enter:bank:1", "enter:bank:2"} <= set(k)
    tokens_before = m.view(None)["markets"]["fish"]["mackerel"]["tokens"]
    play(m, "enter:ships:2")                                  # 3 mackerel tokens
    v = m.view(None)
    assert v["ap"] == 2 and v["seats"][0]["tokens"] == {} and v["markets"]["fish"]["mackerel"]["tokens"] == tokens_before + 3
    play(m, "boat:sell:1:left", "leave", "enter:bank:2")      # then ¥200 for the Bank
    v = m.view(None)
    assert v["yen"][0] == 2000 + 100 - 200 and v["ap"] == 2


def test_hand_cart_pays_part_of_a_two_point_market(tsukiji):
    # 000:329 — hand-cart points may be combined with ordinary ones to enter a market.
    m = tsukiji.scenario(position(fish=("mackerel", "tuna"), external=("ships", "rental"),
                                  seats=[seat(rentals=[["cart", 2]], licences={"mackerel": 1}), seat(), seat()],
                                  ap=1, acted=True))
    assert "enter:tuna:1" not in keys(m)
    play(m, "cart:2")
    assert "enter:tuna:1" in keys(m)
    play(m, "enter:tuna:1", "licence", "leave")
    assert m.to_act() == (1,), "both points spent: the turn is over"


def test_octopus_entry_with_a_takoyaki_from_your_supply(tsukiji):
    m = tsukiji.scenario(position(fish=("mackerel", "octopus"), seats=[seat(tokens={"takoyaki": 1}), seat(), seat()]))
    play(m, "enter:octopus:2")
    v = m.view(None)
    assert v["ap"] == 2 and v["seats"][0]["tokens"] == {} and v["markets"]["fish"]["octopus"]["takoyaki"] == 15


def test_auction_lot_lies_on_the_rightmost_space_it_reaches(tsukiji):
    # 000:307 — the fee of the rightmost space whose value the lot reaches, paid before bidding.
    auction = tsukiji.rules.m["auction"]
    assert [auction.space_for(v) for v in (0, 4, 5, 9, 10, 19, 20, 29, 30, 99)] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    m = tsukiji.scenario(position(fish=("mackerel", "squid"), external=("ships", "auction"),
                                  seats=[seat(tokens={"squid": 2}), seat(), seat()]))
    play(m, "enter:auction:1", "lot:add:squid", "lot:add:squid", "auction:offer")
    assert m.view(None)["yen"][0] == 2000, "squid are worth 0: the free space"
    m.play(1, "bid:0")
    m.play(2, "bid:0")
    assert keys(m) == ["winner:2", "winner:3"], "tied highest bids: the active player chooses"
    play(m, "winner:3")
    assert m.view(None)["seats"][2]["tokens"] == {"squid": 2}


def test_used_ships_closed_in_the_triggering_players_own_turn(tsukiji):
    # 000:345 — "sobald das Spielende ausgelöst wurde"
    m = tsukiji.scenario(position(external=("ships", "used_ships"), turn=2, yen=[5000, 2000, 2000],
                                  seats=[seat(), seat(tokens={"mackerel": 1}), seat()]))
    assert any(k.startswith("enter:used_ships") for k in keys(m))
    play(m, "fish", "done", "fish", "done")
    assert m.view(None)["end"]["triggered_by"] == 0
    assert not any(k.startswith("enter:used_ships") for k in keys(m))


def test_hidden_money_announcement_reveals_yen_at_50_resources(tsukiji):
    # 000:366 — with hidden money a seat starting its turn with 50 resources announces it,
    # and everyone must show their yen so that the end check can be made.
    from core.rng import Rng
    m = tsukiji.new(3, seed=5, options={"money": "hidden"})
    rules = tsukiji.rules
    s = m.state
    seat = s.turn
    events = []
    original = rules.resources
    try:
        rules.resources = lambda st, o: 50 if o == seat else original(st, o)
        s.turns -= 1
        rules._begin_turn(s, Rng(1), events)
    finally:
        rules.resources = original
    kinds = [e.kind for e in events]
    assert "announce" in kinds and "reveal" in kinds
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.data["yen"] == [2000, 2000, 2000]
    # With open money nothing needs announcing.
    m = tsukiji.new(3, seed=5, options={"money": "open"})
    events = []
    rules._begin_turn(m.state, Rng(1), events)
    assert "announce" not in [e.kind for e in events]
