// Registers the offline service worker once Python is ready, so that its precache mostly
// reuses what the page has just downloaded. A new version waits until the user agrees:
// a bar offers "Update", which activates it and reloads (no cache swap under an open tab).
(() => {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  let updating = false;

  const offer = (registration) => {
    if (document.getElementById("update-bar")) return;
    const bar = document.createElement("div");
    bar.id = "update-bar";
    bar.className = "update-bar";
    bar.setAttribute("role", "status");
    const text = document.createElement("span");
    text.textContent = document.documentElement.lang === "ja"
      ? "新しいバージョンがあります。" : "A new version is available.";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn small primary";
    button.textContent = document.documentElement.lang === "ja" ? "更新" : "Update";
    button.addEventListener("click", () => {
      updating = true;
      if (registration.waiting) registration.waiting.postMessage("skip-waiting");
    });
    bar.append(text, button);
    document.body.append(bar);
  };

  const register = () => {
    navigator.serviceWorker.register("./sw.js").then((registration) => {
      if (!registration) return;
      const track = (worker) => {
        if (!worker) return;
        worker.addEventListener("statechange", () => {
          if (worker.state === "installed" && navigator.serviceWorker.controller) offer(registration);
        });
      };
      if (registration.waiting && navigator.serviceWorker.controller) offer(registration);
      track(registration.installing);  // an update found while the page was loading
      registration.addEventListener("updatefound", () => track(registration.installing));
    }).catch((err) => console.info("pygames: offline cache not available:", err && err.message));
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (updating) { updating = false; location.reload(); }
    });
  };

  if (window.pygamesReadyAt) register();
  else window.addEventListener("pygames:ready", register, { once: true });
})();
