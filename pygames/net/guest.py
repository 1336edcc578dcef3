"""A friend's device: its side of a table hosted on another device.

``GuestNet`` answers an invite (through the page: ``commands`` / ``answer_made`` / ``event``), says
hello with the seat's secret if this device held the seat before, and keeps what the host sends:
the seat's view, its log, its legal actions when it must decide. It checks every message against the
protocol first; a duplicated or late one is ignored, a missing one makes it ask for the whole table.
It never sees the state: the host's page holds it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import Action
from .protocol import (
    HEARTBEAT_S,
    PROTOCOL,
    RESEND_S,
    SILENT_S,
    Invite,
    ProtocolError,
    Reply,
    clean_name,
    encode,
    parse_from_host,
)

#: how far the guest has got: answering the invite, showing the reply, linked (hello sent), at the
#: table, refused by the host, the link lost
GUEST_STATES = ("answering", "reply", "linked", "seated", "refused", "dropped")
HOST_CONN = "host"


class GuestNet:
    def __init__(self, invite: Invite, name: str, secret: str | None, clock: Callable[[], float],
                 pack: Callable[[str], str] | None = None, unpack: Callable[[str], str] | None = None,
                 ice_servers: list[dict] | None = None) -> None:
        if pack is None or unpack is None:
            from . import sdp
            pack, unpack = pack or sdp.pack, unpack or sdp.unpack
        self.invite = invite
        self.name = clean_name(name)
        self.secret = secret
        self.clock = clock
        self.pack, self.unpack = pack, unpack
        self.ice_servers = list(ice_servers or [])
        self.commands: list[dict] = []
        self.status = "answering"
        self.reason = ""             # why the host refused, or the last refused move
        self.reply: str | None = None
        self.joined = False          # Join was pressed: the answer is being made
        self.seat = invite.seat
        self.welcome: dict | None = None
        self.table: dict | None = None   # the last "table" message
        self.log: list[dict] = []
        self.pending: dict | None = None  # the action sent and not yet answered
        self.undo_asked: dict | None = None  # the host's "undo?" waiting for this device's answer
        self.pending_at = 0.0
        self.out = 0
        self.last_in = -1
        self.heard = clock()
        self.said = 0.0
        self.hello_at = 0.0      # when the last hello went: said again until the host's welcome comes
        self.silent = False
        self.received: list[str] = []   # every message taken as it came (tests check it against the views)
        self.keep_received = False

    # ------------------------------------------------------------ pairing
    def begin(self) -> None:
        try:
            sdp = self.unpack(self.invite.offer)
        except ValueError as exc:
            raise ProtocolError(f"the connection offer in this invite is damaged ({exc})") from None
        self.status = "answering"
        self.joined = True
        self.commands.append({"op": "answer", "conn": HOST_CONN, "sdp": sdp, "ice": self.ice_servers})

    def answer_made(self, sdp: str) -> None:
        self.reply = Reply(self.invite.seat, self.invite.ticket, self.pack(sdp)).text()
        self.status = "reply"

    # ------------------------------------------------------------ events from the page
    def event(self, conn: str, kind: str, data: Any = None) -> None:
        if conn != HOST_CONN:
            return
        now = self.clock()
        if kind == "open":
            self.heard = now
            self.status = "linked"
            self._hello()
        elif kind == "close":
            if self.status != "refused":
                self.status = "dropped"
        elif kind == "message":
            self._message(data, now)

    def tick(self) -> bool:
        """Heartbeat, silence, and a move with no answer sent again; True when what is shown changed."""
        if self.status not in ("linked", "seated"):
            return False
        now = self.clock()
        changed = False
        silent = now - self.heard > SILENT_S
        if silent != self.silent:
            self.silent, changed = silent, True
        if self.welcome is None:
            # not seated yet: the hello, or the host's welcome, was lost on the way; the hello is
            # timed by itself (a ping would not seat this device, and must not put the hello off)
            if now - self.hello_at >= RESEND_S:
                self._hello()
        elif self.pending is not None and now - self.pending_at >= RESEND_S:
            self._send(dict(self.pending))  # a new number, the same move: the host plays it once
            self.pending_at = now
        elif now - self.said >= HEARTBEAT_S:
            self._send({"t": "ping"})
        return changed

    # ------------------------------------------------------------ the table
    def my_turn(self) -> bool:
        return self.table is not None and self.table["legal"] is not None and self.pending is None

    def legal(self) -> list[Action]:
        return list(self.table["legal"] or []) if self.table is not None and self.pending is None else []

    def view(self) -> dict:
        """The seat's view as the host's rules made it (the log kept here, the rest from the last table)."""
        assert self.table is not None
        return dict(self.table["view"], log=list(self.log))

    def send_action(self, action: Action) -> None:
        if not self.my_turn():
            raise ProtocolError("it is not your turn")
        assert self.table is not None
        self.pending = {"t": "act", "rev": self.table["rev"], "action": action}
        self.pending_at = self.clock()
        self._send(dict(self.pending))

    def answer_undo(self, yes: bool) -> None:
        if self.undo_asked is None:
            return
        self._send({"t": "undo", "id": self.undo_asked["id"], "yes": yes})
        self.undo_asked = None

    def leave(self) -> None:
        if self.status in ("linked", "seated"):
            self._send({"t": "bye"})
        self.commands.append({"op": "close", "conn": HOST_CONN})
        self.status = "dropped"

    # ------------------------------------------------------------ internals
    def _hello(self) -> None:
        self.hello_at = self.clock()
        self._send({"t": "hello", "v": PROTOCOL, "ticket": self.invite.ticket, "secret": self.secret,
                    "name": self.name})

    def _send(self, message: dict) -> None:
        message["n"] = self.out
        self.out += 1
        self.said = self.clock()
        self.commands.append({"op": "send", "conn": HOST_CONN, "text": encode(message)})

    def _message(self, text: Any, now: float) -> None:
        try:
            message = parse_from_host(text)
        except ProtocolError as exc:
            self.reason = str(exc)
            return
        if message["n"] <= self.last_in:
            return  # a duplicate or a late copy
        gap = message["n"] > self.last_in + 1 and self.last_in >= 0
        self.last_in = message["n"]
        self.heard = now
        self.silent = False
        kind = message["t"]
        if gap and kind != "welcome":
            self.log = []
            self._send({"t": "resync"})  # something was lost on the way: ask for the whole table
            return
        if kind == "welcome":
            if message["seat"] != self.invite.seat or message["game"] != self.invite.game:
                self.status, self.reason = "refused", "the host answered for another seat or game"
                return
            self.welcome = message
            self.secret = message["secret"]
            self.status = "seated" if self.table is not None else "linked"
        elif kind == "log":
            start = message["start"]
            if start > len(self.log):
                self._send({"t": "resync"})
                return
            self.log[start:] = message["entries"]
        elif kind == "table":
            if message["log_len"] != len(self.log):
                self._send({"t": "resync"})
                return
            if self.pending is not None and message["rev"] != self.pending["rev"]:
                self.pending = None  # the move was played
            self.table = message
            if self.welcome is not None:
                self.status = "seated"
        elif kind == "undo?":
            self.undo_asked = {"id": message["id"], "by": message["by"]}
        elif kind == "undo-off":
            if self.undo_asked is not None and self.undo_asked["id"] == message["id"]:
                self.undo_asked = None
        elif kind == "refused":
            self.reason = message["reason"]
            self.pending = None
        elif kind == "full":
            self.status, self.reason = "refused", message["reason"]
        elif kind == "bye":
            self.status, self.reason = "dropped", "the host gave this seat to a bot"
        if self.keep_received:
            self.received.append(text)
