"""The save's notebook: the Set-up tab (players, markets, variants, where the match stands) and the
Reconstructed tab (every value on the boards and tableaus that is ours, not the rulebook's).
"""

from __future__ import annotations

from core.words import count_words
from games.tsukiji.data import EXTERNAL, FISH

from ...table import reconstructed
from .words import fmt


class Notebook:
    """Mixed into layout.Layout."""

    # ---- the notebook ---------------------------------------------------------------------------

    def notes(self) -> None:
        tab, R = self.tab, self.R
        names = [self.markets[f]["name"] for f in FISH if f in tab["fish"]]
        ext = [self.markets[e]["name"] for e in EXTERNAL if e in tab["ext"]]
        start = self.box_numbers["start_yen"]
        players = tab["players"]
        lines = [f"{players} players ({', '.join(self.colour(i) for i in range(players))}).",
                 f"Fish markets in play: {', '.join(names)}.", f"External markets in play: {', '.join(ext)}.",
                 f"Set-up (000:15-86): Mackerel (or Horse Mackerel) and Ships always, more markets by player count "
                 f"(000:25-31); everyone starts with ¥{start:,}, "
                 + ("no licence (Horse Mackerel from the start), " if "horse_mackerel" in tab["fish"] and
                    "mackerel" not in tab["fish"] else "a mackerel licence, ")
                 + "a 1-hold ship at the left berth and two covered berths (000:62).",
                 "The start player was drawn at random (the rules: whoever last drank water, 000:94)."]
        if tab["hidden"]:
            lines.append("Hidden money (000:92): each player's yen is in a bag of its own in front of them.")
        if tab["expansion"]:
            lines.append("The expansion is played (000:392).")
        if tab["collapse"]:
            lines.append("Collapsing external markets (000:592): "
                         + (", ".join(f"{self.markets[e]['name']} {v}" for e, v in tab["collapsed"].items())
                            or "none yet") + ".")
        if tab["order"] is not None:
            lines.append("Open market order (000:628): the decks of markets not in play lie face up, next on top.")
        moves = len(self.m.log.moves)
        if moves or tab["turns"]:
            lines.append(f"After {count_words(moves, 'move')}: {self.colour(tab['turn'])} is to play "
                         f"({tab['phase']} phase, {tab['ap']} action point{'s' if tab['ap'] != 1 else ''} left).")
        else:
            lines.append(f"{self.colour(tab['turn'])} starts.")
        if tab["action"]:
            lines.append("An action is under way: the pieces it has moved lie beside the harbour of the player "
                         "doing it.")
        if tab["bid"]:
            lines.append("An auction is under way: its lot lies in the middle; bids are sealed and not shown.")
        if tab["triggered"] is not None:
            left = count_words(tab["final_left"], "turn")
            lines.append(f"The end is triggered by {self.colour(tab['triggered'])}: {left} left.")
        if tab["over"]:
            lines.append(f"The game is over: {tab['reason']}")
        self.t.note("Set-up", "\n".join(lines))
        h = R.asset_data.get("tsukiji/harbour.toml", {})
        ours = [reconstructed(f"harbour: {k.replace('_', ' ')} = {fmt(k, h.get(k))}", "assets/tsukiji/harbour.toml")
                for k, v in h.get("sources", {}).items() if "reconstructed" in str(v).lower()]
        ours += sorted(set(self.reconstructed))
        ours.append(reconstructed("the looks, colours and sizes of every piece, board and tableau",
                                  "tts/layouts/tsukiji_pieces.py and tts/layouts/tsukiji/"))
        self.t.note("Reconstructed", "\n".join(ours))
