"""A WebRTC session description for one data channel, packed into a short URL-safe text and back.

Playing with friends needs no server: the host's page shows its offer as a link and a QR code,
the guest's page answers the same way (site/peer.js makes and takes the descriptions). A full
session description is long for a QR code, yet a data-channel-only connection needs few of its
facts: the ICE credentials (``ice-ufrag``, ``ice-pwd``), the DTLS certificate's sha-256
fingerprint, the DTLS role (``setup``: ``actpass`` in an offer, ``active`` or ``passive`` in an
answer, so it also says which of the two it is) and the candidates (address, port, udp or tcp,
type). ``pack`` keeps just those; ``unpack`` writes them back as the full text in the form current
browsers produce, which Chromium accepts (tests/browser/test_peer_transport.py connects two
browser contexts through it).

Sizes, on descriptions captured from Chromium with no ICE server (two host candidates, each an
mDNS ``<uuid>.local`` name), offers and answers alike are about 715 bytes of SDP (710 to 716 seen:
the digits of the foundations and the session id vary) and each packs into 127 characters (95
bytes before the text encoding). Each further candidate costs 10 characters (IPv4) or 26 (IPv6, mDNS).

The packed form (version 1), then base64url without padding (so only ``A–Z a–z 0–9 - _``):

- one byte: the version (high four bits) and the setup role (0 actpass, 1 active, 2 passive);
- ``ice-ufrag`` and ``ice-pwd``: a byte with the length, then 6 bits per character (ICE
  characters are exactly the base64 alphabet, RFC 8839);
- the 32 bytes of the sha-256 fingerprint;
- a byte with the number of candidates, then per candidate a byte of flags (address kind:
  IPv4, IPv6 or mDNS; udp or tcp; host, srflx, prflx or relay; tcptype), the address (4 bytes, or
  16 for IPv6 and for an mDNS name's UUID) and the port (2 bytes). Foundations, priorities and
  extensions are left out: ``unpack`` numbers the candidates and gives them priorities by
  RFC 8445's formula in the order they were packed (highest priority first).

Anything else (a damaged or hostile text) raises ``ValueError`` saying what is wrong.
"""

from __future__ import annotations

import base64
import re

__all__ = ["MAX_CANDIDATES", "MAX_TEXT", "kind", "pack", "unpack"]

VERSION = 1
#: longest packed text accepted (16 IPv6 candidates need about 560 characters)
MAX_TEXT = 1000
#: most candidates kept; a browser gathering with a STUN and a TURN server lists well under this
MAX_CANDIDATES = 16

SETUPS = ("actpass", "active", "passive")
ADDRESS_KINDS = ("ipv4", "ipv6", "mdns")
ADDRESS_BYTES = {"ipv4": 4, "ipv6": 16, "mdns": 16}
CANDIDATE_TYPES = ("host", "srflx", "prflx", "relay")
TCP_TYPES = (None, "active", "passive", "so")
#: RFC 8445 section 5.1.2.2's recommended type preferences (tcp host as libwebrtc ranks it, below udp)
TYPE_PREFERENCE = {"host": 126, "prflx": 110, "srflx": 100, "relay": 0}
TCP_HOST_PREFERENCE = 90

ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
ICE_INDEX = {c: i for i, c in enumerate(ICE_CHARS)}
TEXT_RE = re.compile(r"[A-Za-z0-9_-]*")
MDNS_RE = re.compile(r"([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local", re.I)
HEX_PAIRS_RE = re.compile(r"[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){31}")


