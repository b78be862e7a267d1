"""The legal actions of the seat to act: group tabs, a masked amount field, the list.

Any number of actions fits: they are listed under their group headings and scroll;
with many actions in several groups, tabs narrow the list to one group (click them,
or ← → when they have the focus). In a game with secrets, amounts such as a sealed bid
are typed into a masked field (shown as •••) or tapped on the keypad, so nobody
reading over a shoulder sees them.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Input, OptionList, Static, Tab, Tabs
from textual.widgets.option_list import Option

from core.game import Action

from ..privacy import AmountChoice, amount_choices
from ..words import named

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


class ActionPicker(Vertical):
    """Offers one seat's actions and posts `Chosen` with the key picked."""

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

    def compose(self) -> ComposeResult:
        yield Static(id="actions-title")
        yield Horizontal(id="groups-bar")
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
        yield OptionList(id="actions")

    # ---- what the play screen calls ---------------------------------------------------

    def wait(self, text: str, note: str = "") -> None:
        """Nobody at this screen acts now: say who does."""
        self.legal, self.amount = [], None
        self.query_one("#actions-title", Static).update(Content(text))
        self._show_groups([])
        self.query_one("#amount-box").display = False
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        if note:
            actions.add_option(Option(Content(note), disabled=True))

    def offer(self, title: str, legal: list[Action], masked: bool, words: list[str] | None = None) -> None:
        """Show `legal`; amounts go to the masked field when `masked`; `words` are the seats'
        names for the actions' texts."""
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
        self._fill()
        if self.amount is not None:
            self.query_one("#amount", Input).focus()
        else:
            self.query_one("#actions", OptionList).focus()

    # ---- inside -----------------------------------------------------------------------

    def _fill(self) -> None:
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        actions.add_options(grouped(self.legal, self.group, self.words))
        actions.display = bool(self.legal)
        actions.action_first()

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
            bar.mount(Tabs(*tabs))

    @on(Tabs.TabActivated)
    def _group_chosen(self, event: Tabs.TabActivated) -> None:
        event.stop()
        tab_id = event.tab.id or ALL
        group = None if tab_id == ALL else self.groups[int(tab_id.removeprefix("grp-"))]
        if group != self.group:
            self.group = group
            self._fill()

    @on(OptionList.OptionSelected, "#actions")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None and self.shows(event.option_index):
            self.post_message(self.Chosen(event.option.id))

    def shows(self, index: int) -> bool:
        """Whether the option at `index` is on the screen now: nobody may play a move they
        cannot see (a list squeezed to nothing, or scrolled away from its highlight)."""
        actions = self.query_one("#actions", OptionList)
        seen = actions.scrollable_content_region.height
        if not actions.display or seen < 1 or not self.screen.is_current:
            return False
        line = actions._index_to_line.get(index)   # Textual's own map from option to line
        if line is None:
            return False
        top = actions.scroll_offset.y
        return top <= line < top + seen

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
        self.post_message(self.Chosen(key))
