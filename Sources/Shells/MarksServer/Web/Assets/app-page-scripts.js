// Part of the app script's page set-up: a page's own script (the Ask tab's, the reader's) is an asset of its own, named
// by `data-script` on the element it starts with (`data-starts`); it is loaded once and started on each page view with
// the view's helpers, so other pages (the list above all) do not carry it.
// ---- A page's own script, loaded on that page ----
for (const el of $$("[data-starts][data-script]")) {
  const name = el.dataset.starts;
  const go = () => signal.aborted || window.marksPages[name](el, { doc, $, $$, csrf, signal, form, post, showToast, addEventListener, root });
  if (window.marksPages && window.marksPages[name]) go();
  else {
    // `data-page`: a page's own script, not part of the shell a swap compares (app-navigation.js).
    const s = document.createElement("script");
    s.src = el.dataset.script; s.dataset.page = ""; s.onload = go;
    document.head.append(s);
  }
}
