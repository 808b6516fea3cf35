// Part of the app script's page set-up: on the Ask page, loads the Ask script (once) and starts it.
// ---- Ask: its own script, loaded on the Ask page ----
const askForm = $("form[data-ask]");
if (askForm) {
  const go = () => signal.aborted || window.marksAsk(askForm, { doc, $, $$, csrf, signal });
  if (window.marksAsk) go();
  else {
    // `data-page`: a page's own script, not part of the shell a swap compares (app-navigation.js).
    const s = document.createElement("script");
    s.src = askForm.dataset.script; s.dataset.page = ""; s.onload = go;
    document.head.append(s);
  }
}
