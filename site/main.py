"""Browser glue: the only Python that touches the DOM (through PyScript).

It keeps no game logic: ``pygames.ui.app.App`` decides what to show and what
a click means. This file puts ``app.render()`` into #app, forwards clicks
(one delegated listener for ``[data-choice]`` and ``[data-action]``, also
Enter/Space), form changes and storage, and runs bot turns in short slices
with a visible pause, so the page never freezes. Every Python exception ends
up readable in the #error box.

URL parameters: ``?botdelay=<ms>`` pause before each bot move (default: the
"bot speed" setting; also read from localStorage "pygames.botdelay").
Also here, because they need the browser: downloading an exported record
(a Blob link), reading an imported file, and computing a hint in slices.

Start-up (docs/architecture.md, "The boot path"): the lobby is already on screen,
pre-rendered by build.py; ``boot()`` restores the kept bytecode, ``start()`` carries
out the clicks made while Python was starting (``window.pygamesPending``, kept by
boot.js) and replaces the pre-rendered lobby with the identical live one.

Two table mechanisms every game shares live here too (docs/architecture.md, "Cards, zoom, motion"):
- the zoom panel: hovering, focusing or tapping an element with ``data-zoom="<game>:<key>"`` shows
  the game's large card (``page.card_zoom_html``) in ``#zoom``; Escape or a tap elsewhere closes it.
  It never takes clicks (pointer-events: none), so it cannot block a move.
- motion (FLIP): the positions of ``[data-anim-id]`` elements are measured before and after each
  redraw, and the difference is animated with the Web Animations API (no wait, no blocked input);
  the elements another player's move changed, and that player's seat, get ``data-last-move`` until
  the human acts. No motion when the animations setting is off or the system asks for reduced motion.
"""

import asyncio
import importlib
import json
import time
import traceback

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

# boot marks (performance.mark): python_bench in build.py reads them to tell where a boot's time goes
window.performance.mark("pygames:main")

try:  # JS null arrives as pyodide.ffi.jsnull (not None) in recent Pyodide versions
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover - older Pyodide
    jsnull = None


def found(value):
    """A DOM lookup's result is an element (not JS null / undefined)."""
    return value is not None and value is not jsnull

SLICE_SECONDS = 0.012  # how long a bot thinks before yielding to the page
DEFAULT_BOT_DELAY_MS = 600


def show_error(message, exc=None):
    details = "".join(traceback.format_exception(exc)) if exc is not None else ""
    try:
        from pygames.ui.i18n import t
        lang = APP.lang if APP is not None else "en"
        document.getElementById("error-title").textContent = t("error_title", lang)
        document.getElementById("error-hint").textContent = t("error_hint", lang)
    except Exception:
        pass
    window.console.error(f"pygames: {message}\n{details}")
    window.pygamesShowError(message, details)


class LocalStorage:
    """localStorage, or nothing when the browser refuses it (private mode, quota)."""

    def get(self, key):
        try:
            value = window.localStorage.getItem(key)
        except Exception:
            return None
        # a missing key is JS null (pyodide.ffi.jsnull, not None): only text counts
        return value if isinstance(value, str) else None

    def set(self, key, value):
        try:
            window.localStorage.setItem(key, value)
        except Exception:
            pass

    def remove(self, key):
        try:
            window.localStorage.removeItem(key)
        except Exception:
            pass


def bot_delay_ms(storage):
    """A fixed delay from the URL or storage (tests), else None: the app's speed setting decides."""
    # the browser's own parser: urllib.parse would import ipaddress, and Pyodide's standard library
    # comes as source, compiled at every load (~50 ms of the boot on a quiet machine)
    from_url = window.URLSearchParams.new(window.location.search).get("botdelay")
    for raw in (from_url if found(from_url) else None, storage.get("pygames.botdelay")):
        if raw is not None:
            try:
                return max(0, int(raw))
            except ValueError:
                pass
    return None


def current_delay_ms():
    return DELAY_MS if DELAY_MS is not None else APP.bot_delay_ms()


APP = None
ROOT = document.getElementById("app")
RENDERS = 0
BOT_EPOCH = None  # epoch of the running bot loop, if any


PAINTING = False

# ---------------------------------------------------------------- motion and last-move marks
MOVE_MS = 280  # a card or a coin travels from where it was to where it is
APPEAR_MS = 240  # a dealt card fades in (or flies from its data-anim-from source)
MOTION_LIMIT = 160  # more moving pieces than that: just redraw
COIN_MS = 320  # a coin token travels from the purse that paid to the one that gained
COIN_GAP_MS = 70  # the tokens of one payment leave one after another
COIN_TOKENS = 4  # at most this many tokens per payment (a payment of 7 still shows a stream, not 7)
COIN_SIZE = 22  # px, the token's width and height
LAST_MOVES = {}  # data-anim-id -> seat whose move last changed it (until the human acts)
LAST_SEATS = set()  # seats whose last move is marked

def js_obj(value):
    return to_js(value, dict_converter=window.Object.fromEntries)


def motion_wanted():
    if APP is None or not APP.settings.get("animations", True):
        return False
    try:
        return not bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:
        return False


def anim_snapshot():
    """data-anim-id -> [page x, page y, signature, data-anim-from] of every piece on the screen
    (motion.js, in one call)."""
    return json.loads(str(window.pygamesMotion.snapshot(ROOT)))


def purse_snapshot():
    """data-anim-id -> (Purse, page centre x, page centre y) of every place holding coins (html.purse_attrs)."""
    from pygames.ui.motion import Purse
    shot = {}
    for ident, place in json.loads(str(window.pygamesMotion.purses(ROOT))).items():
        amount = place["amount"]
        purse = Purse(kind=place["kind"],
                      amount=int(amount) if amount is not None and amount.lstrip("-").isdigit() else None,
                      bank=place["bank"], came_from=place["from"])
        shot[ident] = (purse, place["x"], place["y"])
    return shot


def body_element(ident, attrs):
    """The <div id=ident> at the end of <body> with the attributes ``attrs`` (made once, attributes
    set only then): outside #app, so a redraw never replaces it. A value of True sets the boolean
    property of that name (``hidden``)."""
    element = document.getElementById(ident)
    if not found(element):
        element = document.createElement("div")
        element.id = ident
        for name, value in attrs.items():
            if value is True:
                setattr(element, name, True)
            else:
                element.setAttribute(name, value)
        document.body.appendChild(element)
    return element


def body_layer(ident):
    """The hidden-from-readers layer <div id=ident> at the end of <body> (made once)."""
    return body_element(ident, {"aria-hidden": "true"})


def coin_layer():
    """The layer the travelling tokens fly in: outside #app, so a redraw never cuts a flight short."""
    return body_layer("coin-layer")


def keep_art_sheet(game_id):
    """Put ``game_id``'s art sheet (page.art_defs) into #art-sheets once: the screens' pictures use
    its symbols, and a redraw of #app then neither parses nor styles the sheet again."""
    if game_id is None:
        return
    box = body_layer("art-sheets")
    if found(box.querySelector(f':scope > [data-art-game="{game_id}"]')):
        return
    from pygames.ui.page import art_defs
    holder = document.createElement("div")
    holder.setAttribute("data-art-game", game_id)
    holder.innerHTML = art_defs(game_id)
    box.appendChild(holder)


def sweep_coins(*_args):
    """Drop the tokens whose flight is over (each flight ends invisible)."""
    layer = document.getElementById("coin-layer")
    if not found(layer):
        return
    now = float(window.performance.now())
    for token in list(layer.children):
        if now - float(attribute(token, "data-born") or 0) > COIN_MS + COIN_GAP_MS * COIN_TOKENS + 200:
            token.remove()


SWEEP = {"proxy": None}


def on_page_width(x):
    """Whether page x-coordinate ``x`` lies within the page's width (no sideways page scroll)."""
    return 0 <= x <= float(document.documentElement.clientWidth)


