"""Horse Mackerel (000:487-500) — the expansion.

• May take Mackerel's place beside Ships; when it is in play from the start nobody starts
  with a licence and no mackerel licences are set aside (000:405, 000:413, 000:428;
  preparation.py).
• Visiting pays no licence income to the holders of its licences; it may be entered
  only once per turn (000:487; `licence_income` and `once_per_turn` in the toml).
• Catching: while the ordinary Mackerel market is in play (and not overfished), one use
  of a horse mackerel licence may catch 1 or 2 mackerel barrels instead of 1 horse
  mackerel barrel, both onto the same ship, written "mackerel/horse_mackerel"; a ship never
  carries mackerel and horse mackerel together (000:489; fishing.py). Ruling: the
  licences stay in play when Horse Mackerel is overfished (000:353), so they go on
  catching mackerel instead — which is why Mackerel is then set up (000:493).
• Horse mackerel tokens sell to the Aquarium's mackerel space (same shape, 000:491;
  aquarium.py).
• Overfished: every player takes ¥200 from the supply per horse mackerel token held, and
  keeps them (still 1 resource each); if it happens during a buying action, only once
  that action is over (000:493; `settle`, kept as "to_settle" in the market's state).
  Then Mackerel is set up, if it is not in play, before (and besides) the new fish market
  of 000:355 — without setting licences aside or giving any to the players (000:493,
  000:586; `on_overfished`). Ruling: Mackerel comes in at once, with the draw; only the
  payments wait for the buying action, as no barrel of a market not yet in play can be
  for sale, so the order cannot matter to the purchases.
• Licences ¥200 (000:497). Tokens cannot be sold back (000:498). Each token is worth 1
  resource (000:500).
"""

from __future__ import annotations

from core.errors import IllegalMove
from core.game import Event

from ..citations import rule
from ..state import barrel_fish, pay
from .base import PaysOnOverfishing

RULE_HORSE_CATCH = rule("Horse Mackerel, catching mackerel", "000:489",
                        "kannst du mit einer Bastardmakrelen-Lizenz mit einer einzelnen Tätigkeit Fangen 1 oder 2")
RULE_HORSE_OVERFISHED = rule("Horse Mackerel, overfished", "000:493",
                             "nehmen alle Spieler ¥200 aus dem allgemeinen Vorrat für jeden Bastardmakrelen-Marker")


class HorseMackerel(PaysOnOverfishing):
    settle_line = "000:493"
    lines = "000:487-500"
    quote = "Besitzer von Bastardmakrelen-Lizenzen erhalten nicht die üblichen ¥100 pro Lizenz"
    #: written "mackerel/horse_mackerel" on the boat (000:489)
    catches_with_licence = ("mackerel",)
    catch_rule = RULE_HORSE_CATCH

    # ---- fishing (000:489) -------------------------------------------------------------------------

    @property
    def _other(self) -> str:
        """The barrel of mackerel caught with a Horse Mackerel licence, as a boat carries it."""
        return f"{self.catches_with_licence[0]}/{self.id}"

    def catch_grabs(self, s, seat, use):
        out = super().catch_grabs(s, seat, use)
        mk = s.fish.get("mackerel")
        if mk is not None and not mk["overfished"]:
            most = int(self.data["mackerel_per_catch"])
            out += [("mackerel", n) for n in range(1, most + 1) if mk["barrels"] >= n]
        return out

    def catches_from(self, fish):
        return super().catches_from(fish) + [f for f in self.catches_with_licence
                                             if f in fish and not fish[f].get("overfished")
                                             and fish[f].get("barrels", 0) > 0]

    def too_many(self, n, tagged):
        """One use catches 1 or 2 mackerel, or 1 horse mackerel (000:489)."""
        per = int(self.data.get("mackerel_per_catch", 1)) if tagged else 1
        if n > per:
            return IllegalMove(f"one licence catches one barrel (a Horse Mackerel licence up to {per} mackerel)",
                               RULE_HORSE_CATCH)
        return None

    def mixes_badly(self, tags, fishes) -> bool:
        """Mackerel caught with its licence never share a ship with horse mackerel (000:489)."""
        return self._other in tags and self.id in fishes

    def check_ship_load(self, load, where):
        if self.mixes_badly(load, {barrel_fish(x) for x in load}):
            raise ValueError(f"{where}: a ship with mackerel caught with a Horse Mackerel licence carries no horse "
                             "mackerel (000:489)")

    def explain_catch(self, s, seat, use: str, fish: str) -> IllegalMove | None:
        if not self.catch_grabs(s, seat, use):
            return IllegalMove("no horse mackerel barrel is left, and no mackerel either", RULE_HORSE_CATCH)
        return None

    # ---- overfishing (000:493) ------------------------------------------------------------------------

    def on_overfished(self, s, rng, ev):
        super().on_overfished(s, rng, ev)
        if "mackerel" not in s.fish:                                 # 000:493, 000:586
            self.R.bring_in(s, "mackerel", ev, "Horse Mackerel is overfished, so Mackerel is set up "
                                               "(no licences set aside or given)")                # 000:586

    def settle(self, s, ev):
        st = s.fish.get(self.id)
        if not st or not st.get("to_settle"):
            return
        st["to_settle"] = False
        per = int(self.data["overfished_pay"])
        paid = []
        for o in range(s.players):
            n = s.seats[o]["tokens"].get(self.id, 0)
            if n:
                pay(s, None, o, per * n, RULE_HORSE_OVERFISHED)
                paid.append(f"seat {o + 1} ¥{per * n:,}")
        ev.append(Event("overfished", "Horse Mackerel is overfished: the supply pays ¥"
                        f"{per} per horse mackerel token held" + (f" ({', '.join(paid)})." if paid else
                                                                  " (nobody holds any)."), None,
                        {"market": self.id}))
