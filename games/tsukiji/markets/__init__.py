"""The market tableaus of TOKYO TSUKIJI MARKET (000:193-349) and its expansion (000:450-584), one module each."""

from .aquarium import Aquarium
from .auction import Auction
from .bank import Bank
from .barter import Barter
from .clams_oysters import ClamsOysters
from .eel import Eel
from .foreign_market import ForeignMarket
from .fugu import Fugu
from .government import Government
from .himono import Himono
from .horse_mackerel import HorseMackerel
from .influence import Influence
from .king_crab import KingCrab
from .mackerel import Mackerel
from .new_aquarium import NewAquarium
from .nori import Nori
from .octopus import Octopus
from .overfishing import OverfishingMarket
from .red_snapper import RedSnapper
from .rental import Rental
from .salmon import Salmon
from .sardines import Sardines
from .ship_rental import ShipRental
from .ships import Ships
from .squid import Squid
from .sushi_shop import SushiShop
from .swordfish import Swordfish
from .trade import Trade
from .tuna import Tuna
from .used_ships import UsedShips

MARKETS = {
    "mackerel": Mackerel, "eel": Eel, "fugu": Fugu, "octopus": Octopus, "red_snapper": RedSnapper,
    "salmon": Salmon, "king_crab": KingCrab, "squid": Squid, "tuna": Tuna,
    "aquarium": Aquarium, "auction": Auction, "bank": Bank, "barter": Barter, "government": Government,
    "rental": Rental, "ships": Ships, "trade": Trade, "used_ships": UsedShips,
    "clams_oysters": ClamsOysters,
    "himono": Himono,
    "horse_mackerel": HorseMackerel,
    "nori": Nori,
    "sardines": Sardines,
    "swordfish": Swordfish,
    "foreign_market": ForeignMarket,
    "influence": Influence,
    "new_aquarium": NewAquarium,
    "overfishing": OverfishingMarket,
    "ship_rental": ShipRental,
    "sushi_shop": SushiShop,
}
