// Part of the app script's page set-up: a page part with a script of its own (`data-script`: its address;
// `data-start`: the function it defines) — the Ask form, the highlights — loads that script once and starts it
// with the page view's helpers, so other pages do not carry it.
// ---- Page scripts: loaded where their part shows ----
for (const part of $$("[data-script][data-start]")) {
  const start = part.dataset.start;
  const go = () => signal.aborted || window[start](part, { doc, $, $$, csrf, post, signal, listen: addEventListener });
  if (window[start]) go();
  else {
    // `data-page`: a page's own script, not part of the shell a swap compares (app-navigation.js).
    const s = document.createElement("script");
    s.src = part.dataset.script; s.dataset.page = ""; s.onload = go;
    document.head.append(s);
  }
}
