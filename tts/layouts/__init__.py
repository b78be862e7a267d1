"""The shipped Tabletop Simulator layouts, one module a game (each named by its game's
info.toml, `[parts] tts`); `tts.layouts.common` holds what several games share."""
