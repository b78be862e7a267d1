"""How lot rounds are played, in the kiosk's own words: the `tokyo rules` text of Tokyo Jutaku,
which Bottle Bonus's extends with its drinks (004:79: "played exactly like Tokyo Jutaku")."""

JUTAKU = """\
Tokyo Jutaku — build tiny houses on odd lots, against the others (004:1-60).

Set-up: 32 lot cards in a 6×6 plan grouped by district, the pieces in the middle
(004:21). Each architect starts on a card at the outer edge and takes it; the marker
stays where the card was (004:27-29). Kiosk ruling (the rulebook names no order): who
places first is drawn at random, the others follow clockwise.

A lot card asks for exactly its floors (the digit) and exactly its pieces (the Roman
numeral, V///: five and three ones, eight pieces), inside its dark outline; with two
outlines you choose one (004:31-48).

Building (004:39-54): take one piece at a time and place it (turn it, flip it as you
like); instead of placing one you may take back the last piece placed, and then the one
before it, one by one down to an empty lot (004:50). Pieces
stay inside the outline; several pieces on one floor each touch another; nothing
reaches outside the floor below or lies over a gap.

Everyone builds at the same time from one middle (004:29, 004:39), each on a clock
that starts at "go!": a piece goes to whoever takes it first on their clock, and your
build time is your Stop! call. Stop! checks the rules and then lets gravity judge — it
must stand. A failed Stop! costs only time: build on and call again, or give the round
up. The fastest success wins the round and keeps the card for its yen; equal times to
the tenth of a second all win (004:56). Once a Stop! has passed, the others stop
building. Every piece then goes back to the middle.

When several of you build on this one screen, you build one after another, and nobody
gains from going first or last: each of you builds against the middle as it stood at
that second of the round, so what the computers and the people before you held then is
gone and what they put back is free again, and their Stop! calls come at their seconds.
If two of you took the same piece, it goes to whoever took it earlier on their own
clock; the other is asked back to that second, finds it gone, and builds on from there.
The round is played out on the table when everyone is done.

Moving (004:58): the richest winner moves first, then clockwise: up to two cards
straight (never diagonally), gaps passed over as if not there; take the card you
land on. If you did not win, you may keep your card instead, or move (your old card
goes back where it lay). Kiosk rulings: with no card in reach at all, any free card;
when nobody won the round, the first to move goes round the table, one seat a round.

The end (004:60): the moment someone completes a fourth lot. The most yen wins; ties
share the win.

Computer architects (apprentice, architect, master) build for real: their buildings
pass the same check and the same verdict; their level gives their speed.
"""
