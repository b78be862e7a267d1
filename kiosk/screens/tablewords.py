"""The play screen's lines about the table: the seats panel and the header."""

from __future__ import annotations


def seat_lines(board_cls, game, view: dict, seats, to_act) -> list[str]:
    """'▶ 1 Aiko · human · 2 lots, ¥20,000': who sits where, who acts now, how each stands."""
    lines = []
    for s, seat in enumerate(seats):
        summary = board_cls.seat_summary(game, view, s)
        lines.append(f"{'▶' if s in to_act else ' '} {s + 1} {seat.name} · {seat.kind}"
                     + (f" · {summary}" if summary else ""))
    return lines


def header_words(title: str, match, seats, thinking: int | None, viewer: int | None) -> str:
    """'Tokyo Jutaku · move 12 · Aiko and Bo to play · Bo is thinking… · Aiko's private view'."""
    if match.over:
        text = f"{title}  ·  the game is over"
    else:
        names = " and ".join(seats[s].name for s in match.to_act())
        text = f"{title}  ·  move {len(match.log.moves) + 1}  ·  {names} to play"
    if thinking is not None:
        text += f"  ·  {seats[thinking].name} is thinking…"
    if viewer is not None:
        text += f"  ·  {seats[viewer].name}'s private view"
    return text