def fly_coins(before, after, animate):
    """Coins paid travel: a token per coin (at most COIN_TOKENS) from the place that lost them to the
    place that gained them, or from / to the bank (pygames.ui.motion.coin_flows pairs them)."""
    if not animate or not before or not after:
        return
    from pygames.ui.motion import coin_flows
    flows = coin_flows({k: v[0] for k, v in before.items()}, {k: v[0] for k, v in after.items()})
    if not flows:
        return
    layer = coin_layer()
    now = float(window.performance.now())
    for flow in flows:
        start = before.get(flow.source) or after.get(flow.source)
        end = after.get(flow.target) or before.get(flow.target)
        if start is None or end is None:
            continue
        if not (on_page_width(start[1]) and on_page_width(end[1])):
            continue  # a place scrolled out of its row (Oriflamme's queue): a token there would widen the page
        dx, dy = start[1] - end[1], start[2] - end[2]
        for i in range(min(flow.count, COIN_TOKENS)):
            token = document.createElement("div")
            token.className = f"coin-fly coin-fly-{flow.kind}"
            token.setAttribute("data-coin-from", flow.source)
            token.setAttribute("data-coin-to", flow.target)
            token.setAttribute("data-born", str(now))
            half = COIN_SIZE / 2
            token.style.left = f"{end[1] - half}px"
            token.style.top = f"{end[2] - half}px"
            layer.appendChild(token)
            token.animate(js_obj([{"transform": f"translate({dx}px, {dy}px) scale(.8)", "opacity": 0},
                                  {"opacity": 1, "offset": 0.12},
                                  {"transform": "translate(0px, 0px) scale(1)", "opacity": 1, "offset": 0.88},
                                  {"transform": "translate(0px, 0px) scale(1)", "opacity": 0}]),
                          js_obj({"duration": COIN_MS, "delay": i * COIN_GAP_MS, "easing": "ease-in-out",
                                  "fill": "backwards"}))
    if SWEEP["proxy"] is None:
        SWEEP["proxy"] = create_proxy(sweep_coins)  # one proxy for every sweep, never released
    window.setTimeout(SWEEP["proxy"], COIN_MS + COIN_GAP_MS * COIN_TOKENS + 300)


def animate_changes(before, after, animate):
    """FLIP: each piece starts where it was (or at its data-anim-from source) and glides to its new place."""
    if not animate or not before or len(after) > MOTION_LIMIT:
        return
    plays = []  # [data-anim-id, keyframes, options], played by motion.js in one call
    for ident, now in after.items():
        old = before.get(ident)
        if old is None:
            source = now[3]  # its data-anim-from
            old_source = before.get(source) if source else None
            if old_source is not None:
                dx, dy = old_source[0] - now[0], old_source[1] - now[1]
                plays.append([ident, [{"transform": f"translate({dx}px, {dy}px)", "opacity": 0.4},
                                      {"transform": "none", "opacity": 1}],
                              {"duration": MOVE_MS, "easing": "ease-out"}])
            else:
                plays.append([ident, [{"transform": "scale(0.85)", "opacity": 0}, {"transform": "none", "opacity": 1}],
                              {"duration": APPEAR_MS, "easing": "ease-out"}])
            continue
        dx, dy = old[0] - now[0], old[1] - now[1]
        if abs(dx) + abs(dy) > 1.5:
            plays.append([ident, [{"transform": f"translate({dx}px, {dy}px)"}, {"transform": "none"}],
                          {"duration": MOVE_MS, "easing": "cubic-bezier(.2,.7,.3,1)"}])
        elif old[2] != now[2]:  # turned over, or its number changed: a quick flip in place
            plays.append([ident, [{"transform": "rotateY(80deg)"}, {"transform": "none"}],
                          {"duration": APPEAR_MS, "easing": "ease-out"}])
    if plays:
        window.pygamesMotion.play(ROOT, json.dumps(plays))


def note_last_move(before, after, seat):
    """Remember what ``seat``'s move changed (its previous marks go: only its last move stays)."""
    for ident in [k for k, s in LAST_MOVES.items() if s == seat]:
        del LAST_MOVES[ident]
    LAST_SEATS.add(seat)
    if not before:
        return
    for ident, now in after.items():
        old = before.get(ident)
        if old is None or old[2] != now[2]:  # it appeared, turned over or changed (not merely shifted)
            LAST_MOVES[ident] = seat


def clear_last_moves():
    LAST_MOVES.clear()
    LAST_SEATS.clear()


def show_last_moves():
    for ident, seat in LAST_MOVES.items():
        element = ROOT.querySelector(f'[data-anim-id="{ident}"]')
        if found(element):
            element.setAttribute("data-last-move", str(seat))
    for seat in LAST_SEATS:
        for element in ROOT.querySelectorAll(f'.board [data-seat="{seat}"]'):
            element.setAttribute("data-last-move", str(seat))


# ---------------------------------------------------------------- zoom panel
ZOOM = {"panel": None, "key": None, "by": None}


def zoom_panel():
    if ZOOM["panel"] is None:
        ZOOM["panel"] = body_element("zoom", {"class": "zoom-panel", "data-testid": "zoom", "aria-live": "polite",
                                              "hidden": True})
    return ZOOM["panel"]


def zoom_target(node):
    if not found(node) or not hasattr(node, "closest"):
        return None
    element = node.closest("[data-zoom]")
    return element if found(element) else None


def show_zoom(element, by="pointer"):
    """The card large in #zoom; ``by``: what opened it ("pointer" or "focus"), see on_pointerover."""
    from pygames.ui.page import card_zoom_html
    key = str(element.getAttribute("data-zoom"))
    panel = zoom_panel()
    if ZOOM["key"] != key:
        markup = card_zoom_html(key, APP.lang)
        if not markup:
            hide_zoom()
            return
        panel.innerHTML = markup
        ZOOM["key"] = key
    panel.hidden = False
    ZOOM["by"] = by
    place_zoom(panel, element)


def _rects(selector):
    out = []
    for node in ROOT.querySelectorAll(selector):
        r = node.getBoundingClientRect()
        if float(r.width) > 0 and float(r.height) > 0:
            out.append((float(r.left), float(r.top), float(r.width), float(r.height)))
    return out


def place_zoom(panel, element):
    """Inside the window and off the current choices, the card itself, the prompt and the log, as far
    as the screen allows (pygames.ui.zoom.zoom_place: the panel used to sit at a fixed corner, over
    the slots a player aims at, and a wide card ran past the window's edge)."""
    from pygames.ui.zoom import zoom_height, zoom_place
    r = element.getBoundingClientRect()
    panel.style.maxHeight = ""
    box = panel.getBoundingClientRect()
    view = document.documentElement
    window_h = float(view.clientHeight)
    header = document.querySelector(".topbar")  # sticky: its buttons stay on screen, so does it
    below = max(0.0, float(header.getBoundingClientRect().bottom)) if found(header) else 0.0
    left, top = zoom_place((float(view.clientWidth), window_h), (float(box.width), float(box.height)),
                           (float(r.left), float(r.top), float(r.width), float(r.height)),
                           _rects('[data-testid="choice"], [data-choice]'), _rects(".log"),
                           _rects('[data-testid="status"]'), top=below)
    height = zoom_height(window_h, float(box.height), below)
    scrolls = height < float(box.height) - 0.5
    # taller than the room: the panel scrolls inside itself, so it takes the pointer (to scroll it)
    panel.style.maxHeight = f"{height:.0f}px" if scrolls else ""
    panel.classList.toggle("is-scroll", scrolls)
    panel.style.left = f"{left:.0f}px"
    panel.style.top = f"{top:.0f}px"


def hide_zoom():
    if ZOOM["panel"] is not None and ZOOM["key"] is not None:
        ZOOM["panel"].hidden = True
        ZOOM["panel"].innerHTML = ""  # no card of a table that is gone stays in the page
        ZOOM["key"] = None


def on_pointerover(event):
    try:
        if str(event.pointerType) != "mouse":
            return
        element = zoom_target(event.target)
        if element is not None:
            show_zoom(element)
        elif found(ZOOM["panel"]) and ZOOM["panel"].contains(event.target):
            return  # the pointer went onto a zoom that scrolls: it stays while it is read
        elif ZOOM.get("by") == "pointer":
            hide_zoom()  # not a zoom the keyboard opened: a page scrolled under a resting mouse keeps that one
    except Exception as exc:
        show_error("The card could not be shown.", exc)


