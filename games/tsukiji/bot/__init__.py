"""The fishmonger: a Tsukiji bot that plays from its own seat's view, one decision at a time.

It fishes with what it has, prices barrels a little under what their tokens are worth
(and within what a buyer can pay, where money is open), buys barrels that are cheaper
than their tokens, sells tokens where a market pays more than they are worth at the end
(¥100 per resource), buys licences and ships while it can afford them, and bids about
what a lot is worth to it. It reads only the view (as a person at its seat would see it),
the legal actions and the game's printed numbers (`rules.d`), never the table itself;
what each market declares (what its licence catches, whether its barrels spoil) it reads
from the market modules, made from those numbers alone.

It never goes round in circles: fishing counts only when a boat can do something that
leads to a sale (a launch for a licence it can use, a catch, a dock with a load that will
sell or be auctioned), and a seat whose boats have nothing to do finds a way forward:
it buys a licence it can use, or raises the yen for one (sells tokens that pay, donates,
sells boats it cannot use, borrows; as a last resort returns mackerel tokens, trades tokens
for yen at Trade or offers them for barter). Near the end condition (000:96-97, 000:359-362)
it works towards it: with 50 resources it raises yen until it is not alone with the least
yen; with ¥5,000 it buys until it is not alone with the fewest resources. When every seat
is broke, so that nobody can buy, it raises yen from the markets as well. When every other
seat is broke and has no boat left (open money; random players come to this within a few
hundred moves), nobody will buy from it again and only its own ¥5,000 can end the game: it
then gathers mackerel licences (trading in licences whose barrels nobody buys, never an
auction fish's) and visits Mackerel with a barrel to return, for ¥100 a licence a visit
(000:181, 000:227-228); short of resources for the end, it takes an auction fish's licence
and a ship for its own auctions (000:264, 000:284).

The expansion (000:392-628):
• Tokens are worth what they add to the seat's resources: clam 3, oyster 1, himono 5,
  horse mackerel 1, sardines 1, swordfish its track value, and each nori a tenth of the
  other tokens (000:466, 000:485, 000:500, 000:511, 000:525, 000:538). With the
  Overfishing market in play a token of a market not overfished is worth a little more,
  one of an overfished market a little less (000:576).
• Licences are judged by what they catch: a Himono licence mackerel, horse mackerel or
  sardines (himono only when none of them is left, 000:468), a Horse Mackerel licence its
  own fish or mackerel (000:489). Swordfish is auctioned like king crab, 2 barrels a token
  (000:527): the fleet must bring 2 home together. Barrels caught with a Himono licence
  dry on it (000:472) and are worth half a himono barrel; lower-row mackerel, horse
  mackerel and sardine barrels (which spoil next) are laid on a Himono licence to dry
  (000:474), and so are spare tokens of those when a pair would be completed; the himono
  barrel a pair brings is priced like any barrel (000:476).
• The Foreign Market (000:547) takes a load that cannot dock at home, or one worth
  auctioning when the seat needs yen and the others can pay; boats left there are
  launched again like boats at a berth.
• In its own Swordfish, King Crab, Tuna and Foreign Market auctions it bids nothing when
  it needs yen (winning pays the supply), and breaks a tie for whoever leaves it better
  off: the lot less the bid, or the bid paid to it (000:264, 000:529, 000:547).
• Markets: clam-and-oyster sets are sold (¥800 for 4 resources, 000:464), swordfish when
  its value is high or yen are needed (000:536), canned sardines bought when resources
  are what the seat lacks or when they bring it to 50 resources with yen to spare
  (000:523), tokens to the New Aquarium as to the Aquarium (its entry a barrel from the
  harbour, the cheapest to lose, 000:570), the Sushi Shop's spaces filled with the
  cheapest tokens of different shapes when the space pays more (000:582), a ship rented
  for one trip when a licence lacks the holds or the licences outnumber the ships and
  every boat has a berth to come home to (000:578), an expansion marker bought when no
  licence can be used or bought (000:566), a buyer marker when rich and given at once to
  the next player (000:564), the Blue Ship for a small ship when two kinds of licence
  can use it (000:444-448).

The decisions, a module each. look (the view, the printed numbers, where the seat stands)
imports nothing of the bot's; worth (what things are worth, what the seat needs), pricing,
fishing (and unloading), buying, bidding, selling (and lots of tokens), entering (the main
choice and which market) and market (inside a market) import only look, never one another;
fishmonger (FishmongerBot: every legal move scored by the kind of decision it is) puts them
together.
"""

from __future__ import annotations

from .fishmonger import FishmongerBot
from .look import AUCTION_FISH, BARGES, BROKE, FREE_ENTRY, NORI_HOPE, _fish_of, _licence_of, _Look, _use_of

__all__ = ["AUCTION_FISH", "BARGES", "BROKE", "FREE_ENTRY", "NORI_HOPE", "FishmongerBot",
           "_Look", "_fish_of", "_licence_of", "_use_of"]
