"""The 18 market tableaus of TOKYO TSUKIJI MARKET, one module each (000:193-349)."""

from .aquarium import Aquarium
from .auction import Auction
from .bank import Bank
from .barter import Barter
from .eel import Eel
from .fugu import Fugu
from .government import Government
from .king_crab import KingCrab
from .mackerel import Mackerel
from .octopus import Octopus
from .red_snapper import RedSnapper
from .rental import Rental
from .salmon import Salmon
from .ships import Ships
from .squid import Squid
from .trade import Trade
from .tuna import Tuna
from .used_ships import UsedShips

MARKETS = {
    "mackerel": Mackerel, "eel": Eel, "fugu": Fugu, "octopus": Octopus, "red_snapper": RedSnapper,
    "salmon": Salmon, "king_crab": KingCrab, "squid": Squid, "tuna": Tuna,
    "aquarium": Aquarium, "auction": Auction, "bank": Bank, "barter": Barter, "government": Government,
    "rental": Rental, "ships": Ships, "trade": Trade, "used_ships": UsedShips,
}