def on_focusin(event):
    """Keyboard focus on a card shows it large (a tap or click focuses too: that is not :focus-visible)."""
    try:
        element = zoom_target(event.target)
        if FOCUS["moving"]:  # the page moved the focus to a new decision: its card is not asked for
            element = None
        if element is not None and event.target.matches(":focus-visible"):
            show_zoom(element, "focus")
        else:
            hide_zoom()
    except Exception as exc:
        show_error("The card could not be shown.", exc)


def on_contextmenu(event):
    """A long press on a phone shows the large card (instead of the browser's menu)."""
    try:
        element = zoom_target(event.target)
        if element is not None:
            event.preventDefault()
            show_zoom(element)
    except Exception as exc:
        show_error("The card could not be shown.", exc)


def children_of(element):
    return [element.children.item(i) for i in range(element.children.length)]


def keep_live_regions(old_log, old_status):
    """Put the log and the prompt of the screen before back in place of their redrawn copies: a
    screen reader announces what is added to a live region, so a region made anew on every redraw
    would be read out whole again (or not at all). The log gets only its new entries (newest first,
    so they go in oldest first: announced in the order they happened); the prompt only its new text."""
    if found(old_log):
        new_log = ROOT.querySelector('[data-testid="log"]')
        if found(new_log):
            # "no moves yet" is no entry: it goes when the first one comes
            old = [li for li in children_of(old_log) if not li.classList.contains("log-empty")]
            new = [li for li in children_of(new_log) if not li.classList.contains("log-empty")]
            added = len(new) - len(old)
            old_region, new_region = old_log.parentElement, new_log.parentElement
            if added >= 0 and [li.outerHTML for li in new[added:]] == [li.outerHTML for li in old] \
                    and old_log.outerHTML.split(">", 1)[0] == new_log.outerHTML.split(">", 1)[0] \
                    and old_region.outerHTML.split(">", 1)[0] == new_region.outerHTML.split(">", 1)[0]:
                if added:
                    for li in children_of(old_log):
                        if li.classList.contains("log-empty"):
                            li.remove()
                for li in reversed(new[:added]):
                    old_log.prepend(li)
                # the live region (role=log) is the list's wrapper: it is the element kept
                new_region.replaceWith(old_region)
            # else the log went back (undo, a step back in the replay) or changed language: it is redrawn
    if found(old_status):
        new_status = ROOT.querySelector('[data-testid="status"]')
        if found(new_status):
            if str(old_status.className) != str(new_status.className):
                old_status.className = new_status.className
            if str(old_status.innerHTML) != str(new_status.innerHTML):
                old_status.innerHTML = new_status.innerHTML
            new_status.replaceWith(old_status)


def keep_in_view():
    """A board's sideways scroller (``data-scroller``, Oriflamme's queue) shows its ``data-in-view``
    piece (the card being resolved) with the choices in the row around it, all of them when they fit,
    else that piece in its middle; a redraw would otherwise start it at its left end. Measured where
    the gliding pieces come to rest (motion.js atRest): mid-glide, a piece is drawn where it was."""
    window.pygamesMotion.atRest(create_once_callable(scroll_rows))


def row_span(element, origin):
    """Where ``element`` lies along its row's scrolled content (``origin``: the content's left edge)."""
    rect = element.getBoundingClientRect()
    return float(rect.left) - origin, float(rect.right) - origin


def scroll_rows():
    for box in ROOT.querySelectorAll("[data-scroller]"):
        piece = box.querySelector("[data-in-view]")
        if not found(piece):
            continue  # nothing to show first: the focused choice is brought into view (into_row_view)
        origin = float(box.getBoundingClientRect().left) - float(box.scrollLeft)
        here = row_span(piece, origin)
        spans = [here] + [row_span(e, origin) for e in box.querySelectorAll("[data-choice]")]
        left, right = min(a for a, _ in spans), max(b for _, b in spans)
        width = float(box.clientWidth)
        middle = (left + right) / 2 if right - left <= width else (here[0] + here[1]) / 2
        box.scrollLeft = middle - width / 2


def paint_if_changed():
    """Redraw #app only if the screen changed: a link's heartbeat or a message that changes nothing must
    not redraw under the player (a field being filled in, a focused control)."""
    if APP is None:
        return
    markup = APP.render()
    if markup != LAST["markup"]:
        paint(markup=markup)


def paint(moved_by=None, markup=None):
    """Redraw #app. Replacing a focused field fires blur/change inside the redraw: those
    nested calls are skipped (the redraw in progress already shows the app's state).
    ``moved_by``: the seat whose move this redraw shows (a bot's), for the last-move marks."""
    global PAINTING
    if PAINTING:
        return
    PAINTING = True
    try:
        _paint(moved_by, markup)
    finally:
        PAINTING = False
    keep_new_bytecode_soon()


def _paint(moved_by=None, markup=None):
    global RENDERS
    try:
        if markup is None:  # paint_if_changed has drawn it already
            markup = APP.render()
    except Exception as exc:
        show_error("This screen could not be drawn.", exc)
        return
    # the first paint replaces the pre-rendered lobby (index.html): the same screen, so no scroll
    before = ROOT.dataset.phase if RENDERS else ("lobby" if PRERENDERED else "loading")
    active = document.activeElement
    field = attribute(active, "name") if found(active) and hasattr(active, "getAttribute") and \
        str(getattr(active, "tagName", "")) == "INPUT" and str(active.type) == "search" else None
    focus_before = focus_snapshot()
    same_table = RENDERS and before not in ("lobby", "loading") and APP.screen != "lobby"
    before_shot = anim_snapshot() if same_table else {}
    before_purses = purse_snapshot() if same_table and motion_wanted() else {}  # only coins in flight need them
    keep_art_sheet(APP.art_game())
    old_log = ROOT.querySelector('[data-testid="log"]') if same_table else None
    old_status = ROOT.querySelector('[data-testid="status"]') if same_table else None
    old_say = ROOT.querySelector(".tutorial-say") if same_table else None
    ROOT.innerHTML = markup
    keep_live_regions(old_log, old_status)
    keep_lesson_say(old_say)
    LAST["markup"] = markup
    RENDERS += 1
    phase = APP.phase()
    if before_shot or moved_by is not None:
        after_shot = anim_snapshot()
        # the end screen settles at once: its new layout (scores, breakdown) moved every card, and
        # they glided into place for about a second over the final result (Tournay)
        animate = motion_wanted() and not (phase == "over" and before != "over")
        # measured before any animation starts: a started one makes the page lay itself out again
        after_purses = purse_snapshot() if animate and before_purses else {}
        if moved_by is not None:
            note_last_move(before_shot, after_shot, moved_by)
        animate_changes(before_shot, after_shot, animate)
        fly_coins(before_purses, after_purses, animate)
    if APP.screen == "lobby":
        clear_last_moves()
    show_last_moves()
    if ZOOM["key"] is not None and not found(ROOT.querySelector(f'[data-zoom="{ZOOM["key"]}"]')):
        hide_zoom()  # its card is gone from the screen
    draw_share_blocks()
    keep_in_view()
    run_net()
    ROOT.dataset.phase = phase
    ROOT.dataset.rev = str(RENDERS)
    ROOT.dataset.anim = "on" if APP.settings["animations"] else "off"
    if str(document.documentElement.lang) != APP.lang:  # even the same value restyles the whole page
        document.documentElement.lang = APP.lang
    if (before == "lobby") != (phase == "lobby"):
        window.scrollTo(0, 0)  # a new screen starts at its top
    elif phase == "over" and before != "over":
        panel = document.querySelector('[data-testid="game-over"]')
        if found(panel):
            panel.scrollIntoView()
    place_lesson_note_at_rest()  # after the new screen's scroll to its top: it may scroll to the note's element
    if field:  # typing in a filter: keep the caret in the (redrawn) field
        target = document.querySelector(f'#app input[name="{field}"]')
        if found(target):
            target.focus()
            end = len(str(target.value))
            target.setSelectionRange(end, end)
    else:
        restore_focus(focus_before, phase)


