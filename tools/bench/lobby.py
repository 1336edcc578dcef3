"""The lobby's boot in Chromium, beside a bare page that boots the same runtime and nothing else:
when the game list is painted, when the lobby is playable, what a click made during the boot
waits; cold (no cache) and warm (the service worker's), interleaved run by run. And its table."""

from __future__ import annotations

import statistics
from typing import TYPE_CHECKING

from . import load_text
from .browser import ready

if TYPE_CHECKING:  # the test extra's Playwright
    from playwright.sync_api import Browser, BrowserContext, Page


def median(values: list[float]) -> float | None:
    return round(statistics.median(values)) if values else None

#: in the site's page before anything runs: when the game list is first painted (Element Timing on
#: the tiles' titles), when the first click happened and when the setup screen it asked for was drawn
LOBBY_WATCH = """
window.__lobby = {list: null, click: null, setup: null, interpreter: null};
// PyScript's own progress: Pyodide is ready (on the bare page too); what follows is [files] and the script
addEventListener("py:progress", (e) => {
  if (String(e.detail) === "Loaded interpreter") window.__lobby.interpreter = performance.now(); });
try {
  // the first paint of the tiles' titles (Python's later redraw of the same tiles counts not)
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.identifier === "game-list")
    window.__lobby.list = Math.min(window.__lobby.list ?? Infinity, e.renderTime || e.loadTime); })
    .observe({type: "element", buffered: true});
} catch (e) {}
// the click's own time stamp: when it was made, even if a busy main thread handles it later
addEventListener("click", (e) => { if (window.__lobby.click === null) window.__lobby.click = e.timeStamp; }, true);
let seen = false;
new MutationObserver(() => {
  if (!seen && document.querySelector("#app .setup")) {
    seen = true;
    requestAnimationFrame(() => { window.__lobby.setup = performance.now(); });
  }
}).observe(document, {childList: true, subtree: true});
"""
LOBBY_FIGURES = """() => {
  const mark = (name) => { const m = performance.getEntriesByName(name, "mark")[0]; return m ? m.startTime : null; };
  return {...window.__lobby, ready: window.pygamesReadyAt || null, main: mark("pygames:main"),
          imported: mark("pygames:imported")};
}"""


def lobby_load(page: Page, url: str, reload: bool = False) -> dict:
    """One load of the site: when the game list was painted, when Python made it playable."""
    page.reload() if reload else page.goto(url + "/")
    ready(page, "pygamesReadyAt")
    page.wait_for_function("() => window.__lobby.list !== null", timeout=10_000)
    return page.evaluate(LOBBY_FIGURES)


def lobby_click(page: Page, url: str, spot: tuple[float, float], reload: bool = False) -> dict:
    """One load where a game is clicked as soon as the game list is painted: the time from that
    click (made while Python is still starting) to its setup screen being drawn. The click goes to
    the tile's place on screen (``spot``, measured on an earlier load of the same layout), as a
    person's would, without waiting for the page to answer first."""
    if reload:
        page.reload(wait_until="commit")
    else:
        page.goto(url + "/", wait_until="commit")
    page.wait_for_function("() => window.__lobby && window.__lobby.list !== null", polling=20, timeout=60_000)
    page.mouse.click(*spot)
    page.wait_for_function("() => window.__lobby.setup !== null", timeout=180_000)
    figures = page.evaluate(LOBBY_FIGURES)
    figures["during_boot"] = figures["ready"] is not None and figures["click"] < figures["ready"]
    return figures


def tile_spot(page: Page, game_id: str) -> tuple[float, float]:
    box = page.locator(f'#app [data-game="{game_id}"]').bounding_box()
    if box is None:
        raise RuntimeError(f"the {game_id} tile is not on the lobby's screen")
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


#: the order of a run's three loads (our lobby, the bare page, our lobby clicked during its boot),
#: rotated run by run
ORDERS = (("site", "bare", "click"), ("bare", "click", "site"), ("click", "site", "bare"))


