"""The transport of "play with friends" in real Chromium: WebRTC data channels between two
browser contexts (two devices, separate storage), signalled only through the packed texts of
pygames.net.sdp (packed and unpacked here, in the test's CPython, as the pages' Python does), and
the QR codes, read back through a camera fed by a video file.

- Connection: host ``offer`` -> ``pack`` -> ``unpack`` -> guest ``answer`` -> pack/unpack -> host
  ``accept``; messages both ways; ``close`` on one side fires "close" on the other; stats.
- Slow hands: a minute and more between the invitation and the reply still connects; a page
  gone away is said on the other side (error, then close) within seconds.
- ``faults``: a dropped and a duplicated message.
- QR: the code of an invitation link, drawn by site/qr.js, written as a Y4M video for Chromium's
  fake camera; ``pygamesScan.start`` reads the same text back (the page says which decoder ran).
- No request to any other host (the ``guard`` fixture fails the test on one) and no ICE server.

The connection tests run site/peer.js and site/qr.js on a bare page of the built site (served
with index.html's Content-Security-Policy, so the scripts run as they do there), not on the
lobby: two Pyodide boots per test would only cost time. The QR test uses index.html itself.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from pygames.net import sdp

from browser_helpers import BOOT_MS, DESKTOP, launch_with_camera

pytestmark = pytest.mark.browser

SCRIPTS = ("vendor/qrcode.js", "vendor/jsQR.js", "qr.js", "peer.js")
#: the events a page got, in order, as [id, kind, data]
WATCH_EVENTS = ("() => { window.peerEvents = []; "
                "pygamesPeer.onevent = (id, kind, data) => peerEvents.push([id, kind, data]); }")
SLOW_HANDS_S = 65


def csp_of(site_dir: Path) -> str:
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    match = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
    assert match, "index.html has no Content-Security-Policy"
    return match.group(1)


def bare_page(open_page, site_dir: Path, site_url: str):
    """A page of the built site holding only the transport's scripts, under index.html's CSP."""
    page = open_page()
    scripts = "".join(f'<script src="./{name}" defer></script>' for name in SCRIPTS)
    body = (f'<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" '
            f'content="{csp_of(site_dir)}">{scripts}</head><body></body></html>')
    url = f"{site_url}/transport-test.html"
    page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=body))
    page.goto(url)
    page.wait_for_function("window.pygamesPeer && window.pygamesQR && window.pygamesScan")
    page.evaluate(WATCH_EVENTS)
    return page


def events(page, kind: str | None = None) -> list:
    found = page.evaluate("peerEvents")
    return [e for e in found if kind is None or e[1] == kind]


def wait_event(page, kind: str, count: int = 1, timeout: float = 20_000) -> None:
    page.wait_for_function("([kind, count]) => peerEvents.filter(e => e[1] === kind).length >= count",
                           arg=[kind, count], timeout=timeout)


def invite(host, guest, seat: str = "seat-1", pause: float = 0.0) -> dict:
    """Pair the two pages as the lobby will: the host's offer and the guest's answer travel only
    as packed texts. Returns the sizes seen."""
    offer = host.evaluate("(id) => pygamesPeer.offer(id, [])", seat)
    offer_text = sdp.pack(offer)
    assert sdp.kind(offer_text) == "offer"
    if pause:
        time.sleep(pause)
    answer = guest.evaluate("(sdp) => pygamesPeer.answer('host', sdp, [])", sdp.unpack(offer_text))
    answer_text = sdp.pack(answer)
    assert sdp.kind(answer_text) == "answer"
    host.evaluate("([id, sdp]) => pygamesPeer.accept(id, sdp)", [seat, sdp.unpack(answer_text)])
    return {"offer": (len(offer.encode()), len(offer_text)), "answer": (len(answer.encode()), len(answer_text))}


def test_two_devices_connect_through_packed_texts(open_page, site_dir, site_url):
    host = bare_page(open_page, site_dir, site_url)
    guest = bare_page(open_page, site_dir, site_url)
    assert host.evaluate("pygamesPeer.state('seat-1')") == "none"
    sizes = invite(host, guest)
    print(f"sizes (SDP bytes, packed characters): {sizes}")
    assert sizes["offer"][1] < 200 and sizes["answer"][1] < 200
    wait_event(host, "open")
    wait_event(guest, "open")
    assert host.evaluate("pygamesPeer.state('seat-1')") == guest.evaluate("pygamesPeer.state('host')") == "open"

    assert host.evaluate("pygamesPeer.send('seat-1', 'hello guest ♠')") is True
    wait_event(guest, "message")
    assert events(guest, "message") == [["host", "message", "hello guest ♠"]]
    assert guest.evaluate("pygamesPeer.send('host', JSON.stringify({move: 3}))") is True
    wait_event(host, "message")
    assert events(host, "message") == [["seat-1", "message", '{"move": 3}'.replace(" ", "")]]

    # a message over 64 KiB is refused, with an error event; the channel stays open
    assert host.evaluate("pygamesPeer.send('seat-1', 'x'.repeat(65537))") is False
    assert events(host, "error")[-1][2].startswith("a message of 65537 bytes was not sent")
    assert host.evaluate("pygamesPeer.send('seat-1', 'x'.repeat(65536))") is True
    wait_event(guest, "message", 2)
    assert len(events(guest, "message")[1][2]) == 65536
    assert host.evaluate("pygamesPeer.send('nobody', 'x')") is False

    assert host.evaluate("pygamesPeer.stats('seat-1')") == {
        "sent": 2, "received": 1, "bytesSent": len("hello guest ♠".encode()) + 65536, "bytesReceived": 10}
    assert guest.evaluate("pygamesPeer.stats('host')") == {
        "sent": 1, "received": 2, "bytesSent": 10, "bytesReceived": len("hello guest ♠".encode()) + 65536}

    started = time.monotonic()
    guest.evaluate("pygamesPeer.close('host')")
    assert guest.evaluate("pygamesPeer.state('host')") == "closed"
    wait_event(host, "close")
    print(f"the host heard of the close after {time.monotonic() - started:.2f} s")
    assert [e[1] for e in events(host)].count("close") == 1
    assert host.evaluate("pygamesPeer.state('seat-1')") == "closed"
    assert host.evaluate("pygamesPeer.send('seat-1', 'late')") is False
    assert events(guest, "close") == []  # the side that closed is not told
    time.sleep(0.5)
    assert [e[1] for e in events(host)].count("close") == 1
    assert len(events(host, "error")) == 1  # the long message's: a close is not an error


def test_a_friend_closing_the_tab_is_a_close(open_page, site_dir, site_url):
    host = bare_page(open_page, site_dir, site_url)
    guest = bare_page(open_page, site_dir, site_url)
    invite(host, guest)
    wait_event(host, "open")
    started = time.monotonic()
    guest.close()
    wait_event(host, "close", timeout=30_000)
    print(f"the host heard of the closed tab after {time.monotonic() - started:.2f} s")
    # the tab's end reaches the host as a lost connection (a closed tab sends no SCTP abort): ICE
    # fails, or stays disconnected for 10 s, whichever Chromium says first (both about 15 s here)
    found = events(host)
    assert [e[1] for e in found] == ["open", "error", "close"] and found[2][2] == "failed", found
    assert found[1][2].startswith("the connection was lost: the other device "), found
    assert host.evaluate("pygamesPeer.state('seat-1')") == "failed"


def test_several_seats_and_a_new_invitation_replaces_the_old(open_page, site_dir, site_url):
    host = bare_page(open_page, site_dir, site_url)
    first = bare_page(open_page, site_dir, site_url)
    second = bare_page(open_page, site_dir, site_url)
    stale = host.evaluate("pygamesPeer.offer('seat-2', [])")  # the seat is invited again below
    invite(host, first, "seat-1")
    invite(host, second, "seat-2")
    wait_event(host, "open", 2)
    assert sorted(e[0] for e in events(host, "open")) == ["seat-1", "seat-2"]
    host.evaluate("pygamesPeer.send('seat-1', 'one'); pygamesPeer.send('seat-2', 'two')")
    wait_event(first, "message")
    wait_event(second, "message")
    assert events(first, "message")[0][2] == "one" and events(second, "message")[0][2] == "two"
    # an answer to the replaced invitation, or to no invitation, is refused with a clear message
    late = bare_page(open_page, site_dir, site_url)
    reply = sdp.unpack(sdp.pack(late.evaluate("(sdp) => pygamesPeer.answer('host', sdp, [])",
                                              sdp.unpack(sdp.pack(stale)))))
    refusal = "([id, sdp]) => pygamesPeer.accept(id, sdp).then(() => 'accepted', e => e.message)"
    assert host.evaluate(refusal, ["seat-2", reply]) == 'connection "seat-2" is already open'
    assert host.evaluate(refusal, ["seat-3", reply]) == 'no connection "seat-3": make an invitation first'
    host.evaluate("pygamesPeer.close('seat-1')")
    assert host.evaluate(refusal, ["seat-1", reply]) == 'connection "seat-1" is closed: make a new invitation'
    wait_event(first, "close")
    assert host.evaluate("pygamesPeer.state('seat-2')") == "open"
    # a description that is not one: the promise is refused and the connection left failed, quietly
    refused = late.evaluate("pygamesPeer.answer('other', 'v=0 nonsense', []).then(() => 'answered', e => e.name)")
    assert refused == "OperationError" and late.evaluate("pygamesPeer.state('other')") == "failed"
    assert [e for e in events(late) if e[0] == "other"] == []
    # ICE servers as an array or its JSON; anything else is refused before a connection is made.
    # A STUN server that does not answer (nothing listens on this machine's port 3478) holds the
    # invitation back no longer than the 3 s cap on gathering.
    stun = '[{"urls": "stun:127.0.0.1:3478"}]'
    started = time.monotonic()
    assert "a=ice-ufrag:" in late.evaluate("(s) => pygamesPeer.offer('stun', s)", stun)
    assert time.monotonic() - started < 6
    assert "a=ice-ufrag:" in late.evaluate("(s) => pygamesPeer.offer('stun', JSON.parse(s))", stun)
    refused = late.evaluate("pygamesPeer.offer('odd', {urls: 'stun:x'}).then(() => 'made', e => e.message)")
    assert refused.startswith("iceServers must be an array") and late.evaluate("pygamesPeer.state('odd')") == "none"
    late.evaluate("pygamesPeer.close('stun')")
    # two invitations for one seat at once: the first one's promise says it was replaced
    both = host.evaluate("""() => Promise.allSettled([pygamesPeer.offer('seat-4', []), pygamesPeer.offer('seat-4', [])])
        .then(r => r.map(x => x.status === 'fulfilled' ? 'sdp' : x.reason.name + ': ' + x.reason.message))""")
    assert both == ['AbortError: connection "seat-4" was closed or replaced while it was being made', "sdp"]
    assert host.evaluate("pygamesPeer.state('seat-4')") == "connecting"  # the second one stands


def test_slow_hands_still_connect(open_page, site_dir, site_url):
    """A minute between the invitation and the reply (the friend finds the link, opens the page),
    then again between the reply and the host's scan of it."""
    host = bare_page(open_page, site_dir, site_url)
    guest = bare_page(open_page, site_dir, site_url)
    offer = host.evaluate("pygamesPeer.offer('seat-1', [])")
    time.sleep(SLOW_HANDS_S)
    assert host.evaluate("pygamesPeer.state('seat-1')") == "connecting"
    answer = guest.evaluate("(sdp) => pygamesPeer.answer('host', sdp, [])", sdp.unpack(sdp.pack(offer)))
    time.sleep(SLOW_HANDS_S)
    host.evaluate("(sdp) => pygamesPeer.accept('seat-1', sdp)", sdp.unpack(sdp.pack(answer)))
    wait_event(host, "open", timeout=30_000)
    wait_event(guest, "open", timeout=30_000)
    host.evaluate("pygamesPeer.send('seat-1', 'still there?')")
    wait_event(guest, "message")
    assert events(guest, "message")[0][2] == "still there?"
    assert events(host, "error") == events(guest, "error") == []


