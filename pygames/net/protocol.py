"""The messages between a host's page and a friend's device, and the invite and reply texts.

The host's page is the authority: it holds the whole state, runs the rules and the bots, and sends
each friend's device only what that seat may know (its view, its own legal choices when it must
decide, and its log). A device sends back the action it chose, which the host checks with the rules.

Every message is one JSON object with a type ``"t"`` and a number ``"n"`` that grows by one per
message from that side, so a duplicated, late or missing message is noticed (an old number is
ignored; a gap asks for the whole table again). Each side checks what it receives against the
schemas below before looking at it: a message that fails gets a reason, never a change of state.

Invites and replies travel by hand (a link, a QR code, pasted text), never through a server:
- an **invite** is a link to this site whose fragment (never sent to any web server) holds
  ``join=<fields>~<packed offer>``: the table's id, the game, the player count, the seat, a one-time
  ticket and the host's name, then the WebRTC offer packed by :mod:`pygames.net.sdp`;
- a **reply** is ``r1~<seat>~<ticket>~<packed answer>``, shown by the friend's device for the host
  to scan or paste.
"""

from __future__ import annotations

import base64
import json
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

PROTOCOL = 1
MAX_FROM_GUEST = 4096      # characters of one message from a friend's device: an action is small
MAX_FROM_HOST = 60000      # a table message (the log travels in chunks of its own)
LOG_CHUNK_CHARS = 30000    # the log entries of one "log" message, at most about this much JSON
MAX_NAME = 24              # characters of a player's name
MAX_INVITE = 4000          # characters of an invite fragment or a reply
HEARTBEAT_S = 3.0          # each side sends a ping this often when it has nothing else to say
SILENT_S = 10.0            # nothing heard for this long: the peer is shown as not responding
RESEND_S = 4.0             # an action with no answer for this long is sent again (same move number)
RATE_PER_S = 8.0           # messages a device may send per second, on average …
RATE_BURST = 30            # … with bursts up to this many
MAX_ERRORS = 20            # refused messages from one device before the host closes its link

TICKET_CHARS = "abcdefghijkmnpqrstuvwxyz23456789"  # tickets and secrets: no look-alike characters


class ProtocolError(ValueError):
    """A message, invite or reply that is not what the protocol allows (the text says why)."""


def encode(message: dict) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def clean_name(value: Any) -> str:
    """A player's name as shown to others: text only, no control characters, at most MAX_NAME."""
    if not isinstance(value, str):
        return ""
    text = "".join(ch for ch in value if unicodedata.category(ch)[0] != "C")
    return " ".join(text.split())[:MAX_NAME]


def new_token(length: int, random_below: Callable[[int], int]) -> str:
    return "".join(TICKET_CHARS[random_below(len(TICKET_CHARS))] for _ in range(length))


# ------------------------------------------------------------------ schemas
def _is_int(value: Any) -> bool:
    return type(value) is int


def _is_token(value: Any, longest: int) -> bool:
    return isinstance(value, str) and 0 < len(value) <= longest and all(c in TICKET_CHARS for c in value)


def _plain(value: Any, depth: int = 0) -> bool:
    """JSON data of the kinds states and actions use (no floats: actions never hold one)."""
    if depth > 12:
        return False
    kind = type(value)
    if kind in (str, int, bool) or value is None:
        return True
    if kind is list:
        return all(_plain(v, depth + 1) for v in value)
    if kind is dict:
        return all(type(k) is str and _plain(v, depth + 1) for k, v in value.items())
    return False


#: what a friend's device may send: type -> {field: check}
FROM_GUEST: dict[str, dict[str, Callable[[Any], bool]]] = {
    "hello": {"v": _is_int, "ticket": lambda v: _is_token(v, 16),
              "secret": lambda v: v is None or _is_token(v, 32), "name": lambda v: isinstance(v, str)},
    "act": {"rev": _is_int, "action": lambda v: type(v) is dict and type(v.get("type")) is str and _plain(v)},
    "ping": {},
    "resync": {},
    "bye": {},
    "undo": {"id": _is_int, "yes": lambda v: type(v) is bool},  # the answer to the host's "undo?"
}

#: what the host sends
FROM_HOST: dict[str, dict[str, Callable[[Any], bool]]] = {
    "welcome": {"v": _is_int, "seat": _is_int, "secret": lambda v: _is_token(v, 32),
                "table": lambda v: isinstance(v, str), "game": lambda v: isinstance(v, str),
                "num_players": _is_int, "options": lambda v: type(v) is dict,
                "seats": lambda v: type(v) is list, "names": lambda v: type(v) is list},
    "log": {"start": _is_int, "entries": lambda v: type(v) is list},
    "table": {"rev": _is_int, "view": lambda v: type(v) is dict, "log_len": _is_int,
              "legal": lambda v: v is None or type(v) is list, "mover": lambda v: v is None or _is_int(v),
              "timer": lambda v: v is None or _is_int(v),
              "answering": lambda v: type(v) is list and all(_is_int(s) for s in v),
              "winners": lambda v: v is None or type(v) is list, "links": lambda v: type(v) is list,
              "names": lambda v: type(v) is list, "seats": lambda v: type(v) is list},
    "refused": {"reason": lambda v: isinstance(v, str)},
    "full": {"reason": lambda v: isinstance(v, str)},
    "undo?": {"id": _is_int, "by": lambda v: isinstance(v, str)},  # may this move be taken back? (None: asked no more)
    "undo-off": {"id": _is_int},
    "ping": {},
    "bye": {},
}


