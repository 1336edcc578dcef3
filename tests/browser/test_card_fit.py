"""Cards fit their text, words stay whole, and the zoom stays in the window off the choices (issues 16, 38).

For every game, in positions of real games (the first decision, the middle, late, the finished game's
replay, and the start of a second game; for Great Houses and Tournay also two tables full of cards:
plots and a challenge, ten characters with eight knelt; districts, ramparts and events, nearly full
districts), at 1366x900 and 390x844, in English and Japanese:

- no card element ([data-zoom], .card, .pg-card, and each game's faces and pieces in ``FACES``) nor
  anything inside it whose overflow is hidden or clipped has more content than box (scrollWidth >
  clientWidth or scrollHeight > clientHeight), and none spills out of its box either (any overflow
  of a card element; of anything inside one of ``FACES``); the checks are seen to find a planted one;
- no word of a card's text breaks inside itself (a Latin word whose range has rects on two lines:
  Coup's own card read "Ambassado / r");
- the page does not scroll sideways on the phone, and no tap target there is under 40 px; the table
  shows cards; every picture (``use``) finds its symbol, the art sheet is kept once outside #app;
  every face of ``FACES`` that shows a card can be zoomed and focused;
- hovering cards of the table shows the zoom panel inside the window, its card within the panel's
  frame, with no clipped element and no broken word in it, covering none of the current choices
  where the window leaves room for it (in every position but the two full tables).

Positions come from tools/screenshots.py with the start of a second game, and for the full tables
from ``full_table`` below. Screenshots (light and dark) go to test-artifacts/. The tests share one
booted page (``booted_page``).
"""

from __future__ import annotations

import random

import pytest
from test_browser_site import check_fits, small_targets
from test_table_look import WIDE, open_record, to_replay_end

import pygames
from pygames.ui.session import TableSession
from tools.screenshots import position_records

from browser_helpers import ARTIFACTS, PHONE, set_lang, shot

pytestmark = pytest.mark.browser

CARDS = "#app [data-zoom], #app .card, #app .pg-card"

#: each game's own card faces and pieces: everything inside them must fit too, clipping or not
FACES = {
    "houses": ".houses-card, .houses-plot, .houses-housecard, .houses-agenda, .houses-chbox, .houses-stat",
    "tournay": ".tournay-card, .tournay-event, .tournay-rampart, .tournay-deck, .tournay-cit, .tournay-cell, "
               ".tournay-big",
}

#: faces of FACES that show no card of their own (a back, a count, an empty place): no zoom
NOT_ZOOMED = (".houses-facedown, .houses-housecard, .houses-chbox, .houses-stat, .tournay-deck, .tournay-cit, "
              ".tournay-cell, .tournay-big, .tournay-empty")

#: elements under the roots that hold more than their box: clipping it (overflow hidden or clip),
#: or spilling out of it (a root itself; anything under one matching ``strict``)
CLIPPED = """([selector, strict]) => {
  const out = [];
  for (const root of document.querySelectorAll(selector)) {
    if (!root.getClientRects().length) continue;
    const all = strict && root.matches(strict);
    for (const e of [root, ...root.querySelectorAll('*')]) {
      if (!e.getClientRects().length || e instanceof SVGElement) continue;
      if (e.classList.contains('sr-only')) continue;  // text for screen readers only
      const s = getComputedStyle(e);
      if (s.display === 'inline') continue;  // no box of its own
      const clips = v => v === 'hidden' || v === 'clip';
      const overX = e.scrollWidth > e.clientWidth + 1, overY = e.scrollHeight > e.clientHeight + 1;
      const clipped = (clips(s.overflowX) && overX) || (clips(s.overflowY) && overY);
      const spills = (e === root || all) && (overX || overY);
      if (clipped || spills) out.push(`${clipped ? 'clipped' : 'spills'} ${e.className} [${e.scrollWidth}x`
        + `${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight}]: ${e.textContent.trim().slice(0, 50)}`);
    }
  }
  return out;
}"""

#: a face far too small for its text, to see the checks find it
PROBE = """(cls) => {
  const probe = document.createElement('div');
  probe.className = cls;
  probe.textContent = 'A card name far too long for its box';
  Object.assign(probe.style, {width: '30px', height: '20px', overflow: 'hidden', display: 'block'});
  document.querySelector('#app .board').appendChild(probe);
  return probe;
}"""

MISSING_SYMBOLS = """() => [...document.querySelectorAll('#app .board use')]
  .map(u => u.getAttribute('href')).filter(h => !document.querySelector(h))"""

