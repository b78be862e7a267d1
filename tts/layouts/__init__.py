"""The shipped Tabletop Simulator layouts, one module a game (registered in pyproject.toml
under ``tokyo.tts``); `tts.layouts.common` holds what several games share."""
