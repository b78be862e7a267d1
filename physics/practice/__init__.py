"""The practice benches, free of any drawing library.

`build.BuildPractice` (a lot, the building, the piece in hand, Stop! and its verdict),
`vending.VendingPractice` (which drinks to pour, the pour, clearing) and
`push.PushPractice` (the Shopping Spree's crate: its load, how hard, the push) hold what a practice
screen shows and does; `view` maps millimetres to pixels and `palette` names the colours.
Two front ends draw them: `physics.window` in a pygame window or a PNG, and
`kiosk.practice` inside the Textual kiosk (a terminal or a browser).
"""
