"""The legal actions of the seat to act: a masked amount field, the list, group tabs.

Any number of actions fits: they are listed under their group headings and scroll;
with many actions in several groups, tabs under the list narrow it to one group: touch
them, or reach them by keys (Tab from the list, or ↓ past its last move), then ← → change
the filter and Enter or ↑ goes back to the moves. In a game with secrets, amounts such as
a sealed bid are typed into a masked field (shown as •••) or tapped on the keypad, so
nobody reading over a shoulder sees them.

Where the cursor goes when the list is offered again (`cursor_key`): on the move the
person just played if it is offered again, else on the first move of the same kind (the
part of its key before the first ":"), else on the first move of the list, never on a
move that changes a price (Tsukiji's price:/reprice:, Izakaya's "Prices") unless only
such moves are offered: Enter pressed out of habit does not change a price.
"""

from __future__ import annotations

import re

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.geometry import Region
from textual.message import Message
from textual.widgets import Button, Input, OptionList, Static, Tab, Tabs
from textual.widgets.option_list import Option

from core.game import Action

from ..privacy import AmountChoice, amount_choices
from ..words import named
from . import steady

MANY_ACTIONS = 12
ALL = "grp-all"
KEYPAD = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0")


class TouchKey(Button, can_focus=False):
    """A keypad key for touch screens; keyboards type instead, so Tab skips it.

    No pressed-effect pause: a Button ignores taps for 0.2 s after one, and "100" is
    tapped faster than that.
    """

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.active_effect_duration = 0


def grouped(legal: list[Action], group: str | None = None, words: list[str] | None = None) -> list[Option]:
    """The actions under their group headings, groups in order of first appearance; with
    `words` (the seats' names) a "seat N" in an action reads as the name."""
    groups: dict[str, list[Action]] = {}
    for action in legal:
        groups.setdefault(action.group or "Actions", []).append(action)
    options = []
    for name, actions in groups.items():
        if group is not None and name != group:
            continue
        options.append(Option(Content(name), disabled=True))
        options += [Option(Content(named(a.text, words) if words else a.text), id=a.key) for a in actions]
    return options


def group_names(legal: list[Action]) -> list[str]:
    return list(dict.fromkeys(a.group or "Actions" for a in legal))


PRICE_WORD = re.compile("price", re.IGNORECASE)


def kind_of(key: str) -> str:
    """A move's kind: its key up to the first ":" ("launch:2" → "launch", "done" → "done")."""
    return key.split(":", 1)[0]


def changes_price(action: Action) -> bool:
    """Whether the move changes a price, as its key's kind or its group says
    (Tsukiji's "price:c3" and "reprice:…" moves, any group called "Prices")."""
    return bool(PRICE_WORD.search(kind_of(action.key)) or PRICE_WORD.search(action.group or ""))


def cursor_key(shown: list[Action], chosen: str | None = None, held: str | None = None) -> str | None:
    """The key the cursor goes to in `shown` (the moves in the order listed), after the
    person played `chosen`, or with the cursor on `held` and nothing played since.

    The held move if still offered; else the move just played if offered again (a price
    only if it opens a screen of its own, as a ??? price whose screen was cancelled);
    else the first move of the same kind; else the first move. Never a move that changes
    a price unless nothing else is offered.
    """
    if not shown:
        return None
    by_key = {a.key: a for a in shown}
    if held in by_key:
        return held
    pool = [a for a in shown if not changes_price(a)] or shown
    if chosen is not None:
        again = by_key.get(chosen)
        if again is not None and (again in pool or again.takes):
            return chosen
        kind = kind_of(chosen)
        same = next((a for a in pool if kind_of(a.key) == kind), None)
        if same is not None:
            return same.key
    return pool[0].key


class MoveList(OptionList):
    """The moves; ↓ on the last one goes on to the filter tabs under the list, if shown."""

    def shows(self, index: int) -> bool:
        """Whether the option at `index` lies in the part of the list scrolled into view."""
        line = self._index_to_line.get(index)   # the list's own map from option to line (Textual's)
        if line is None:
            return False
        top = self.scroll_offset.y
        return top <= line < top + self.scrollable_content_region.height

    def reveal_highlight(self) -> bool:
        """The highlighted move in view, with its group's heading (the disabled option before
        it) when it is the first of its group; False while the list is not laid out yet."""
        index = self.highlighted
        if index is None or not self.is_mounted:
            return True
        lines = self._index_to_line             # the list's own map from option to line (Textual's)
        if index not in lines:
            return False
        top = index - 1 if index > 0 and self.get_option_at_index(index - 1).disabled else index
        first, last = lines[top], lines[index] + self._heights[index]
        if last - first <= self.scrollable_content_region.height:
            self.scroll_to_region(Region(0, first, 1, last - first), animate=False, force=True, immediate=True)
        else:
            self.scroll_to_highlight()
        return True

    def action_cursor_down(self) -> None:
        after = self.options[self.highlighted + 1:] if self.highlighted is not None else self.options
        if all(o.disabled for o in after) and self.query_ancestor(ActionPicker).to_filters():
            return
        super().action_cursor_down()