# ---------------------------------------------------------------- a lesson's note beside its anchor
# The note (pygames/ui/tutorial_ui.tutorial_box) comes drawn under the prompt; here it is put beside
# the element it talks about (data-anchor; "choice:<key>" is the choice of that key): a callout with
# an arrow on a wide window, a bottom sheet with a pointer on a phone. The element gets a ring and a
# tag (a shape and a word, not a colour alone). A callout that cannot sit beside its element inside
# the window without covering it or the move asked stays under the prompt, as does the note of an
# anchor the table does not show. Only a new step scrolls; a redraw of the same step keeps the page.
SHEET_BELOW = 760  # px of window width under which the note is a bottom sheet
CALLOUT_W = 340  # px, a callout's width (less on a narrow window)
CALLOUT_GAP = 16  # px between a callout and its element (the arrow is in it)
EDGE = 8  # px kept free at the window's edges
LESSON = {"seen": None, "proxy": None, "frame": False, "frame_proxy": None}


def box_of(element):
    r = element.getBoundingClientRect()
    return (float(r.left), float(r.top), float(r.right), float(r.bottom))


def boxes_meet(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def lesson_note():
    note = ROOT.querySelector('[data-testid="tutorial"]')
    return note if found(note) else None


def lesson_target(note):
    """The element the note talks about, or None: the prompt (the note's own place under it)."""
    name = attribute(note, "data-note-for") or "prompt"
    if name == "prompt":
        return None
    if name.startswith("choice:"):
        element = ROOT.querySelector(f'[data-choice="{css_text(name[len("choice:"):])}"]')
    else:
        element = ROOT.querySelector(f'[data-anchor="{css_text(name)}"]')
    if not found(element):
        return None
    left, top, right, bottom = box_of(element)
    return element if right > left and bottom > top else None  # a hidden element: none


def lesson_sheet_height():
    """The bottom sheet's height (0 without one): what hides the window's lower part."""
    note = lesson_note()
    return float(note.offsetHeight) if note is not None and note.classList.contains("is-sheet") else 0.0


def lesson_ring(note, target):
    """The ring round the note's element, with the note's title as its tag, in the note's container."""
    ring = document.createElement("div")
    ring.className = "lesson-ring"
    ring.setAttribute("aria-hidden", "true")
    ring.setAttribute("data-testid", "lesson-ring")
    tag = document.createElement("span")
    tag.className = "lesson-ring-tag"
    title = note.querySelector("header b")
    tag.textContent = str(title.textContent) if found(title) else ""
    ring.appendChild(tag)
    note.parentElement.appendChild(ring)
    parent = ring.offsetParent if found(ring.offsetParent) else document.body
    p = parent.getBoundingClientRect()
    left, top, right, bottom = box_of(target)
    ring.style.left = f"{left - float(p.left) - float(parent.clientLeft) - 4}px"
    ring.style.top = f"{top - float(p.top) - float(parent.clientTop) - 4}px"
    ring.style.width = f"{right - left + 8}px"
    ring.style.height = f"{bottom - top + 8}px"


def callout_spot(target_box, width, height, avoid):
    """Where a callout of ``width`` x ``height`` goes beside ``target_box`` (window coordinates):
    (side, left, top, arrow offset) of the first side where it fits across the window and covers
    none of ``avoid`` (its element, the move asked), or None."""
    left, top, right, bottom = target_box
    win = float(document.documentElement.clientWidth)
    middle_x, middle_y = (left + right) / 2, (top + bottom) / 2
    beside_top = top if bottom - top < height else min(middle_y - height / 2, top)
    arrow_y = min(max(middle_y - beside_top, 18.0), height - 18.0)
    across = min(max(middle_x - width / 2, EDGE), win - EDGE - width)
    arrow_x = min(max(middle_x - across, 18.0), width - 18.0)
    scroll_y = float(window.scrollY)
    page_h = float(document.documentElement.scrollHeight)
    spots = [("right", right + CALLOUT_GAP, beside_top, arrow_y),
             ("left", left - CALLOUT_GAP - width, beside_top, arrow_y),
             ("below", across, bottom + CALLOUT_GAP, arrow_x),
             ("above", across, top - CALLOUT_GAP - height, arrow_x)]
    for side, x, y, arrow in spots:
        spot = (x, y, x + width, y + height)
        if x < EDGE or x + width > win - EDGE or y + scroll_y < 0 or y + scroll_y + height > page_h:
            continue  # across the window, and within the page (a callout past its end is cut off)
        if any(boxes_meet(spot, other) for other in avoid):
            continue
        return side, x, y, arrow
    return None


def top_free():
    """Where the window's free part starts: under the sticky prompt and a note pinned under it."""
    bottom = 0.0
    for element in (ROOT.querySelector('[data-testid="status"]'), ROOT.querySelector(".tutorial-note.is-pinned")):
        if found(element):
            bottom = max(bottom, float(element.getBoundingClientRect().bottom))
    return bottom + EDGE


def show_together(first, second, bottom_free):
    """Scroll the page so that boxes ``first`` and ``second`` (window coordinates) are in view
    together under the sticky prompt and above ``bottom_free`` px; ``first`` alone if both do not fit."""
    above = top_free()
    below = float(window.innerHeight) - bottom_free - EDGE
    top, bottom = min(first[1], second[1]), max(first[3], second[3])
    if bottom - top > below - above:
        top, bottom = first[1], first[3]
    if top >= above and bottom <= below:
        return
    room = max(below - above - (bottom - top), 0.0)
    window.scrollBy(0, top - above - room / 2)


def pin_under_prompt(note):
    """The note's fallback: under the prompt, sticky with it, so that a move scrolled to (further
    down the board) never takes the note out of view."""
    status = ROOT.querySelector('[data-testid="status"]')
    if not found(status):
        return
    sticky = float(str(window.getComputedStyle(status).top).replace("px", "") or 0)
    note.classList.add("is-pinned")
    note.style.top = f"{sticky + float(status.offsetHeight) + 6}px"


def place_lesson_note(new_step=None):
    """Put the note beside its element (see above); ``new_step``: whether the page may scroll (a
    step the player has not seen yet). Called after each redraw and when the window changes."""
    note = lesson_note()
    if note is None:
        ROOT.style.removeProperty("padding-bottom")
        LESSON["seen"] = None
        return
    seen = (attribute(note, "data-step"), attribute(note, "data-told"))
    if new_step is None:
        new_step = seen != LESSON["seen"]
    LESSON["seen"] = seen
    for old in ROOT.querySelectorAll(".lesson-ring, .lesson-pointer"):
        old.remove()
    note.classList.remove("is-callout", "is-sheet", "is-pinned", "at-right", "at-left", "at-below", "at-above")
    note.style.removeProperty("left")
    note.style.removeProperty("top")
    note.style.removeProperty("width")
    note.style.removeProperty("--arrow-at")
    target = lesson_target(note)
    hint = ROOT.querySelector("[data-hint]")
    win = float(document.documentElement.clientWidth)
    if win >= SHEET_BELOW:
        ROOT.style.removeProperty("padding-bottom")  # (kept while a sheet stays: the page would
    else:  # shrink for a moment and the window's scroll be cut back to its end)
        note.classList.add("is-sheet")
        sheet = float(note.offsetHeight)
        ROOT.style.paddingBottom = f"{sheet + 16}px"  # the page's end can scroll above the sheet
        if target is not None:
            if new_step and not found(hint):  # a move asked: the focus brings it into view instead
                show_together(box_of(target), box_of(target), sheet)
            lesson_ring(note, target)
            left, _top, right, _bottom = box_of(target)
            pointer = document.createElement("div")
            pointer.className = "lesson-pointer"
            pointer.setAttribute("aria-hidden", "true")
            pointer.style.left = f"{min(max((left + right) / 2, 24.0), win - 24.0)}px"
            pointer.style.top = f"{float(window.innerHeight) - sheet}px"
            ROOT.appendChild(pointer)
        return
    if target is not None:
        width = min(CALLOUT_W, win - 2 * EDGE)
        note.classList.add("is-callout")
        note.style.width = f"{width}px"
        height = float(note.offsetHeight)
        target_box = box_of(target)
        avoid = [target_box] + ([box_of(hint)] if found(hint) else [])
        spot = callout_spot(target_box, width, height, avoid)
        if spot is not None:
            side, x, y, arrow = spot
            parent = note.offsetParent if found(note.offsetParent) else document.body
            p = parent.getBoundingClientRect()
            note.classList.add(f"at-{side}")
            note.style.left = f"{x - float(p.left) - float(parent.clientLeft)}px"
            note.style.top = f"{y - float(p.top) - float(parent.clientTop)}px"
            note.style.setProperty("--arrow-at", f"{arrow}px")
        else:  # no room beside it: under the prompt, the element still ringed
            note.classList.remove("is-callout")
            note.style.removeProperty("width")
            pin_under_prompt(note)
        lesson_ring(note, target)
        if new_step and not found(hint):
            show_together(box_of(target), box_of(note), 0.0)
        return
    pin_under_prompt(note)


def place_lesson_note_at_rest(new_step=None):
    """place_lesson_note measured where the table's gliding pieces come to rest (motion.js)."""
    if lesson_note() is None:
        place_lesson_note(new_step)  # (clears what a lesson left)
        return
    window.pygamesMotion.atRest(create_once_callable(lambda: place_lesson_note(new_step)))


def keep_lesson_say(old_say):
    """Keep the note's words (a polite live region) across redraws, as keep_live_regions does for
    the prompt: a region made anew on every redraw would not be announced reliably."""
    if not found(old_say):
        return
    new_say = ROOT.querySelector(".tutorial-say")
    if not found(new_say):
        return
    if str(old_say.innerHTML) != str(new_say.innerHTML):
        old_say.innerHTML = new_say.innerHTML
    new_say.replaceWith(old_say)


def on_lesson_layout(*_args):
    """The window was resized or scrolled: the note and its ring follow their element (a sticky one
    such as the log moves with the window), once per frame."""
    if LESSON["frame"] or lesson_note() is None:
        return
    LESSON["frame"] = True
    if LESSON["frame_proxy"] is None:
        LESSON["frame_proxy"] = create_proxy(lesson_frame)  # one for every frame, never released
    window.requestAnimationFrame(LESSON["frame_proxy"])


def lesson_frame(*_args):
    LESSON["frame"] = False
    if not PAINTING:
        place_lesson_note_at_rest(False)


# ---------------------------------------------------------------- focus that follows the game
# A redraw replaces #app: the focused element goes with it. Before the redraw the focus is noted by
# a stable key (its data-choice, or its data-action and data-value); after it, the same control gets
# the focus again, or, when a new decision is on the screen (its choices changed), its hinted or
# first choice does, brought into view with the prompt. Focus is never left on the body of a table.
FOCUS = {"decision": None, "moving": False}
TYPING = ("INPUT", "TEXTAREA", "SELECT")


def focus_key(element):
    """A selector that finds ``element``'s control again in the redrawn screen (None: not ours)."""
    if not found(element) or not hasattr(element, "closest"):
        return None
    control = element.closest("#app [data-choice], #app [data-action]")
    if not found(control):
        return None
    choice = attribute(control, "data-choice")
    if choice is not None:
        return f'#app [data-choice="{css_text(choice)}"]'
    action, value = attribute(control, "data-action"), attribute(control, "data-value")
    if value is not None:
        return f'#app [data-action="{css_text(action)}"][data-value="{css_text(value)}"]'
    return f'#app [data-action="{css_text(action)}"]'


def css_text(text):
    return str(text).replace("\\", "\\\\").replace('"', '\\"')


def focus_snapshot():
    """Where the focus is before a redraw: the control's key, and whether a text field has it."""
    active = document.activeElement
    tag = str(getattr(active, "tagName", "")) if found(active) else ""
    return {"key": focus_key(active), "typing": tag in TYPING or bool(getattr(active, "isContentEditable", False)),
            "outside": found(active) and tag not in ("BODY", "HTML") and not bool(ROOT.contains(active))}


def decision_of(phase):
    """What the screen asks now: the phase and the choices in order (a new one moves the focus)."""
    keys = [attribute(e, "data-choice") for e in ROOT.querySelectorAll("[data-choice]")]
    return (phase, APP.screen, APP.panel, tuple(keys))


def restore_focus(before, phase):
    decision = decision_of(phase)
    new_decision = decision != FOCUS["decision"]
    FOCUS["decision"] = decision
    if before["typing"] and before["key"] is None:
        return  # a text field outside the choices keeps its caret (it was not redrawn, or is not ours)
    if before["outside"]:
        return  # the error box, the scanner, a field of the page's own: not ours to move
    dialog = document.querySelector("#app [role=dialog]")
    kept = document.querySelector(before["key"]) if before["key"] else None
    if found(dialog):
        target = kept if found(kept) and bool(dialog.contains(kept)) else dialog.querySelector("[data-action]")
        focus_on(target)
        return
    if new_decision and APP.screen in ("table", "replay"):
        target = first_choice()
        if found(target):
            focus_on(target)
            return
    if found(kept):
        focus_on(kept)
        return
    if APP.screen != "lobby" or before["key"] is not None:
        target = first_choice()
        if not found(target):  # a bot's turn, the end: the table itself, never the body
            target = document.querySelector("#app main")
            if found(target):
                target.setAttribute("tabindex", "-1")
        focus_on(target)


def first_choice():
    """The hinted choice, else a lesson's Next (the note to read), else the first choice of the
    screen (None when nothing is to be chosen)."""
    target = ROOT.querySelector("[data-hint]")
    if not found(target):
        target = ROOT.querySelector('[data-testid="tutorial-next"]')
    if not found(target):
        target = ROOT.querySelector("[data-choice]")
    return target if found(target) else None


def focus_on(element):
    if found(element):
        FOCUS["moving"] = True
        try:
            element.focus(js_obj({"preventScroll": True}))
        finally:
            FOCUS["moving"] = False
        if APP.screen == "table" and not found(element.closest(".tutorial-note")):
            bring_into_view(element)  # a lesson's note is in view already (place_lesson_note)
            if found(element.closest("[data-scroller]")):  # measured while it glided: again once placed
                if FOCUS.get("proxy") is None:
                    FOCUS["proxy"] = create_proxy(focused_in_row)  # one for every check, never released
                window.setTimeout(FOCUS["proxy"], MOVE_MS + 60)


def focused_in_row(*_args):
    """The focused choice in a row that scrolls sideways, brought fully into view once its glide ended."""
    element = document.activeElement
    if found(element) and found(element.closest("#app [data-scroller]")):
        into_row_view(element)
        bring_into_view(element)


def into_row_view(element):
    """Scroll the sideways row holding ``element`` so that it is inside the window; only the row
    moves (scrollIntoView would also scroll the window, maybe under a lesson's bottom sheet).
    Measured where the gliding pieces come to rest (motion.js atRest), as the row's own scroll
    (scroll_rows) was: mid-glide, the choice is drawn where it was and the row scrolled the wrong way."""
    window.pygamesMotion.atRest(create_once_callable(lambda: row_to(element)))


def row_to(element):
    row = element.closest("[data-scroller]")
    rect = element.getBoundingClientRect()
    win = float(document.documentElement.clientWidth)
    if not found(row):
        element.scrollIntoView(js_obj({"block": "nearest", "inline": "nearest"}))
    elif float(rect.right) > win - EDGE:
        row.scrollLeft = float(row.scrollLeft) + float(rect.right) - win + EDGE
    elif float(rect.left) < EDGE:
        row.scrollLeft = float(row.scrollLeft) + float(rect.left) - EDGE


def bring_into_view(element):
    """The focused choice and the prompt in view together: the prompt stays at the top of the window
    (style.css, sticky), so a choice outside the window is scrolled to below it. Measured on the
    layout (offsetTop), not on the screen: a piece still gliding to its place (FLIP) is drawn where
    it was, and its final place is what counts."""
    if not isinstance(getattr(element, "offsetTop", None), (int, float)):  # a piece of an SVG board
        element.scrollIntoView(js_obj({"block": "nearest", "inline": "nearest"}))
        return
    top, node = 0.0, element
    while found(node):
        top += float(node.offsetTop)
        node = node.offsetParent
    height = float(element.offsetHeight)
    above = top_free()
    scrolled, window_h = float(window.scrollY), float(window.innerHeight) - lesson_sheet_height()
    if top < scrolled + above or top + height > scrolled + window_h:
        room = max(window_h - above - height, 0.0)
        window.scrollTo(float(window.scrollX), max(top - above - room / 2, 0.0))
    rect = element.getBoundingClientRect()
    if float(rect.left) < 0 or float(rect.right) > float(window.innerWidth):  # a row that scrolls sideways
        into_row_view(element)


# ---------------------------------------------------------------- keyboard commands
# The same keys in every game (listed under the rules: pygames.ui.readout.help_html): number keys
# pick the n-th choice, Escape backs out of a move of several clicks, letters read the table out
# into a polite live region. Keys typed into a text field, or with a modifier, are left alone.
READ_KEYS = {"h": "hand", "t": "table", "l": "log", "s": "scores", "w": "turn"}


def speech_region():
    """The visible live region the readouts go to: outside #app, so a redraw never recreates it."""
    return body_element("readout", {"class": "readout", "role": "status", "aria-live": "polite",
                                    "data-testid": "readout", "hidden": True})


def numbered_choices():
    """The choices in the order of the screen (the number keys' order), without Back."""
    from pygames.ui.page import BACK
    return [e for e in ROOT.querySelectorAll("[data-choice]")
            if attribute(e, "data-choice") != BACK and not e.hasAttribute("disabled")]


def quiet_readout():
    region = document.getElementById("readout")
    if found(region) and not region.hidden:
        region.hidden = True
        region.textContent = ""


def say(text):
    region = speech_region()
    region.hidden = False
    region.textContent = ""  # a repeated command is announced again
    region.textContent = text


def readout(what):
    status = ROOT.querySelector('[data-testid="status"]')
    status_text = str(status.innerHTML) if found(status) else ""
    labels = [" ".join(str(e.getAttribute("aria-label") or e.innerText or "").split()) for e in numbered_choices()]
    say(APP.readout(what, status_text, labels))


def on_command_key(event):
    try:
        if APP is None or event.defaultPrevented or event.ctrlKey or event.metaKey or event.altKey:
            return
        target = event.target
        tag = str(getattr(target, "tagName", "")) if found(target) else ""
        if tag in TYPING or bool(getattr(target, "isContentEditable", False)):
            return  # the friends' name field, the reply box, the card filter keep their keys
        if APP.screen not in ("table",) or APP.panel is not None:
            return
        key = str(event.key)
        if key == "Escape":
            from pygames.ui.page import BACK
            back = ROOT.querySelector(f'[data-choice="{BACK}"]')
            if ZOOM["key"] is None and found(back):
                event.preventDefault()
                act(back)
            return
        if len(key) == 1 and key in "123456789":
            choices = numbered_choices()
            index = int(key) - 1
            if index < len(choices):
                event.preventDefault()
                act(choices[index])
            return
        what = READ_KEYS.get(key.lower())
        if what is not None and not event.shiftKey:
            event.preventDefault()
            readout(what)
    except Exception as exc:
        show_error("That key could not be handled.", exc)


LAST = {"markup": None}  # the markup last put into #app (paint_if_changed)
DROPPED = object()  # what in_slices returns when the work is no longer wanted


async def in_slices(steps, wanted):
    """Run a thinking generator (a bot's move, a hint) in slices of SLICE_SECONDS, giving the page
    the hand between slices; its return value, or DROPPED as soon as ``wanted()`` turns false."""
    while True:
        deadline = time.perf_counter() + SLICE_SECONDS
        try:
            while time.perf_counter() < deadline:
                next(steps)
        except StopIteration as done:
            return done.value
        await asyncio.sleep(0)
        if not wanted():
            return DROPPED


#: what a table imports at Start (its drawing, and the hard bot) and at its bots' first move (the
#: game's bot), leaves first: one module per task (prepare_table)
TABLE_MODULES = ("pygames.bots.ismcts", "pygames.games.{}.text", "pygames.games.{}.art",
                 "pygames.games.{}.render", "pygames.games.{}.bot")


async def prepare_table(game_id):
    """Import the chosen game's table modules while its setup is on the screen, each in a task of
    its own, then put its art sheet in place: done at the Start click, they made it one of the
    longest tasks of a game (tens of ms each in the browser), and the table now appears sooner."""
    for name in TABLE_MODULES:
        await asyncio.sleep(0)
        if APP.setup is None or APP.setup.game_id != game_id:
            return  # another game was chosen: its own preparation runs
        try:
            importlib.import_module(name.format(game_id))
        except ModuleNotFoundError as exc:
            if exc.name != name.format(game_id):
                raise
    await asyncio.sleep(0)
    keep_art_sheet(game_id)  # its pictures' symbols, parsed before the table needs them
    keep_new_bytecode_soon()


def prepare_table_soon(game_id):
    asyncio.ensure_future(prepare_table(game_id))


def schedule_bots():
    global BOT_EPOCH
    if APP.bot_to_move() and BOT_EPOCH != APP.epoch:
        BOT_EPOCH = APP.epoch
        asyncio.ensure_future(run_bots(APP.epoch))


async def run_bots(epoch):
    global BOT_EPOCH
    try:
        while APP.epoch == epoch and APP.bot_to_move():
            await asyncio.sleep(current_delay_ms() / 1000)
            if APP.epoch != epoch:
                return
            action = await in_slices(APP.bot_thinking(), lambda: APP.epoch == epoch)
            if action is DROPPED:
                return
            await asyncio.sleep(0)  # the move and its redraw in a task of their own, not after a slice
            if APP.epoch != epoch:
                return
            mover = APP.session.mover()
            APP.bot_played(action)
            paint(moved_by=mover)
    except Exception as exc:
        show_error("A bot could not play its move.", exc)
    finally:
        if BOT_EPOCH == epoch:
            BOT_EPOCH = None


HINT_RUNNING = False


def schedule_hint():
    global HINT_RUNNING
    if APP.hint_wanted() and not HINT_RUNNING:
        HINT_RUNNING = True
        asyncio.ensure_future(run_hint(APP.epoch))


async def run_hint(epoch):
    """The hard bot's suggestion, computed in slices like a bot move."""
    global HINT_RUNNING
    try:
        result = await in_slices(APP.hint_thinking(), lambda: APP.epoch == epoch and APP.hint_wanted())
        if result is DROPPED:
            return
        APP.hint_done(result, epoch)
        paint()
    except Exception as exc:
        show_error("The hint could not be computed.", exc)
    finally:
        HINT_RUNNING = False


def download(name, text):
    """Save ``text`` as a file through a Blob link (no server involved)."""
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    link.hidden = True
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 10_000)


