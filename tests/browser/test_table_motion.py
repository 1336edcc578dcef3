"""The table's motion and marks in Chromium (issue 16; the render side is tests/ui/test_motion_markup.py):

- coins paid travel: taking Income in Coup sends a coin token from the Treasury to your coins (it starts
  where the Treasury is and ends where your coins are); with the animations setting off nothing flies;
- a Great Houses card marshalled from your hand, and a Tournay card taken from a deck's face-up top, keep
  one data-anim-id and glide from their old place to the new one;
- every board marks the first click of a started move (data-picked) where it lies, with its ring;
- Koryo's table does not repeat the card reference (it is one tap away, in the Cards dialog).

Positions are records played in CPython (TableSession) and opened through the lobby's import. The
tests after the first share one booted page (``booted_page``).
"""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect
from test_browser_site import boot, rev
from test_table_look import open_record

import pygames
from pygames.ui.session import TableSession

from browser_helpers import DESKTOP, shot

pytestmark = pytest.mark.browser

GAME_IDS = list(pygames.GAME_IDS)
NAMES = ["You", "Bot 2", "Bot 3", "Bot 4", "Bot 5"]

# every element.animate() call: the element's anim id or coin route, its box then, and its first keyframe
RECORD_ANIMATIONS = """
window.__animations = [];
const original = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
  const r = this.getBoundingClientRect();
  // where the token's goal is laid out, leaving out transforms (the goal may be gliding there)
  const goal = this.getAttribute('data-coin-to') &&
    document.querySelector(`#app [data-anim-id="${this.getAttribute('data-coin-to')}"]`);
  let gx = 0, gy = 0;
  for (let e = goal; e; e = e.offsetParent) { gx += e.offsetLeft + e.clientLeft; gy += e.offsetTop + e.clientTop; }
  window.__animations.push({
    goal: goal ? [gx + goal.offsetWidth / 2 - goal.clientLeft - window.scrollX,
                  gy + goal.offsetHeight / 2 - goal.clientTop - window.scrollY] : null,
    id: this.getAttribute('data-anim-id'), from: this.getAttribute('data-coin-from'),
    to: this.getAttribute('data-coin-to'), coin: this.classList.contains('coin-fly'),
    x: r.left + r.width / 2, y: r.top + r.height / 2,
    first: JSON.stringify(keyframes[0] || {})});
  return original.apply(this, arguments);
};
"""

