"""The build practice screen in pygame: the bench's actions on keys, mouse and wheel, and its picture.

After Stop! the picture waits at the moment the verdict was decided; P plays on to where
the pieces come to rest. A PNG of a building that fell shows both: the verdict's moment
on the left and where it ends up on the right.
"""

from __future__ import annotations

import pygame

from ..practice.build import BuildPractice
from ..practice.view import View
from . import BUILD_STEPS_PER_FRAME, SIZE, key_of, layout, render, ui

HELP = (
    "Mouse: move · click: drop · wheel: turn · right-click or X: put back · Tab / Up-Down: highlight · "
    "Enter: pick up or set down · L: lot",
    "Arrows: move 1 mm (Shift 10) · R / E: turn 15° (Shift 90°) · F: flip · 1-9: floor · G: snap · "
    "Backspace: take back · S: Stop! · P: play on · Esc: leave",
)

_BUILDING_KEYS = frozenset([pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT,
                            pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_RETURN, pygame.K_KP_ENTER,
                            pygame.K_SPACE, pygame.K_r, pygame.K_e, pygame.K_f, pygame.K_g, pygame.K_BACKSPACE,
                            pygame.K_l, pygame.K_o, pygame.K_x, pygame.K_DELETE,
                            *range(pygame.K_0, pygame.K_9 + 1)])
KIND_COLOUR = {"good": render.GOOD, "alert": render.ALERT, "info": render.INK}