async def import_file(input_element):
    try:
        files = input_element.files
        if not found(files) or files.length == 0:
            return
        text = await files.item(0).text()
        APP.import_record(str(text))
        paint()
        schedule_bots()
    except Exception as exc:
        show_error("That file could not be read.", exc)


# ---------------------------------------------------------------------------- friends on other devices
# The links themselves are site/peer.js (WebRTC data channels, no server); pygames.net decides what
# goes over them. App.net_commands() says what to do; what happens comes back through net_event.
NET = {"timer": None, "scanning": False}
NET_TICK_MS = 1000


def run_net():
    """Carry out the links' work the App asked for (offers, answers, messages, closing)."""
    if APP is None:
        return
    peer = getattr(window, "pygamesPeer", None)
    for command in APP.net_commands():
        op, conn = command["op"], command["conn"]
        if not found(peer):
            APP.net_failed(conn, "this page could not load its connection code")
            continue
        if op == "send":
            peer.send(conn, command["text"])
        elif op == "close":
            peer.close(conn)
        else:
            asyncio.ensure_future(net_pairing(peer, command))


def ice_js(servers):
    return to_js(servers, dict_converter=window.Object.fromEntries)


async def net_pairing(peer, command):
    op, conn = command["op"], command["conn"]
    try:
        if op == "offer":
            APP.net_offer_made(conn, str(await peer.offer(conn, ice_js(command["ice"]))))
        elif op == "answer":
            APP.net_answer_made(conn, str(await peer.answer(conn, command["sdp"], ice_js(command["ice"]))))
        elif op == "accept":
            await peer.accept(conn, command["sdp"])
    except Exception as exc:
        if "AbortError" in str(exc):
            return  # a newer offer for the same link replaced this one: nothing failed
        APP.net_failed(conn, describe_js_error(exc))
    paint()
    run_net()