CENTRE = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2]; }"""


def shift(first: str) -> tuple[float, float]:
    """The translate() of a first keyframe, in px."""
    transform = json.loads(first).get("transform", "")
    inner = transform.split("translate(", 1)[1].split(")", 1)[0]
    dx, dy = (float(v.strip().removesuffix("px")) for v in inner.split(","))
    return dx, dy


def position(game_id: str, seed: int, wanted, n: int = 2) -> tuple[dict, object]:
    """A record of a table (you + random bots) at your first decision where ``wanted(session)`` gives
    something (returned with it)."""
    session = TableSession(game_id, n, seed, {}, ["human"] + ["random"] * (n - 1))
    rng = random.Random(seed)
    for _ in range(800):
        if session.is_over():
            break
        if session.bot_turn():
            session.play_bot_turn()
            continue
        found = wanted(session)
        if found:
            return session.record(), found
        session.apply(rng.choice(session.game.legal_actions(session.state)))
    raise AssertionError(f"{game_id}: the position never came up")


def click_choice(page, key: str) -> None:
    before = rev(page)
    page.locator(f'#app [data-choice="{key}"]').first.click()
    page.wait_for_function("(r) => document.getElementById('app').dataset.rev !== r", arg=before)


# --------------------------------------------------------------------------- coins paid travel
def income_position() -> dict:
    return position("coup", 4, lambda s: {"type": "income"} in s.game.legal_actions(s.state))[0]


def test_coins_paid_travel_from_the_treasury_to_your_coins_and_not_with_animations_off(open_page, site_url):
    page = open_page(viewport=DESKTOP, reduced_motion="no-preference")
    page.add_init_script(RECORD_ANIMATIONS)
    boot(page, site_url)
    record = income_position()
    assert open_record(page, record) == "human"
    bank = page.evaluate(CENTRE, '#app [data-anim-id="coins-bank"]')
    page.evaluate("window.__animations = []")
    click_choice(page, "act:income")
    flights = [a for a in page.evaluate("window.__animations") if a["coin"]]
    paid = [f for f in flights if f["from"] == "coins-bank" and f["to"] == "coins-0"]
    assert len(paid) == 1, f"one coin from the Treasury to your coins: {flights}"
    dx, dy = shift(paid[0]["first"])
    # it starts on the Treasury and ends on your coins, where the table has them once it has moved
    # (not where they are drawn as the token leaves: they may still be gliding to their new place)
    mine = paid[0]["goal"]
    assert abs(paid[0]["x"] - mine[0]) < 4 and abs(paid[0]["y"] - mine[1]) < 4, (paid[0], mine)
    assert abs(paid[0]["x"] + dx - bank[0]) < 4 and abs(paid[0]["y"] + dy - bank[1]) < 4, (paid[0], bank)
    assert abs(dx) + abs(dy) > 40
    page.wait_for_function("document.getAnimations().length === 0")
    page.wait_for_function("document.querySelectorAll('#coin-layer .coin-fly').length === 0", timeout=5000)

    # the animations setting off: the same payment, no token
    page.evaluate("""() => localStorage.setItem('pygames.settings',
        JSON.stringify({...JSON.parse(localStorage.getItem('pygames.settings') || '{}'), animations: false}))""")
    boot(page, site_url)
    assert open_record(page, record) == "human"
    page.evaluate("window.__animations = []")
    click_choice(page, "act:income")
    assert page.evaluate("window.__animations") == []
    assert page.locator("#coin-layer .coin-fly").count() == 0


# --------------------------------------------------------------------------- one id from hand to table
def houses_marshal(session) -> str | None:
    """A character you can marshal from your hand with one click (no target)."""
    from pygames.games.houses.cards import CARDS
    for action in session.game.legal_actions(session.state):
        if action["type"] == "marshal" and action.get("target") is None \
                and CARDS[action["card"]]["type"] == "character":
            return action["card"]
    return None


def tournay_top(session) -> tuple[str, str] | None:
    """A deck whose face-up top you can take: (deck, the step key of taking it)."""
    for action in session.game.legal_actions(session.state):
        if action["type"] == "draw" and action["mode"] == "top":
            steps = session.render.action_steps(action, session.view())
            return action["deck"], steps[1]
    return None


def glided(page, ident: str) -> bool:
    """The element with this anim id was animated from somewhere else (a translate, not a fade in)."""
    for call in page.evaluate("window.__animations"):
        if call["id"] == ident and "translate" in call["first"]:
            dx, dy = shift(call["first"])
            if abs(dx) + abs(dy) > 20:
                return True
    return False


def test_a_marshalled_or_taken_card_keeps_its_anim_id_and_glides_to_its_new_place(booted_page):
    page = booted_page(DESKTOP, "no-preference", RECORD_ANIMATIONS)

    record, card = position("houses", 11, houses_marshal)
    assert open_record(page, record) == "human"
    hand_card = page.locator(f'.houses-handzone [data-choice="hand:{card}"]')
    ident = hand_card.get_attribute("data-anim-id")
    assert ident and ident.startswith(f"card-0-{card}")
    page.evaluate("window.__animations = []")
    click_choice(page, f"hand:{card}")
    expect(page.locator(f'[data-seat="0"] .houses-inplay [data-anim-id="{ident}"]')).to_have_count(1)
    assert glided(page, ident), "the marshalled card did not travel from the hand"

    record, (deck, take) = position("tournay", 5, tournay_top)
    assert open_record(page, record) == "human"
    ident = page.locator(f'[data-anim-id="deck-{deck}"] .tournay-card').get_attribute("data-anim-id")
    assert ident and ident.startswith("card-0-")
    click_choice(page, f"deck:{deck}")
    page.evaluate("window.__animations = []")
    click_choice(page, take)
    expect(page.locator(f'.tournay-hand [data-anim-id="{ident}"]')).to_have_count(1)
    assert glided(page, ident), "the card taken from the deck's top did not travel to the hand"
    shot(page, "motion-tournay-top-taken")


# --------------------------------------------------------------------------- picked marks
def two_clicks(session) -> str | None:
    """The first click of a move of two or more clicks, when the board shows it as a place."""
    picker = session.picker()
    view = session.view()
    n = len(session.seats)
    _, placed = session.render.board(view, 0, "en", NAMES[:n], {k: k for k in picker.options()})
    longer = sorted({path[0] for path in picker.paths if len(path) > 1} & placed)
    return longer[0] if longer else None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_board_marks_the_first_click_of_a_started_move(booted_page, game_id):
    page = booted_page(DESKTOP, "reduce", RECORD_ANIMATIONS)
    game = pygames.get_game(game_id)
    record, key = position(game_id, 2, two_clicks, n=max(game.min_players, min(3, game.max_players)))
    assert open_record(page, record) == "human"
    assert page.locator("#app .board [data-picked]").count() == 0
    click_choice(page, key)
    marked = page.locator('#app .board [data-picked="1"]')
    expect(marked).to_have_count(1)
    assert marked.get_attribute("data-choice") is None
    style = marked.evaluate("e => e instanceof SVGElement ? getComputedStyle(e).filter "
                            ": getComputedStyle(e).outlineStyle")
    assert style not in ("none", ""), f"the picked place has no ring: {style}"
    expect(page.locator('[data-testid="picked"]')).to_be_visible()
    if game_id == "koryo":  # the reference is one tap away, not repeated on the table
        assert page.locator("#app .board details, #app .board .koryo-ref").count() == 0
        page.locator('[data-testid="open-cards"]').click()
        expect(page.locator('[data-testid="card-ref"]')).to_have_count(11)
    shot(page, f"motion-picked-{game_id}")
