"""Browser glue: the only Python that touches the DOM (through PyScript).

It keeps no game logic: ``pygames.ui.app.App`` decides what to show and what
a click means. This file puts ``app.render()`` into #app, forwards clicks
(one delegated listener for ``[data-choice]`` and ``[data-action]``, also
Enter/Space), form changes and storage, and runs bot turns in short slices
with a visible pause, so the page never freezes. Every Python exception ends
up readable in the #error box.

URL parameters: ``?botdelay=<ms>`` pause before each bot move (default 600;
also read from localStorage "pygames.botdelay").
"""

import asyncio
import time
import traceback
from urllib.parse import parse_qs

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

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
    query = parse_qs(str(window.location.search).lstrip("?"))
    for raw in (query.get("botdelay", [None])[0], storage.get("pygames.botdelay")):
        if raw is not None:
            try:
                return max(0, int(raw))
            except ValueError:
                pass
    return DEFAULT_BOT_DELAY_MS


APP = None
ROOT = document.getElementById("app")
RENDERS = 0
BOT_EPOCH = None  # epoch of the running bot loop, if any


def paint():
    global RENDERS
    try:
        markup = APP.render()
    except Exception as exc:
        show_error("This screen could not be drawn.", exc)
        return
    before = ROOT.dataset.phase if RENDERS else "loading"
    active = document.activeElement
    keyboard = found(active) and hasattr(active, "closest") and \
        found(active.closest("#app [data-choice], #app [data-action]"))
    ROOT.innerHTML = markup
    RENDERS += 1
    phase = APP.phase()
    ROOT.dataset.phase = phase
    ROOT.dataset.rev = str(RENDERS)
    document.documentElement.lang = APP.lang
    if (before == "lobby") != (phase == "lobby"):
        window.scrollTo(0, 0)  # a new screen starts at its top
    elif phase == "over" and before != "over":
        panel = document.querySelector('[data-testid="game-over"]')
        if found(panel):
            panel.scrollIntoView()
    if keyboard:  # keep keyboard play going: focus the first choice of the new screen
        target = document.querySelector("#app [data-choice]")
        if found(target):
            target.focus()


def schedule_bots():
    global BOT_EPOCH
    if APP.bot_to_move() and BOT_EPOCH != APP.epoch:
        BOT_EPOCH = APP.epoch
        asyncio.ensure_future(run_bots(APP.epoch))


async def run_bots(epoch):
    global BOT_EPOCH
    try:
        while APP.epoch == epoch and APP.bot_to_move():
            await asyncio.sleep(DELAY_MS / 1000)
            if APP.epoch != epoch:
                return
            steps = APP.bot_thinking()
            while True:
                deadline = time.perf_counter() + SLICE_SECONDS
                try:
                    while time.perf_counter() < deadline:
                        next(steps)
                except StopIteration as done:
                    action = done.value
                    break
                await asyncio.sleep(0)
                if APP.epoch != epoch:
                    return
            APP.bot_played(action)
            paint()
    except Exception as exc:
        show_error("A bot could not play its move.", exc)
    finally:
        if BOT_EPOCH == epoch:
            BOT_EPOCH = None


def attribute(element, name):
    """An attribute's text, or None (JS null is not None in Pyodide: check for str)."""
    value = element.getAttribute(name)
    return value if isinstance(value, str) else None


def act(element):
    """Run what a clicked element means, then redraw."""
    choice = attribute(element, "data-choice")
    action = attribute(element, "data-action")
    if choice is not None:
        APP.choose(str(choice))
    elif action == "reload":
        window.location.reload()
        return
    elif action == "dismiss-error":
        document.getElementById("error").hidden = True
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
    schedule_bots()


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


def on_change(event):
    try:
        target = event.target
        name = attribute(target, "name")
        if not name:
            return
        checked = bool(target.checked) if str(target.type) == "checkbox" else None
        APP.change(name, str(target.value), checked, attribute(target, "data-seat"))
        paint()
    except Exception as exc:
        show_error("That setting could not be changed.", exc)


def start():
    global APP, DELAY_MS
    from pygames.ui.app import App

    storage = LocalStorage()
    DELAY_MS = bot_delay_ms(storage)
    APP = App(storage)
    document.addEventListener("click", create_proxy(on_click))
    document.addEventListener("keydown", create_proxy(on_key))
    document.addEventListener("change", create_proxy(on_change))
    paint()
    document.getElementById("loading").hidden = True
    window.pygamesReadyAt = window.performance.now()
    window.dispatchEvent(window.Event.new("pygames:ready"))


DELAY_MS = DEFAULT_BOT_DELAY_MS
try:
    start()
except Exception as exc:
    show_error("The games could not be loaded.", exc)
