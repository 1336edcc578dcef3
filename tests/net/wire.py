"""An in-memory stand-in for the page's WebRTC glue, so host and friends' ``App``s can play in CPython.

It carries out the ``App.net_commands()`` of each device as ``site/main.py`` does with
``site/peer.js``: an offer or an answer is a made-up session description (packed by the real
``pygames.net.sdp`` would need a real one, so the wire patches a plain codec in: the browser tests
use the real one end to end), ``accept`` links the two ends and opens them, ``send`` delivers to
the other end in order. ``drop`` / ``duplicate`` lose or repeat the next messages of one side, and
``closed`` ends a link as a closed page would.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from pygames.ui.app import App, MemoryStorage


def fake_pack(sdp: str) -> str:
    return base64.urlsafe_b64encode(sdp.encode()).decode().rstrip("=")


def fake_unpack(text: str) -> str:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode()
    except Exception:
        raise ValueError("not a packed description") from None


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Wire:
    def __init__(self, monkeypatch: Any) -> None:
        from pygames.net import sdp
        monkeypatch.setattr(sdp, "pack", fake_pack)
        monkeypatch.setattr(sdp, "unpack", fake_unpack)
        self.apps: list[App] = []
        self.offers: dict[str, tuple[App, str]] = {}       # offer sdp -> (host app, conn)
        self.links: dict[tuple[int, str], tuple[App, str]] = {}  # (id(app), conn) -> the other end
        self.queue: list[tuple[App, str, str, Any]] = []
        self.faults: dict[tuple[int, str], dict[str, int]] = {}
        self.sent: list[tuple[App, str, str]] = []         # (receiving app, conn, text)
        self.clock = Clock()
        self._seq = 0

    def device(self, storage: MemoryStorage | None = None, lang: str = "en", name: str = "") -> App:
        seeds = iter(range(1, 10**6))
        app = App(storage or MemoryStorage({"pygames.lang": lang}), seed=lambda: 4242, clock=lambda: 1.7e9,
                  page_url="https://friends.example/pygames/", random_below=lambda n: next(seeds) % n,
                  monotonic=self.clock)
        if name:
            app.change("player-name", name)
        self.apps.append(app)
        return app

    def run(self) -> None:
        """Carry out every device's commands and deliver every message, until all is quiet."""
        for _ in range(100000):
            busy = False
            for app in list(self.apps):
                for command in app.net_commands():
                    busy = True
                    self._do(app, command)
            if self.queue:
                busy = True
                app, conn, kind, data = self.queue.pop(0)
                app.net_event(conn, kind, data)
            if not busy:
                return
        raise AssertionError("the wire never went quiet")

    def _do(self, app: App, command: dict) -> None:
        op, conn = command["op"], command["conn"]
        if op == "offer":
            self._seq += 1
            sdp = f"v=0 offer {self._seq} {conn}"
            self.offers[sdp] = (app, conn)
            app.net_offer_made(conn, sdp)
        elif op == "answer":
            self._seq += 1
            answer = f"answer {self._seq} to {command['sdp']}"
            self.offers[answer] = (app, conn)
            app.net_answer_made(conn, answer)
        elif op == "accept":
            guest, guest_conn = self.offers[command["sdp"]]
            offer = command["sdp"].split(" to ", 1)[1]
            host, host_conn = self.offers[offer]
            assert host is app and host_conn == conn, "an answer accepted on another link"
            self.links[(id(host), host_conn)] = (guest, guest_conn)
            self.links[(id(guest), guest_conn)] = (host, host_conn)
            self.queue.append((host, host_conn, "open", None))
            self.queue.append((guest, guest_conn, "open", None))
        elif op == "send":
            other = self.links.get((id(app), conn))
            if other is None:
                return
            fault = self.faults.get((id(app), conn), {})
            if fault.get("drop", 0) > 0:
                fault["drop"] -= 1
                return
            copies = 2 if fault.get("duplicate", 0) > 0 else 1
            if copies == 2:
                fault["duplicate"] -= 1
            for _ in range(copies):
                self.sent.append((other[0], other[1], command["text"]))
                self.queue.append((other[0], other[1], "message", command["text"]))
        elif op == "close":
            other = self.links.pop((id(app), conn), None)
            if other is not None:
                self.links.pop((id(other[0]), other[1]), None)
                self.queue.append((other[0], other[1], "close", None))

    def closed(self, app: App) -> None:
        """The device's page is closed: every link of it ends, and it is gone."""
        for (owner, conn), other in list(self.links.items()):
            if owner == id(app):
                self.links.pop((owner, conn))
                self.links.pop((id(other[0]), other[1]), None)
                self.queue.append((other[0], other[1], "close", None))
        self.apps.remove(app)
        self.run()

    def fault(self, app: App, conn: str, **counts: int) -> None:
        self.faults[(id(app), conn)] = dict(counts)

    def received(self, app: App) -> list[dict]:
        return [json.loads(text) for to, _conn, text in self.sent if to is app]


def pair(wire: Wire, host: App, seat: int, guest_storage: MemoryStorage | None = None,
         name: str = "Friend", lang: str = "en") -> App:
    """A friend's device opens the invite of ``seat``, joins, and the host takes its reply."""
    wire.run()
    invite = host.net.invite_of(seat)
    assert invite is not None, "the host shows no invite for that seat"
    guest = wire.device(guest_storage, lang=lang, name=name)
    assert guest.open_invite("#" + invite.fragment())
    guest.action("join")
    wire.run()
    assert guest.guest.reply, "the friend's device shows no reply"
    host.change("friend-reply", guest.guest.reply)
    host.action("friend-connect")
    wire.run()
    return guest