class BuildWindow:
    """The build screen: a BuildPractice bench, drawn and driven by pygame events."""

    def __init__(self, bench: BuildPractice | None = None, size=SIZE):
        self.bench = bench or BuildPractice()
        self.size = tuple(size)
        self.quit = False
        self.text = render.Text()
        self._icons: dict = {}

    def view(self, area: pygame.Rect | None = None) -> View:
        """The play area's view of the bench's extent."""
        area = area or layout(self.size)["play"]
        return View.fit(area.inflate(-24, -16), *self.bench.extent())

    # ---- input ---------------------------------------------------------------------

    def handle(self, event) -> None:
        """React to one pygame event."""
        b = self.bench
        t = event.type
        if t == pygame.QUIT:
            self.quit = True
        elif t == pygame.VIDEORESIZE:
            self.size = (event.w, event.h)
        elif t == pygame.KEYDOWN:
            self._key(*key_of(event))
        elif t == pygame.MOUSEMOTION:
            if b.phase == "build" and layout(self.size)["play"].collidepoint(event.pos):
                b.move_to(*self.view().mm(*event.pos))
        elif t == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self._click(event.pos, event.button)
        elif t == pygame.MOUSEWHEEL:
            pos = getattr(event, "pos", None)
            if pos is None and pygame.display.get_init():
                pos = pygame.mouse.get_pos()
            over_panel = pos is not None and layout(self.size)["panel"].collidepoint(pos)
            if b.held is None or over_panel:
                b.choose(-event.y)
            else:
                b.editing()
                b.rotate(15 * event.y)

    def _key(self, key: int, shift: bool) -> None:
        b = self.bench
        K = pygame
        if key == K.K_ESCAPE:
            self.quit = True
            return
        if key == K.K_s:
            b.stop()
            return
        if key == K.K_p:
            b.play_on()
            return
        if key not in _BUILDING_KEYS:
            return
        b.editing()
        step = 10.0 if shift else 1.0
        if key == K.K_TAB:
            b.choose(-1 if shift else 1, wrap=True)
        elif key in (K.K_x, K.K_DELETE):
            b.put_back()
        elif key in (K.K_UP, K.K_DOWN, K.K_LEFT, K.K_RIGHT) and b.held:
            b.nudge({K.K_LEFT: -step, K.K_RIGHT: step}.get(key, 0.0), {K.K_UP: step, K.K_DOWN: -step}.get(key, 0.0))
        elif key in (K.K_UP, K.K_DOWN):
            b.choose(-1 if key == K.K_UP else 1)
        elif key in (K.K_PAGEUP, K.K_PAGEDOWN):
            b.choose(-10 if key == K.K_PAGEUP else 10)
        elif key in (K.K_RETURN, K.K_KP_ENTER, K.K_SPACE):
            b.pick_or_drop()
        elif key == K.K_r:
            b.rotate(90 if shift else 15)
        elif key == K.K_e:
            b.rotate(-90 if shift else -15)
        elif key == K.K_f:
            b.flip()
        elif K.K_1 <= key <= K.K_9:
            b.set_floor(key - K.K_0)
        elif key == K.K_0:
            b.set_floor(None)
        elif key == K.K_g:
            b.toggle_snap()
        elif key == K.K_BACKSPACE:
            b.take_back()
        elif key == K.K_l:
            b.next_lot(-1 if shift else 1)
        elif key == K.K_o:
            b.next_outline()

    def _click(self, pos, button: int) -> None:
        b = self.bench
        lay = layout(self.size)
        if button == 3:
            b.put_back()
            return
        if lay["panel"].collidepoint(pos):
            if b.phase != "build":
                return
            for rect, i in self.supply_rows():
                if rect.collidepoint(pos):
                    b.pick(b.supply()[i])
                    b.move_to(*self.view().mm(*lay["play"].center))
                    return
        elif lay["play"].collidepoint(pos):
            b.editing()
            if b.held:
                b.move_to(*self.view().mm(*pos))
                b.drop()

    def supply_rows(self) -> list[tuple[pygame.Rect, int]]:
        """The supply rows on screen now, as (rect, index into the supply)."""
        panel = layout(self.size)["panel"]
        u = ui(self.size)
        top, row = panel.y + round(52 * u), round(26 * u)
        visible = max(1, (panel.bottom - top - 8) // row)
        n = len(self.bench.supply())
        first = max(0, min(self.bench.cursor - visible // 2, n - visible))
        return [(pygame.Rect(panel.x + 8, top + k * row, panel.width - 16, row - 2), first + k)
                for k in range(min(visible, n - first))]

    # ---- time ----------------------------------------------------------------------

    def update(self) -> None:
        """One frame (1/60 s) of the Stop! animation."""
        self.bench.advance(BUILD_STEPS_PER_FRAME)

    # ---- drawing -------------------------------------------------------------------

    def draw(self, surface, *, settled_beside: bool = False) -> None:
        """Paint the whole screen onto `surface` (any size; the layout follows it).

        With `settled_beside`, a building that fell is drawn twice: at the verdict's moment
        on the left, and where it comes to rest on the right (for PNG snapshots).
        """
        b = self.bench
        self.size = surface.get_size()
        self.text.scale = ui(self.size)
        lay = layout(self.size)
        surface.fill(render.BACKGROUND)
        self._draw_header(surface, lay["header"])
        self._draw_footer(surface, lay["footer"])
        pygame.draw.rect(surface, render.PANEL, lay["panel"])
        if b.phase == "build":
            self._draw_supply(surface, lay["panel"])
        else:
            self._draw_verdict(surface, lay["panel"])
        play = lay["play"]
        if settled_beside and b.verdict is not None and b.verdict.moved and b.at_verdict:
            left, right = play.copy(), play.copy()
            left.width = right.width = play.width // 2
            right.x = play.x + left.width
            self._draw_play(surface, left, f"at the verdict, {b.verdict.seconds:.2f} s after Stop!")
            b.play_on()
            b.finish()
            self._draw_play(surface, right, f"where it comes to rest, {b.seconds:.2f} s after Stop!")
            pygame.draw.line(surface, render.FAINT, (right.x, right.y + 8), (right.x, right.bottom - 8), 1)
        else:
            self._draw_play(surface, play)

    def _draw_play(self, surface, area: pygame.Rect, caption: str | None = None) -> None:
        b = self.bench
        view = self.view(area)
        surface.set_clip(area)
        render.draw_table(surface, view, b.lot, b.building.outline, self.text)
        render.draw_pieces(surface, view, b.pieces_now(), b.highlighted(), self.text)
        if b.held and b.scene is None:
            for part in b.landing_polygons():
                render.polygon(surface, view, part, render.GHOST)
            if abs(b.held.y - b.placement().y) > 0.5:
                for poly in b.held_polygons():
                    render.polygon(surface, view, poly, None, render.FAINT, 1)
        if caption:
            self.text.draw(surface, caption, (area.centerx, area.y + 6 * self.text.scale), 18, render.INK, True,
                           anchor="midtop")
        surface.set_clip(None)

    def _draw_header(self, surface, rect) -> None:
        t, u = self.text, self.text.scale
        lot_line, count_line, alert = self.bench.header()
        t.draw(surface, f"Build practice — {lot_line}   (L: next lot)", (rect.x + 12 * u, rect.y + 10 * u), 24,
               bold=True)
        t.draw(surface, count_line, (rect.x + 12 * u, rect.y + 40 * u), 20, render.ALERT if alert else render.INK)

    def _draw_footer(self, surface, rect) -> None:
        t, u = self.text, self.text.scale
        t.draw(surface, self.bench.holding(), (rect.x + 12 * u, rect.y + 4 * u), 18)
        for k, help_line in enumerate(HELP):
            size = 16 if t.font(16).size(help_line)[0] <= rect.width - 24 * u else 14
            t.draw(surface, help_line, (rect.x + 12 * u, rect.y + (28 + 18 * k) * u), size, render.FAINT)

    def _draw_supply(self, surface, panel) -> None:
        t, u = self.text, self.text.scale
        b = self.bench
        supply = b.supply()
        t.draw(surface, f"Pieces in the middle — {len(supply)}", (panel.x + 12 * u, panel.y + 14 * u), 24, bold=True)
        for rect, i in self.supply_rows():
            pid = supply[i]
            held = b.held is not None and b.held.piece == pid
            if i == b.cursor or held:
                pygame.draw.rect(surface, render.GHOST if held else (250, 246, 236), rect, border_radius=4)
                pygame.draw.rect(surface, render.INK, rect, 1, border_radius=4)
            icon = self._icon(pid, u)
            surface.blit(icon, icon.get_rect(midleft=(rect.x + 4 * u, rect.centery)))
            t.draw(surface, pid, (rect.x + 64 * u, rect.centery), 19, anchor="midleft")

    def _icon(self, pid: str, u: float) -> pygame.Surface:
        """A small picture of a piece for the supply list."""
        key = (pid, u)
        if key not in self._icons:
            parts, w, h = self.bench.shape(pid, 0.0, False)
            icon = pygame.Surface((round(52 * u), round(20 * u)))
            icon.fill(render.PANEL)
            view = View.fit(icon.get_rect().inflate(-2, -2), 0, 0, max(w, 1), max(h, 1))
            for part in parts:
                render.polygon(icon, view, part, render.WOOD[0], render.PIECE_EDGE, 1)
            self._icons[key] = icon
        return self._icons[key]

    def _draw_verdict(self, surface, panel) -> None:
        t, u = self.text, self.text.scale
        b = self.bench
        x, y, width = panel.x + 14 * u, panel.y + 14 * u, panel.width - 28 * u
        title, kind = b.title()
        t.draw(surface, title, (x, y), 32 if b.phase == "verdict" else 26, KIND_COLOUR[kind], True)
        y += 40 * u
        line_h = t.font(18).get_linesize()
        for item in b.report():
            for line in t.wrap(item.heading, width, 18, True):
                if y > panel.bottom - 24 * u:
                    return
                t.draw(surface, line, (x, y), 18, KIND_COLOUR[item.kind], True)
                y += line_h
            for para in item.lines:
                for line in t.wrap(para, width - 8 * u, 18):
                    if y > panel.bottom - 24 * u:
                        return
                    t.draw(surface, line, (x + 8 * u, y), 18)
                    y += line_h
            y += 8 * u
