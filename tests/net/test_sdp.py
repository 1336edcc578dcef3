"""pygames.net.sdp: session descriptions captured from Chromium (data/, the mDNS names replaced
by made-up ones and the addresses by documentation ones) packed and unpacked, the packed form's
size and alphabet, and refusals of damaged or hostile texts. tests/browser/test_peer_transport.py
connects two Chromium pages through pack and unpack."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygames.net import sdp

DATA = Path(__file__).parent / "data"
SAMPLES = {name: (DATA / f"{name}.sdp").read_bytes().decode("ascii")
           for name in ("chromium-offer", "chromium-answer", "chromium-offer-addresses")}
PACKED_RE = re.compile(r"[A-Za-z0-9_-]+")


def facts(text: str) -> dict:
    """What a data-channel connection needs of a description (what pack keeps)."""
    values = {}
    for name in ("ice-ufrag", "ice-pwd", "setup"):
        values[name] = re.search(rf"^a={name}:(\S+)", text, re.M).group(1)
    values["fingerprint"] = re.search(r"^a=fingerprint:sha-256 (\S+)", text, re.M).group(1).upper()
    candidates = set()
    for line in re.findall(r"^a=candidate:(.*)$", text, re.M):
        fields = line.split()
        extra = dict(zip(fields[8::2], fields[9::2]))
        candidates.add((fields[4], int(fields[5]), fields[2], fields[7], extra.get("tcptype")))
    values["candidates"] = candidates
    return values


def with_candidates(text: str, lines: list[str]) -> str:
    """A sample with its candidate lines replaced."""
    kept = [line for line in text.split("\r\n") if not line.startswith("a=candidate:")]
    at = kept.index("c=IN IP4 0.0.0.0") + 1 if "c=IN IP4 0.0.0.0" in kept else 9
    return "\r\n".join(kept[:at] + [f"a=candidate:{line}" for line in lines] + kept[at:])


@pytest.mark.parametrize("name", SAMPLES)
def test_pack_keeps_what_a_connection_needs(name):
    text = SAMPLES[name]
    packed = sdp.pack(text)
    assert PACKED_RE.fullmatch(packed)
    full = sdp.unpack(packed)
    assert facts(full) == facts(text)
    assert sdp.pack(full) == packed  # and the round trip is stable
    assert sdp.kind(packed) == ("offer" if "offer" in name else "answer")


def test_sizes_are_the_ones_the_module_states():
    offer, answer = SAMPLES["chromium-offer"], SAMPLES["chromium-answer"]
    for text in (offer, answer):
        assert 710 <= len(text) <= 716 and len(sdp.pack(text)) == 127
    assert "about 715 bytes of SDP" in sdp.__doc__ and "packs into 127 characters" in sdp.__doc__


def test_unpack_writes_the_form_browsers_produce():
    full = sdp.unpack(sdp.pack(SAMPLES["chromium-offer"]))
    lines = full.split("\r\n")
    assert full.endswith("\r\n") and "\n" not in full.replace("\r\n", "")
    assert lines[:9] == ["v=0", lines[1], "s=-", "t=0 0", "a=group:BUNDLE 0", "a=extmap-allow-mixed",
                         "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
                         "c=IN IP4 0.0.0.0"]
    assert re.fullmatch(r"o=- \d{1,19} 2 IN IP4 127\.0\.0\.1", lines[1])
    assert lines[-9:] == [lines[-9], lines[-8], "a=ice-options:trickle", lines[-6], "a=setup:actpass", "a=mid:0",
                          "a=sctp-port:5000", "a=max-message-size:262144", ""]
    candidates = [line for line in lines if line.startswith("a=candidate:")]
    assert candidates == [
        "a=candidate:1 1 udp 2130706431 1c6f7d2b-4a8e-4f3b-8d22-6e3a9b8c7f12.local 52308 typ host generation 0 "
        "network-cost 999",
        "a=candidate:2 1 udp 2130706175 0b5e6c1a-3f7d-4e2a-9c11-5d2f8a7b6e01.local 53648 typ host generation 0 "
        "network-cost 999"]  # the higher priority first, as in the original
    # the same text each time: the offer's packed form says everything unpack writes
    assert sdp.unpack(sdp.pack(full)) == full


def test_every_kind_of_candidate_round_trips():
    lines = ["1 1 udp 2122260223 192.0.2.7 50000 typ host generation 0",
             "2 1 tcp 1518280447 192.0.2.7 9 typ host tcptype active generation 0",
             "3 1 tcp 1518214911 2001:db8:0:0::17 50001 typ host tcptype passive generation 0",
             "4 1 tcp 1518149375 192.0.2.7 50002 typ host tcptype so generation 0",
             "5 1 udp 1686052607 203.0.113.9 61000 typ srflx raddr 0.0.0.0 rport 0 generation 0",
             "6 1 udp 1845501695 198.51.100.4 61001 typ prflx raddr 192.0.2.7 rport 50000",
             "7 1 udp 41885439 198.51.100.200 3478 typ relay raddr 203.0.113.9 rport 61000 generation 0",
             "8 1 UDP 2122194687 0b5e6c1a-3f7d-4e2a-9c11-5d2f8a7b6e01.local 50003 typ host"]
    text = with_candidates(SAMPLES["chromium-answer"], lines)
    full = sdp.unpack(sdp.pack(text))
    assert facts(full)["candidates"] == {
        ("192.0.2.7", 50000, "udp", "host", None), ("192.0.2.7", 9, "tcp", "host", "active"),
        ("2001:db8::17", 50001, "tcp", "host", "passive"), ("192.0.2.7", 50002, "tcp", "host", "so"),
        ("203.0.113.9", 61000, "udp", "srflx", None), ("198.51.100.4", 61001, "udp", "prflx", None),
        ("198.51.100.200", 3478, "udp", "relay", None),
        ("0b5e6c1a-3f7d-4e2a-9c11-5d2f8a7b6e01.local", 50003, "udp", "host", None)}
    order = [line.split()[4] + ":" + line.split()[5] for line in full.split("\r\n") if line.startswith("a=candidate:")]
    assert order[0] == "192.0.2.7:50000" and order[-1] == "198.51.100.200:3478"  # by priority
    assert "typ srflx raddr 0.0.0.0 rport 0 generation 0" in full
    assert "192.0.2.7 9 typ host tcptype active generation 0" in full
    assert len(sdp.pack(text)) < 300


#: written by hand in the form Firefox gives a data-channel offer (the fingerprint at session level,
#: upper-case transports, a tcp candidate, end-of-candidates, hexadecimal ICE credentials)
FIREFOX_FORM = "\r\n".join([
    "v=0", "o=mozilla...THIS_IS_SDPARTA-99.0 7436318563514786375 0 IN IP4 0.0.0.0", "s=-", "t=0 0",
    "a=sendrecv", "a=fingerprint:sha-256 " + ":".join(f"{b:02x}" for b in range(32)), "a=group:BUNDLE 0",
    "a=ice-options:trickle", "a=msid-semantic:WMS *", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    "a=candidate:0 1 UDP 2122252543 2d7a8e3c-5b9f-4a4c-9e33-7f4bac9d8a23.local 52345 typ host",
    "a=candidate:1 1 TCP 2105524479 2d7a8e3c-5b9f-4a4c-9e33-7f4bac9d8a23.local 9 typ host tcptype active",
    "a=sendrecv", "a=end-of-candidates", "a=ice-pwd:0f1e2d3c4b5a69788796a5b4c3d2e1f0", "a=ice-ufrag:9a8b7c6d",
    "a=mid:0", "a=setup:actpass", "a=sctp-port:5000", "a=max-message-size:1073741823", ""])


def test_the_form_firefox_writes_is_read():
    packed = sdp.pack(FIREFOX_FORM)
    assert sdp.kind(packed) == "offer" and len(packed) < 150
    full = sdp.unpack(packed)
    assert facts(full) == facts(FIREFOX_FORM) | {"candidates": {
        ("2d7a8e3c-5b9f-4a4c-9e33-7f4bac9d8a23.local", 52345, "udp", "host", None),
        ("2d7a8e3c-5b9f-4a4c-9e33-7f4bac9d8a23.local", 9, "tcp", "host", "active")}}


def test_pack_leaves_out_candidates_it_cannot_carry():
    good = "1 1 udp 2122260223 192.0.2.7 50000 typ host generation 0"
    lines = [good, "2 2 udp 2122260222 192.0.2.7 50001 typ host",  # RTCP component
             "3 1 udp 2122260221 printer.example 50002 typ host",  # a host name, not an mDNS UUID
             "4 1 ssltcp 2122260220 192.0.2.7 443 typ relay", "5 1 udp 2122260219 192.0.2.7 0 typ host",
             "6 1 tcp 2122260218 192.0.2.7 50003 typ host", "7 1 udp 12 192.0.2.7 50004 typ weird", "8 1 udp"]
    full = sdp.unpack(sdp.pack(with_candidates(SAMPLES["chromium-offer"], lines)))
    assert facts(full)["candidates"] == {("192.0.2.7", 50000, "udp", "host", None)}


def test_pack_keeps_the_highest_priorities_when_there_are_too_many():
    lines = [f"{i} 1 udp {1000 + i} 192.0.2.{i} {40000 + i} typ host" for i in range(1, 21)]
    full = sdp.unpack(sdp.pack(with_candidates(SAMPLES["chromium-offer"], lines)))
    assert {c[0] for c in facts(full)["candidates"]} == {f"192.0.2.{i}" for i in range(5, 21)}


@pytest.mark.parametrize("change, message", [
    (lambda t: t.replace("m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
                         "m=audio 9 UDP/TLS/RTP/SAVPF 111"), "data-channel-only"),
    (lambda t: t + "m=video 9 UDP/TLS/RTP/SAVPF 96\r\n", "data-channel-only"),
    (lambda t: re.sub(r"a=fingerprint:sha-256 ", "a=fingerprint:sha-1 ", t), "no sha-256 fingerprint"),
    (lambda t: re.sub(r"(a=fingerprint:sha-256 \S+):\w\w", r"\1", t), "no sha-256 fingerprint"),
    (lambda t: re.sub(r"a=setup:\w+\r\n", "", t), "one a=setup line"),
    (lambda t: t.replace("a=setup:actpass", "a=setup:holdconn"), "unknown DTLS role"),
    (lambda t: re.sub(r"a=ice-ufrag:\S+", "a=ice-ufrag:ab", t), "a=ice-ufrag must be 4 to 255"),
    (lambda t: re.sub(r"a=ice-pwd:\S+", "a=ice-pwd:" + "p" * 21, t), "a=ice-pwd must be 22 to 255"),
    (lambda t: re.sub(r"a=ice-pwd:\S+", "a=ice-pwd:" + "p" * 23 + "=", t), "a=ice-pwd must be"),
    (lambda t: t + "a=ice-ufrag:abcd\r\n", "one a=ice-ufrag line"),
])
def test_pack_refuses_what_is_not_a_data_channel_description(change, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        sdp.pack(change(SAMPLES["chromium-offer"]))
    with pytest.raises(ValueError, match="must be text"):
        sdp.pack(b"v=0")  # type: ignore[arg-type]


def raw_packed(data: bytes) -> str:
    import base64

    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def raw_of(text: str) -> bytes:
    import base64

    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


GOOD = sdp.pack(SAMPLES["chromium-offer"])


@pytest.mark.parametrize("text, message", [
    (None, "must be text"),
    ("A" * (sdp.MAX_TEXT + 1), "at most 1000 characters"),
    (GOOD[:50] + "+" + GOOD[51:], "holds only A-Z a-z 0-9 - _"),
    (GOOD + "=", "holds only"),
    (GOOD[:60] + "." + GOOD[61:], "holds only"),
    (" " + GOOD, "holds only"),
    ("", "cut short"),
    (GOOD + "AA", "cut short or too long by a character"),
    (GOOD[:-1] + "x", "damaged (its last character)"),
    (GOOD + "AAAA", "too many at its end"),
])
def test_unpack_refuses_bad_text(text, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        sdp.unpack(text)


def damaged(at: int, value: int) -> str:
    data = bytearray(raw_of(GOOD))
    data[at] = value
    return raw_packed(bytes(data))


# the offer's layout: 0 head, 1 ufrag length (4) + 3 bytes, 5 pwd length (24) + 18 bytes, 24 fingerprint,
# 56 candidate count, 57 the first candidate's flags
@pytest.mark.parametrize("at, value, message", [
    (0, 0x20, "of version 2; this page reads version 1"),
    (0, 0x13, "unknown DTLS role"),
    (1, 3, "ice-ufrag is 3 characters; it must be at least 4"),
    (5, 21, "ice-pwd is 21 characters"),
    (56, 17, "lists 17 candidates; at most 16"),
    (56, 3, "cut short (in candidate 3)"),
    (56, 1, "bytes too many at its end"),
    (57, 0x83, "candidate 1 has unknown flags"),
    (57, 0x03, "candidate 1 has unknown flags"),
    (57, 0x04 | 0x02, "tcptype only a tcp candidate can have"),
    (57, 0x22, "tcptype only a tcp candidate can have"),
])
def test_unpack_refuses_a_structure_that_does_not_add_up(at, value, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        sdp.unpack(damaged(at, value))


def test_unpack_refuses_port_zero_and_damaged_ice_text():
    data = bytearray(raw_of(GOOD))
    data[57 + 17:57 + 19] = b"\0\0"  # the first candidate's port (after its flags and 16-byte mDNS name)
    with pytest.raises(ValueError, match="candidate 1 has port 0"):
        sdp.unpack(raw_packed(bytes(data)))
    # a 5-character ufrag takes 30 bits of its 4 bytes: the 2 spare bits must be 0
    odd = sdp.pack(re.sub(r"a=ice-ufrag:\S+", "a=ice-ufrag:abcde", SAMPLES["chromium-offer"]))
    assert "a=ice-ufrag:abcde\r\n" in sdp.unpack(odd)
    data = bytearray(raw_of(odd))
    data[5] |= 1
    with pytest.raises(ValueError, match="ice-ufrag is damaged"):
        sdp.unpack(raw_packed(bytes(data)))


def test_every_cut_of_a_packed_text_is_refused():
    for end in range(len(GOOD)):
        with pytest.raises(ValueError):
            sdp.unpack(GOOD[:end])


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.+=/ ", max_size=400))
def test_any_text_is_unpacked_or_refused_with_a_value_error(text):
    try:
        full = sdp.unpack(text)
    except ValueError:
        return
    assert sdp.unpack(sdp.pack(full)) == full


@settings(max_examples=200, deadline=None)
@given(st.binary(min_size=0, max_size=300))
def test_any_bytes_are_unpacked_or_refused_with_a_value_error(data):
    try:
        full = sdp.unpack(raw_packed(b"\x10" + data))
    except ValueError:
        return
    assert sdp.unpack(sdp.pack(full)) == full