def describe_js_error(exc):
    text = str(exc).strip().splitlines()
    return (text[-1] if text else type(exc).__name__)[:200]


def on_peer_event(conn, kind, data=None):
    try:
        APP.net_event(str(conn), str(kind), data if isinstance(data, str) else None)
        run_net()
        paint_if_changed()
        schedule_bots()
        schedule_hint()
    except Exception as exc:
        show_error("A message from another device could not be handled.", exc)


def net_tick(*_args):
    try:
        if APP is not None and APP.net_tick():
            paint_if_changed()
        run_net()
    except Exception as exc:
        show_error("The link to another device could not be kept.", exc)


def draw_share_blocks():
    """QR codes into [data-qr] (the vendored encoder), and Share / Scan only where the browser has them."""
    qr = getattr(window, "pygamesQR", None)
    for element in ROOT.querySelectorAll("[data-qr]"):
        text = attribute(element, "data-qr")
        if found(qr) and text and attribute(element, "data-qr-drawn") != text:
            element.innerHTML = qr.svg(text, attribute(element, "data-qr-label") or "")
            element.setAttribute("data-qr-drawn", text)
    can_share = found(getattr(window.navigator, "share", None))
    for element in ROOT.querySelectorAll("[data-share-only]"):
        element.hidden = not can_share
    scan = getattr(window, "pygamesScan", None)
    can_scan = found(scan) and bool(scan.available())
    for element in ROOT.querySelectorAll("[data-camera-only]"):
        element.hidden = not can_scan


