// The table's motion, measured and played in one call each (site/main.py). Every call from
// Python into the page costs a crossing of Pyodide's bridge, and a redraw measured each piece of
// the table several times (its box, its id, its text, its pictures): on a large table that was
// a tenth of the redraw. What to measure and which animation to play stay decided in Python
// (main.py, pygames/ui/motion.py); this file only reads the page and runs what it is given.
(() => {
  // data-anim-id -> [page x, page y, signature, data-anim-from] of every piece under root; the
  // signature is what it shows (data-anim-sig, else its text and pictures): being a choice is no change
  const snapshot = (root) => {
    const shot = {};
    const sx = window.scrollX, sy = window.scrollY;
    for (const element of root.querySelectorAll("[data-anim-id]")) {
      const rect = element.getBoundingClientRect();
      let sig = element.getAttribute("data-anim-sig");
      if (sig === null) {
        const pictures = [...element.querySelectorAll("use")].map((use) => String(use.getAttribute("href")));
        sig = element.textContent + "|" + pictures.join(",");
      }
      shot[element.getAttribute("data-anim-id")] = [rect.left + sx, rect.top + sy, sig,
                                                    element.getAttribute("data-anim-from")];
    }
    return JSON.stringify(shot);
  };

  // data-anim-id -> {kind, amount, bank, from, x, y} of every place holding coins (page centre),
  // leaving out those not on the screen (a folded part)
  const purses = (root) => {
    const shot = {};
    const sx = window.scrollX, sy = window.scrollY;
    for (const element of root.querySelectorAll("[data-purse][data-anim-id]")) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      shot[element.getAttribute("data-anim-id")] = {
        kind: element.getAttribute("data-purse"), amount: element.getAttribute("data-amount"),
        bank: element.hasAttribute("data-bank"), from: element.getAttribute("data-anim-from"),
        x: rect.left + sx + rect.width / 2, y: rect.top + sy + rect.height / 2};
    }
    return JSON.stringify(shot);
  };

  // [[data-anim-id, keyframes, options], ...]: each piece under root with that id plays its animation
  const play = (root, json) => {
    const wanted = new Map(JSON.parse(json).map(([ident, frames, options]) => [ident, [frames, options]]));
    if (wanted.size === 0) return;
    for (const element of root.querySelectorAll("[data-anim-id]")) {
      const animation = wanted.get(element.getAttribute("data-anim-id"));
      if (animation) element.animate(animation[0], animation[1]);
    }
  };

  // runs measure() with every running finite animation of the page at its end, then puts each back
  // where it was: what measure() reads is where the pieces come to rest. A lesson's note and ring are
  // placed so; measured mid-glide, a seat sliding into place left its ring where it came from.
  const atRest = (measure) => {
    const moving = document.getAnimations().filter((a) => a.playState === "running" && a.effect
      && Number.isFinite(a.effect.getComputedTiming().endTime));
    const times = moving.map((a) => a.currentTime);
    for (const a of moving) a.currentTime = a.effect.getComputedTiming().endTime;
    try {
      measure();
    } finally {
      moving.forEach((a, i) => { a.currentTime = times[i]; });
    }
  };

  window.pygamesMotion = {snapshot, purses, play, atRest};
})();
