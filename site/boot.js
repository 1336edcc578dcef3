// Boot-time error reporting (a file, not an inline script: the Content-Security-Policy in
// index.html allows scripts from this site only). Errors before Python is ready (or that
// Python could not catch) end up in #error, readable; its Reload button works even then.
(() => {
  let watchdog = false;
  const show = (message, details, fromWatchdog) => {
    const box = document.getElementById("error");
    if (!box) return;
    watchdog = !!fromWatchdog;
    document.getElementById("error-message").textContent = message || "Unknown error";
    document.getElementById("error-details").textContent = details || "";
    if (!window.pygamesReadyAt) {  // Python never started: only a reload can help
      box.classList.add("is-boot");
      document.getElementById("error-hint").textContent =
        "Reload the page to try again. If it keeps failing, the download may have been interrupted " +
        "or this browser cannot run WebAssembly.";
      const loading = document.getElementById("loading");
      if (loading && !fromWatchdog) loading.hidden = true;
    }
    box.hidden = false;
  };
  window.pygamesShowError = show;
  const early = (text) => (e) => {
    if (!window.pygamesReadyAt) show("The game engine could not start.", text(e));
  };
  addEventListener("error", early((e) => String(e.message || e.error || e)));
  addEventListener("unhandledrejection", early((e) => String(e.reason && (e.reason.stack || e.reason.message) || e.reason)));
  // PyScript reports errors of the Python script as .py-error elements: show them in our box too.
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes)
      if (n.nodeType === 1 && n.classList.contains("py-error")) {
        show("Python stopped with an error.", n.textContent);
        n.remove();
      }
  }).observe(document.documentElement, { childList: true, subtree: true });
  // A slow or stuck start: say so, and after two minutes offer a reload (a late start still wins).
  setTimeout(() => {
    const hint = document.getElementById("loading-slow");
    if (!window.pygamesReadyAt && hint) hint.hidden = false;
  }, 20000);
  setTimeout(() => {
    if (!window.pygamesReadyAt) show("The game engine has not started after two minutes.", "", true);
  }, 120000);
  addEventListener("pygames:ready", () => {
    if (watchdog) document.getElementById("error").hidden = true;
  });
})();