UNZOOMABLE = """([faces, plain]) => [...document.querySelectorAll(faces)]
  .filter(e => !e.matches(plain)).filter(e => !e.dataset.zoom || e.tabIndex < 0).map(e => e.className)"""


#: Latin words of the text under the roots whose range lies on more than one line
BROKEN_WORDS = """(selector) => {
  const out = [];
  for (const root of document.querySelectorAll(selector)) {
    if (!root.getClientRects().length) continue;
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const re = /[A-Za-z\\u00AD\\u00C0-\\u024F'’-]{2,}/g;  // with its soft hyphens, hyphens
      let m;
      while ((m = re.exec(node.data))) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        // a soft hyphen or a hyphen is a break the text offers
        if (tops.size > 1 && !/[-\\u00AD]/.test(m[0])) out.push(`${node.parentElement.className} `
          + `(${node.parentElement.clientWidth} px wide in ${node.parentElement.parentElement.className}): ${m[0]}`);
      }
    }
  }
  return out;
}"""

#: the zoom panel's box, the window's, and the current choices it covers
ZOOM_PLACE = """() => {
  const panel = document.getElementById('zoom');
  const z = panel.getBoundingClientRect();
  // the card inside the panel: no wider than it (Tournay's zoomed card ran past its frame)
  const inner = [...panel.querySelectorAll('*')].map(e => e.getBoundingClientRect().right);
  const fits = inner.every(r => r <= z.right + 0.5);
  const w = document.documentElement;
  const covered = [...document.querySelectorAll('#app [data-testid="choice"], #app [data-choice]')]
    .map(e => e.getBoundingClientRect())
    .filter(r => r.width > 0 && r.height > 0
                 && r.left < z.right && z.left < r.right && r.top < z.bottom && z.top < r.bottom);
  return {fits, inside: z.left >= 0 && z.top >= 0 && z.right <= w.clientWidth + 0.5 && z.bottom <= w.clientHeight + 0.5,
          box: [z.left, z.top, z.width, z.height], win: [w.clientWidth, w.clientHeight], covered: covered.length,
          room: z.height + 16 <= w.clientHeight,
          // off the sticky header's buttons (a phone's zoom used to cover them)
          header: z.top >= Math.max(0, document.querySelector('.topbar').getBoundingClientRect().bottom) - 0.5};
}"""

#: the cards wholly in the window (a JS expression of ``i``, an index into them, follows)
IN_WINDOW = """(i) => [...document.querySelectorAll('#app [data-zoom]')].filter(e => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.bottom <= document.documentElement.clientHeight
    && e.checkVisibility({checkOpacity: true, checkVisibilityCSS: true}); })"""

#: indices of at most ``limit`` of them, spread over the screen
HOVERABLE = """(limit) => {
  const all = (""" + IN_WINDOW + """)();
  const step = Math.max(1, Math.floor(all.length / limit));
  return all.filter((_, i) => i % step === 0).slice(0, limit).map(e => all.indexOf(e));
}"""


def check_zoom(page, where: str, limit: int, shown: list[str], picture: str | None = None) -> list[str]:
    """Hover up to ``limit`` cards; problems of the zoom panel each shows (its keys go to ``shown``)."""
    problems = []
    for index in page.evaluate(HOVERABLE, limit):
        element = page.evaluate_handle(IN_WINDOW + "[i]", index).as_element()
        if element is None:
            continue
        element.hover()
        page.wait_for_function("() => !document.getElementById('zoom').hidden", timeout=10_000)
        key = element.get_attribute("data-zoom")
        shown.append(str(key))
        place = page.evaluate(ZOOM_PLACE)
        if not place["fits"]:
            problems.append(f"{where} zoom {key}: the card runs past the panel's frame")
        if not place["inside"]:
            problems.append(f"{where} zoom {key} outside the window: {place}")
        if not place["header"]:
            problems.append(f"{where} zoom {key} covers the header: {place}")
        if place["covered"] and place["room"]:
            problems.append(f"{where} zoom {key} covers {place['covered']} choices: {place}")
        if picture and len(shown) % limit == 1:  # the window as it is, with the zoom open
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"{picture}.png"))
        problems += [f"{where} zoom {key}: {item}" for item in page.evaluate(CLIPPED, ["#zoom", None])]
        problems += [f"{where} zoom {key}: broken word {item}" for item in page.evaluate(BROKEN_WORDS, "#zoom")]
    page.mouse.move(1, 1)
    return problems


