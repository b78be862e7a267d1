"""The vending practice screen in pygame: pick drinks, pour them through JIDOHANBAIKI, clear jams."""

from __future__ import annotations

import pygame

from ..practice.vending import VendingPractice
from ..practice.view import View
from . import POUR_STEPS_PER_FRAME, SIZE, key_of, layout, render, ui

HELP = ("+/- how many at random · 1-6 or Shift+W M K B R P: a colour's six drinks · "
        "P pour · C clear stuck · N new seed · Esc leave")


class VendingWindow:
    """The vending screen: a VendingPractice bench, drawn and driven by pygame events."""

    def __init__(self, bench: VendingPractice | None = None, size=SIZE):
        self.bench = bench or VendingPractice()
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
            self._key(*key_of(event), getattr(event, "unicode", ""))
        elif t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, action in self.buttons():
                if rect.collidepoint(event.pos):
                    action()
                    return

    def _key(self, key: int, shift: bool, char: str) -> None:
        b = self.bench
        K = pygame
        letters = {getattr(K, f"K_{c.letter.lower()}", None): i for i, c in enumerate(b.drinkset.colours)}
        if key == K.K_ESCAPE:
            self.quit = True
        elif char == "+" or key in (K.K_PLUS, K.K_KP_PLUS, K.K_EQUALS):
            b.set_count(b.count + 1)
        elif char == "-" or key in (K.K_MINUS, K.K_KP_MINUS):
            b.set_count(b.count - 1)
        elif K.K_1 <= key <= K.K_6:
            b.toggle_colour(key - K.K_1)
        elif shift and key in letters:
            b.toggle_colour(letters[key])
        elif key == K.K_p:
            b.start()
        elif key == K.K_c:
            b.clear()
        elif key == K.K_n:
            b.new_seed()

    def buttons(self):
        """Clickable areas of the panel as (rect, action): six colours, then −, +, pour, clear, seed."""
        b = self.bench
        panel = layout(self.size)["panel"]
        u = ui(self.size)
        x, y = panel.x + round(14 * u), panel.y + round(110 * u)
        out = []
        for c in range(6):
            out.append((pygame.Rect(x + round(c * 46 * u), y, round(40 * u), round(30 * u)),
                        lambda c=c: b.toggle_colour(c)))
        y += round(44 * u)
        labels = (("−", lambda: b.set_count(b.count - 1)), ("+", lambda: b.set_count(b.count + 1)),
                  ("Pour (P)", b.start), ("Clear (C)", b.clear), ("Seed (N)", b.new_seed))
        bx = x
        for label, action in labels:
            w = round((34 if len(label) == 1 else 84) * u)
            if bx + w > panel.right - 8:
                bx, y = x, y + round(38 * u)
            out.append((pygame.Rect(bx, y, w, round(30 * u)), action))
            bx += w + round(6 * u)
        return out

    # ---- time ----------------------------------------------------------------------

    def update(self) -> None:
        """One frame (1/60 s) of the pour."""
        self.bench.advance(POUR_STEPS_PER_FRAME)

    # ---- drawing -------------------------------------------------------------------

    def view(self) -> View:
        m = self.bench.machine
        return View.fit(layout(self.size)["play"].inflate(-24, -24), -10, -14, m.width + 10,
                        max(m.height, m.hopper_y + 60))

    def draw(self, surface) -> None:
        b = self.bench
        self.size = surface.get_size()
        t = self.text
        t.scale = u = ui(self.size)
        lay = layout(self.size)
        surface.fill(render.BACKGROUND)
        view = self.view()
        surface.set_clip(lay["play"])
        render.draw_machine(surface, view, b.machine, t)
        if b.pour is not None:
            render.draw_drinks(surface, view, b.pour, b.codes, t)
        surface.set_clip(None)
        head = lay["header"]
        t.draw(surface, f"Vending practice (JIDOHANBAIKI) — seed {b.seed}", (head.x + 12 * u, head.y + 10 * u),
               24, bold=True)
        t.draw(surface, b.status(), (head.x + 12 * u, head.y + 40 * u), 20)
        foot = lay["footer"]
        t.draw(surface, HELP, (foot.x + 12 * u, foot.y + 18 * u), 16, render.FAINT)
        self._draw_panel(surface, lay["panel"])

    def _draw_panel(self, surface, panel) -> None:
        b = self.bench
        t, u = self.text, self.text.scale
        pygame.draw.rect(surface, render.PANEL, panel)
        x, y = panel.x + 14 * u, panel.y + 14 * u
        t.draw(surface, f"Drinks: {b.choice_text()}", (x, y), 24, bold=True)
        t.draw(surface, f"seed {b.seed} (N: next) · +/-: how many at random", (x, y + 32 * u), 18)
        t.draw(surface, "colours (click or 1-6):", (x, y + 70 * u), 18, render.FAINT)
        buttons = self.buttons()
        for c, (rect, _) in enumerate(buttons[:6]):
            chip = render.drink_chip(surface, t, rect.topleft, c * 6, b.drinkset.colours[c].letter, 22)
            if c in b.colours:
                pygame.draw.rect(surface, render.GOOD, chip.inflate(6, 6), 3, border_radius=6)
        labels = ("−", "+", "Pour (P)", "Clear (C)", "Seed (N)")
        for (rect, _), label in zip(buttons[6:], labels):
            pygame.draw.rect(surface, render.BUTTON, rect, border_radius=5)
            pygame.draw.rect(surface, render.INK, rect, 1, border_radius=5)
            t.draw(surface, label, rect.center, 20, anchor="center")
        y = buttons[-1][0].bottom + 18 * u
        for title, items in b.sections():
            t.draw(surface, f"{title} ({len(items)})", (x, y), 20, bold=True)
            y += 24 * u
            cx = x
            for d in items:
                if cx + 40 * u > panel.right - 8:
                    cx, y = x, y + 30 * u
                cx = render.drink_chip(surface, t, (cx, y), d, b.codes[d]).right + 4 * u
            y += 40 * u
