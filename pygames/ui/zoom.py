"""Where the zoom panel (the large card, site/main.py ``show_zoom``) goes on the screen.

Pure geometry, so that CPython tests can check it: the panel stays inside the window, and of the
places beside the card it was opened from, at the window's corners and edges, it takes the one
that covers the least of the current choices (the slots a player aims at), then of the card
itself, then of the prompt, then of the log. Rectangles are (left, top, width, height) in CSS pixels of the window.
"""

from __future__ import annotations

Rect = tuple[float, float, float, float]

#: the gap kept to the window's edges and to the card
MARGIN = 8.0
#: how much a covered pixel of each kind counts: choices most, the card, the prompt, then the log
WEIGHTS = (100.0, 10.0, 4.0, 1.0)


def _overlap(a: Rect, b: Rect) -> float:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(value, high))


def zoom_height(window_h: float, h: float, top: float = 0.0) -> float:
    """The panel's height on screen: all of it when it fits between the header (``top``) and the
    window's bottom, else that room (the panel then scrolls inside itself)."""
    return max(0.0, min(h, window_h - top - 2 * MARGIN))


def zoom_place(window: tuple[float, float], size: tuple[float, float], card: Rect,
               choices: list[Rect], log: list[Rect], prompt: list[Rect] | None = None,
               top: float = 0.0) -> tuple[float, float]:
    """The panel's (left, top): inside ``window`` (width, height), below ``top`` (a header that stays
    on screen) where it fits, covering as little as it can of ``choices``, then ``card``, then
    ``prompt``, then ``log``."""
    win_w, win_h = window
    w, h = size[0], zoom_height(win_h, size[1], top)  # never over the header, never cut at the bottom
    low_y = top + MARGIN
    max_x = max(MARGIN, win_w - w - MARGIN)
    max_y = max(low_y, win_h - h - MARGIN)
    cx, cy, cw, ch = card
    xs = [cx + cw + MARGIN, cx - w - MARGIN, max_x, MARGIN, cx + cw / 2 - w / 2]
    ys = [cy, cy + ch - h, low_y, max_y, cy + ch + MARGIN, cy - h - MARGIN]
    best: tuple[float, int, tuple[float, float]] | None = None
    order = 0
    for y in ys:
        for x in xs:
            place = (_clamp(x, MARGIN, max_x), _clamp(y, low_y, max_y))
            rect = (place[0], place[1], w, h)
            cost = (WEIGHTS[0] * sum(_overlap(rect, r) for r in choices)
                    + WEIGHTS[1] * _overlap(rect, card)
                    + WEIGHTS[2] * sum(_overlap(rect, r) for r in prompt or ())
                    + WEIGHTS[3] * sum(_overlap(rect, r) for r in log))
            if best is None or (cost, order) < best[:2]:
                best = (cost, order, place)
            order += 1
    assert best is not None
    return best[2]