# --------------------------------------------------------------------------- pack
def pack(sdp: str) -> str:
    """The short text for a data-channel-only session description (an offer or an answer).

    ValueError if ``sdp`` is not one: no data-channel section, audio or video sections, no
    ICE credentials, no sha-256 fingerprint, no setup role. Candidates that cannot be packed
    (not component 1, a transport other than udp/tcp, a host name other than an mDNS UUID) are
    left out; at most MAX_CANDIDATES are kept, the highest priorities first.
    """
    if not isinstance(sdp, str):
        raise ValueError("a session description must be text")
    lines = [line.strip() for line in sdp.replace("\r\n", "\n").split("\n") if line.strip()]
    sections = [line for line in lines if line.startswith("m=")]
    if len(sections) != 1 or not re.fullmatch(r"m=application \d+ UDP/DTLS/SCTP webrtc-datachannel", sections[0]):
        raise ValueError("not a data-channel-only session description "
                         "(it needs exactly one m=application … UDP/DTLS/SCTP webrtc-datachannel section)")
    attributes: dict[str, list[str]] = {}
    for line in lines:
        if line.startswith("a="):
            name, _, value = line[2:].partition(":")
            attributes.setdefault(name, []).append(value.strip())

    def one(name: str) -> str:
        values = attributes.get(name, [])
        if len(values) != 1:
            raise ValueError(f"the session description must have one a={name} line, not {len(values)}")
        return values[0]

    setup = one("setup")
    if setup not in SETUPS:
        raise ValueError(f"unknown DTLS role a=setup:{setup}")
    fingerprint = b""
    for value in attributes.get("fingerprint", []):
        algorithm, _, digest = value.partition(" ")
        if algorithm.lower() == "sha-256" and HEX_PAIRS_RE.fullmatch(digest.strip()):
            fingerprint = bytes.fromhex(digest.strip().replace(":", ""))
    if not fingerprint:
        raise ValueError("the session description has no sha-256 fingerprint")
    candidates = [c for c in (_parse_candidate(value) for value in attributes.get("candidate", [])) if c]
    candidates.sort(key=lambda c: -c[0])  # stable: equal priorities keep their order
    out = bytearray([VERSION << 4 | SETUPS.index(setup)])
    out += _pack_ice(one("ice-ufrag"), "ice-ufrag", 4)
    out += _pack_ice(one("ice-pwd"), "ice-pwd", 22)
    out += fingerprint
    candidates = candidates[:MAX_CANDIDATES]
    out.append(len(candidates))
    for _, data in candidates:
        out += data
    return base64.urlsafe_b64encode(bytes(out)).rstrip(b"=").decode("ascii")


def _pack_ice(value: str, name: str, shortest: int) -> bytes:
    if not shortest <= len(value) <= 255 or any(c not in ICE_INDEX for c in value):
        raise ValueError(f"a={name} must be {shortest} to 255 ICE characters (A-Z a-z 0-9 + /)")
    bits = 0
    for c in value:
        bits = bits << 6 | ICE_INDEX[c]
    size = (6 * len(value) + 7) // 8
    return bytes([len(value)]) + (bits << (8 * size - 6 * len(value))).to_bytes(size, "big")


def _parse_candidate(value: str) -> tuple[int, bytes] | None:
    """(priority, packed bytes) of an a=candidate value, or None if it cannot be packed."""
    fields = value.split()
    if len(fields) < 8 or fields[6] != "typ":
        return None
    _foundation, component, transport, priority, address, port, _typ, ctype = fields[:8]
    extensions = dict(zip(fields[8::2], fields[9::2]))
    transport = transport.lower()
    if component != "1" or transport not in ("udp", "tcp") or ctype not in CANDIDATE_TYPES:
        return None
    if not (priority.isdigit() and port.isdigit() and int(port) < 65536):
        return None
    tcp_type = extensions.get("tcptype") if transport == "tcp" else None
    if tcp_type not in TCP_TYPES or (transport == "tcp") != (tcp_type is not None):
        return None
    if int(port) == 0 and tcp_type != "active":
        return None
    packed_address = _pack_address(address)
    if packed_address is None:
        return None
    kind, raw = packed_address
    flags = (ADDRESS_KINDS.index(kind) | (transport == "tcp") << 2 | CANDIDATE_TYPES.index(ctype) << 3
             | TCP_TYPES.index(tcp_type) << 5)
    return int(priority), bytes([flags]) + raw + int(port).to_bytes(2, "big")


def _pack_address(address: str) -> tuple[str, bytes] | None:
    name = MDNS_RE.fullmatch(address)
    if name:
        return "mdns", bytes.fromhex("".join(name.groups()))
    # imported only when an address is met: in the page, compiling ipaddress takes a while
    import ipaddress

    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return None
    return ("ipv4" if ip.version == 4 else "ipv6"), ip.packed


