"""What every game's board widget offers the play and end screens."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, ClassVar

from textual.containers import VerticalScroll
from textual.content import Content
from textual.widget import Widget

from core.game import Game, Match

from ..seats import Seat


def plain(value) -> str:
    """A value of a view or breakdown in few characters: 1,500 · K6 K2 · a=1, b=2."""
    if isinstance(value, bool) or value is None:
        return str(value).lower()
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, dict):
        return ", ".join(f"{k}={plain(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return " ".join(f"[{plain(v)}]" if isinstance(v, (list, tuple, dict)) else plain(v)
                        for v in value)
    return str(value)


class Palette(Widget):
    """The colours a board paints its things with (fish, drinks, bottles), as component
    classes styled in the board's .tcss, kept once a board. Textual restyles every component
    class of a widget each time it restyles the widget (a resize, a focus, a screen coming
    back); on twenty panels with thirty fish each that was a third of the kiosk's time on
    Tsukiji's table. Painters (PaintsFromPalette) read their components here instead."""

    DEFAULT_CSS = "Palette { display: none; }"


class PaintsFromPalette:
    """A widget that takes its component styles from its board's Palette (of class PALETTE),
    combined with its own styles as Textual combines a widget's own components."""

    PALETTE: type[Palette] = Palette

    def get_component_styles(self, *names: str):
        palette = self.__dict__.get("_board_palette")
        if palette is None:
            board = next((node for node in self.ancestors if isinstance(node, Board)), None)
            if board is None:
                raise LookupError(f"{type(self).__name__} paints outside a board: it has no {self.PALETTE.__name__}")
            palette = self._board_palette = board.query_one(self.PALETTE)
        return palette.get_component_styles(*names)

    def has_component(self, name: str) -> bool:
        return name in self.PALETTE.COMPONENT_CLASSES


class ViewPainter(PaintsFromPalette, Widget):
    """A part of a board that draws the latest view, with styles from its component classes
    (so a colour is painted with a letter beside it)."""

    def __init__(self, game: Game, seats: list[Seat], **kw):
        super().__init__(**kw)
        self.game = game
        self.seats = seats
        self.view: dict | None = None

    def set_view(self, view: dict) -> None:
        self.view = view
        self.refresh(layout=True)

    def vstyle(self, component: str):
        """A component's full style: a partial one drops its background."""
        return self.get_visual_style(component)

    def seat_name(self, seat: int) -> str:
        return self.seats[seat].name if 0 <= seat < len(self.seats) else f"seat {seat + 1}"

    def render(self) -> Content:
        if self.view is None:
            return Content("")
        return Content("\n").join(Content.assemble(*line) if isinstance(line, list) else Content(line)
                                  for line in self.text_lines(self.view))

    def text_lines(self, view: dict) -> list:
        """The panel's lines: each a string, or a list of strings and (text, style) parts."""
        return []


@dataclass
class MoveRequest:
    """A person's move whose data the board's own screens ask for (a price said, a lot and its
    piece, how hard a crate is pushed): what those screens read, and how they hand the move
    back. `play(move)` plays it through the session (IllegalMove naming the rule when the
    rules refuse it, and nothing changes); `done()` says the board's screens are closed and
    play goes on. The board never reaches into the play screen."""
    app: Any
    match: Match
    seat: int
    key: str
    names: list[str]
    clock: Callable[[], float]
    play: Callable[[Any], list]
    done: Callable[[], None]

    @property
    def name(self) -> str:
        return self.names[self.seat]


