"""The computer architect of Bottle Bonus: the lot rounds' architect (games/building/
architects.py), who also spends each of the six drinks where it helps (004:83-93), pours when
it won, and takes the drink it lacks."""

from __future__ import annotations

from games.building.architects import ArchitectBot, architect_bots, lot_of

#: the drinks it takes from the tray, the likeliest to help first
DRINK_TASTE = ("white", "red", "purple", "black", "mint", "blue")
#: purple moves only to a card worth this much more than the best one in reach
PURPLE_GAIN = 1.25
#: mint is called on a leader who has placed all but this many of its card's pieces
MINT_LEFT = 1


class DrinkingArchitect(ArchitectBot):
    """An architect who knows the drinks."""

    def _held(self, me) -> set[str]:
        return set(me.get("drink_colours") or [])

    def before_building(self, view, me, keys):
        """Drinks spent before building: black for a card it cannot build (or hardly wins
        with), blue when it expects to win the round, white and red for time."""
        if me["building"] or me["tries"]:
            return None
        if "drink:black" in keys and self._worth(view, view["me"], lot_of(me), me["lot"]["yen"]) \
                < me["lot"]["yen"] / (2 * len(view["seats"])):
            return keys["drink:black"]
        if "drink:blue" in keys and self.level.name != "apprentice" and self._favourite(view):
            return keys["drink:blue"]
        if "drink:white" in keys:
            self.free = 1                 # 004:85: that piece takes no time
            return keys["drink:white"]
        if "drink:red" in keys:
            self.quick = 1                # 004:91: two pieces in one go save one piece's time
            return keys["drink:red"]
        return None

    def while_building(self, view, keys):
        """Mint against a leader: a builder with at least as much yen as this one, about to
        finish (all but MINT_LEFT of its pieces placed), whose last piece goes back (004:87)."""
        if "drink:mint" not in keys:
            return None
        me = view["me"]
        mine = view["seats"][me]["yen"]
        for i, e in enumerate(view["seats"]):
            if i == me or e["status"] != "building" or not e["lot"] or not e["building"]:
                continue
            if e["yen"] >= mine and len(e["building"]) >= e["lot"]["pieces"] - MINT_LEFT:
                return keys["drink:mint"]
        return None

    def further(self, view, keys, choice, keep):
        """Purple (004:93): to any free card, when it is worth clearly more than the best in reach."""
        purple = [k for k in keys if k.startswith("purple:")]
        if purple:
            best = self._best_card(view, purple, None)
            here = -1.0 if choice is None else (keep[1] if choice == "keep" else self._value_of(view, choice))
            if best is not None and self._value_of(view, best) > PURPLE_GAIN * max(here, 0.0) + 1e-9:
                choice = best
        if choice is None:
            choice = self._best_card(view, purple, None)
        return choice

    def between_rounds(self, view, keys, legal):
        """The winner pours (004:79); the others take the drink they lack, the likeliest to help."""
        if view["phase"] == "pour":
            return keys["pour"]
        if view["phase"] == "take":
            colour = self.rules.colour_ids
            have = self._held(view["seats"][view["me"]])
            ranked = sorted((k for k in keys if k.startswith("take:") and k != "take:none"),
                            key=lambda k: (colour[int(k[5:]) // 6] in have,
                                           DRINK_TASTE.index(colour[int(k[5:]) // 6])))
            return keys[ranked[0]] if ranked else keys["take:none"]
        return super().between_rounds(view, keys, legal)


BOTS = architect_bots(DrinkingArchitect)
