"""Tabletop Simulator mods from the kiosk's own data.

`tts.export` lays a game out as the rules set it up (or as a saved match stands) and
writes a TTS save file with the images and models it names. Each game's layout is named
by its own info.toml (`[parts] tts = "module:function"`, see `tts.layouts`); the pieces and
drinks are modelled from the same profiles the physics uses (`tts.models`).
"""
