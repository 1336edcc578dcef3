"""Cards fit their text, words stay whole, and the zoom stays in the window off the choices (issue 38).

For every game, in positions of real games (early, middle, the finished game's replay), at 1366x900
and 390x844, in English and Japanese:

- no card element ([data-zoom], .card, .pg-card and what they hold) whose overflow is hidden or
  clipped has more content than box (scrollWidth > clientWidth or scrollHeight > clientHeight);
- no word of a card's text breaks inside itself (a Latin word whose range has rects on two lines:
  Coup's own card read "Ambassado / r");
- hovering cards of the table shows the zoom panel inside the window, its card within the panel's
  frame, with no clipped element and no broken word in it, covering none of the current choices
  where the window leaves room for it.

Positions come from tools/screenshots.py, as in test_table_look.py, with the start of a second game.
"""

from __future__ import annotations

import pytest
from test_browser_site import boot
from test_table_look import WIDE, open_record, set_lang, to_replay_end

import pygames
from tools.screenshots import position_records

from browser_helpers import ARTIFACTS, PHONE, shot

pytestmark = pytest.mark.browser

CARDS = "#app [data-zoom], #app .card, #app .pg-card"

#: elements that clip (overflow hidden or clip) and hold more than their box, under the roots
CLIPPED = """(selector) => {
  const out = [];
  for (const root of document.querySelectorAll(selector)) {
    if (!root.getClientRects().length) continue;
    for (const e of [root, ...root.querySelectorAll('*')]) {
      // text for screen readers only (sr-only) is clipped to 1 px on purpose
      if (!e.getClientRects().length || e instanceof SVGElement || e.classList.contains('sr-only')) continue;
      const s = getComputedStyle(e);
      const clips = v => v === 'hidden' || v === 'clip';
      const wide = clips(s.overflowX) && e.scrollWidth > e.clientWidth + 1;
      const tall = clips(s.overflowY) && e.scrollHeight > e.clientHeight + 1;
      if (wide || tall) out.push(`${e.className} [${e.scrollWidth}x${e.scrollHeight} in `
        + `${e.clientWidth}x${e.clientHeight}]: ${e.textContent.trim().slice(0, 50)}`);
    }
  }
  return out;
}"""

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
        problems += [f"{where} zoom {key}: clipped {item}" for item in page.evaluate(CLIPPED, "#zoom")]
        problems += [f"{where} zoom {key}: broken word {item}" for item in page.evaluate(BROKEN_WORDS, "#zoom")]
    page.mouse.move(1, 1)
    return problems


@pytest.mark.parametrize("game_id", list(pygames.GAME_IDS))
def test_cards_fit_words_stay_whole_and_the_zoom_stays_clear(open_page, site_url, game_id):
    # and the start of a second game (Coup's seed 2 gives you an Ambassador, the longest name)
    records = position_records(game_id, (0, 0.5, 1)) + position_records(game_id, (0,), seed=2)
    page = open_page(viewport=WIDE, reduced_motion="reduce")
    boot(page, site_url)
    problems: list[str] = []
    shown: list[str] = []
    for index, record in enumerate(records):
        phase = open_record(page, record)
        assert phase in ("human", "replay"), phase
        if phase == "replay":
            to_replay_end(page)
        for lang in ("en", "ja"):
            set_lang(page, lang)
            for size in (WIDE, PHONE):
                page.set_viewport_size(size)
                where = f"{lang} {size['width']}px position {index}"
                problems += [f"{where}: clipped {item}" for item in page.evaluate(CLIPPED, CARDS)]
                problems += [f"{where}: broken word {item}" for item in page.evaluate(BROKEN_WORDS, CARDS)]
                picture = f"fit-zoom-{game_id}-{lang}-{size['width']}" if index == 1 else None
                problems += check_zoom(page, where, 6, shown, picture)
                if index == 1:
                    shot(page, f"fit-{game_id}-{lang}-{size['width']}")
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
def test_the_end_screen_settles_at_once(open_page, site_url, game_id):
    """With motion on, the bots' last move shows the end screen still: nothing glides over it
    (Tournay's cards moved for about a second into the final layout)."""
    page = open_page(viewport=WIDE, reduced_motion="no-preference")
    page.add_init_script(WATCH_THE_END)
    boot(page, site_url)
    phase = open_record(page, before_the_last_bot_moves(game_id))
    assert phase == "over", phase
    assert page.evaluate("window.__endAnimations") == 0, "cards still moving on the end screen"


# --------------------------------------------------------------------------- Oriflamme's queue
QUEUE_ROW = """() => {
  const queue = document.querySelector('#app .oriflamme-queue');
  const stacks = [...queue.querySelectorAll('.oriflamme-stack')].map(e => e.getBoundingClientRect());
  const box = queue.getBoundingClientRect();
  const now = queue.querySelector('[data-in-view]');
  const r = now && now.getBoundingClientRect();
  return {stacks: stacks.length, rows: new Set(stacks.map(s => Math.round(s.top))).size,
          current: now ? r.left >= box.left - 0.5 && r.right <= box.right + 0.5 : null,
          page_fits: document.documentElement.scrollWidth <= document.documentElement.clientWidth};
}"""


def test_oriflamme_neighbours_stay_side_by_side(open_page, site_url):
    """The queue is one row (it scrolls sideways), the card being resolved in view, at both widths."""
    page = open_page(viewport=WIDE, reduced_motion="reduce")
    boot(page, site_url)
    seen_current = 0
    for size in (WIDE, PHONE):  # the size first: the redraw scrolls the queue for its width
        page.set_viewport_size(size)
        for record in position_records("oriflamme", (0.5, 0.8, 0.95)):
            assert open_record(page, record) == "human"
            row = page.evaluate(QUEUE_ROW)
            assert row["rows"] <= 1, f"{size['width']} px: the queue's {row['stacks']} cards on {row['rows']} rows"
            assert row["page_fits"], f"{size['width']} px: the page scrolls sideways"
            if row["current"] is not None:
                seen_current += 1
                assert row["current"], f"{size['width']} px: the card being resolved is scrolled out of view"
        shot(page, f"fit-oriflamme-queue-{size['width']}")
    assert seen_current, "no position during the resolution"