def test_a_page_gone_away_is_said_with_how_to_retry(open_page, site_dir, site_url):
    """The host gave up its invitation before the friend answered, or the friend's page was closed
    before the host took the reply: each remaining side is told within seconds (Chromium's ICE
    gives up after about 15 s here), once, with what to do."""
    host, guest = bare_page(open_page, site_dir, site_url), bare_page(open_page, site_dir, site_url)
    offer = host.evaluate("pygamesPeer.offer('seat-1', [])")
    host.evaluate("pygamesPeer.close('seat-1')")
    guest.evaluate("(sdp) => pygamesPeer.answer('host', sdp, [])", sdp.unpack(sdp.pack(offer)))
    host2, guest2 = bare_page(open_page, site_dir, site_url), bare_page(open_page, site_dir, site_url)
    offer = host2.evaluate("pygamesPeer.offer('seat-1', [])")
    answer = guest2.evaluate("(sdp) => pygamesPeer.answer('host', sdp, [])", sdp.unpack(sdp.pack(offer)))
    guest2.evaluate("pygamesPeer.close('host')")
    host2.evaluate("(sdp) => pygamesPeer.accept('seat-1', sdp)", sdp.unpack(sdp.pack(answer)))
    started = time.monotonic()
    for page, seat in ((guest, "host"), (host2, "seat-1")):
        wait_event(page, "close", timeout=60_000)
        assert [e[1:] for e in events(page)] == [
            ["error", "the connection failed: the other device could not be reached (same Wi-Fi? a STUN/TURN "
                      "server may be needed; make a new invitation to try again)"], ["close", "failed"]]
        assert page.evaluate("(id) => pygamesPeer.state(id)", seat) == "failed"
    print(f"both told after {time.monotonic() - started:.1f} s")


