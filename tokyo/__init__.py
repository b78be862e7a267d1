"""The `tokyo` command: the front door to the kiosk and to the tools for operators and modders.

The top layer: it imports kiosk, tts, physics, games and core, and nothing imports it.
One module per command family (play, catalogue, study, replay, practice, tabletop), each
adding its commands to the parser with `register`; `args` holds what they share.
"""
