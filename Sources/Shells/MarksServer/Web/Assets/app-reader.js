// Part of the app script's page set-up (`app.js` includes the parts in order inside `page(signal, arrival)`).
// The reader remembers how far the person read.
// ---- Reader: remember how far the person read --------------------------------
const reader = $("article[data-progress]");
if (reader) {
  let best = 0, sent = 0;
  const measure = () => {
    const r = reader.getBoundingClientRect();
    const seen = Math.min(1, Math.max(0, (innerHeight - r.top) / Math.max(1, r.height)));
    best = Math.max(best, Math.round(seen * 100) / 100);
  };
  const send = () => {
    if (best <= sent) return;
    sent = best;
    const body = form(); body.set("progress", String(best));
    navigator.sendBeacon(reader.dataset.progress, body);
  };
  measure();
  let t = 0;
  addEventListener("scroll", () => { measure(); clearTimeout(t); t = setTimeout(send, 1500); }, { passive: true });
  addEventListener("pagehide", send);
}
