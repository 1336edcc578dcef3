// Everything that happens before Python is ready (a file, not an inline script: the
// Content-Security-Policy in index.html allows scripts from this site only). Loaded in <head>,
// so it runs before the first paint:
// - saved games: the list Python last showed is put back into the pre-rendered lobby at once;
// - language: index.html holds the lobby pre-rendered by build.py in every language; <html lang>
//   picks the one shown (style.css hides the others), chosen as pygames.i18n.pick_lang does:
//   the stored choice, else the browser's first preferred language we offer, else English;
// - no dead clicks: a click on a control of the pre-rendered lobby is remembered
//   (window.pygamesPending, carried out by site/main.py when Python starts) and the element says
//   "Starting…"; the language picker works at once; the boot progress bar is fixed at the bottom
//   (it never moves the layout);
// - errors before Python is ready (or that Python could not catch) end up in #error, readable;
//   its Reload button works even then.
(() => {
  const LANGS = ["en", "ja"];
  const pickLang = () => {
    let stored = null;
    try { stored = localStorage.getItem("pygames.lang"); } catch (e) { /* storage refused */ }
    if (LANGS.includes(stored)) return stored;
    for (const tag of navigator.languages || [navigator.language || ""]) {
      const primary = String(tag).split("-")[0].toLowerCase();
      if (LANGS.includes(primary)) return primary;
    }
    return "en";
  };
  document.documentElement.lang = pickLang();
  window.pygamesBootLang = document.documentElement.lang;

  // ---------------------------------------------------------------- saved games at first paint
  // Python keeps the saves list's markup as last shown (pygames.lobby-saves, App._keep_lobby_saves);
  // it goes into the pre-rendered lobby of its language as soon as the parser has put that lobby in
  // (a MutationObserver callback runs before the next paint), where the live lobby has it.
  let saves = null;
  try { saves = JSON.parse(localStorage.getItem("pygames.lobby-saves") || "null"); } catch (e) { /* none */ }
  if (saves && typeof saves.html === "string" && saves.html && LANGS.includes(saves.lang)) {
    const place = () => {
      const tagline = document.querySelector(`#app > .screen[lang="${saves.lang}"] .lobby > .tagline`);
      if (!tagline) return false;
      tagline.insertAdjacentHTML("beforebegin", saves.html);
      return true;
    };
    const watch = new MutationObserver(() => { if (window.pygamesReadyAt || place()) watch.disconnect(); });
    watch.observe(document, { childList: true, subtree: true });
  }

  // ---------------------------------------------------------------- clicks before Python is ready
  const pending = [];
  window.pygamesPending = pending;  // [{action, value}] in click order; main.py empties it
  const ready = () => !!window.pygamesReadyAt;
  addEventListener("click", (event) => {
    if (ready() || !event.target || !event.target.closest) return;
    const reload = event.target.closest('#error [data-action="reload"]');
    if (reload) { location.reload(); return; }
    const element = event.target.closest("#app [data-action]");
    if (!element || element.disabled) return;
    event.preventDefault();
    const action = element.getAttribute("data-action");
    const value = element.getAttribute("data-value") || "";
    if (action === "select-game") {  // the last game clicked wins
      for (let i = pending.length - 1; i >= 0; i--) if (pending[i].action === action) pending.splice(i, 1);
      for (const other of document.querySelectorAll('#app [data-action="select-game"][data-pending]'))
        other.removeAttribute("data-pending");
    }
    pending.push({ action, value });
    element.setAttribute("data-pending", "");
    element.setAttribute("aria-busy", "true");
    document.getElementById("loading")?.classList.add("is-wanted");
  }, true);
  addEventListener("change", (event) => {
    if (ready()) return;
    const target = event.target;
    if (!target || !target.closest || !target.closest("#app")) return;
    if (target.name === "lang" && LANGS.includes(target.value)) {  // switch the pre-rendered lobby now
      try { localStorage.setItem("pygames.lang", target.value); } catch (e) { /* storage refused */ }
      document.documentElement.lang = target.value;
      for (const select of document.querySelectorAll('#app select[name="lang"]')) select.value = target.value;
    } else if (target.name === "import-file") {  // read once Python is ready
      window.pygamesPendingImport = target;
    }
  }, true);

  // ---------------------------------------------------------------- boot progress
  // Steps a boot goes through, seen as the runtime's files arrive; the bar only grows.
  const STEPS = [["pyodide.asm.wasm", 45], ["python_stdlib.zip", 65], ["pygames.zip", 85]];
  let shown = 10;
  const advance = (percent) => {
    if (percent <= shown) return;
    shown = percent;
    const bar = document.getElementById("boot-bar");
    if (bar) bar.style.width = percent + "%";
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        for (const [name, percent] of STEPS) if (entry.name.endsWith("/" + name)) advance(percent);
    }).observe({ type: "resource", buffered: true });
  } catch (e) { /* no resource timing: the bar stays at its start */ }

  // ---------------------------------------------------------------- errors
  let watchdog = false;
  const show = (message, details, fromWatchdog) => {
    const box = document.getElementById("error");
    if (!box) return;
    watchdog = !!fromWatchdog;
    document.getElementById("error-message").textContent = message || "Unknown error";
    document.getElementById("error-details").textContent = details || "";
    if (!ready()) {  // Python never started: only a reload can help
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
    if (!ready()) show("The game engine could not start.", text(e));
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
    if (!ready() && hint) hint.hidden = false;
  }, 20000);
  setTimeout(() => {
    if (!ready()) show("The game engine has not started after two minutes.", "", true);
  }, 120000);
  addEventListener("pygames:ready", () => {
    advance(100);
    if (watchdog) document.getElementById("error").hidden = true;
  });
})();
