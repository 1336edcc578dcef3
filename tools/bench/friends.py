"""Play with friends, measured in Chromium: two browser contexts (two devices) on this machine, paired
through the pages' own invite and reply over a real WebRTC data channel (no ICE server), then whole
Coup games between a person at the host and a friend.

Figures: the pairing's machine time (the offer, the answer, Connect to the friend's table: the time
people take to carry the texts is left out), the invite and reply sizes, an action's round trip
(the friend's device sends its move; the host's rules play it; the friend's next table arrives),
and the bytes each way, per message and per game.
"""

from __future__ import annotations

import json
import random
import time
from typing import TYPE_CHECKING

from . import load_text
from .lobby import median

if TYPE_CHECKING:  # the test extra's Playwright
    from playwright.sync_api import Browser, Page

#: wraps the friend's page's channel, to time each move from its sending to the table that answers it
ROUND_TRIP_PROBE = """() => {
  const peer = window.pygamesPeer, send = peer.send.bind(peer), seen = window.pygamesTrips = [];
  let sent = null;
  peer.send = (id, text) => { if (text.includes('"t":"act"')) sent = performance.now(); return send(id, text); };
  const onevent = peer.onevent;
  peer.onevent = (id, kind, data) => {
    if (sent !== null && kind === "message" && data.includes('"t":"table"')) {
      seen.push(performance.now() - sent);
      sent = null;
    }
    return onevent(id, kind, data);
  };
}"""


def _ready(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("!!window.pygamesReadyAt", timeout=180_000)


def _wait(page: Page, expression: str, timeout_ms: int = 60_000) -> float:
    started = time.perf_counter()
    page.wait_for_function(expression, timeout=timeout_ms)
    return (time.perf_counter() - started) * 1000


def one_game(browser: Browser, url: str, rnd: random.Random) -> dict:
    host_context, guest_context = browser.new_context(), browser.new_context()
    try:
        host, guest = host_context.new_page(), guest_context.new_page()
        _ready(host, url + "/?botdelay=0")
        host.locator('[data-game="coup"]').click()
        host.locator('select[name="num_players"]').select_option("2")
        host.locator('select[data-seat="1"]').select_option("friend")
        host.locator('[data-testid="start"]').click()
        offer_ms = _wait(host, "!!document.querySelector('[data-testid=\"invite-1-text\"]')")
        link = host.locator('[data-testid="invite-1-text"]').input_value()
        _ready(guest, link)
        guest.locator('[data-testid="join"]').click()
        answer_ms = _wait(guest, "!!document.querySelector('[data-testid=\"reply-text\"]')")
        reply = guest.locator('[data-testid="reply-text"]').input_value()
        host.locator('[data-testid="friend-reply"]').fill(reply)
        host.locator('[data-testid="friend-connect"]').click()
        connect_ms = _wait(guest, "document.getElementById('app').dataset.phase === 'human' || "
                                  "document.getElementById('app').dataset.phase === 'remote'")
        guest.evaluate(ROUND_TRIP_PROBE)
        pages = [host, guest]
        for _ in range(3000):
            phases = [p.get_attribute("#app", "data-phase") for p in pages]
            if all(ph == "over" for ph in phases):
                break
            for page, ph in zip(pages, phases):
                if ph == "human":
                    choices = page.locator('[data-testid="choice"]')
                    if choices.count():
                        try:
                            choices.nth(rnd.randrange(choices.count())).click(timeout=5_000)
                        except Exception:
                            pass
            host.wait_for_timeout(20)
        trips = guest.evaluate("window.pygamesTrips")
        stats = {side: page.evaluate("(() => { const p = window.pygamesPeer; const id = p.ids()[0]; "
                                     "return p.stats(id); })()") for side, page in (("host", host), ("guest", guest))}
        record = json.loads(host.evaluate("window.pygamesRecord()"))
        return {"pairing_ms": {"offer": round(offer_ms), "answer": round(answer_ms), "connect": round(connect_ms)},
                "invite_chars": len(link.split("#", 1)[1]), "reply_chars": len(reply), "trips_ms": trips,
                "stats": stats, "actions": len(record["actions"])}
    finally:
        host_context.close()
        guest_context.close()


def bench_friends(browser: Browser, url: str, games: int = 3) -> dict:
    """Whole Coup games between two contexts; the figures of each and their medians."""
    rnd = random.Random("bench-friends")
    runs = [one_game(browser, url, rnd) for _ in range(games)]
    trips = sorted(t for run in runs for t in run["trips_ms"])
    host_sent = [run["stats"]["host"] for run in runs]
    guest_sent = [run["stats"]["guest"] for run in runs]

    def per_message(sides: list[dict]) -> float:
        messages = sum(s["sent"] for s in sides)
        return round(sum(s["bytesSent"] for s in sides) / messages) if messages else 0

    return {
        "games": games,
        "pairing_ms": {k: median([run["pairing_ms"][k] for run in runs]) for k in ("offer", "answer", "connect")},
        "invite_chars": median([run["invite_chars"] for run in runs]),
        "reply_chars": median([run["reply_chars"] for run in runs]),
        "round_trip_ms": {"median": median(trips), "p95": trips[int(0.95 * (len(trips) - 1))] if trips else None,
                          "moves": len(trips)},
        "host_to_guest": {"bytes_per_message": per_message(host_sent),
                          "bytes_per_game": round(sum(s["bytesSent"] for s in host_sent) / games),
                          "messages_per_game": round(sum(s["sent"] for s in host_sent) / games)},
        "guest_to_host": {"bytes_per_message": per_message(guest_sent),
                          "bytes_per_game": round(sum(s["bytesSent"] for s in guest_sent) / games),
                          "messages_per_game": round(sum(s["sent"] for s in guest_sent) / games)},
        "actions_per_game": median([run["actions"] for run in runs]),
    }


def friends_table(results: dict) -> str:
    f = results["chromium"]["friends"]
    rt = f["round_trip_ms"]
    lines = [
        f"Measured {results.get('when', '')} in Chromium on this machine ({load_text(results)}), "
        f"{f['games']} whole 2-player Coup games "
        "between two browser contexts over a WebRTC data channel with no ICE server (loopback).",
        "",
        "| measure | figure |",
        "|---|---|",
        f"| pairing, the host's offer (Start → invite shown) | {f['pairing_ms']['offer']:.0f} ms |",
        f"| pairing, the friend's answer (Join → reply shown) | {f['pairing_ms']['answer']:.0f} ms |",
        f"| pairing, Connect → the friend's table | {f['pairing_ms']['connect']:.0f} ms |",
        f"| invite (the link's fragment) / reply | {f['invite_chars']:.0f} / {f['reply_chars']:.0f} characters |",
        f"| a move's round trip (sent → the next table), median / p95 over {rt['moves']} moves | "
        f"{rt['median']:.0f} / {rt['p95']:.0f} ms |",
        f"| host → friend: bytes per message, per game (messages) | {f['host_to_guest']['bytes_per_message']} B, "
        f"{f['host_to_guest']['bytes_per_game'] / 1000:.1f} kB ({f['host_to_guest']['messages_per_game']}) |",
        f"| friend → host: bytes per message, per game (messages) | {f['guest_to_host']['bytes_per_message']} B, "
        f"{f['guest_to_host']['bytes_per_game'] / 1000:.1f} kB ({f['guest_to_host']['messages_per_game']}) |",
        f"| moves per game | {f['actions_per_game']:.0f} |",
    ]
    return "\n".join(lines) + "\n"
