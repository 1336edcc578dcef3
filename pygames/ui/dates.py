"""Dates shown to the player: in their own time zone and their locale's format.

Python's local time in Pyodide is UTC, so the browser glue gives ``App`` a ``BrowserDates``
that asks the browser, which knows both (``Intl.DateTimeFormat``, ``Date``). In CPython
(tests, tools) ``PythonDates`` uses the machine's local time.
"""

from __future__ import annotations

import time
from typing import Any, Protocol


class Dates(Protocol):
    def text(self, ms: float, lang: str) -> str:
        """A date and time for people (the saves list), in the page's language."""
        ...

    def stamp(self, ms: float) -> str:
        """"YYYYMMDD-HHMM" in local time (file names)."""
        ...


class PythonDates:
    """Python's local time (CPython: the machine's zone)."""

    def text(self, ms: float, lang: str) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(ms / 1000))

    def stamp(self, ms: float) -> str:
        return time.strftime("%Y%m%d-%H%M", time.localtime(ms / 1000))


def pick_locale(browser_locales: list[str], lang: str) -> str:
    """The browser's first locale in the page's language (``en-GB`` for English, ``ja-JP`` for
    Japanese), else the language itself: the player's own format, in the language of the page."""
    for locale in browser_locales:
        if locale.split("-")[0].lower() == lang:
            return locale
    return lang


class BrowserDates:
    """The browser's time zone and locale formats, through the JS ``window`` (site/main.py)."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self._formats: dict[str, Any] = {}

    def _locales(self) -> list[str]:
        navigator = self.window.navigator
        try:
            found = [str(x) for x in navigator.languages]
        except Exception:
            found = []
        return found or [str(navigator.language)]

    def text(self, ms: float, lang: str) -> str:
        locale = pick_locale(self._locales(), lang)
        if locale not in self._formats:
            options = self.window.JSON.parse('{"dateStyle": "medium", "timeStyle": "short"}')
            self._formats[locale] = self.window.Intl.DateTimeFormat.new(locale, options)
        return str(self._formats[locale].format(self.window.Date.new(ms)))

    def stamp(self, ms: float) -> str:
        d = self.window.Date.new(ms)
        return (f"{int(d.getFullYear()):04d}{int(d.getMonth()) + 1:02d}{int(d.getDate()):02d}-"
                f"{int(d.getHours()):02d}{int(d.getMinutes()):02d}")


__all__ = ["BrowserDates", "Dates", "PythonDates", "pick_locale"]
