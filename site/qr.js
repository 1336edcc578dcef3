// QR codes and the camera for the invitations of "play with friends", plus Share and Copy.
// The QR encoder is the npm package qrcode-generator and the decoder jsQR, both shipped in
// vendor/ (build.py pins them; nothing is loaded from another host). A classic script.
//
// window.pygamesQR.svg(text, label) -> string   an <svg role="img"> of the code: error correction M,
//                                               a quiet zone of 4 modules, dark on white always
// window.pygamesQR.matrix(text) -> boolean[][]  its modules, row by row (true: dark)
// window.pygamesScan.available() -> boolean     a camera API and a decoder are there
// window.pygamesScan.start(video, onText) -> Promise<void>   the back camera into `video`; onText(text)
//                                               once, for the first code read, then the camera stops
// window.pygamesScan.stop()                     stops the camera (the promise of start is not affected)
// window.pygamesScan.engine                     "BarcodeDetector" or "jsQR": what reads frames now
// window.pygamesShare(text, title) -> Promise<boolean>   the system's share sheet; false without one
// window.pygamesCopy(text) -> Promise<boolean>  to the clipboard
(() => {
  const QUIET = 4;
  // frames looked at per second: enough to feel instant, little work for a phone
  const SCANS_PER_SECOND = 5;
  // frames are scaled down to at most this width before jsQR reads them
  const SCAN_WIDTH = 640;

  const escape = (text) => String(text).replace(/[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

  function code(text) {
    if (typeof qrcode !== "function") throw new Error("the QR encoder (vendor/qrcode.js) is not loaded");
    qrcode.stringToBytes = qrcode.stringToBytesFuncs["UTF-8"];
    const qr = qrcode(0, "M");  // 0: the smallest version that holds the text
    qr.addData(String(text), "Byte");
    try {
      qr.make();
    } catch (e) {  // the library throws a string, e.g. when the text is too long for any version
      throw new Error(`no QR code for a text of ${String(text).length} characters: ${e && e.message || e}`);
    }
    return qr;
  }

  function matrix(text) {
    const qr = code(text);
    const n = qr.getModuleCount();
    const rows = [];
    for (let r = 0; r < n; r++) {
      const row = [];
      for (let c = 0; c < n; c++) row.push(qr.isDark(r, c));
      rows.push(row);
    }
    return rows;
  }

  function svg(text, label) {
    const rows = matrix(text);
    const size = rows.length + 2 * QUIET;
    let path = "";
    rows.forEach((row, r) => {
      // one rectangle per run of dark modules in a row
      for (let c = 0; c < row.length; c++) {
        if (!row[c]) continue;
        let end = c;
        while (end + 1 < row.length && row[end + 1]) end++;
        path += `M${c + QUIET} ${r + QUIET}h${end - c + 1}v1h${-(end - c + 1)}z`;
        c = end;
      }
    });
    // (no xmlns: the markup is meant for the page itself, where HTML gives svg its namespace)
    return `<svg class="qr-code" role="img" aria-label="${escape(label)}" `
      + `viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" data-modules="${rows.length}">`
      + `<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
  }

  window.pygamesQR = { svg, matrix };

  // ------------------------------------------------------------------------------ camera
  let session = null;  // {stream, timer, video}

  const detectorReady = async () => {
    if (!("BarcodeDetector" in window)) return null;
    try {
      const formats = await window.BarcodeDetector.getSupportedFormats();
      return formats.includes("qr_code") ? new window.BarcodeDetector({ formats: ["qr_code"] }) : null;
    } catch (e) {
      return null;
    }
  };

  function stop() {
    const current = session;
    session = null;
    if (!current) return;
    clearTimeout(current.timer);
    for (const track of current.stream.getTracks()) track.stop();
    if (current.video.srcObject === current.stream) current.video.srcObject = null;
  }

  function available() {
    return !!(navigator.mediaDevices && navigator.mediaDevices.getUserMedia)
      && ("BarcodeDetector" in window || typeof jsQR === "function");
  }

  async function start(video, onText) {
    stop();
    if (!available()) throw new Error("this browser has no camera access or no QR decoder");
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    const current = { stream, timer: 0, video };
    session = current;
    video.setAttribute("playsinline", "");
    video.muted = true;
    video.srcObject = stream;
    try {
      await video.play();
    } catch (e) {  // the camera must not stay on behind a failed start
      if (session === current) stop();
      throw e;
    }
    const detector = await detectorReady();
    if (session !== current) return;  // stopped (or started again) meanwhile
    scan.engine = detector ? "BarcodeDetector" : "jsQR";
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d", { willReadFrequently: true });

    const read = async () => {
      if (!video.videoWidth) return null;
      if (detector) {
        try {
          const found = await detector.detect(video);
          if (found.length) return found[0].rawValue;
          return null;
        } catch (e) { /* fall through to jsQR for this frame */ }
      }
      if (typeof jsQR !== "function") return null;
      const scale = Math.min(1, SCAN_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const found = jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" });
      return found ? found.data : null;
    };

    const tick = async () => {
      if (session !== current) return;
      let text = null;
      try { text = await read(); } catch (e) { text = null; }
      if (session !== current) return;
      if (text) {
        stop();
        onText(text);
        return;
      }
      current.timer = setTimeout(tick, 1000 / SCANS_PER_SECOND);
    };
    current.timer = setTimeout(tick, 0);
  }

  const scan = { available, start, stop, engine: null };
  window.pygamesScan = scan;

  // ------------------------------------------------------------------------------ share, copy
  window.pygamesShare = async (text, title) => {
    if (!navigator.share) return false;
    const data = /^https?:\/\//.test(text) ? { title, url: text } : { title, text };
    if (navigator.canShare && !navigator.canShare(data)) return false;
    try {
      await navigator.share(data);
      return true;
    } catch (e) {
      return false;  // dismissed, or not allowed without a click
    }
  };

  window.pygamesCopy = async (text) => {
    try {
      if (navigator.clipboard && navigator.clipboard.writeText) {
        await navigator.clipboard.writeText(String(text));
        return true;
      }
    } catch (e) { /* refused: try the old way */ }
    const area = document.createElement("textarea");
    area.value = String(text);
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let copied = false;
    try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
    area.remove();
    return copied;
  };
})();