def bench_lobby(browser: Browser, url: str, runs: int, game_id: str) -> dict:
    """The lobby, side by side with a bare page that only boots the same runtime, interleaved
    run by run: navigation -> game list painted (Element Timing), -> playable
    (window.pygamesReadyAt; bare: window.bareReadyAt), and click during the boot -> the setup
    screen it asked for. Cold: fresh contexts (no cache, service worker blocked). Warm: reloads
    in a context whose service worker has precached the site."""
    keys = ("site", "bare", "list", "click_to_setup", "click_at", "runtime", "bare_runtime", "runtime_to_main",
            "bare_runtime_to_ready", "main_to_ready", "import")
    out: dict = {f"{key}_{mode}_ms": [] for mode in ("cold", "warm") for key in keys}
    requests, during = [], []

    def record(mode: str, load: dict, bare: float, bare_runtime: float, click: dict) -> None:
        out[f"site_{mode}_ms"].append(round(load["ready"]))
        out[f"list_{mode}_ms"].append(round(load["list"]))
        out[f"bare_{mode}_ms"].append(round(bare))
        out[f"click_to_setup_{mode}_ms"].append(round(click["setup"] - click["click"]))
        out[f"click_at_{mode}_ms"].append(round(click["click"]))
        # our own part of the boot, free of the runtime's (noisy) start: from Pyodide ready (PyScript's
        # "Loaded interpreter") to main.py's module running (unpacking pygames.zip, fetching main.py,
        # PyScript's own steps, importing the module), beside the same span on the bare page (to its
        # script's end), then main.py to playable (of which importing the package)
        out[f"runtime_{mode}_ms"].append(round(load["interpreter"]))
        out[f"bare_runtime_{mode}_ms"].append(round(bare_runtime))
        out[f"runtime_to_main_{mode}_ms"].append(round(load["main"] - load["interpreter"]))
        out[f"bare_runtime_to_ready_{mode}_ms"].append(round(bare - bare_runtime))
        out[f"main_to_ready_{mode}_ms"].append(round(load["ready"] - load["main"]))
        out[f"import_{mode}_ms"].append(round(load["imported"] - load["main"]))
        during.append(click["during_boot"])

    def cold_context() -> BrowserContext:
        context = browser.new_context(service_workers="block")
        context.add_init_script(LOBBY_WATCH)
        return context

    def cold_site() -> tuple[dict, int, tuple[float, float]]:
        context = cold_context()
        page = context.new_page()
        count = [0]
        page.on("request", lambda _r: count.__setitem__(0, count[0] + 1))
        load = lobby_load(page, url)
        spot = tile_spot(page, game_id)
        context.close()
        return load, count[0], spot

    def bare_figures(page: Page) -> tuple[float, float]:
        """The bare page's (ready, Pyodide ready), once it is ready."""
        return ready(page, "bareReadyAt"), page.evaluate("() => window.__lobby.interpreter")

    def cold_bare() -> tuple[float, float]:
        context = cold_context()
        page = context.new_page()
        page.goto(f"{url}/bare.html")
        figures = bare_figures(page)
        context.close()
        return figures

    def cold_click(spot: tuple[float, float]) -> dict:
        context = cold_context()
        click = lobby_click(context.new_page(), url, spot)
        context.close()
        return click

    # A load of each, not recorded: the browser's and the system's first-load costs, and where the
    # tile is on screen (the click of a run may come before that run's own site load).
    _, _, spot = cold_site()
    cold_bare()
    for run in range(runs):
        # The three loads of a run in rotated order: whatever a load leaves behind (a closing
        # context, the browser's own housekeeping) falls on each of them in turn.
        done: dict = {}
        for kind in ORDERS[run % len(ORDERS)]:
            if kind == "site":
                done["load"], count, spot = cold_site()
                requests.append(count)
            elif kind == "bare":
                done["bare"] = cold_bare()
            else:
                done["click"] = cold_click(spot)
        record("cold", done["load"], done["bare"][0], done["bare"][1], done["click"])

    context = browser.new_context(service_workers="allow")
    context.add_init_script(LOBBY_WATCH)
    site, bare, clicker = context.new_page(), context.new_page(), context.new_page()
    site.goto(url + "/")
    ready(site, "pygamesReadyAt")
    site.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=180_000)
    bare.goto(f"{url}/bare.html")
    ready(bare, "bareReadyAt")
    clicker.goto(url + "/")
    ready(clicker, "pygamesReadyAt")
    # a returning visitor: the first visit has kept its bytecode (main.py, a few seconds after the boot)
    clicker.wait_for_function("() => !!window.pygamesBytecode", timeout=180_000)
    spot = tile_spot(site, game_id)
    for run in range(runs):
        done = {}
        for kind in ORDERS[run % len(ORDERS)]:
            if kind == "site":
                done["load"] = lobby_load(site, url, reload=True)
            elif kind == "bare":
                bare.reload()
                done["bare"] = bare_figures(bare)
            else:
                clicker.evaluate("() => localStorage.removeItem('pygames.setup')")  # the lobby as first seen
                done["click"] = lobby_click(clicker, url, spot, reload=True)
        record("warm", done["load"], done["bare"][0], done["bare"][1], done["click"])
    context.close()

    for key in list(out):
        out[key.replace("_ms", "_median_ms")] = median(out[key])
    for mode in ("cold", "warm"):
        site_ms, bare_ms = out[f"site_{mode}_median_ms"], out[f"bare_{mode}_median_ms"]
        out[f"playable_ratio_{mode}"] = round(site_ms / bare_ms, 3) if site_ms and bare_ms else None
    out["site_cold_requests"] = requests[0] if requests else None
    out["clicks_during_boot"] = f"{sum(during)}/{len(during)}"
    out["clicked_game"] = game_id
    return out