# --------------------------------------------------------------------------- unpack
def unpack(text: str) -> str:
    """The full session description (an offer or an answer) of a text made by ``pack``.

    ValueError, saying what is wrong, for anything else: not text, too long, characters outside
    ``A–Z a–z 0–9 - _``, another version, or a structure that does not add up.
    """
    setup, ufrag, pwd, fingerprint, candidates = _read(text)
    session_id = int.from_bytes(fingerprint[:8], "big") >> 1  # stable, positive, as long as a browser's
    lines = [
        "v=0",
        f"o=- {session_id} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=extmap-allow-mixed",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for index, (address, port, transport, ctype, tcp_type) in enumerate(candidates):
        preference = TCP_HOST_PREFERENCE if transport == "tcp" and ctype == "host" else TYPE_PREFERENCE[ctype]
        priority = preference << 24 | (65535 - index) << 8 | 255  # component 1
        line = f"a=candidate:{index + 1} 1 {transport} {priority} {address} {port} typ {ctype}"
        if ctype != "host":
            line += " raddr 0.0.0.0 rport 0"
        if tcp_type:
            line += f" tcptype {tcp_type}"
        lines.append(line + " generation 0 network-cost 999")
    lines += [
        f"a=ice-ufrag:{ufrag}",
        f"a=ice-pwd:{pwd}",
        "a=ice-options:trickle",
        "a=fingerprint:sha-256 " + ":".join(f"{b:02X}" for b in fingerprint),
        f"a=setup:{setup}",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"


def kind(text: str) -> str:
    """"offer" or "answer": what a packed text holds (ValueError as ``unpack``)."""
    return "offer" if _read(text)[0] == "actpass" else "answer"


Candidate = tuple[str, int, str, str, "str | None"]


def _read(text: object) -> tuple[str, str, str, bytes, list[Candidate]]:
    if not isinstance(text, str):
        raise ValueError("a packed session description must be text")
    if len(text) > MAX_TEXT:
        raise ValueError(f"a packed session description is at most {MAX_TEXT} characters, not {len(text)}")
    if not TEXT_RE.fullmatch(text):
        raise ValueError("a packed session description holds only A-Z a-z 0-9 - _ "
                         "(was it cut, or did something else get mixed in?)")
    if len(text) % 4 == 1:
        raise ValueError("the packed session description is cut short or too long by a character")
    data = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
    if base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii") != text:
        raise ValueError("the packed session description is damaged (its last character)")
    reader = _Reader(data)
    head = reader.byte("the version")
    if head >> 4 != VERSION:
        raise ValueError(f"the packed session description is of version {head >> 4}; this page reads "
                         f"version {VERSION} (is the other page an older or newer pygames?)")
    if head & 15 >= len(SETUPS):
        raise ValueError("the packed session description has an unknown DTLS role")
    setup = SETUPS[head & 15]
    ufrag = reader.ice("ice-ufrag", 4)
    pwd = reader.ice("ice-pwd", 22)
    fingerprint = reader.take(32, "the fingerprint")
    count = reader.byte("the number of candidates")
    if count > MAX_CANDIDATES:
        raise ValueError(f"the packed session description lists {count} candidates; at most "
                         f"{MAX_CANDIDATES} are accepted")
    candidates = [reader.candidate(i + 1) for i in range(count)]
    if reader.left():
        raise ValueError(f"the packed session description has {reader.left()} bytes too many at its end")
    return setup, ufrag, pwd, fingerprint, candidates


class _Reader:
    """Reads the packed bytes in order; running out is a ValueError naming what was missing."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def left(self) -> int:
        return len(self.data) - self.at

    def take(self, size: int, what: str) -> bytes:
        if self.left() < size:
            raise ValueError(f"the packed session description is cut short (in {what})")
        chunk = self.data[self.at:self.at + size]
        self.at += size
        return chunk

    def byte(self, what: str) -> int:
        return self.take(1, what)[0]

    def ice(self, name: str, shortest: int) -> str:
        length = self.byte(name)
        if length < shortest:
            raise ValueError(f"the packed {name} is {length} characters; it must be at least {shortest}")
        size = (6 * length + 7) // 8
        bits = int.from_bytes(self.take(size, name), "big")
        spare = 8 * size - 6 * length
        if bits & ((1 << spare) - 1):
            raise ValueError(f"the packed {name} is damaged")
        bits >>= spare
        return "".join(ICE_CHARS[bits >> 6 * (length - 1 - i) & 63] for i in range(length))

    def candidate(self, number: int) -> Candidate:
        what = f"candidate {number}"
        flags = self.byte(what)
        if flags >> 7 or flags & 3 == 3:
            raise ValueError(f"the packed {what} has unknown flags")
        kind = ADDRESS_KINDS[flags & 3]
        transport = "tcp" if flags >> 2 & 1 else "udp"
        ctype = CANDIDATE_TYPES[flags >> 3 & 3]
        tcp_type = TCP_TYPES[flags >> 5 & 3]
        if (transport == "tcp") != (tcp_type is not None):
            raise ValueError(f"the packed {what} has a tcptype only a tcp candidate can have, or lacks it")
        raw = self.take(ADDRESS_BYTES[kind], what)
        port = int.from_bytes(self.take(2, what), "big")
        if port == 0 and tcp_type != "active":  # an active tcp candidate does not listen (port 9 by custom)
            raise ValueError(f"the packed {what} has port 0")
        if kind == "mdns":
            h = raw.hex()
            address = f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}.local"
        else:
            import ipaddress  # see _pack_address

            address = str(ipaddress.ip_address(raw))
        return address, port, transport, ctype, tcp_type
