"""Small helpers for building markup safely. Every text that comes from data goes through ``esc``."""

from __future__ import annotations

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


def button(key: str, label: str, css: str = "") -> str:
    """A button for the step ``key``."""
    cls = f' class="btn {esc(css)}"' if css else ' class="btn"'
    return f'<button type="button"{cls} {choice_attrs(key)}>{esc(label)}</button>'
