"""New Aquarium (000:570-572) — the expansion.

• Entry: 1 barrel of any kind from those you have for sale on your harbour; it goes back
  to its market (000:570, 000:436; paid by entering.py).
• It works as the Aquarium (aquarium.py, 000:305): sell tokens to the space of their shape
  while it has room, for the printed yen; they stay there. The clam/oyster space takes
  tokens of both kinds, or one of each (000:572). Its spaces are new_aquarium.toml's.
• It comes into play with the Aquarium, always (000:409, 000:600; overfishing.py).
• Collapsing markets (000:622): it collapses once every space is full, the spaces of fish
  not in play included, and closes (000:598).
"""

from __future__ import annotations

from .aquarium import Aquarium


class NewAquarium(Aquarium):
    lines = "000:570-572"
    quote = "Die Eintrittskosten für diesen Markt betragen 1 Fischfass beliebiger Art"
    op = "new_aquarium"