#: Great Houses and Tournay tables full of cards (seats, seed, human decisions before the position):
#: plots and a challenge, then ten characters with eight knelt; districts, ramparts and events,
#: then nearly full districts
FULL_TABLES = {
    "houses": [(["human", "random", "random"], 11, 40), (["human", "random", "random"], 13, 40)],
    "tournay": [(["human", "random", "random"], 12, 14), (["human", "random", "random"], 8, 30)],
}


def full_table(game_id: str, seats: list[str], seed: int, decisions: int) -> dict:
    """A record at the human's decision after ``decisions`` of them, cards played where possible."""
    session = TableSession(game_id, len(seats), seed, {}, seats)
    rng = random.Random(seed)
    made = 0
    while not session.is_over():
        if session.bot_turn():
            session.play_bot_turn()
            continue
        if made >= decisions:
            return session.record()
        legal = session.game.legal_actions(session.state)
        plays = [a for a in legal if a["type"] in ("play", "marshal")]  # fill the table with cards
        session.apply(rng.choice(plays if plays and rng.random() < 0.8 else legal))
        made += 1
    raise AssertionError("the game ended before the position")


def fit_roots(game_id: str) -> tuple[str, str | None]:
    """The card elements the fit checks look into, and those of them checked whole (``FACES``)."""
    faces = FACES.get(game_id)
    if not faces:
        return CARDS, None
    return CARDS + "".join(f", #app {face.strip()}" for face in faces.split(",")), faces


def check_fit(page, game_id: str, where: str, phone: bool) -> list[str]:
    """What does not fit in the table as it is now (see the module's list)."""
    faces = FACES.get(game_id)
    roots, strict = fit_roots(game_id)
    problems = [f"{where}: {item}" for item in page.evaluate(CLIPPED, [roots, strict])]
    problems += [f"{where}: broken word {item}" for item in page.evaluate(BROKEN_WORDS, roots)]
    problems += [f"{where}: no symbol {item}" for item in page.evaluate(MISSING_SYMBOLS)]
    if faces:
        problems += [f"{where}: not zoomable {item}" for item in page.evaluate(UNZOOMABLE, [faces, NOT_ZOOMED])]
    if phone:
        check_fits(page, where)
        problems += [f"{where}: a tap target under 40 px {item}" for item in small_targets(page)]
    return problems


@pytest.mark.parametrize("game_id", list(pygames.GAME_IDS))
def test_cards_fit_words_stay_whole_and_the_zoom_stays_clear(booted_page, game_id):
    # and the start of a second game (Coup's seed 2 gives you an Ambassador, the longest name)
    records = position_records(game_id, (0, 0.5, 1)) + position_records(game_id, (0,), seed=2)
    zoomed = len(records)  # the zoom is checked in these; fit in all, late in the game too
    records += position_records(game_id, (0.95,)) + [full_table(game_id, *at) for at in FULL_TABLES.get(game_id, [])]
    page = booted_page(WIDE, "reduce", WATCH_THE_END)
    problems: list[str] = []
    shown: list[str] = []
    for index, record in enumerate(records):
        phase = open_record(page, record)
        assert phase in ("human", "replay"), phase
        if phase == "replay":
            to_replay_end(page)
        assert page.locator("#app .board [data-zoom], #app .board .pg-card").count() > 0, "no card on the table"
        if index == 0:  # the checks find a face that does not fit (the art sheet is on the page by now)
            probe = page.evaluate_handle(PROBE, "card " + FACES.get(game_id, "").split(",")[0].strip()[1:])
            found = page.evaluate(CLIPPED, list(fit_roots(game_id)))
            assert len(found) == 1 and "A card name" in found[0], found
            probe.evaluate("e => e.remove()")
        # the art sheet is kept outside #app, once (main.py keep_art_sheet), not redrawn with the table
        assert page.locator(f'#art-sheets > [data-art-game="{game_id}"] > svg.art-defs').count() == 1
        assert page.locator("#app svg.art-defs").count() == 0
        for lang in ("en", "ja"):
            set_lang(page, lang)
            for size in (WIDE, PHONE):
                page.set_viewport_size(size)
                where = f"{lang} {size['width']}px position {index}"
                problems += check_fit(page, game_id, where, size is PHONE)
                if index < zoomed:
                    picture = f"fit-zoom-{game_id}-{lang}-{size['width']}" if index == 1 else None
                    problems += check_zoom(page, where, 6, shown, picture)
                if index in (1, zoomed + 1):  # the middle of the game, and the first full table
                    for scheme in ("light", "dark"):
                        page.emulate_media(color_scheme=scheme)
                        shot(page, f"fit-{game_id}-{index}-{lang}-{size['width']}-{scheme}")
                    page.emulate_media(color_scheme="light")
    assert len(set(shown)) >= 5, f"too few cards zoomed: {shown}"
    assert problems == [], f"{len(problems)} problems:\n" + "\n".join(problems[:25])