class FilterTabs(Tabs):
    """The group tabs: ← → change the filter at once; Enter or ↑ goes back to the moves."""

    BINDINGS = [
        Binding("right", "next_tab", "Filter", show=True, key_display="← →"),
        Binding("enter", "to_moves", "Back to the moves", show=True),
        Binding("up", "to_moves", "Back to the moves", show=False),
    ]

    def action_to_moves(self) -> None:
        self.query_ancestor(ActionPicker).query_one("#actions", OptionList).focus()


class ActionPicker(Vertical):
    """Offers one seat's actions and posts `Chosen` with the key picked."""

    BINDINGS = [Binding("tab", "to_filters", "Filter the moves", show=True)]

    class Chosen(Message):
        def __init__(self, key: str):
            super().__init__()
            self.key = key

    def __init__(self, **kw):
        super().__init__(**kw)
        self.legal: list[Action] = []
        self.groups: list[str] = []
        self.group: str | None = None
        self.amount: AmountChoice | None = None
        self.words: list[str] | None = None
        self.offered_to: str | None = None     # whose moves are offered (the title names them)
        self.chosen: str | None = None    # the key they chose last, since the list was offered
        self.waiting: tuple[str, str] | None = None     # what `wait` says now (None: moves offered)

    def compose(self) -> ComposeResult:
        yield Static(id="actions-title")
        with Vertical(id="amount-box"):
            yield Static(id="amount-label")
            with Horizontal(id="amount-row"):
                yield Input(password=True, restrict=r"[0-9]*", max_length=9, compact=True,
                            placeholder="type the amount", id="amount")
                yield TouchKey("OK", id="amount-ok", compact=True, variant="primary")
            with Grid(id="keypad"):
                for digit in KEYPAD:
                    yield TouchKey(digit, id=f"key-{digit}", classes="key", compact=True)
                yield TouchKey("⌫", id="key-back", classes="key", compact=True)
        yield MoveList(id="actions")
        # under the list, so that Tab goes from the moves to their filter (focus follows the screen)
        yield Horizontal(id="groups-bar")

    # ---- what the play screen calls ---------------------------------------------------

    def wait(self, text: str, note: str = "") -> None:
        """Nobody at this screen acts now: say who does (nothing is redrawn when it already
        says just that)."""
        was, self.waiting = self.waiting, (text, note)
        steady.show(self.query_one("#actions-title", Static), Content(text))
        if was is not None and was[1] == note:
            return                              # the list under the title says the same
        self.legal, self.amount = [], None
        self.offered_to = self.chosen = None
        self._show_groups([])
        self.query_one("#amount-box").display = False
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        if note:
            actions.add_option(Option(Content(note), disabled=True))

    def offer(self, title: str, legal: list[Action], masked: bool, words: list[str] | None = None) -> None:
        """Show `legal`; amounts go to the masked field when `masked`; `words` are the seats'
        names for the actions' texts. The cursor goes where `cursor_key` says: the same
        person's last move or cursor are remembered, anybody else starts afresh."""
        self.waiting = None
        actions = self.query_one("#actions", OptionList)
        same = title == self.offered_to
        held = None
        if same and self.chosen is None and actions.highlighted_option is not None:
            held = actions.highlighted_option.id
        chosen = self.chosen if same else None
        self.offered_to, self.chosen = title, None
        self.words = words
        self.query_one("#actions-title", Static).update(Content(title))
        choices = amount_choices(legal) if masked else []
        self.amount = choices[0] if choices else None
        box = self.query_one("#amount-box")
        box.display = self.amount is not None
        if self.amount is not None:
            keys = set(self.amount.keys.values())
            legal = [a for a in legal if a.key not in keys]
            self.query_one("#amount-label", Static).update(Content(
                f"{self.amount.group or 'Amount'} (hidden as you type): {self.amount.describe()}"))
            self.query_one("#amount", Input).value = ""
        self.legal = legal
        groups = group_names(legal) if len(legal) >= MANY_ACTIONS else []
        self._show_groups(groups if len(groups) > 1 else [])
        self._fill(chosen, held)
        if self.amount is not None:
            self.query_one("#amount", Input).focus()
        else:
            self.query_one("#actions", OptionList).focus()

    # ---- inside -----------------------------------------------------------------------

    def shown_actions(self) -> list[Action]:
        """The moves the list holds now, in its order (under the filter, by group)."""
        groups: dict[str, list[Action]] = {}
        for action in self.legal:
            groups.setdefault(action.group or "Actions", []).append(action)
        return [a for name, acts in groups.items() if self.group in (None, name) for a in acts]

    def _fill(self, chosen: str | None = None, held: str | None = None) -> None:
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        actions.add_options(grouped(self.legal, self.group, self.words))
        actions.display = bool(self.legal)
        key = cursor_key(self.shown_actions(), chosen, held)
        if key is None:
            actions.action_first()
            return
        actions.highlighted = actions.get_option_index(key)
        self._reveal()

    def _reveal(self, again: bool = True) -> None:
        """The highlighted move in view, with its group's heading when it is the first of it."""
        actions = self.query_one("#actions", MoveList)
        if not actions.reveal_highlight() and again:        # not laid out yet: once it is
            self.call_after_refresh(self._reveal, False)

    # ---- keys between the list and its filter -----------------------------------------

    def to_filters(self) -> bool:
        """Give the filter tabs the focus, if they are shown."""
        tabs = self.query(FilterTabs)
        if not self.groups or not tabs:
            return False
        tabs.first().focus()
        return True

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "to_filters":
            return bool(self.groups) and self.app.focused is self.query_one("#actions", OptionList)
        return True

    def action_to_filters(self) -> None:
        self.to_filters()

    def _show_groups(self, groups: list[str]) -> None:
        """Tabs for these groups, rebuilt only when the groups change (then on "All")."""
        bar = self.query_one("#groups-bar", Horizontal)
        if groups == self.groups:
            return
        self.groups = groups
        self.group = None
        bar.remove_children()
        bar.display = bool(groups)
        if groups:
            tabs = [Tab("All", id=ALL)] + [Tab(g, id=f"grp-{i}") for i, g in enumerate(groups)]
            bar.mount(FilterTabs(*tabs))

    @on(Tabs.TabActivated)
    def _group_chosen(self, event: Tabs.TabActivated) -> None:
        event.stop()
        tab_id = event.tab.id or ALL
        group = None if tab_id == ALL else self.groups[int(tab_id.removeprefix("grp-"))]
        if group != self.group:
            self.group = group
            actions = self.query_one("#actions", OptionList)
            held = actions.highlighted_option.id if actions.highlighted_option is not None else None
            self._fill(held=held)

    @on(OptionList.OptionSelected, "#actions")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None and self.shows(event.option_index):
            self.chosen = event.option.id
            self.post_message(self.Chosen(event.option.id))

    def shows(self, index: int) -> bool:
        """Whether the option at `index` is on the screen now: nobody may play a move they
        cannot see (a list squeezed to nothing, or scrolled away from its highlight)."""
        actions = self.query_one("#actions", MoveList)
        seen = actions.scrollable_content_region.height
        if not actions.display or seen < 1 or not self.screen.is_current:
            return False
        return actions.shows(index)

    @on(Input.Submitted, "#amount")
    def _typed(self, event: Input.Submitted) -> None:
        event.stop()
        self._submit_amount()

    @on(Button.Pressed, "#amount-box Button")
    def _key(self, event: Button.Pressed) -> None:
        event.stop()
        field = self.query_one("#amount", Input)
        button = event.button.id or ""
        if button == "amount-ok":
            self._submit_amount()
        elif button == "key-back":
            field.value = field.value[:-1]
        elif len(field.value) < 9:
            field.value += button.removeprefix("key-")
        field.focus()
        field.cursor_position = len(field.value)

    def _submit_amount(self) -> None:
        if self.amount is None:
            return
        field = self.query_one("#amount", Input)
        key = self.amount.key_for(field.value) if field.value else None
        field.value = ""
        if key is None:
            self.app.notify(f"Type a number from {self.amount.describe()}.",
                            title="Not a possible amount", severity="warning")
            return
        self.chosen = key
        self.post_message(self.Chosen(key))