class Board(VerticalScroll):
    """A game's table. The play screen calls `show(view)` after every move.

    Subclasses draw the view; the class methods word a seat's standing for the seats
    panel and a seat's scoring for the end screen.
    """

    #: the board's stylesheet, a path relative to the folder of the module that defines the
    #: class; None: `<module>.tcss` beside that module, if there is one. The play screen
    #: loads it (and those of the boards this one extends) when the board is shown, so a
    #: board shipped in another distribution brings its styles with it.
    STYLES: ClassVar[str | None] = None

    def __init__(self, game: Game, seats: list[Seat], **kw):
        super().__init__(**kw)
        self.game = game
        self.seats = seats

    @classmethod
    def styles(cls) -> list[Path]:
        """The stylesheets of this board and of the boards it extends, the most general first."""
        out: list[Path] = []
        for klass in reversed(cls.__mro__):
            if not issubclass(klass, Board) or klass is Board:
                continue
            module = sys.modules.get(klass.__module__)
            where = getattr(module, "__file__", None)
            if where is None:
                continue
            named = klass.__dict__.get("STYLES")
            path = Path(where).parent / (named or f"{Path(where).stem}.tcss")
            if (named or path.is_file()) and path not in out:
                out.append(path)
        return out

    def show(self, view: dict) -> None:
        raise NotImplementedError

    @classmethod
    def seat_summary(cls, game: Game, view: dict, seat: int) -> str:
        """A few words for the seats panel, e.g. a score; empty when the game has none."""
        return ""

    @classmethod
    def private_lines(cls, game: Game, view: dict, seat: int) -> list[str]:
        """What only `seat` sees in its own view, in words for its phone (kiosk.phones):
        a sealed bid typed, money kept hidden; empty when the game hides nothing of it."""
        return []

    @classmethod
    def turn_screen(cls, match, seat: int, name: str, clock, names: list[str], **turn):
        """The screen on which a person supplies the data of actions that take it
        (Action.takes: placements, a build time), or None when the board has none; the
        play screen pushes it while the match waits for that person's data. In a round where
        everyone builds at once, `turn` holds the person's part of it (kiosk.practice.turn:
        `turn`, the second it starts at, `start`, why they are back there, `why`, what is
        decided already, `deadline`, and whether it is played `live`)."""
        return None

    @classmethod
    def result_pictures(cls, game: Game, announcement, names: list[str]) -> list:
        """The pictures beside what a phase came to (core.announce; kiosk.screens.result): for
        each seat (Building, caption, the indices of the pieces that moved) or None; empty when
        the board draws none."""
        return []

    def keep_result(self, announcement, pictures: list) -> None:
        """A phase has ended (kiosk.screens.result shows it): what the board keeps of it (the
        buildings as they stood, where the rules have cleared the lots). Default: nothing."""

    @classmethod
    def turn_words(cls, game: Game, view: dict, seat: int) -> str:
        """What a person about to build is told of their lot (kiosk.screens.ready)."""
        return ""

    @classmethod
    def phone_lots(cls, game: Game, view: dict, seat: int, key: str) -> list[tuple[str, str]] | None:
        """Where a phone may build for move `key`, one piece on a lot the player chooses (a
        placement no number pad gives): each lot's id and words. None: no phone builds it,
        it is made at the kiosk's screen."""
        return None

    @classmethod
    def phone_bench(cls, match, seat: int, key: str, lot: str, clock, names: list[str], play=None):
        """The build bench (kiosk.practice.bench.TurnBench) on which a phone places the piece of
        `key` on `lot`, one of `phone_lots`; its drop plays the move by `play` (the session's)."""
        raise NotImplementedError

    #: actions that take data are listed among the others; choosing one calls open_data
    data_in_picker = False

    @classmethod
    def open_data(cls, request: MoveRequest) -> None:
        """Push the screens on which the person supplies the data of the move `request.key`, play
        it with `request.play`, and call `request.done()` when they are closed; boards with
        `data_in_picker` implement it."""
        raise NotImplementedError

    @classmethod
    def offered(cls, match, seat: int, legal: list) -> list:
        """The actions the picker lists for `seat`: all of them unless the board folds the
        variants of one choice into one entry (a walk, and how hard the crate is pushed)
        and asks the rest on a screen of its own (`open_choice`)."""
        return legal

    @classmethod
    def open_choice(cls, request: MoveRequest) -> bool:
        """A person chose `request.key` in the picker or on the board: True when the board takes
        it from here (its own screens, then the move, then `request.done()`); False plays the
        key as it is."""
        return False

    @classmethod
    def breakdown_lines(cls, game: Game, entry: dict) -> list[str]:
        """One seat's scoring breakdown as lines for the end screen."""
        lines = []
        for key, value in entry.items():
            label = str(key).replace("_", " ").capitalize()
            if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
                lines += [f"{label} #{i + 1}: {plain(v)}" for i, v in enumerate(value)]
            else:
                lines.append(f"{label}: {plain(value)}")
        return lines
