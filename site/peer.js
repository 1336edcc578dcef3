// Playing with friends: one WebRTC data channel per friend, with no server at all. The host makes
// an offer per seat (offer), the guest's page answers it (answer), the host takes the answer
// (accept); how the two descriptions travel (a link, a QR code) is the page's business
// (pygames.net.sdp packs them small). With iceServers empty the pages contact no host: same-room
// players on one Wi-Fi reach each other through their host candidates (mDNS names).
// A classic script (the Content-Security-Policy allows no inline script), loaded like boot.js.
//
// window.pygamesPeer:
//   offer(id, iceServers) -> Promise<sdp>      host: a new connection `id` (an old one is closed first;
//                                              its pending promise is refused with an AbortError);
//                                              iceServers: [] / null (none), an RTCIceServer array or its JSON
//   accept(id, sdp) -> Promise<void>           host: the guest's answer
//   answer(id, sdp, iceServers) -> Promise<sdp> guest: answers an offer; the channel comes by itself
//   send(id, text) -> boolean                  false unless the channel is open (or the text too long)
//   close(id)                                  no event for this side; the other side gets "close"
//   state(id) -> "none" | "connecting" | "open" | "closed" | "failed"
//   stats(id) -> {sent, received, bytesSent, bytesReceived}   messages, and UTF-8 bytes of their text
//   onevent = (id, kind, data) => …            kinds "open", "message" (data: the text), "close"
//                                              (once, however it ended; data: "closed" or "failed"),
//                                              "error" (data: a message; a failure says one first)
//   faults(id, {drop: k, duplicate: k})        tests: the next k outgoing messages are lost / sent twice
//   ids() -> [id, …]                           the connections this page has
(() => {
  const LABEL = "pygames";
  // refuse longer messages: every browser delivers 64 KiB in one piece (Chromium offers 256 KiB)
  const MAX_BYTES = 65536;
  // ICE gathering normally completes at once with no ICE server; a STUN/TURN server that does not
  // answer must not hold the invitation back longer than this
  const GATHER_MS = 3000;
  // a connection "disconnected" this long is given up, should ICE not say "failed" by then (it
  // took about 15 s in Chromium 156, counted from the last packet)
  const DISCONNECTED_MS = 10000;
  const encoder = new TextEncoder();
  const peers = new Map();

  const emit = (id, kind, data) => {
    const handler = api.onevent;
    if (typeof handler === "function") handler(id, kind, data);
  };

  const gathered = (pc) => new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") { resolve(); return; }
    const timer = setTimeout(done, GATHER_MS);
    function done() {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    }
    function check() { if (pc.iceGatheringState === "complete") done(); }
    pc.addEventListener("icegatheringstatechange", check);
  });

  // the end of a connection, said once: "closed" (the channel or the other side closed) or "failed"
  const finish = (peer, state, reason) => {
    if (peer.state === "closed" || peer.state === "failed") return;
    peer.state = state;
    clearTimeout(peer.disconnectTimer);
    if (peer.abort) peer.abort();
    const mine = peers.get(peer.id) === peer;
    try { peer.pc.close(); } catch (e) { /* already closed */ }
    if (!mine || peer.quiet) return;  // replaced or closed by this page: nothing to tell
    if (reason) emit(peer.id, "error", reason);
    emit(peer.id, "close", state);
  };

  const attach = (peer, channel) => {
    peer.channel = channel;
    const opened = () => {
      if (peer.state !== "connecting") return;
      peer.state = "open";
      if (peers.get(peer.id) === peer) emit(peer.id, "open", null);
    };
    channel.onopen = opened;
    // a channel the other side made may be open already when it is announced (no open event then),
    // and a message proves a channel open: either way the page hears "open" first, once
    if (channel.readyState === "open") setTimeout(opened, 0);
    channel.onmessage = (event) => {
      // a message can be handed over before this side's open event under load: it proves the
      // channel open, and dropping it would lose the other side's first word (its hello)
      if (peer.state === "connecting") opened();
      if (peer.state !== "open" || peers.get(peer.id) !== peer) return;
      if (typeof event.data !== "string") { emit(peer.id, "error", "a message that is not text was ignored"); return; }
      peer.stats.received += 1;
      peer.stats.bytesReceived += encoder.encode(event.data).length;
      emit(peer.id, "message", event.data);
    };
    channel.onclose = () => finish(peer, "closed", null);
    channel.onerror = (event) => {
      const error = event && event.error;
      const message = "data channel error: " + (error && error.message || "unknown");
      // the other side going away (its tab closed) comes as an error ("User-Initiated Abort",
      // sctp-failure) just before the close: that is a close, said once, not an error
      setTimeout(() => {
        if (channel.readyState === "closing" || channel.readyState === "closed") finish(peer, "closed", null);
        else if (peers.get(peer.id) === peer && !peer.quiet && peer.state !== "closed" && peer.state !== "failed")
          emit(peer.id, "error", message);
      }, 0);
    };
  };

  // RTCIceServer objects: an array, or its JSON (what Python can pass without a converter); a
  // Python list would arrive as a proxy the browser cannot read, so anything else is refused
  const iceServerList = (value) => {
    if (value === undefined || value === null) return [];
    const list = typeof value === "string" ? JSON.parse(value) : value;
    if (!Array.isArray(list)) throw new TypeError("iceServers must be an array of {urls, username?, credential?} or its JSON");
    return list;
  };

  const open = (id, iceServers) => {
    if (typeof id !== "string" || !id) throw new TypeError("a connection id must be a non-empty string");
    close(id);
    const servers = iceServerList(iceServers);
    const pc = new RTCPeerConnection({ iceServers: servers });
    const peer = {
      id, pc, channel: null, state: "connecting", quiet: false, disconnectTimer: 0, abort: null,
      stats: { sent: 0, received: 0, bytesSent: 0, bytesReceived: 0 },
      faults: { drop: 0, duplicate: 0 },
    };
    peers.set(id, peer);
    pc.onconnectionstatechange = () => {
      const s = pc.connectionState;
      if (s === "failed") {
        finish(peer, "failed", peer.state === "open"
          ? "the connection was lost: the other device went away or out of reach"
          : "the connection failed: the other device could not be reached "
            + "(same Wi-Fi? a STUN/TURN server may be needed; make a new invitation to try again)");
      } else if (s === "disconnected") {
        clearTimeout(peer.disconnectTimer);
        peer.disconnectTimer = setTimeout(() => {
          if (pc.connectionState === "disconnected")
            finish(peer, "failed", "the connection was lost: the other device has not been heard from for "
              + DISCONNECTED_MS / 1000 + " s");
        }, DISCONNECTED_MS);
      } else if (s === "connected") {
        clearTimeout(peer.disconnectTimer);
      } else if (s === "closed") {
        finish(peer, "closed", null);
      }
    };
    return peer;
  };

  const live = (id, wanted) => {
    const peer = peers.get(id);
    if (!peer) throw new Error(`no connection "${id}": make an invitation first`);
    if (peer.state === "open") throw new Error(`connection "${id}" is already open`);
    if (peer.state !== "connecting") throw new Error(`connection "${id}" is ${peer.state}: make a new invitation`);
    if (wanted && peer.pc.signalingState !== wanted)
      throw new Error(`connection "${id}" does not wait for that (it is ${peer.pc.signalingState})`);
    return peer;
  };

  // the local description once gathered; a connection whose making failed is left "failed",
  // quietly (the caller has the rejection), and one replaced meanwhile is no one's to return
  // (Chromium leaves a createOffer pending forever once its connection is closed: hence the race).
  // That refusal is an AbortError, so that a page can tell it from a failure of the new connection
  // of the same id that replaced it.
  async function described(peer, steps) {
    const ended = new Promise((resolve, reject) => {
      peer.abort = () => {
        const error = new Error(`connection "${peer.id}" was closed or replaced while it was being made`);
        error.name = "AbortError";
        reject(error);
      };
    });
    const work = (async () => { await steps(); await gathered(peer.pc); })();
    work.catch(() => { /* a late failure of a connection already given up: nothing to say */ });
    try {
      await Promise.race([work, ended]);
    } catch (e) {
      peer.quiet = true;
      finish(peer, "failed", null);
      throw e;
    } finally {
      peer.abort = null;
    }
    return peer.pc.localDescription.sdp;
  }

  async function offer(id, iceServers) {
    const peer = open(id, iceServers);
    return described(peer, async () => {
      attach(peer, peer.pc.createDataChannel(LABEL, { ordered: true }));
      await peer.pc.setLocalDescription(await peer.pc.createOffer());
    });
  }

  async function accept(id, sdp) {
    const peer = live(id, "have-local-offer");
    await peer.pc.setRemoteDescription({ type: "answer", sdp: String(sdp) });
  }

  async function answer(id, sdp, iceServers) {
    const peer = open(id, iceServers);
    peer.pc.ondatachannel = (event) => {
      if (event.channel.label === LABEL && !peer.channel) attach(peer, event.channel);
      else event.channel.close();
    };
    return described(peer, async () => {
      await peer.pc.setRemoteDescription({ type: "offer", sdp: String(sdp) });
      await peer.pc.setLocalDescription(await peer.pc.createAnswer());
    });
  }

  function send(id, text) {
    const peer = peers.get(id);
    if (!peer || peer.state !== "open" || !peer.channel || peer.channel.readyState !== "open") return false;
    if (typeof text !== "string") { emit(id, "error", "only text can be sent"); return false; }
    const bytes = encoder.encode(text).length;
    if (bytes > MAX_BYTES) {
      emit(id, "error", `a message of ${bytes} bytes was not sent: at most ${MAX_BYTES} bytes go in one message`);
      return false;
    }
    if (peer.faults.drop > 0) { peer.faults.drop -= 1; return true; }  // lost on the way, as far as anyone knows
    const copies = peer.faults.duplicate > 0 ? 2 : 1;
    if (copies === 2) peer.faults.duplicate -= 1;
    try {
      for (let i = 0; i < copies; i++) {
        peer.channel.send(text);
        peer.stats.sent += 1;
        peer.stats.bytesSent += bytes;
      }
    } catch (e) {
      emit(id, "error", "the message could not be sent: " + (e && e.message || e));
      return false;
    }
    return true;
  }

  function close(id) {
    const peer = peers.get(id);
    if (!peer) return;
    peer.quiet = true;
    finish(peer, "closed", null);
    peers.delete(id);
    // remembered as closed, so that state(id) says so
    peers.set(id, { id, state: "closed", pc: null, channel: null, quiet: true, stats: peer.stats, faults: peer.faults });
  }

  function state(id) {
    const peer = peers.get(id);
    return peer ? peer.state : "none";
  }

  function stats(id) {
    const peer = peers.get(id);
    const s = peer ? peer.stats : { sent: 0, received: 0, bytesSent: 0, bytesReceived: 0 };
    return { sent: s.sent, received: s.received, bytesSent: s.bytesSent, bytesReceived: s.bytesReceived };
  }

  function faults(id, wanted) {
    const peer = peers.get(id);
    if (!peer) throw new Error(`no connection "${id}"`);
    const w = wanted || {};
    peer.faults.drop = Math.max(0, Number(w.drop) || 0);
    peer.faults.duplicate = Math.max(0, Number(w.duplicate) || 0);
  }

  const ids = () => [...peers.keys()];  // every connection id of this page, closed ones too (tests put faults on them)
  const api = { offer, accept, answer, send, close, state, stats, faults, ids, onevent: null };
  window.pygamesPeer = api;
})();
