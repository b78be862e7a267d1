"""Errors the core raises; each carries a message meant for a person."""


class TokyoError(Exception):
    """Base of every error the product raises on purpose."""


class IllegalMove(TokyoError):
    """A move the rules forbid. The match is left exactly as it was."""

    def __init__(self, reason: str, rule: str | None = None):
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})" if rule else reason)


class PluginError(TokyoError):
    """A game plugin that is unknown, broken or does not keep the contract."""


class SaveError(TokyoError):
    """A save file that is damaged, hostile or from an unknown version."""


class ScenarioError(TokyoError):
    """Readable position data that does not describe a valid position."""


class AssetError(TokyoError):
    """An asset file (shipped or the user's override) that cannot be used."""