async def copy_text(text):
    ok = bool(await window.pygamesCopy(text)) if found(getattr(window, "pygamesCopy", None)) else False
    APP.action("flash", "copied" if ok else "copy_failed")
    paint()


async def share_text(text):
    if found(getattr(window, "pygamesShare", None)):
        await window.pygamesShare(text, "pygames")


def scan_layer():
    """The camera's dialog over the page (made once, removed by close_scanner)."""
    return body_element("scan", {"class": "scan-layer", "role": "dialog", "aria-modal": "true",
                                 "data-testid": "scan"})


def close_scanner(*_args):
    NET["scanning"] = False
    scan = getattr(window, "pygamesScan", None)
    if found(scan):
        scan.stop()
    layer = document.getElementById("scan")
    if found(layer):
        layer.remove()


async def open_scanner():
    from pygames.ui.html import esc
    from pygames.ui.i18n import t
    layer = scan_layer()
    layer.setAttribute("aria-label", t("scan_title", APP.lang))
    layer.innerHTML = (f'<div class="scan-box panel"><h2>{esc(t("scan_title", APP.lang))}</h2>'
                       f'<video class="scan-video" muted playsinline></video>'
                       f'<button type="button" class="btn" data-scan-cancel="true">'
                       f'{esc(t("cancel", APP.lang))}</button>'
                       f'</div>')
    layer.querySelector("[data-scan-cancel]").addEventListener("click", create_proxy(close_scanner))
    NET["scanning"] = True

    def scanned(text):
        close_scanner()
        APP.change("friend-reply", str(text))
        APP.action("friend-connect")
        paint()
        run_net()

    try:
        await window.pygamesScan.start(layer.querySelector("video"), create_proxy(scanned))
    except Exception as exc:
        close_scanner()
        APP.friend_notice = t("scan_failed", APP.lang, reason=describe_js_error(exc))
        paint()


def start_net():
    """The page's side of the links: peer events to the App, a heartbeat, an invite in the address."""
    peer = getattr(window, "pygamesPeer", None)
    if found(peer):
        peer.onevent = create_proxy(on_peer_event)
    NET["timer"] = window.setInterval(create_proxy(net_tick), NET_TICK_MS)
    window.addEventListener("hashchange", create_proxy(on_hashchange))
    open_invite_in_address()


def open_invite_in_address():
    fragment = str(window.location.hash or "")
    if fragment.startswith("#join="):
        APP.open_invite(fragment)
        if APP.guest is not None and "netlog=1" in str(window.location.search or ""):
            APP.guest.keep_received = True  # tests read what this device was sent (pygamesReceived)
        return True
    return False


def on_hashchange(_event=None):
    """A new invite opened in a tab that is already open (the link's page is this one)."""
    try:
        if open_invite_in_address():
            run_net()
            paint()
    except Exception as exc:
        show_error("The invite could not be opened.", exc)


def received_json():
    """What a friend's device was sent (kept only with ?netlog=1): a test compares it with the views."""
    guest = APP.guest if APP is not None else None
    return json.dumps(guest.received if guest is not None else [])


def record_json():
    """The record of the game at this device's table (the host's), for tests: "" when there is none."""
    if APP is None or (APP.session is None and APP.replay is None):
        return ""
    return APP.export_record()[1]


def page_url():
    href = str(window.location.href)
    return href.split("#", 1)[0]


def attribute(element, name):
    """An attribute's text, or None (JS null is not None in Pyodide: check for str)."""
    value = element.getAttribute(name)
    return value if isinstance(value, str) else None


# shell controls after which the last-move marks go (a new position, another game)
CLEARS_MARKS = ("undo", "start", "continue", "rematch", "lobby", "replay", "replay-step", "replay-exit")


def act(element):
    """Run what a clicked element means, then redraw."""
    choice = attribute(element, "data-choice")
    action = attribute(element, "data-action")
    if choice is not None or action in CLEARS_MARKS:
        clear_last_moves()  # the human acted: the others' last moves are no longer news
    if choice is not None:
        quiet_readout()  # a move made: the last readout would only cover the board
        APP.choose(str(choice))
    elif action == "reload":
        window.location.reload()
        return
    elif action == "dismiss-error":
        document.getElementById("error").hidden = True
        return
    elif action == "export":
        name, text = APP.export_record()
        download(name, text)
        return
    elif action == "copy":
        asyncio.ensure_future(copy_text(attribute(element, "data-value") or ""))
        return
    elif action == "share":
        asyncio.ensure_future(share_text(attribute(element, "data-value") or ""))
        return
    elif action == "scan":
        asyncio.ensure_future(open_scanner())
        return
    else:
        if action == "lobby":
            document.getElementById("error").hidden = True
        APP.action(action or "", attribute(element, "data-value") or "")
    paint()
    if action == "select-game":  # on a phone the setup is below the list: bring it into view
        setup = document.querySelector("#app .setup")
        if found(setup):
            setup.scrollIntoView(to_js({"block": "nearest", "behavior": "smooth"},
                                       dict_converter=window.Object.fromEntries))
        if APP.setup is not None:
            prepare_table_soon(APP.setup.game_id)
    schedule_bots()
    schedule_hint()


def target_of(event):
    target = event.target
    if not found(target) or not hasattr(target, "closest"):
        return None
    element = target.closest("[data-choice], [data-action]")
    if not found(element) or element.hasAttribute("disabled") or element.getAttribute("aria-disabled") == "true":
        return None
    return element


def on_click(event):
    try:
        element = target_of(event)
        if element is not None:
            event.preventDefault()
            act(element)
            return
        zoom = zoom_target(event.target)
        if zoom is not None:
            show_zoom(zoom)  # a tap on a card that is not a move: its large card
        else:
            hide_zoom()  # a tap elsewhere closes it
    except Exception as exc:
        show_error("That click could not be handled.", exc)


def on_key(event):
    try:
        if event.key not in ("Enter", " "):
            return
        element = target_of(event)
        # buttons turn Enter/Space into clicks themselves
        if element is None or element.tagName in ("BUTTON", "SELECT", "INPUT"):
            return
        event.preventDefault()
        act(element)
    except Exception as exc:
        show_error("That key could not be handled.", exc)


# text fields whose change only keeps the value: the Join / Connect click that ends the typing must
# land on the button it was aimed at, not on a redrawn one
KEPT_FIELDS = ("player-name", "friend-reply", "ice")


