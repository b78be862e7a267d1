"""2-D physics of the dexterity games, in pymunk, knowing nothing of drawing.

`world` holds the settings that are part of the rules; `building` the one building
model every building game shares (lots, placing, the rule check of 004:37-54);
`stability` the settle-under-gravity verdict; `vending` the JIDOHANBAIKI machine; `crate`
the Shopping Spree's pushed crate;
`scenes` reads buildings written down as files. `practice` holds the practice benches
(still no drawing); `window` (the only package that imports pygame) draws them.
"""

from pathlib import Path

#: this package's folder: a game whose play the physics decides names it in its
#: Rules.code_folders, so that core.simulate's fingerprint covers it
FOLDER = Path(__file__).parent
