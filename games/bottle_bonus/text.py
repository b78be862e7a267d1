"""The `tokyo rules` text of Bottle Bonus, in the kiosk's own words: Tokyo Jutaku's (the lot
rounds, games/building/lot_text.py) with the drinks of 004:77-93; and each drink's power."""

from games.building.lot_text import JUTAKU

BOTTLE = JUTAKU.replace("Tokyo Jutaku — build tiny houses",
                        "Bottle Bonus — Tokyo Jutaku with drinks: build tiny houses") + """
Bottle Bonus (004:77-93): after each round, before moving, the round's winner draws
as many random drinks as there are other players and pours them all at once through
the vending machine; clockwise, every other player may take one that came out. Drinks
stuck in the machine go back to the box (kiosk ruling). Each drink is a one-shot power:

  black   turn your lot card over before you start building (the back unseen before)
  white   place 1 piece before the round (your clock starts after it)
  mint    "put it back!" at any time: everyone else still building puts back their
          last piece and takes another (on this screen: whoever is still building at
          that second of the round; someone who built before you is asked back to it)
  blue    spend before a round: win it and keep the drink for +¥200, else it is lost
  red     this round, still one new piece at a time, but you may place it together
          with a piece already on your building, both moved at once (004:91): on
          the build screen, W lifts your last piece (W again: the one before) to
          set it down with the next new one
  purple  when moving, go to any free lot card
"""

#: what each Bottle Bonus drink does, in a few words (004:81-93)
POWER_WORDS = {
    "black": "turn your lot card over before building",
    "white": "place 1 piece before the round begins",
    "mint": "“put it back!”: everyone else puts back their last piece and takes another",
    "blue": "+¥200 at the end if you win this round",
    "red": "this round, place a new piece together with one already on your building",
    "purple": "move to any free lot card",
}
