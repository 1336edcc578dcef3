"""The host's side of a table with friends on other devices.

``HostNet`` keeps, for each friend seat, its invite, its link and what its device has been sent,
and turns what arrives into moves at the table: a device's action is played through the rules
(``apply(seat, action)``, the host's own ``TableSession``), refused with a reason otherwise. It
never touches the browser: it says what the page must do as *commands* (``commands``, drained by
the page), and the page tells it what happened (``offer_made``, ``event``).

What a device is sent is only ``game.view(state, seat)`` (its log in chunks, the rest at once),
its own legal actions when its seat is to decide, and the table's public facts: the seats' kinds
and names, who is connected, whose turn it is, the winners at the end. Never the seed, the state,
or another seat's view (``tests/net`` checks every message against the view).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core import Action, IllegalAction
from .protocol import (
    HEARTBEAT_S,
    LOG_CHUNK_CHARS,
    MAX_ERRORS,
    PROTOCOL,
    SILENT_S,
    Bucket,
    Invite,
    ProtocolError,
    clean_name,
    encode,
    new_token,
    parse_from_guest,
    parse_reply,
)


def still_to_answer(game: Any, state: dict, limit: int = 8) -> list[int]:
    """The seats a reaction window still waits for, the one deciding now first: while the seat to
    decide may pass, it is one of them, and the next is who would decide if it passed. The order in
    which a window asks is public (every game asks seats in order on public facts), so the list
    tells nobody anything; an empty list: no window is open."""
    seats: list[int] = []
    for _ in range(limit):
        mover = game.current_player(state)
        if mover is None or mover in seats:
            break
        passes = [a for a in game.legal_actions(state) if a.get("type") == "pass"]
        if not passes:
            break
        seats.append(mover)
        state = game.apply(state, passes[0])
    return seats


#: what the table shows of a friend seat's link
LINK_STATES = ("inviting", "connecting", "connected", "silent", "dropped")


@dataclass
class Friend:
    seat: int
    name: str = ""
    secret: str | None = None   # given to the device that took the seat: it proves itself on rejoining
    ticket: str = ""            # the current invite's one-time code
    conn: str | None = None     # the id of the current invite's connection
    status: str = "dropped"     # one of LINK_STATES
    offer: str | None = None    # the current invite's packed offer (None while the page makes it)
    heard: float = 0.0          # when its device was last heard from
    said: float = 0.0           # when it was last sent anything
    last_in: int = -1           # the number of the last message taken from its device
    out: int = 0                # the number of the next message to it
    log_sent: int = 0           # log entries its device holds
    rev_sent: int = -1          # the move number of the last table it was sent
    errors: int = 0
    bucket: Bucket | None = field(default=None, repr=False)

    def to_json(self) -> dict:
        return {"seat": self.seat, "name": self.name, "secret": self.secret}


class HostNet:
    """Friend seats of the host's table. ``session`` is the host's TableSession (its ``seats`` say
    which are "friend"); ``apply(seat, action)`` plays a friend's move at the table (raising
    IllegalAction when it is not legal); ``host_name`` is shown in invites."""

    def __init__(self, session: Any, table_id: str, host_name: str, apply: Callable[[int, Action], None],
                 clock: Callable[[], float], random_below: Callable[[int], int],
                 saved: list[dict] | None = None, pack: Callable[[str], str] | None = None,
                 unpack: Callable[[str], str] | None = None, ice_servers: list[dict] | None = None,
                 answer_s: int | None = None) -> None:
        if pack is None or unpack is None:
            from . import sdp
            pack, unpack = pack or sdp.pack, unpack or sdp.unpack
        self.session = session
        self.table_id = table_id
        self.host_name = clean_name(host_name)
        self.apply = apply
        self.clock = clock
        self.random_below = random_below
        self.pack, self.unpack = pack, unpack
        self.ice_servers = list(ice_servers or [])
        self.answer_s = answer_s      # a friend who may pass and is silent this long passes (None: wait)
        self._turn: tuple[int, int] | None = None  # (move number, seat) of the friend deciding now …
        self._turn_at = 0.0                        # … since when
        self.commands: list[dict] = []
        self.undo_ask: dict | None = None  # {"id", "yes": seats that agreed}: the host asks to take a move back
        self.undo_agreed: Callable[[], None] | None = None  # called once every friend agreed
        self.refusal: str | None = None     # the name of a friend who refused the last undo
        self._asks = 0
        self.notes: list[str] = []   # refused messages, newest last (shown to the host, kept short)
        self.friends: dict[int, Friend] = {}
        remembered = {f.get("seat"): f for f in saved or [] if isinstance(f, dict)}
        for seat, kind in enumerate(session.seats):
            if kind == "friend":
                old = remembered.get(seat) or {}
                secret = old.get("secret")
                self.friends[seat] = Friend(seat, clean_name(old.get("name")),
                                            secret if isinstance(secret, str) else None)
        self._conn_count = 0
        self._answering: tuple[int, list[int]] = (-1, [])

    # ------------------------------------------------------------ what the host saves
    def to_json(self) -> list[dict]:
        return [f.to_json() for f in self.friends.values()]

    # ------------------------------------------------------------ invites
    def begin(self) -> None:
        """An invite for every friend seat that has no live link (a new table, or a host that reloaded)."""
        for friend in self.friends.values():
            if friend.status in ("dropped",):
                self.invite(friend.seat)

    def invite(self, seat: int, anyone: bool = False) -> None:
        """A new invite for ``seat`` (the old one stops working). ``anyone``: whoever opens it takes the
        seat; otherwise a device that held the seat before must prove it with its secret."""
        friend = self._friend(seat)
        if friend.conn is not None:
            self.commands.append({"op": "close", "conn": friend.conn})
        self._conn_count += 1
        friend.conn = f"seat{seat}-{self._conn_count}-{new_token(4, self.random_below)}"
        friend.ticket = new_token(10, self.random_below)
        friend.offer = None
        friend.status = "inviting"
        friend.last_in, friend.out, friend.log_sent, friend.rev_sent, friend.errors = -1, 0, 0, -1, 0
        if anyone:
            friend.secret = None
            friend.name = ""
        self.commands.append({"op": "offer", "conn": friend.conn, "ice": self.ice_servers})

    def offer_made(self, conn: str, sdp: str) -> None:
        friend = self._by_conn(conn)
        if friend is not None:
            friend.offer = self.pack(sdp)

    def invite_of(self, seat: int) -> Invite | None:
        """The invite to show for ``seat`` (None while its offer is being made)."""
        friend = self._friend(seat)
        if friend.offer is None or friend.status != "inviting":
            return None
        return Invite(self.table_id, self.session.game.id, self.session.num_players, seat, friend.ticket,
                      self.host_name, friend.offer)

    def reply(self, text: str) -> int:
        """A friend's reply, pasted or scanned: the connection is completed. Returns the seat."""
        reply = parse_reply(text)
        friend = self.friends.get(reply.seat)
        if friend is None:
            raise ProtocolError(f"seat {reply.seat + 1} does not wait for a friend")
        if reply.ticket != friend.ticket or friend.conn is None:
            raise ProtocolError(f"this reply answers an older invite for seat {reply.seat + 1}: "
                                "send your friend the invite shown now")
        if friend.status != "inviting":
            raise ProtocolError(f"seat {reply.seat + 1} already took a reply: make a new invite to try again")
        try:
            sdp = self.unpack(reply.answer)
        except ValueError as exc:
            raise ProtocolError(f"this reply is damaged ({exc}): copy it again") from None
        friend.status = "connecting"
        self.commands.append({"op": "accept", "conn": friend.conn, "sdp": sdp})
        return reply.seat

    def hand_to_bot(self, seat: int) -> None:
        """The seat stops waiting for its friend (the host's table gives it to a bot)."""
        friend = self._friend(seat)
        if friend.conn is not None:
            self._send(friend, {"t": "bye"})
            self.commands.append({"op": "close", "conn": friend.conn})
        del self.friends[seat]

    # ------------------------------------------------------------ what the table shows
    def links(self) -> list[str | None]:
        """Each seat's link state (None for seats at the host's device)."""
        return [self.friends[s].status if s in self.friends else None for s in range(self.session.num_players)]

    def names(self) -> list[str]:
        return [self.friends[s].name if s in self.friends else "" for s in range(self.session.num_players)]

    def answering(self) -> list[int]:
        """Who the open reaction window still waits for (see ``still_to_answer``), computed once per move."""
        rev = len(self.session.actions)
        if self._answering[0] != rev:
            self._answering = (rev, still_to_answer(self.session.game, self.session.state))
        return list(self._answering[1])

    # ------------------------------------------------------------ events from the page
    def event(self, conn: str, kind: str, data: Any = None) -> None:
        friend = self._by_conn(conn)
        if friend is None:
            return  # an old link: whatever it says changes nothing
        now = self.clock()
        if kind == "open":
            friend.heard = now
            friend.bucket = Bucket(now)
        elif kind == "close":
            if friend.status in ("connecting", "connected", "silent"):
                friend.status = "dropped"
                self._cancel_undo()
                self.publish()
        elif kind == "message":
            self._message(friend, data, now)
        elif kind == "error":
            self._note(friend, str(data)[:120])

    def tick(self) -> bool:
        """Heartbeats and silence: returns True when a link's state changed (the table redraws)."""
        now = self.clock()
        changed = False
        for friend in self.friends.values():
            if friend.status not in ("connected", "silent"):
                continue
            if now - friend.heard > SILENT_S and friend.status == "connected":
                friend.status, changed = "silent", True
                self._cancel_undo()
            if now - friend.said >= HEARTBEAT_S:
                self._send(friend, {"t": "ping"})
        if changed:
            self.publish()
        return self._answer_timer(now) or changed

    def _answer_timer(self, now: float) -> bool:
        """The table's answer timer: a friend whose only way to let the moment go is "pass" and who
        has said nothing for ``answer_s`` seconds passes (every seat has the same time, whatever its
        hand, so the pass tells nobody anything)."""
        session = self.session
        mover = session.mover()
        if self.answer_s is None or mover not in self.friends:
            return False
        self._note_turn()
        if now - self._turn_at < self.answer_s:
            return False
        passes = [a for a in session.game.legal_actions(session.state) if a.get("type") == "pass"]
        if not passes:
            return False
        self._note(self.friends[mover], f"no answer in {self.answer_s} s: the table passed")
        self.apply(mover, passes[0])
        return True

    def _note_turn(self) -> None:
        """When the friend deciding now was first shown the decision (its answer timer runs from then)."""
        turn = (len(self.session.actions), self.session.mover())
        if self._turn != turn:
            self._turn, self._turn_at = turn, self.clock()

    def can_ask_undo(self) -> bool:
        """Every friend is at the table to be asked, and nobody is being asked already."""
        return self.undo_ask is None and all(f.status == "connected" for f in self.friends.values())

    def ask_undo(self, by: str) -> None:
        """Ask every friend whether the host's people may take back their last move: undo happens at a
        table with friends only if every person there agrees (``undo_agreed`` is then called)."""
        if not self.can_ask_undo():
            raise ValueError("every friend must be connected, and no question open, to ask for an undo")
        self._asks += 1
        self.undo_ask = {"id": self._asks, "yes": set(), "rev": len(self.session.actions)}
        self.refusal = None
        for friend in self.friends.values():
            self._send(friend, {"t": "undo?", "id": self._asks, "by": clean_name(by)})

    def _cancel_undo(self) -> None:
        if self.undo_ask is not None:
            for friend in self.friends.values():
                if friend.status in ("connected", "silent"):
                    self._send(friend, {"t": "undo-off", "id": self.undo_ask["id"]})
            self.undo_ask = None

    def _undo_answer(self, friend: Friend, message: dict) -> None:
        ask = self.undo_ask
        if ask is None or message["id"] != ask["id"]:
            return  # an answer to an older question
        if not message["yes"]:
            self.refusal = friend.name or f"seat {friend.seat + 1}"
            self._cancel_undo()
            return
        ask["yes"].add(friend.seat)
        if ask["yes"] >= set(self.friends):
            self.undo_ask = None
            self._cancel_undo()
            if self.undo_agreed is not None:
                self.undo_agreed()

    def publish(self) -> None:
        """Send every device at the table what changed for its seat (after a move, a link change)."""
        if self.undo_ask is not None and self.undo_ask["rev"] != len(self.session.actions):
            self._cancel_undo()  # the table moved on: the question is moot
        self._note_turn()
        for friend in self.friends.values():
            if friend.status in ("connected", "silent"):
                self._send_table(friend)

    # ------------------------------------------------------------ internals
    def _friend(self, seat: int) -> Friend:
        friend = self.friends.get(seat)
        if friend is None:
            raise ValueError(f"seat {seat + 1} is not a friend's seat")
        return friend

    def _by_conn(self, conn: str) -> Friend | None:
        return next((f for f in self.friends.values() if f.conn == conn), None)

    def _note(self, friend: Friend, reason: str) -> None:
        self.notes = (self.notes + [f"seat {friend.seat + 1}: {reason}"])[-5:]

    def _refuse(self, friend: Friend, reason: str) -> None:
        friend.errors += 1
        self._note(friend, reason)
        self._send(friend, {"t": "refused", "reason": reason})
        if friend.errors >= MAX_ERRORS:
            self._note(friend, "too many refused messages: the link was closed")
            self.commands.append({"op": "close", "conn": friend.conn})
            friend.status = "dropped"

    def _message(self, friend: Friend, text: Any, now: float) -> None:
        if friend.bucket is not None and not friend.bucket.take(now):
            self._refuse(friend, "too many messages at once: this one was not read")
            return
        try:
            message = parse_from_guest(text)
        except ProtocolError as exc:
            self._refuse(friend, str(exc))
            return
        if message["n"] <= friend.last_in:
            return  # a duplicate or a late copy: already taken
        friend.last_in = message["n"]
        friend.heard = now
        if friend.status == "silent":
            friend.status = "connected"
            self.publish()
        kind = message["t"]
        if kind == "hello":
            self._hello(friend, message)
        elif friend.status not in ("connected", "silent"):
            self._refuse(friend, "say hello first")
        elif kind == "act":
            self._act(friend, message)
        elif kind == "undo":
            self._undo_answer(friend, message)
        elif kind == "resync":
            friend.log_sent, friend.rev_sent = 0, -1
            self._send_table(friend)
        elif kind == "bye":
            friend.status = "dropped"
            self.commands.append({"op": "close", "conn": friend.conn})
            self.publish()

    def _hello(self, friend: Friend, message: dict) -> None:
        if friend.status not in ("inviting", "connecting"):
            # already seated on this link: the device says hello again when the welcome did not reach
            # it, and only this link's device can (a link joins two devices, nothing else hears it)
            if message["ticket"] == friend.ticket:
                self._welcome(friend)
                friend.log_sent, friend.rev_sent = 0, -1
                self._send_table(friend)
            return
        if message["v"] != PROTOCOL:
            self._send(friend, {"t": "full", "reason": "this device runs another version of the site: reload it"})
            return
        if message["ticket"] != friend.ticket:
            self._send(friend, {"t": "full", "reason": "this invite is no longer valid: ask for a new one"})
            return
        if friend.secret is not None and message["secret"] != friend.secret:
            self._send(friend, {"t": "full", "reason": "this seat belongs to another device: "
                                                       "the host can invite someone else to it"})
            return
        friend.secret = friend.secret or new_token(20, self.random_below)
        friend.name = clean_name(message["name"]) or friend.name
        friend.status = "connected"
        self._welcome(friend)
        self.publish()  # the others see who joined; this device gets its table

    def _welcome(self, friend: Friend) -> None:
        session = self.session
        self._send(friend, {"t": "welcome", "v": PROTOCOL, "seat": friend.seat, "secret": friend.secret,
                            "table": self.table_id, "game": session.game.id, "num_players": session.num_players,
                            "options": dict(session.options), "seats": list(self.session.seats),
                            "names": self._public_names()})

    def _act(self, friend: Friend, message: dict) -> None:
        session = self.session
        if session.is_over():
            self._refuse(friend, "the game is over")
            return
        if message["rev"] != len(session.actions):
            self._refuse(friend, "that move was chosen on an older table: the table has moved on")
            self._send_table(friend)
            return
        if session.mover() != friend.seat:
            self._refuse(friend, "it is not your seat's turn")
            return
        try:
            self.apply(friend.seat, message["action"])
        except IllegalAction as exc:
            self._refuse(friend, f"illegal action: {exc}")
            self._send_table(friend)

    def _public_names(self) -> list[str]:
        return [self.host_name if kind == "human" else (self.friends[s].name if s in self.friends else "")
                for s, kind in enumerate(self.session.seats)]

    def _send(self, friend: Friend, message: dict) -> None:
        if friend.conn is None:
            return
        message["n"] = friend.out
        friend.out += 1
        friend.said = self.clock()
        self.commands.append({"op": "send", "conn": friend.conn, "text": encode(message)})

    def _send_table(self, friend: Friend) -> None:
        session = self.session
        game, state, seat = session.game, session.state, friend.seat
        view = game.view(state, seat)
        log = view.pop("log", [])
        if len(log) < friend.log_sent:
            friend.log_sent = 0  # cannot happen at a table without undo; resend it all if it does
        start = friend.log_sent
        while start < len(log):
            chunk: list[dict] = []
            size = 0
            while start + len(chunk) < len(log) and (not chunk or size < LOG_CHUNK_CHARS):
                entry = log[start + len(chunk)]
                chunk.append(entry)
                size += len(encode(entry))
            self._send(friend, {"t": "log", "start": start, "entries": chunk})
            start += len(chunk)
        friend.log_sent = len(log)
        mover = game.current_player(state)
        over = mover is None
        rev = len(session.actions)
        friend.rev_sent = rev
        legal = game.legal_actions(state) if mover == seat else None
        answering = self.answering()
        timer = self.answer_s if legal is not None and any(a.get("type") == "pass" for a in legal) else None
        self._send(friend, {"t": "table", "rev": rev, "view": view, "log_len": len(log), "legal": legal,
                            "timer": timer, "answering": answering,
                            "mover": mover, "winners": game.winners(state) if over else None,
                            "links": self.links(), "names": self._public_names(), "seats": list(self.session.seats)})
