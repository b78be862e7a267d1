"""The crate practice screen in pygame: put goods in the crate, push it, see what falls out."""

from __future__ import annotations

import pygame

from .. import crate
from ..practice import palette as P
from ..practice.push import MARKER_MM, PushPractice, fill, order
from ..practice.view import View
from . import FPS, SIZE, key_of, layout, render, ui

STEPS_PER_FRAME = round(1 / (FPS * crate.STEP))
HELP = ("Left/Right choose a good · A add · Backspace remove · X empty · R random load · 1-5 how hard · "
        "S steps · P push · Space to the end · N new seed · Esc leave")


def draw_push(surface, view: View, push: crate.Push, bench: PushPractice, text: render.Text | None = None) -> None:
    """The floor with the steps' dots, the crate, the goods in it (further rows paler), the
    architect marker behind it, and the fallen goods outlined in red."""
    c = push.crate
    w, h = surface.get_size()
    _, y0 = view.px(0, 0)
    pygame.draw.rect(surface, P.TABLE, (0, round(y0), w, h - round(y0)))
    pygame.draw.line(surface, P.TABLE_EDGE, (0, round(y0)), (w, round(y0)), 2)
    r = max(2, round(1.6 * view.scale))
    for k in range(push.steps + 1):
        x, y = view.px(k * crate.STEP_MM + c.inner_width / 2, 0)
        last = k == push.steps
        pygame.draw.circle(surface, P.DOT, (round(x), round(y + 2 * r)), r * (2 if last else 1), 0 if last else 1)
    for part in push.crate_polygons():
        render.polygon(surface, view, part, P.CRATE, P.CRATE_EDGE, 1)
    mx = push.marker_x()
    mw, mh = MARKER_MM
    render.polygon(surface, view, [(mx - mw, 0), (mx, 0), (mx, mh), (mx - mw, mh)], P.MARKER, P.INK, 1)
    for i in order(push):
        kind = push.load[i]
        edge = P.ALERT if i in push.fallen else P.INK
        for part in push.polygons(i):
            render.polygon(surface, view, part, fill(push, i), edge, 2 if i in push.fallen else 1)
        if text is not None:
            x0, y0_, x1, y1 = bounds(push.polygons(i))
            label = bench.code(kind)
            size = max(12, min(18, round(view.scale * 7 / text.scale)))
            if (x1 - x0) * view.scale > text.font(size).size(label)[0] + 4 and (y1 - y0_) * view.scale > size * 0.6:
                colour = P.DRINK_TEXT[int(kind[6:]) // 6] if kind.startswith(crate.DRINK) else P.INK
                text.draw(surface, label, view.px(*push.centre(i)), size, colour, True, anchor="center")


def bounds(parts) -> tuple[float, float, float, float]:
    xs = [x for p in parts for x, _ in p]
    ys = [y for p in parts for _, y in p]
    return min(xs), min(ys), max(xs), max(ys)


class PushWindow:
    """The crate screen: a PushPractice bench, drawn and driven by pygame events."""

    def __init__(self, bench: PushPractice | None = None, size=SIZE):
        self.bench = bench or PushPractice()
        self.size = tuple(size)
        self.quit = False
        self.text = render.Text()

    # ---- input ---------------------------------------------------------------------

    def handle(self, event) -> None:
        """React to one pygame event."""
        t = event.type
        if t == pygame.QUIT:
            self.quit = True
        elif t == pygame.VIDEORESIZE:
            self.size = (event.w, event.h)
        elif t == pygame.KEYDOWN:
            self._key(key_of(event)[0])
        elif t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, _, action in self.buttons():
                if rect.collidepoint(event.pos):
                    action()
                    return

    def _key(self, key: int) -> None:
        b = self.bench
        K = pygame
        actions = {K.K_ESCAPE: self._leave, K.K_LEFT: lambda: b.choose(-1), K.K_RIGHT: lambda: b.choose(1),
                   K.K_a: b.add, K.K_BACKSPACE: b.remove, K.K_x: b.clear, K.K_r: b.random,
                   K.K_s: lambda: b.set_steps(b.steps % 3 + 1), K.K_p: b.start, K.K_SPACE: b.finish,
                   K.K_n: b.new_seed}
        if K.K_1 <= key <= K.K_5:
            b.set_level(key - K.K_1 + 1)
        elif key in actions:
            actions[key]()

    def _leave(self) -> None:
        self.quit = True

    def buttons(self):
        """Clickable areas of the panel as (rect, label, action): the good to add, the load,
        the five levels, the three step counts, push and seed."""
        b = self.bench
        panel = layout(self.size)["panel"]
        u = ui(self.size)
        x, y = panel.x + round(14 * u), panel.y + round(76 * u)
        hgt, gap = round(30 * u), round(6 * u)
        rows = [[("<", lambda: b.choose(-1), 34), (">", lambda: b.choose(1), 34), ("Add (A)", b.add, 84)],
                [("Remove", b.remove, 84), ("Empty (X)", b.clear, 84), ("Random (R)", b.random, 96)],
                [(f"{n}", lambda n=n: b.set_level(n), 40) for n in crate.LEVELS],
                [(f"{n} step" + ("s" if n > 1 else ""), lambda n=n: b.set_steps(n), 74) for n in (1, 2, 3)],
                [("Push (P)", b.start, 96), ("To the end", b.finish, 110), ("Seed (N)", b.new_seed, 90)]]
        out = []
        for row in rows:
            bx = x
            for label, action, width in row:
                rect = pygame.Rect(bx, y, round(width * u), hgt)
                out.append((rect, label, action))
                bx = rect.right + gap
            y += hgt + round(14 * u)
        return out

    # ---- time ----------------------------------------------------------------------

    def update(self) -> None:
        """One frame (1/60 s) of the push."""
        self.bench.advance(STEPS_PER_FRAME)

    # ---- drawing -------------------------------------------------------------------

    def view(self) -> View:
        play = layout(self.size)["play"].inflate(-24, -24)
        return View.fit(play, *self.bench.frame(play.w / max(1, play.h), whole=True))

    def draw(self, surface) -> None:
        b = self.bench
        self.size = surface.get_size()
        t = self.text
        t.scale = u = ui(self.size)
        lay = layout(self.size)
        surface.fill(render.BACKGROUND)
        surface.set_clip(lay["play"])
        draw_push(surface, self.view(), b.shown(), b, t)
        surface.set_clip(None)
        head = lay["header"]
        t.draw(surface, f"Pushing the crate (Shopping Spree) — seed {b.seed}", (head.x + 12 * u, head.y + 10 * u),
               24, bold=True)
        t.draw(surface, b.status(), (head.x + 12 * u, head.y + 40 * u), 20)
        foot = lay["footer"]
        for k, line in enumerate(t.wrap(HELP, foot.w - round(24 * u), 16)[:2]):
            t.draw(surface, line, (foot.x + 12 * u, foot.y + (10 + 20 * k) * u), 16, render.FAINT)
        self._draw_panel(surface, lay["panel"])

    def _draw_panel(self, surface, panel) -> None:
        b = self.bench
        t, u = self.text, self.text.scale
        pygame.draw.rect(surface, render.PANEL, panel)
        x, y = panel.x + 14 * u, panel.y + 14 * u
        t.draw(surface, f"Add: {b.name(b.chosen_kind)}", (x, y), 22, bold=True)
        t.draw(surface, f"how hard: {b.level_text()} · {b.steps} step" + ("s" if b.steps > 1 else ""),
               (x, y + 30 * u), 18)
        chosen = {f"{b.level}", f"{b.steps} step" + ("s" if b.steps > 1 else "")}
        buttons = self.buttons()
        for rect, label, _ in buttons:
            pygame.draw.rect(surface, render.BUTTON, rect, border_radius=5)
            pygame.draw.rect(surface, render.GOOD if label in chosen else render.INK, rect,
                             3 if label in chosen else 1, border_radius=5)
            t.draw(surface, label, rect.center, 20, anchor="center")
        y = buttons[-1][0].bottom + 18 * u
        shown = b.shown()
        for title, items in b.sections():
            t.draw(surface, f"{title} ({len(items)})", (x, y), 20, bold=True)
            y += 24 * u
            for i in items:
                if y > panel.bottom - 24 * u:
                    t.draw(surface, "…", (x, y), 18)
                    break
                kind = b.load[i]
                chip = pygame.Rect(round(x), round(y + 2 * u), round(14 * u), round(14 * u))
                pygame.draw.rect(surface, P.good_colour(kind), chip)
                pygame.draw.rect(surface, P.ALERT if i in shown.fallen else render.INK, chip, 1)
                t.draw(surface, f"{i + 1}. {b.name(kind)}", (chip.right + 6 * u, y), 18)
                y += 20 * u
            y += 12 * u
