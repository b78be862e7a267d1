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
        s, R = self.s, self.R
        names = [R.m[f].name for f in FISH if f in s.fish]
        ext = [R.m[e].name for e in EXTERNAL if e in s.ext]
        start = R.d.start_yen
        lines = [f"{s.players} players ({', '.join(self.colour(i) for i in range(s.players))}).",
                 f"Fish markets in play: {', '.join(names)}.", f"External markets in play: {', '.join(ext)}.",
                 f"Set-up (000:15-86): Mackerel (or Horse Mackerel) and Ships always, more markets by player count "
                 f"(000:25-31); everyone starts with ¥{start:,}, "
                 + ("no licence (Horse Mackerel from the start), " if "horse_mackerel" in s.fish and
                    "mackerel" not in s.fish else "a mackerel licence, ")
                 + "a 1-hold ship at the left berth and two covered berths (000:62).",
                 "The start player was drawn at random (the rules: whoever last drank water, 000:94)."]
        if s.hidden:
            lines.append("Hidden money (000:92): each player's yen is in a bag of its own in front of them.")
        if s.expansion:
            lines.append("The expansion is played (000:392).")
        if s.collapse:
            lines.append("Collapsing external markets (000:592): "
                         + (", ".join(f"{R.m[e].name} {v}" for e, v in s.collapsed.items()) or "none yet") + ".")
        if s.order is not None:
            lines.append("Open market order (000:628): the decks of markets not in play lie face up, next on top.")
        moves = len(self.m.log.moves)
        if moves or s.turns:
            lines.append(f"After {count_words(moves, 'move')}: {self.colour(s.turn)} is to play ({s.phase} phase, "
                         f"{s.ap} action point{'s' if s.ap != 1 else ''} left).")
        else:
            lines.append(f"{self.colour(s.turn)} starts.")
        if s.ctx:
            lines.append("An action is under way: the pieces it has moved lie beside the harbour of the player "
                         "doing it.")
        if s.bid:
            lines.append("An auction is under way: its lot lies in the middle; bids are sealed and not shown.")
        if s.triggered >= 0:
            left = count_words(s.final_left, "turn")
            lines.append(f"The end is triggered by {self.colour(s.triggered)}: {left} left.")
        if s.over:
            lines.append(f"The game is over: {s.reason}")
        self.t.note("Set-up", "\n".join(lines))
        h = R.asset_data.get("tsukiji/harbour.toml", {})
        ours = [reconstructed(f"harbour: {k.replace('_', ' ')} = {fmt(k, h.get(k))}", "assets/tsukiji/harbour.toml")
                for k, v in h.get("sources", {}).items() if "reconstructed" in str(v).lower()]
        ours += sorted(set(self.reconstructed))
        ours.append(reconstructed("the looks, colours and sizes of every piece, board and tableau",
                                  "tts/layouts/tsukiji_pieces.py and tts/layouts/tsukiji/"))
        self.t.note("Reconstructed", "\n".join(ours))