def test_faults_drop_and_duplicate(open_page, site_dir, site_url):
    host = bare_page(open_page, site_dir, site_url)
    guest = bare_page(open_page, site_dir, site_url)
    invite(host, guest)
    wait_event(host, "open")
    wait_event(guest, "open")
    host.evaluate("pygamesPeer.faults('seat-1', {drop: 1})")
    assert host.evaluate("pygamesPeer.send('seat-1', 'lost')") is True  # as far as the sender knows
    host.evaluate("pygamesPeer.send('seat-1', 'one')")
    host.evaluate("pygamesPeer.faults('seat-1', {duplicate: 1})")
    host.evaluate("pygamesPeer.send('seat-1', 'twice'); pygamesPeer.send('seat-1', 'once')")
    wait_event(guest, "message", 4)
    time.sleep(0.3)
    assert [e[2] for e in events(guest, "message")] == ["one", "twice", "twice", "once"]
    assert host.evaluate("pygamesPeer.stats('seat-1').sent") == 4
    assert guest.evaluate("pygamesPeer.stats('host').received") == 4


# --------------------------------------------------------------------------- QR codes and the camera
def y4m_of(matrix: list[list[bool]], width: int = 640, height: int = 480, frames: int = 4) -> bytes:
    """A Y4M video (4:2:0) showing the code, dark on white with its quiet zone, in the middle."""
    quiet = 4
    size = len(matrix) + 2 * quiet
    scale = min(width, height) * 9 // 10 // size
    left, top = (width - size * scale) // 2, (height - size * scale) // 2
    luma = bytearray(b"\xeb" * (width * height))  # white: 235 in video range
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if not dark:
                continue
            x, y = left + (c + quiet) * scale, top + (r + quiet) * scale
            for line in range(y, y + scale):
                luma[line * width + x:line * width + x + scale] = b"\x10" * scale  # black: 16
    chroma = b"\x80" * (width // 2 * (height // 2) * 2)
    header = f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode()
    return header + b"".join(b"FRAME\n" + bytes(luma) + chroma for _ in range(frames))


@pytest.fixture
def pack_offer(open_page, site_dir, site_url):
    """A packed offer from a real page, and the invitation link the lobby will show."""
    page = bare_page(open_page, site_dir, site_url)
    text = sdp.pack(page.evaluate("pygamesPeer.offer('seat-1', [])"))
    page.evaluate("pygamesPeer.close('seat-1')")
    return text, f"{site_url}/#join={text}", page


def test_qr_code_of_an_invitation_is_read_by_the_camera(pack_offer, browser_type, guard, site_url, tmp_path):
    text, link, page = pack_offer
    markup = page.evaluate("([text, label]) => pygamesQR.svg(text, label)", [link, "Invitation <1>"])
    assert markup.startswith('<svg class="qr-code" role="img" aria-label="Invitation &lt;1&gt;" ')
    assert 'shape-rendering="crispEdges"' in markup and 'fill="#fff"' in markup and 'fill="#000"' in markup
    matrix = page.evaluate("(text) => pygamesQR.matrix(text)", link)
    modules = len(matrix)
    assert f'viewBox="0 0 {modules + 8} {modules + 8}"' in markup
    print(f"the link is {len(link)} characters; its QR code {modules}x{modules} modules (version "
          f"{(modules - 17) // 4}, error correction M)")
    video = tmp_path / "qr.y4m"
    video.write_bytes(y4m_of(matrix))

    browser = launch_with_camera(browser_type, video)
    try:
        context = browser.new_context(viewport=DESKTOP, service_workers="block", permissions=["camera"])
        guard.watch_context(context)
        camera = context.new_page()
        guard.watch_page(camera)
        camera.goto(f"{site_url}/")  # the lobby itself: its CSP, its scripts
        camera.wait_for_function("window.pygamesReadyAt", timeout=BOOT_MS)
        assert camera.evaluate("pygamesScan.available()") is True
        camera.evaluate("""() => {
          window.scanned = [];
          const video = document.createElement('video');
          document.body.appendChild(video);
          window.scanVideo = video;
          return pygamesScan.start(video, (text) => scanned.push(text));
        }""")
        camera.wait_for_function("scanned.length > 0", timeout=30_000)
        engine = camera.evaluate("pygamesScan.engine")
        has_detector = camera.evaluate("'BarcodeDetector' in window")
        print(f"decoded by {engine}; BarcodeDetector in this Chromium: {has_detector}")
        assert camera.evaluate("scanned") == [link]
        assert sdp.unpack(camera.evaluate("scanned[0]").split("#join=", 1)[1]) == sdp.unpack(text)
        # the camera is off once the code is read
        assert camera.evaluate("scanVideo.srcObject") is None
        camera.wait_for_timeout(500)
        assert camera.evaluate("scanned.length") == 1
        context.close()
    finally:
        browser.close()
