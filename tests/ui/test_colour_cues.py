"""Nothing told by colour alone (issue 38): wherever a table colours a thing by its seat, family,
house or colour, the markup also carries a text or a shape that says the same. Checked in the
markup of a real position of each game (CPython, no browser), and in the shell's stylesheet for the
marks every game shares (the hint, another player's last move, a started move's clicks)."""

from __future__ import annotations

import re
from pathlib import Path

from app_play import random_step

from pygames.core import Rng
from pygames.games.koryo import cards as koryo_cards
from pygames.ui.app import App, MemoryStorage

from ui_markup import Element, Markup

STYLE = Path(__file__).resolve().parents[2] / "site" / "style.css"


def table(game_id: str, moves: int = 14, players: int | None = None) -> Markup:
    """The table markup after ``moves`` random clicks of the human (bots answer)."""
    counter = iter(range(1, 10**6))
    app = App(MemoryStorage(), seed=lambda: next(counter))
    app.action("select-game", game_id)
    if players:
        app.change("num_players", str(players))
    app.action("start")
    rng, made = Rng(f"cues/{game_id}"), 0
    while made < moves and app.phase() != "over":
        made += random_step(app, rng)
    markup = Markup(app.render())
    assert not markup.errors, markup.errors[:3]
    return markup


def classes(element: Element) -> list[str]:
    return (element.get("class") or "").split()


def descendants(element: Element):
    for child in element.children:
        yield child
        yield from descendants(child)


def test_oriflamme_owners_have_an_emblem_and_an_initial():
    markup = table("oriflamme", players=3)
    queue = [e for e in markup.elements if "oriflamme-card" in classes(e) and "oriflamme-hcard" not in classes(e)
             and any(re.fullmatch(r"oriflamme-seat\d", c) for c in classes(e))]
    assert queue
    for card in queue:
        owner = [d for d in descendants(card) if "oriflamme-owner" in classes(d)]
        assert owner, card.attrs
        assert any("oriflamme-emblem" in classes(d) for d in descendants(owner[0]))
        assert owner[0].all_text().strip(), "the owner's initial"
    for item in [e for e in markup.elements if e.tag == "li" and e.parent is not None
                 and "oriflamme-covered" in classes(e.parent)]:
        assert any("oriflamme-emblem" in classes(d) for d in descendants(item)), item.all_text()


def test_koryo_seats_have_shapes_and_families_their_numbers():
    markup = table("koryo")
    marks = [e for e in markup.elements if "koryo-mark" in classes(e)]
    assert marks
    for mark in marks:
        assert mark.all_text().strip() in koryo_cards.SEAT_SHAPES
    families = [e for e in markup.elements if any(re.fullmatch(r"koryo-k\d", c) for c in classes(e))]
    assert families
    for element in families:
        number = next(c for c in classes(element) if re.fullmatch(r"koryo-k\d", c))[len("koryo-k"):]
        assert number in element.all_text(), element.attrs


def test_tournay_colours_are_written_as_letters():
    markup = table("tournay")
    coloured = [e for e in markup.elements
                if {"tournay-card", "tournay-deck", "tournay-cit"} & set(classes(e))]
    assert coloured
    for element in coloured:
        colour = next(c for c in classes(element) if c in ("tournay-R", "tournay-W", "tournay-Y"))[-1]
        assert re.search(rf"\b{colour}(?:I|II|III)?\b", element.all_text()), element.attrs


def test_houses_cards_show_their_house_crest_and_challenges_their_shape():
    markup = table("houses", moves=30)
    cards = [e for e in markup.elements if "houses-card" in classes(e) and "houses-char" in classes(e)]
    assert cards
    for card in cards:
        house = next(c for c in classes(card) if c.startswith("houses-h-"))[len("houses-h-"):]
        assert any(d.tag == "use" and d.get("href") == f"#houses-art-crest-{house}" for d in descendants(card)), \
            card.attrs
    for icon in [e for e in markup.elements if any(c.startswith("houses-icon-") for c in classes(e))]:
        assert any(d.tag in ("path", "polygon", "circle", "rect") for d in descendants(icon)), icon.attrs


def test_coup_cards_are_named_in_words():
    markup = table("coup")
    names = [e for e in markup.elements if "coup-card-name" in classes(e)]
    assert names
    for element in names:
        assert re.search(r"\w{3}", element.all_text()), element.attrs


def test_the_shared_marks_have_a_shape_or_a_figure():
    """The hint (★ badge, dashed ring), another player's last move (↻ badge, dashed ring), a
    started move's clicks (their number) and a disabled button (faded and a not-allowed cursor)."""
    css = STYLE.read_text(encoding="utf-8")
    assert re.search(r'\[data-hint\]::after \{\s*content: "★"', css)
    assert re.search(r"\[data-hint\] \{ outline: 3px dashed", css)
    assert re.search(r'\[data-last-move\]::before \{\s*content: "↻"', css)
    assert re.search(r"\[data-last-move\]:not\(\[data-choice\]\) \{ outline: 3px dashed", css)
    assert re.search(r"\[data-picked\]::before \{\s*content: attr\(data-picked\)", css)
    assert re.search(r"\.btn:disabled[^{]*\{[^}]*cursor: not-allowed", css)


def test_a_started_move_number_leaves_the_card_corner_and_the_heading_free():
    """The click's number sits outside the card, on its ring's corner (inside, it hid Koryo's rank
    and Tournay's deck), and a hand keeps room above for the ring (it cut "Your hand")."""
    css = STYLE.read_text(encoding="utf-8")
    rule = re.search(r"\[data-picked\]::before \{([^}]*)\}", css)
    assert rule
    for side in ("top", "left"):
        found = re.search(rf"\b{side}: -(\d+(?:\.\d+)?)em", rule.group(1))
        assert found and float(found.group(1)) >= 1.1, (side, rule.group(1))
    assert re.search(r'#app \[role="list"\] \{ padding-top: 0\.\d+rem; \}', css)


def test_japanese_lines_break_strictly_and_by_phrase():
    """No Japanese line starts with ー or a small kana, and lines break at phrase ends where the
    browser can ("ボット3|（ふつう）", not "ボット3（ふつ|う）" in a narrow score table)."""
    css = STYLE.read_text(encoding="utf-8")
    assert re.search(r":lang\(ja\) \{ line-break: strict; word-break: auto-phrase; \}", css)
