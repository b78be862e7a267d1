"""The expansion's changes to fishing and the turn, cited by line: the Blue Ship's two
licences (000:448), himono never spoiling (000:432), barrels as entry costs (000:436), two
4-hold barges at sea (000:440), and Horse Mackerel on the table from the start (000:413,
000:428)."""

import pytest

from core.errors import IllegalMove
from tests.test_tsukiji_expansion_external import changed, g, keys, new, play, refused  # noqa: F401


def blue_at_sea(g, *markets, licences):
    m = new(g, *markets, blue_ship="on")
    s = changed(m)
    me = s.seats[s.turn]
    me["licences"] = dict(licences)
    me["boats"] = [{"type": "blue", "at": "sea", "load": []}]
    s.ext["ships"]["boats"].pop("blue", None)
    s.box["boats"]["1"] += 1
    changed(m)
    return m, s, me


def test_the_blue_ship_catches_with_two_licences_at_once(g):
    # 000:448 — „darf es daher mit jeder Lizenz 1 Fass fangen“: one catch, two licences, two kinds.
    m, s, me = blue_at_sea(g, "eel", licences={"mackerel": 1, "eel": 1})
    play(m, "fish")
    k = keys(m)
    assert "catch:1:mackerel" in k and "catch:1:eel" in k
    pair = [x for x in k if x.startswith("catch:1:") and "+" in x]
    assert pair == ["catch:1:mackerel+eel"] or pair == ["catch:1:eel+mackerel"]
    mackerel, eel = s.fish["mackerel"]["barrels"], s.fish["eel"]["barrels"]
    play(m, pair[0])
    assert sorted(me["boats"][0]["load"]) == ["eel", "mackerel"]
    assert (s.fish["mackerel"]["barrels"], s.fish["eel"]["barrels"]) == (mackerel - 1, eel - 1)
    # each licence once per fishing action (000:143), and the boat has acted
    assert not any(x.startswith("catch:") for x in keys(m))


def test_the_blue_ship_carries_at_most_two_kinds(g):
    # 000:448 — „bis zu 2 Arten von Fischfässern“
    m, s, me = blue_at_sea(g, "eel", "fugu", licences={"mackerel": 1, "eel": 1, "fugu": 1})
    me["boats"][0]["load"] = ["mackerel", "eel"]
    changed(m)
    play(m, "fish")
    k = keys(m)
    assert "catch:1:mackerel" in k and "catch:1:eel" in k
    assert not any("fugu" in x for x in k if x.startswith("catch:"))
    refused(g, m, "catch:1:fugu", match="000:1")


def test_an_ordinary_ship_uses_one_licence_and_one_kind(g):
    # 000:132 — a loaded ship takes only the fish it carries; the Blue Ship is the exception (000:448)
    m = new(g, "eel")
    s = changed(m)
    me = s.seats[s.turn]
    me["licences"] = {"mackerel": 1, "eel": 1}
    me["boats"] = [{"type": "1", "at": "left", "load": []}, {"type": "3", "at": "sea", "load": ["eel"]}]
    changed(m)
    play(m, "fish")
    k = [x for x in keys(m) if x.startswith("catch:2:")]
    assert k == ["catch:2:eel"]


def test_himono_barrels_never_spoil(g):
    # 000:432 — „Himono-Fässer verderben niemals“; the others spoil as in 000:105
    m = new(g, "himono", players=2)
    s = changed(m)
    me = s.turn
    s.seats[me]["harbour"] = [["himono", "lower", "c3"], ["mackerel", "lower", "c2"], ["mackerel", "upper", "c1"]]
    s.fish["himono"]["barrels"] -= 1
    s.fish["mackerel"]["barrels"] -= 2
    before = s.fish["mackerel"]["barrels"]
    g.rules._spoil(s, me, [])
    assert s.seats[me]["harbour"] == [["himono", "lower", "c3"], ["mackerel", "lower", "c1"]]
    assert s.fish["mackerel"]["barrels"] == before + 1


def test_horse_mackerel_on_the_table_means_no_starting_licences(g):
    # 000:413 / 000:428 — „beginnen die Spieler das Spiel ohne Lizenzen“
    m = g.new(4, seed=3, options={"expansion": "on", "table_mackerel": "horse_mackerel"})
    s = m.state
    assert "horse_mackerel" in s.fish
    assert all(seat["licences"] == {} for seat in s.seats)
    assert s.fish.get("mackerel") is None or s.fish["mackerel"]["licences"] >= 0
    # 000:413 — also when Horse Mackerel was drawn in step 2 („unabhängig davon, ob er in Schritt 1 oder 2“)
    drawn = g.new(4, seed=3, options={"expansion": "on", "horse_mackerel": "in"})
    assert "mackerel" in drawn.state.fish and all(seat["licences"] == {} for seat in drawn.state.seats)
    plain = g.new(4, seed=3, options={"expansion": "on", "horse_mackerel": "out"})
    assert all(seat["licences"] == {"mackerel": 1} for seat in plain.state.seats)


def test_two_four_hold_barges_take_transfers_at_sea(g):
    # 000:440 — „Es ist erlaubt, dass ein Spieler beide 4-Laderaum-Lastkähne besitzt“
    m = new(g, barges="two_four")
    s = changed(m)
    assert s.ext["ships"]["boats"].get("barge4") == 2 and "barge" not in s.ext["ships"]["boats"]
    me = s.seats[s.turn]
    me["boats"] = [{"type": "2", "at": "sea", "load": ["mackerel", "mackerel"]},
                   {"type": "barge4", "at": "sea", "load": []}, {"type": "barge4", "at": "sea", "load": []}]
    s.fish["mackerel"]["barrels"] -= 2
    s.ext["ships"]["boats"].pop("barge4")
    s.box["boats"]["1"] += 1
    changed(m)
    k = keys(m)
    assert "transfer:1:2" in k and "transfer:1:3" in k
    play(m, "transfer:1:3")
    assert me["boats"][2]["load"] == ["mackerel"] and me["boats"][0]["load"] == ["mackerel"]


def test_a_refused_catch_changes_nothing(g):
    m, s, me = blue_at_sea(g, "eel", licences={"mackerel": 1})
    play(m, "fish")
    e = refused(g, m, "catch:1:eel")
    assert isinstance(e, IllegalMove)
    with pytest.raises(IllegalMove):
        m.play(s.turn, "catch:1:mackerel+mackerel")
