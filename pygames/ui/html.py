"""Small helpers for building markup safely. Every text that comes from data goes through ``esc``."""

from __future__ import annotations

import re
from collections.abc import Collection
from html import escape


def esc(text: object) -> str:
    """Escape text for HTML element content and attribute values."""
    return escape(str(text), quote=True)


def choice_attrs(key: str) -> str:
    """Attributes that make an element a clickable choice for the step ``key``."""
    return f'data-testid="choice" data-choice="{esc(key)}" tabindex="0" role="button"'


def picked_attrs(key: str, picked: tuple[str, ...] | list[str]) -> str:
    """For the board element of step ``key``: ``data-picked="N"`` when ``key`` is the N-th click of
    the move being made (the shell marks it with a ring and N), else nothing."""
    if key in picked:
        return f' data-picked="{list(picked).index(key) + 1}"'
    return ""


def zoom_attrs(game_id: str, key: object, attrs: str = "") -> str:
    """``data-zoom`` for a card the page can show enlarged with its full text (``game_id:key``), and a
    tab stop unless ``attrs`` (the element's choice attributes) made it focusable already."""
    return f' data-zoom="{esc(game_id)}:{esc(key)}"' + ("" if "tabindex" in attrs else ' tabindex="0"')


class BoardPlaces(set):
    """The choice keys a board has shown as places (the page reads them back), plus the clicks of a
    started move (``picked``), each marked once where it lies on the board."""

    def __init__(self, picked: tuple[str, ...] | list[str] = ()) -> None:
        super().__init__()
        self.picked = tuple(picked)
        self.marked: set[str] = set()

    def mark_picked(self, key: str) -> str:
        """``data-picked`` for ``key`` the first time the board shows it, when it is a click of the
        move being made; else nothing."""
        if key in self.picked and key not in self.marked:
            self.marked.add(key)
            return picked_attrs(key, self.picked)
        return ""


_TAG = re.compile(r"<[^>]*>")
_NAMED_TAGS = ("<div ", "<span ", "<section ", "<li ", "<b ")


def name_places(markup: str, labels: dict[str, str], sep: str) -> str:
    """Give each board place of a choice (``labels``: key -> the move in words, the step label) an
    accessible name that says the move: its label as text for screen readers only, before what
    the place shows ("Destroy Bot 2's Senator: 3 ×1" for a card showing "3 ×1"). The name stays
    the element's content, so the visible text is part of it (axe: label-content-name-mismatch);
    a place whose text already holds its label, or that names itself (aria-label), is left as
    it is. The markup is the games' own: attribute values are escaped, so a tag ends at its first ">"."""
    for key, label in labels.items():
        needle = f'data-choice="{esc(key)}"'
        at = markup.find(needle)
        while at != -1:
            start, end = markup.rfind("<", 0, at), markup.find(">", at)
            tag = markup[start:end + 1]
            if tag.startswith(_NAMED_TAGS) and "aria-label=" not in tag and not tag.endswith("/>"):
                shown = _TAG.sub(" ", markup[end + 1:end + 1200])
                if esc(label).lower() not in " ".join(shown.split()).lower():
                    span = f'<span class="sr-only">{esc(label)}{sep}</span>'
                    markup = markup[:end + 1] + span + markup[end + 1:]
            at = markup.find(needle, end)
    return markup


def card_list(cards: list[str], label: str, css: str, attrs: str = "") -> str:
    """A row of cards as a list for screen readers (role=list named ``label``, each card an item);
    the items' wrappers take no box (``pg-item``: display: contents), so the row lays out as before.
    ``attrs``: more attributes of the row (e.g. a lesson's ``data-anchor``)."""
    items = "".join(f'<div class="pg-item" role="listitem">{card}</div>' for card in cards)
    return f'<div class="{esc(css)}" role="list" aria-label="{esc(label)}"{attrs}>{items}</div>'


def button(key: str, label: str, css: str = "") -> str:
    """A button for the step ``key``."""
    cls = f' class="btn {esc(css)}"' if css else ' class="btn"'
    return f'<button type="button"{cls} {choice_attrs(key)}>{esc(label)}</button>'


def purse_attrs(kind: str, amount: int | None = None, bank: bool = False) -> str:
    """For an element (with a ``data-anim-id``) that holds coins or tokens of ``kind``: how many it
    holds (``amount``, when the view says) and whether it is the bank (the supply that pays and takes
    what no player does). Between two renders the page sends a token from the places that lost coins
    to those that gained them (pygames.ui.motion)."""
    attrs = f' data-purse="{esc(kind)}"'
    if amount is not None:
        attrs += f' data-amount="{int(amount)}"'
    if bank:
        attrs += ' data-bank="1"'
    return attrs


def last_moves(log: list[dict], seat: int | None, move_keys: Collection[str]) -> dict[int, dict]:
    """The last own decision (a log entry whose key is in ``move_keys``) of every other seat since
    ``seat`` last decided (every seat for a spectator, ``seat`` None): {seat: log entry}. A board
    marks these with ``data-last-move`` until the human acts again."""
    start = 0
    if seat is not None:
        for i in range(len(log) - 1, -1, -1):
            if log[i]["key"] in move_keys and log[i]["params"].get("seat") == seat:
                start = i + 1
                break
    found: dict[int, dict] = {}
    for e in log[start:]:
        s = e["params"].get("seat")
        if e["key"] in move_keys and isinstance(s, int) and s != seat:
            found[s] = e
    return found


def describe_error(exc: BaseException) -> str:
    """An exception as one short line for a notice (its message, else its kind)."""
    text = str(exc).strip() or type(exc).__name__
    return text if len(text) < 300 else text[:297] + "…"