def parse(text: Any, schemas: dict[str, dict[str, Callable[[Any], bool]]], limit: int) -> dict:
    """A received message checked against ``schemas``; ProtocolError says what is wrong."""
    if not isinstance(text, str):
        raise ProtocolError("a message must be text")
    if len(text) > limit:
        raise ProtocolError(f"a message of {len(text)} characters is over the limit of {limit}")
    try:
        message = json.loads(text)
    except ValueError:
        raise ProtocolError("a message must be JSON") from None
    if type(message) is not dict:
        raise ProtocolError("a message must be a JSON object")
    kind = message.get("t")
    if kind not in schemas:
        raise ProtocolError(f"unknown message type {str(kind)[:20]!r}")
    if not _is_int(message.get("n")) or message["n"] < 0:
        raise ProtocolError("a message needs its number n")
    fields = schemas[kind]
    extra = set(message) - set(fields) - {"t", "n"}
    if extra:
        raise ProtocolError(f"unexpected field(s) in {kind}: {', '.join(sorted(extra))[:60]}")
    for name, check in fields.items():
        if name not in message or not check(message[name]):
            raise ProtocolError(f"the field {name!r} of {kind} is missing or malformed")
    return message


def parse_from_guest(text: Any) -> dict:
    return parse(text, FROM_GUEST, MAX_FROM_GUEST)


def parse_from_host(text: Any) -> dict:
    return parse(text, FROM_HOST, MAX_FROM_HOST)


class Bucket:
    """A token bucket: at most RATE_BURST messages at once and RATE_PER_S a second after that."""

    def __init__(self, now: float, rate: float = RATE_PER_S, burst: int = RATE_BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


# ------------------------------------------------------------------ invites and replies
def _b64(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def _unb64(text: str) -> str:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode()
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("the host's name in the invite is damaged") from None


_TABLE_CHARS = set("0123456789abcdef-")


@dataclass(frozen=True)
class Invite:
    table: str       # the host's id of the table (its save id)
    game: str
    num_players: int
    seat: int
    ticket: str      # one-time: this invite and no other
    host: str        # the host's name
    offer: str       # the packed WebRTC offer

    def fragment(self) -> str:
        fields = [str(PROTOCOL), self.table, self.game, str(self.num_players), str(self.seat), self.ticket,
                  _b64(self.host), self.offer]
        return "join=" + "~".join(fields)


def parse_invite(fragment: Any, known_games: Any = ()) -> Invite:
    """An invite from a link's fragment (with or without the leading ``#``)."""
    if not isinstance(fragment, str) or len(fragment) > MAX_INVITE:
        raise ProtocolError("this invite link is too long or not text")
    text = fragment[1:] if fragment.startswith("#") else fragment
    if not text.startswith("join="):
        raise ProtocolError("this is not an invite link")
    parts = text[5:].split("~")
    if len(parts) != 8:
        raise ProtocolError("this invite link is incomplete: copy the whole link")
    version, table, game, num, seat, ticket, host, offer = parts
    if version != str(PROTOCOL):
        raise ProtocolError("this invite is from another version of the site: reload both pages")
    if not table or len(table) > 32 or not set(table) <= _TABLE_CHARS:
        raise ProtocolError("the table id of this invite is damaged")
    if known_games and game not in known_games:
        raise ProtocolError("this invite is for a game this site does not have")
    if not num.isdigit() or not seat.isdigit() or len(num) > 1 or len(seat) > 1 or int(seat) >= int(num):
        raise ProtocolError("the seat of this invite is damaged")
    if not _is_token(ticket, 16):
        raise ProtocolError("the ticket of this invite is damaged")
    if not offer:
        raise ProtocolError("this invite holds no connection offer")
    return Invite(table, game, int(num), int(seat), ticket, clean_name(_unb64(host)), offer)


@dataclass(frozen=True)
class Reply:
    seat: int
    ticket: str
    answer: str      # the packed WebRTC answer

    def text(self) -> str:
        return f"r{PROTOCOL}~{self.seat}~{self.ticket}~{self.answer}"


def parse_reply(text: Any) -> Reply:
    """A friend's reply, as pasted or scanned (spaces and line breaks around it are ignored)."""
    if not isinstance(text, str) or len(text) > MAX_INVITE:
        raise ProtocolError("this reply is too long or not text")
    text = "".join(text.split())
    if "#join=" in text or text.startswith("join="):
        raise ProtocolError("this is the invite link, not the reply: the reply is what your friend's device "
                            "shows after Join")
    parts = text.split("~")
    if len(parts) != 4 or parts[0] != f"r{PROTOCOL}":
        raise ProtocolError("this is not a reply from a friend's device: copy the whole reply")
    _, seat, ticket, answer = parts
    if not seat.isdigit() or len(seat) > 1:
        raise ProtocolError("the seat of this reply is damaged")
    if not _is_token(ticket, 16):
        raise ProtocolError("the ticket of this reply is damaged")
    if not answer:
        raise ProtocolError("this reply holds no connection answer")
    return Reply(int(seat), ticket, answer)
