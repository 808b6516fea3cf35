// The reader's script, an asset of its own (`/assets/reader.<hash>.js`) that app-page-scripts.js loads on the reader
// page and starts with the page view's helpers: it remembers how far the person read and where they stopped, reopens
// there, and applies "Aa" at once.
"use strict";
(window.marksPages = window.marksPages || {}).reader = (reader, { doc, $, $$, signal, form, showToast, addEventListener, root }) => {
  const body = $(".reader-body", reader), bar = $(".reader-toolbar", reader);
  // The blocks a place is counted in, in document order (a list item before the paragraph inside it).
  const blocks = body ? $$(":is(p, h2, h3, h4, h5, h6, li, pre, blockquote, figure, table, dt, dd)", body) : [];
  const words = el => (el.textContent || "").replace(/\s+/g, " ").trim().slice(0, 80);
  // Where the sticky bar ends once stuck (under the phone's header it does not start at 0).
  const barHeight = () => (bar ? (parseFloat(getComputedStyle(bar).top) || 0) + bar.offsetHeight : 0);
  // counting: whether the screen's bottom counts as read. A jump (a citation, a link to a highlight, the bar's
  // Highlights link near the end) is not reading, so a page opened or moved by one counts no further.
  let best = 0, sent = 0, place = null, sentPlace = "", resumedAt = -1, counting = true;
  // The first block whose bottom is below the top of the screen (under the bar), found by halving.
  const topBlock = () => {
    const line = barHeight() + 8;
    let lo = 0, hi = blocks.length - 1, found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (blocks[mid].getBoundingClientRect().bottom > line) { found = mid; hi = mid - 1; } else lo = mid + 1;
    }
    return found;
  };
  const measure = () => {
    const r = reader.getBoundingClientRect();
    const seen = Math.min(1, Math.max(0, (innerHeight - r.top) / Math.max(1, r.height)));
    if (counting) best = Math.max(best, Math.round(seen * 100) / 100);
    const i = topBlock();
    if (i < 0) return;
    const b = blocks[i].getBoundingClientRect(), line = barHeight() + 8;
    const within = Math.min(1, Math.max(0, (line - b.top) / Math.max(1, b.height)));
    const fraction = Math.min(1, Math.max(0, (scrollY) / Math.max(1, doc.documentElement.scrollHeight - innerHeight)));
    place = { block: i, within: Math.round(within * 1000) / 1000, quote: words(blocks[i]), fraction: Math.round(fraction * 1000) / 1000 };
  };
  const send = () => {
    const key = place ? place.block + ":" + place.within : "";
    if (best <= sent && key === sentPlace) return;
    sent = Math.max(sent, best); sentPlace = key;
    const data = form(); data.set("progress", String(best));
    if (place) for (const k of ["block", "within", "quote"]) data.set(k, String(place[k]));
    navigator.sendBeacon(reader.dataset.progress, data);
  };
  // Reopen where the person stopped (on any device), unless a citation or a link into the page says where to go.
  const at = reader.dataset;
  const jumping = location.hash || new URLSearchParams(location.search).has("highlight");
  counting = !jumping;
  addEventListener("hashchange", () => { counting = false; }, { signal });
  if (!jumping && at.atBlock !== undefined && blocks.length) {
    const wanted = parseInt(at.atBlock, 10), quote = at.atQuote || "";
    // The same block if its words still match; else the block that starts with those words (the text was fetched
    // again); else the same share of the page.
    let target = blocks[wanted] && (!quote || words(blocks[wanted]) === quote) ? blocks[wanted] : null;
    if (!target && quote) target = blocks.find(el => words(el) === quote) || null;
    let y;
    if (target) {
      const b = target.getBoundingClientRect();
      y = scrollY + b.top + parseFloat(at.atWithin || "0") * b.height - barHeight() - 8;
    } else {
      y = parseFloat(at.atFraction || "0") * (doc.documentElement.scrollHeight - innerHeight);
    }
    if (y > innerHeight / 2) {
      scrollTo(0, y);
      resumedAt = scrollY;
      const note = $("#reader-resumed");
      if (note) {
        note.hidden = false;
        note.innerHTML = "";
        note.append("Back where you stopped. ");
        const top = doc.createElement("a");
        top.href = "#reader-title"; top.textContent = "Start from the top";
        top.addEventListener("click", e => { e.preventDefault(); scrollTo(0, 0); note.hidden = true; });
        note.append(top);
      }
    }
  }
  measure();
  let t = 0;
  addEventListener("scroll", () => {
    measure(); clearTimeout(t); t = setTimeout(send, 1000);
    // The "back where you stopped" note goes once the person has moved on a screen.
    if (resumedAt >= 0 && Math.abs(scrollY - resumedAt) > innerHeight) { const n = $("#reader-resumed"); if (n) n.hidden = true; resumedAt = -1; }
  }, { passive: true });
  addEventListener("pagehide", send, { signal });

  // ---- Reader: "Aa" applies at once and is remembered (the same forms, posted in the background) ------
  for (const controls of $$(".reader-settings form.reader-controls", reader)) {
    controls.addEventListener("change", e => {
      const select = e.target.closest("select");
      if (!select) return;
      if (select.name === "theme") {
        if (select.value === "system") root.removeAttribute("data-theme"); else root.dataset.theme = select.value;
      } else {
        for (const c of [...reader.classList]) if (c.startsWith("reader-" + select.name + "-")) reader.classList.remove(c);
        reader.classList.add("reader-" + select.name + "-" + select.value);
      }
      fetch(controls.action, { method: "POST", body: new URLSearchParams(new FormData(controls)), redirect: "manual", credentials: "same-origin" })
        .catch(() => showToast("Could not save the reader settings. Check the connection and try again."));
    }, { signal });
  }
};
