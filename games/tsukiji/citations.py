"""The rule names that messages cite, each with the line of 000 it rests on.

`rule(name, line, quote, ...)` makes the string a message shows, e.g.
"Tsukiji, spoilage (000:105)", and records in QUOTES, for that string, each cited line
with the words of it the rule rests on: a short verbatim quote of the German rulebook.
tests/test_tsukiji_citations.py finds every quote on its line (a range: on its first
line), so a citation that drifts by a line fails there. The product never reads the
rulebook; the quotes are only kept here so the citations can be checked.
"""

#: rule string -> [(citation, quote), ...], in the order the string cites them
QUOTES: dict[str, list[tuple[str, str]]] = {}


def rule(name: str, line: str, quote: str, *more: tuple[str, str]) -> str:
    """"Tsukiji, <name> (<line>, ...)", its quotes recorded in QUOTES.

    `line` is "000:NNN" or a range "000:NNN-MMM"; `more` are further (line, quote) pairs.
    """
    cites = [(line, quote), *more]
    text = f"Tsukiji, {name} ({', '.join(c for c, _ in cites)})"
    QUOTES[text] = cites
    return text


RULE_TURN = rule("the turn", "000:101-103", "danach musst du eine Anzahl von Aktionen ausführen")
RULE_SPOIL = rule("spoilage", "000:105", "diese Fässer sind nun „verdorben“")
RULE_BERTH = rule("opening berths", "000:109", "einen blockierten Liegeplatz in deinem Hafen öffnen")
RULE_FISHING = rule("fishing", "000:111-125", "FISCHEN")
RULE_CATCH = rule("catching", "000:129-132", "Ein Schiff, das diese Tätigkeit ausführt, darf 1 Fischfass fangen")
RULE_EMPTY = rule("catching with an empty ship", "000:131",
                  "Mit einem leeren Schiff darfst du nur Fisch einer Art fangen")
RULE_LICENCE = rule("fishing licences", "000:140-145", "Regeln für Fischereilizenzen")
RULE_DOCK = rule("docking and unloading", "000:136", "Entlade unmittelbar nach dem Anlegen alle Fischfässer")
RULE_PRICE = rule("pricing", "000:136-138", "Weise dann jedem entladenen Fass einen Verkaufspreis zu",
                  ("000:151-153", "Passe die Preise der Fässer auf deinem Hafentableau an"))
RULE_BARGE = rule("transfers to the barge", "000:147", "Der Lastkahn kann die Tätigkeit Fangen nicht ausführen")
RULE_DUMP = rule("dumping barrels", "000:149", "aber nur zu Beginn deines Zuges, bevor du Aktionen ausführst",
                 ("000:357", "darfst du Fässer jedoch nur zu Beginn deines Zuges abwerfen"))
RULE_BUY = rule("buying", "000:159-167", "EINKAUFEN")
RULE_MARKETS = rule("markets", "000:169-191", "MÄRKTE")
RULE_FREE_MARKET = rule("markets without an entry cost", "000:179",
                        "jeder solche Markt darf aber nur einmal pro Zug betreten werden")
RULE_INTERACT = rule("interacting with a market", "000:183", "musst du mindestens einmal mit ihm interagieren")
RULE_COOLBOX = rule("cool boxes", "000:329", "Du darfst eine Kühlbox zu Beginn deines Zuges verwenden")
RULE_CART = rule("hand carts", "000:329", "Du darfst eine Handkarre während deines Zuges verwenden")
RULE_FUGU = rule("Fugu", "000:212", "verdorbene Fugu-Fässer in dieser unteren Reihe hast, darfst du sie selbst kaufen")
RULE_SALMON = rule("Salmon", "000:251", "immer nur ein einziges Lachsfass gleichzeitig zu transportieren")
RULE_AUCTION_BID = rule("sealed bids", "000:264", "nehmen an einem verdeckten Bieten um diese Riesenkrabbe teil",
                        ("000:284", "nehmen an einem verdeckten Bieten um diesen Thunfisch teil"),
                        ("000:307", "Alle anderen Spieler nehmen an einem verdeckten Bieten teil"),
                        ("000:325", "Anschließend darfst du ein Gebot deiner Wahl annehmen"))
RULE_END = rule("the end of the game", "000:359-364", "Prüfe zu Beginn des Zuges jedes Spielers")