def on_change(event):
    try:
        target = event.target
        name = attribute(target, "name")
        if not name:
            return
        if name == "import-file":
            asyncio.ensure_future(import_file(target))
            return
        if name == "card-filter" or PAINTING:  # the filter follows "input" events
            return
        checked = bool(target.checked) if str(target.type) == "checkbox" else None
        APP.change(name, str(target.value), checked, attribute(target, "data-seat"))
        if name in KEPT_FIELDS:
            return  # nothing to redraw, and a redraw now would take the click that blurred the field
        paint()
        schedule_bots()
    except Exception as exc:
        show_error("That setting could not be changed.", exc)


def on_input(event):
    """Typing in the card filter narrows the list at once (other fields wait for "change")."""
    try:
        target = event.target
        name = attribute(target, "name")
        if name == "card-filter":
            APP.change("card-filter", str(target.value))
            paint()
        elif name in KEPT_FIELDS:  # kept as typed, so a redraw (a friend's message) keeps it too
            APP.change(name, str(target.value))
    except Exception as exc:
        show_error("That filter could not be applied.", exc)


def on_keyup(event):
    if event.key != "Escape":
        return
    if ZOOM["key"] is not None:
        hide_zoom()
        return
    if APP is not None and APP.panel is not None:
        APP.action("close-panel")
        paint()


def replay_json(text):
    """window.pygamesReplay(record_json): the state after a game record, as canonical JSON
    (tests compare it with CPython's: the same results in the browser)."""
    import json

    from pygames.core import replay
    return json.dumps(replay(str(text)), sort_keys=True)


def bench_json(kind, args_json="{}"):
    """window.pygamesBench(kind, args_json): the measurements of pygames.bench, run here
    (``python3 build.py bench`` compares them with CPython's)."""
    from pygames import bench
    return bench.run(str(kind), str(args_json))


def browser_langs():
    """navigator.languages as a Python list (the lobby's language when none was chosen)."""
    try:
        return [str(tag) for tag in window.navigator.languages]
    except Exception:
        return []


def run_pending():
    """Carry out what was clicked before Python was ready (site/boot.js kept it in
    window.pygamesPending), in order; the first paint then shows where it led."""
    pending = getattr(window, "pygamesPending", None)
    if not found(pending):
        return None
    last = None
    for index in range(int(pending.length)):
        item = pending[index]
        action, value = str(item.action), str(item.value or "")
        if action in ("reload", "dismiss-error", "export"):
            continue
        try:
            APP.action(action, value)
            last = action
        except Exception as exc:
            window.console.warn(f"pygames: a click made while starting could not be carried out: {exc}")
    pending.length = 0
    chosen = getattr(window, "pygamesPendingImport", None)
    if found(chosen):
        window.pygamesPendingImport = jsnull
        asyncio.ensure_future(import_file(chosen))
    return last


def start():
    global APP, DELAY_MS, PRERENDERED
    from pygames.ui.app import App
    from pygames.ui.dates import BrowserDates

    window.performance.mark("pygames:imported")

    storage = LocalStorage()
    DELAY_MS = bot_delay_ms(storage)
    # dates in the player's zone (Python's is UTC here); the browser's languages for a first visit
    # art_apart: the art sheets stay outside #app (keep_art_sheet), parsed once, not at every redraw
    APP = App(storage, dates=BrowserDates(window), preferred_langs=browser_langs(), art_apart=True,
              page_url=page_url())
    APP.fixed_bot_delay_ms = DELAY_MS  # Settings says which pace is in force
    PRERENDERED = found(ROOT.querySelector(":scope > .lobby-screen"))
    document.addEventListener("click", create_proxy(on_click))
    document.addEventListener("keydown", create_proxy(on_key))
    document.addEventListener("keydown", create_proxy(on_command_key))
    document.addEventListener("change", create_proxy(on_change))
    document.addEventListener("input", create_proxy(on_input))
    document.addEventListener("keyup", create_proxy(on_keyup))
    document.addEventListener("pointerover", create_proxy(on_pointerover))
    document.addEventListener("focusin", create_proxy(on_focusin))
    document.addEventListener("contextmenu", create_proxy(on_contextmenu))
    LESSON["proxy"] = create_proxy(on_lesson_layout)
    window.addEventListener("resize", LESSON["proxy"])
    window.addEventListener("scroll", LESSON["proxy"], js_obj({"passive": True}))
    window.pygamesReplay = create_proxy(replay_json)
    window.pygamesBench = create_proxy(bench_json)
    window.pygamesReceived = create_proxy(received_json)
    window.pygamesRecord = create_proxy(record_json)
    start_net()
    last = run_pending()
    paint()
    window.performance.mark("pygames:painted")
    document.getElementById("loading").hidden = True
    window.pygamesReadyAt = window.performance.now()
    window.dispatchEvent(window.Event.new("pygames:ready"))
    if last == "select-game":  # as a click on a game does: bring its setup into view
        setup = document.querySelector("#app .setup")
        if found(setup):
            setup.scrollIntoView(to_js({"block": "nearest"}, dict_converter=window.Object.fromEntries))
        if APP.setup is not None:
            prepare_table_soon(APP.setup.game_id)
    schedule_bots()


# ---------------------------------------------------------------------------- our package's imports
# The importer of our package (pygames_importer, a module of the zip beside the package, which also
# holds the bytecode compiled at import) is installed by boot() before anything of pygames is
# imported; keeping that bytecode for the next visit, in Cache Storage, is the page's part. Our own
# cache name: sw.js deletes only "pygames-…" caches, and nothing here is needed for the page to work
# (any failure: from source).
import pygames_importer  # noqa: E402

BYTECODE_CACHE = "bytecode.pygames"
BYTECODE_URL = "./bytecode.marshal"  # {module name: .pyc bytes}, marshalled
BYTECODE_DELAY_S = 3  # after the boot, when the page is idle
BYTECODE = {"restored": 0, "compiled": 0, "compiled_modules": []}


async def restore_bytecode():
    """Read the bytecode a previous visit kept (before anything of pygames is imported)."""
    try:
        if not hasattr(window, "caches"):
            return
        cache = await window.caches.open(BYTECODE_CACHE)
        response = await cache.match(BYTECODE_URL)
        if not found(response):
            return
        BYTECODE["restored"] = pygames_importer.restore_kept((await response.arrayBuffer()).to_bytes())
    except Exception as exc:  # a damaged or missing cache only costs the compile time
        window.console.info(f"pygames: no bytecode cache ({exc})")


async def keep_bytecode():
    """Marshal the code objects of the modules compiled at import since the last time (one per slice,
    so the page stays responsive) and keep them, with those kept before, in Cache Storage for the
    next visit."""
    await asyncio.sleep(BYTECODE_DELAY_S)
    compiled = 0
    try:
        for name in pygames_importer.keep_compiled():
            compiled += 1
            BYTECODE["compiled_modules"].append(name)
            await asyncio.sleep(0)
        BYTECODE["compiled"] += compiled
        if not compiled:
            return
        cache = await window.caches.open(BYTECODE_CACHE)
        await cache.put(BYTECODE_URL, window.Response.new(to_js(pygames_importer.kept_data())))
        await cache.delete("./bytecode.zip")  # what versions before the zip was imported in place kept
    except Exception as exc:
        window.console.info(f"pygames: bytecode not kept ({exc})")
    finally:
        window.pygamesBytecode = to_js(BYTECODE, dict_converter=window.Object.fromEntries)


KEEPING = None  # the keep_bytecode task under way


def keep_new_bytecode_soon():
    """After a redraw that imported more of our modules from source (a game was picked: its own
    modules are not in the zip compiled), keep their bytecode once the page is idle."""
    global KEEPING
    if KEEPING is not None and (not KEEPING.done() or not pygames_importer.COMPILED_AT_IMPORT):
        return  # (the first call always runs: it reports window.pygamesBytecode)
    KEEPING = asyncio.ensure_future(keep_bytecode())


async def boot():
    try:
        pygames_importer.install_package_importer()
        await restore_bytecode()
        window.performance.mark("pygames:bytecode")
        start()
    except Exception as exc:
        show_error("The games could not be loaded.", exc)


DELAY_MS = None
PRERENDERED = False
asyncio.ensure_future(boot())
