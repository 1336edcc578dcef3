"""Where the zoom panel goes (pygames.ui.zoom.zoom_place): inside the window, off the choices."""

from __future__ import annotations

from pygames.ui.zoom import MARGIN, zoom_height, zoom_place


def inside(place, size, window) -> bool:
    x, y = place
    return x >= 0 and y >= 0 and x + size[0] <= window[0] and y + size[1] <= window[1]


def overlaps(place, size, rect) -> bool:
    x, y = place
    return x < rect[0] + rect[2] and rect[0] < x + size[0] and y < rect[1] + rect[3] and rect[1] < y + size[1]


def test_a_card_at_the_right_edge_keeps_its_zoom_inside_the_window():
    window, size = (1366, 900), (300, 420)
    card = (1250, 300, 100, 140)
    place = zoom_place(window, size, card, [], [])
    assert inside(place, size, window)
    assert not overlaps(place, size, card)


def test_the_zoom_keeps_off_the_choices_and_then_off_the_log():
    window, size = (1366, 900), (300, 420)
    card = (500, 300, 100, 140)
    choices = [(620, 280, 300, 200)]       # the slots right of the card
    log = [(1000, 60, 350, 800)]
    place = zoom_place(window, size, card, choices, log)
    assert inside(place, size, window)
    assert not any(overlaps(place, size, r) for r in choices + log + [card])


def test_the_prompt_counts_more_than_the_log():
    window, size = (390, 844), (280, 380)
    card = (20, 600, 100, 140)
    prompt = [(10, 60, 370, 80)]
    log = [(10, 150, 370, 420)]
    place = zoom_place(window, size, card, [], log, prompt)
    assert not overlaps(place, size, prompt[0])


def test_a_panel_taller_than_the_window_starts_at_its_top():
    window, size = (390, 500), (280, 700)
    place = zoom_place(window, size, (20, 100, 100, 140), [], [])
    assert place[1] == MARGIN


def test_a_tall_zoom_keeps_below_the_header_and_scrolls_inside_the_window():
    window, size, header = (390, 844), (280, 1100), 64   # a long Great Houses card on a phone
    card = (40, 500, 90, 120)
    height = zoom_height(window[1], size[1], header)
    assert height == window[1] - header - 2 * MARGIN
    x, y = zoom_place(window, size, card, [], [], top=header)
    assert y >= header + MARGIN and y + height <= window[1] - MARGIN + 0.01
    assert inside((x, y), (size[0], height), window)


def test_a_zoom_that_fits_stays_off_the_header():
    window, size, header = (390, 844), (280, 420), 64
    x, y = zoom_place(window, size, (40, 70, 90, 120), [], [], top=header)
    assert y >= header + MARGIN and zoom_height(window[1], size[1], header) == size[1]