def lobby_lines(lobby: dict) -> list[str]:
    """The lobby's figures as printed by the bench (medians, ms; every run in brackets)."""
    rows = [("game list painted", "list"), ("pygames lobby playable", "site"), ("bare runtime ready", "bare"),
            ("click during boot -> setup", "click_to_setup"), ("(the click was made at)", "click_at"),
            ("Pyodide ready", "runtime"), ("  bare: Pyodide ready", "bare_runtime"),
            ("Pyodide ready -> main.py runs", "runtime_to_main"),
            ("  bare: Pyodide ready -> ready", "bare_runtime_to_ready"), ("main.py -> playable", "main_to_ready"),
            ("  of which importing pygames", "import")]
    lines = ["\ntime from navigation, median ms over runs (cold: no cache; warm: service worker)",
             f"  {'':<30} {'cold':>7} {'warm':>7}   runs cold / warm"]
    for label, key in rows:
        lines.append(f"  {label:<30} {lobby[f'{key}_cold_median_ms']!s:>7} {lobby[f'{key}_warm_median_ms']!s:>7}"
                     f"   {lobby[f'{key}_cold_ms']} / {lobby[f'{key}_warm_ms']}")
    lines.append(f"  playable / bare: cold {lobby['playable_ratio_cold']}, warm {lobby['playable_ratio_warm']}; "
                 f"clicks made during the boot {lobby['clicks_during_boot']}; "
                 f"{lobby['site_cold_requests']} requests on a cold load")
    return lines


def lobby_table(results: dict) -> str:
    """The lobby's figures (docs/figures/lobby.md)."""
    lobby = results["chromium"]["lobby"]
    lines = [f"Measured {results['when']} by `python3 build.py bench` ({results['settings']['runs']} runs, "
             f"interleaved; Chromium, Pyodide {results['runtimes'].get('pyodide', '?')}; "
             f"{load_text(results)} on {results['machine']['cpus']} cores). Medians in ms from "
             f"navigation start; the bare page boots the same PyScript + Pyodide and nothing else.",
             "",
             "| | cold | warm (service worker) | target |",
             "|---|---:|---:|---|",
             f"| game list painted (Element Timing) | {lobby['list_cold_median_ms']} | {lobby['list_warm_median_ms']} "
             f"| ≤ 500 cold, ≤ 300 warm |",
             f"| lobby playable (`pygamesReadyAt`) | {lobby['site_cold_median_ms']} | "
             f"{lobby['site_warm_median_ms']} | |",
             f"| bare runtime ready | {lobby['bare_cold_median_ms']} | {lobby['bare_warm_median_ms']} | |",
             f"| playable / bare | {lobby['playable_ratio_cold']} | {lobby['playable_ratio_warm']} | ≤ 1.05 |",
             f"| click on a game during the boot → its setup drawn | {lobby['click_to_setup_cold_median_ms']} | "
             f"{lobby['click_to_setup_warm_median_ms']} | |",
             f"| (that click was made at) | {lobby['click_at_cold_median_ms']} | "
             f"{lobby['click_at_warm_median_ms']} | |",
             f"| Pyodide ready (PyScript's \"Loaded interpreter\") | {lobby['runtime_cold_median_ms']} | "
             f"{lobby['runtime_warm_median_ms']} | |",
             f"| … on the bare page | {lobby['bare_runtime_cold_median_ms']} | "
             f"{lobby['bare_runtime_warm_median_ms']} | |",
             f"| our part: Pyodide ready → `main.py` runs | {lobby['runtime_to_main_cold_median_ms']} | "
             f"{lobby['runtime_to_main_warm_median_ms']} | |",
             f"| … the bare page: Pyodide ready → its script ran | {lobby['bare_runtime_to_ready_cold_median_ms']} | "
             f"{lobby['bare_runtime_to_ready_warm_median_ms']} | |",
             f"| our part: `main.py` runs → playable | {lobby['main_to_ready_cold_median_ms']} | "
             f"{lobby['main_to_ready_warm_median_ms']} | |",
             f"| … of which importing the package | {lobby['import_cold_median_ms']} | "
             f"{lobby['import_warm_median_ms']} | |",
             "",
             f"Clicks made while Python was still starting: {lobby['clicks_during_boot']}; "
             f"requests on a cold load: {lobby['site_cold_requests']}."]
    return "\n".join(lines)