# --------------------------------------------------------------------------- the end screen
WATCH_THE_END = """
window.__endAnimations = null;
new MutationObserver(() => {
  const app = document.getElementById('app');
  if (app && app.dataset.phase === 'over' && window.__endAnimations === null)
    // the pieces' motion (element.animate), not the style sheet's own (the log's newest line fades in)
    window.__endAnimations = document.getAnimations()
      .filter(a => a.playState === 'running' && !(a instanceof CSSAnimation)).length;
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-phase']});
"""


def before_the_last_bot_moves(game_id: str) -> dict:
    """The finished game of tools/screenshots.py cut back to the last bots' turn before its end."""
    from pygames.ui.session import TableSession

    full = position_records(game_id, (1,))[0]
    for keep in range(len(full["actions"]) - 1, 0, -1):
        record = dict(full, actions=full["actions"][:keep])
        if TableSession.from_record(record).bot_turn():
            return record
    raise AssertionError("no bot's turn in the game")


@pytest.mark.parametrize("game_id", ["tournay", "houses"])
def test_the_end_screen_settles_at_once(booted_page, game_id):
    """With motion on, the bots' last move shows the end screen still: nothing glides over it
    (Tournay's cards moved for about a second into the final layout)."""
    page = booted_page(WIDE, "no-preference", WATCH_THE_END)
    page.evaluate("window.__endAnimations = null")
    phase = open_record(page, before_the_last_bot_moves(game_id))
    assert phase == "over", phase
    assert page.evaluate("window.__endAnimations") == 0, "cards still moving on the end screen"


# --------------------------------------------------------------------------- Oriflamme's queue
QUEUE_ROW = """async () => {
  await Promise.all(document.getAnimations().map(x => x.finished.catch(() => null)));  // pieces in place
  const queue = document.querySelector('#app .oriflamme-queue');
  const stacks = [...queue.querySelectorAll('.oriflamme-stack')].map(e => e.getBoundingClientRect());
  const box = queue.getBoundingClientRect();
  const now = queue.querySelector('[data-in-view]');
  const r = now && now.getBoundingClientRect();
  const inside = (e) => e.left >= box.left - 0.5 && e.right <= box.right + 0.5;
  const choices = [...queue.querySelectorAll('[data-choice]')].map(e => e.getBoundingClientRect());
  const all = now ? choices.concat([r]) : [];
  const fits = all.length > 1 && Math.max(...all.map(e => e.right)) - Math.min(...all.map(e => e.left)) <= box.width;
  return {stacks: stacks.length, rows: new Set(stacks.map(s => Math.round(s.top))).size,
          current: now ? inside(r) : null,
          detail: JSON.stringify({box: [box.left, box.right], now: r && [r.left, r.right], scroll: queue.scrollLeft,
                                  focus: document.activeElement && document.activeElement.getAttribute('data-choice'),
                                  choices: choices.map(e => [Math.round(e.left), Math.round(e.right)])}),
          choices: fits ? all.every(inside) : null,
          page_fits: document.documentElement.scrollWidth <= document.documentElement.clientWidth};
}"""


def test_oriflamme_neighbours_stay_side_by_side(booted_page):
    """The queue is one row (it scrolls sideways), the card being resolved in view with the choices
    around it when they fit, at both widths, also once the pieces have glided after a redraw (the
    language switched: every card moves)."""
    page = booted_page(WIDE, "no-preference", WATCH_THE_END)
    seen_current = seen_choices = 0
    for size in (WIDE, PHONE):  # the size first: the redraw scrolls the queue for its width
        page.set_viewport_size(size)
        for record in position_records("oriflamme", (0.5, 0.8, 0.95)):
            assert open_record(page, record) == "human"
            for lang in ("ja", "en"):
                set_lang(page, lang)
                where = f"{size['width']} px, {lang}"
                row = page.evaluate(QUEUE_ROW)
                assert row["rows"] <= 1, f"{where}: the queue's {row['stacks']} cards on {row['rows']} rows"
                assert row["page_fits"], f"{where}: the page scrolls sideways"
                if row["current"] is not None:
                    seen_current += 1
                    assert row["current"], f"{where}: the card being resolved is scrolled out of view: {row['detail']}"
                if row["choices"] is not None:
                    seen_choices += 1
                    assert row["choices"], f"{where}: a choice in the queue is scrolled out of view"
        shot(page, f"fit-oriflamme-queue-{size['width']}")
    assert seen_current and seen_choices, "no position during the resolution, or none with choices in the queue"
