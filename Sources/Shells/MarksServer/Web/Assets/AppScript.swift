/// The app's one script: small and dependency-free, only where a page must react without a reload —
/// infinite scroll that keeps the scroll position, act-now-with-Undo for archive (the request goes when the
/// Undo window closes or the page is left, by `sendBeacon`), delete posted at once with an Undo that restores it
/// from the trash, keyboard shortcuts, copy
/// link, tag autocomplete, the duplicate hint on Add, reading progress, Enrich All's live progress, and the
/// service worker.
/// Every page works without it.
enum AppScript {
    static let js = #"""
"use strict";
(() => {
const doc = document, root = doc.documentElement;
root.classList.add("js");
const meta = doc.querySelector('meta[name="csrf-token"]');
const csrf = meta ? meta.content : "";
const $ = (s, el) => (el || doc).querySelector(s);
const $$ = (s, el) => Array.from((el || doc).querySelectorAll(s));
const form = token => new URLSearchParams({ _csrf: token || csrf });

function post(url, keepalive) {
  return fetch(url, { method: "POST", credentials: "same-origin", body: form(), keepalive: !!keepalive,
    headers: { "Accept": "application/json" } });
}

// ---- Toast with Undo -------------------------------------------------------
const toast = $("#toast"), toastText = $("#toast-text"), undoButton = $("#toast-undo");
let toastFor = null, toastTimer = 0;
function showToast(text, key) {
  if (!toast) return;
  toastText.textContent = text;
  undoButton.hidden = !key;
  toastFor = key || null;
  toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(hideToast, key ? undoMs() : 3000);
}
function hideToast() { if (toast) toast.hidden = true; toastFor = null; }
function undoMs() { return parseInt(doc.body.dataset.undoMs || "6000", 10); }

// ---- Archive / delete: act at once, send when the Undo window closes --------
const pending = new Map();
const verbs = { archive: ["Archived", "archive"], unarchive: ["Moved back to the list", "unarchive"] };

function act(button) {
  if (button.dataset.act === "delete") return remove(button);
  const kind = button.dataset.act, item = button.closest("[data-id]");
  const url = button.getAttribute("formaction");
  if (!item || !url || !verbs[kind]) return false;
  const key = kind + ":" + item.dataset.id;
  if (pending.has(key)) return true;
  const next = nextRow(item, 1) || nextRow(item, -1);
  item.hidden = true;
  if (selected === item) select(next);
  const entry = { url, item, kind, timer: setTimeout(() => commit(key), undoMs()) };
  pending.set(key, entry);
  showToast(verbs[kind][0] + ": " + titleOf(item), key);
  return true;
}
function titleOf(item) { const t = $(".title, h1", item); return t ? t.textContent.trim().slice(0, 80) : "bookmark"; }
function undo(key) {
  const entry = pending.get(key);
  if (!entry) return;
  clearTimeout(entry.timer);
  pending.delete(key);
  entry.item.hidden = false;
  select(entry.item);
  showToast("Undone");
}
function commit(key) {
  const entry = pending.get(key);
  if (!entry) return;
  pending.delete(key);
  clearTimeout(entry.timer);
  if (toastFor === key) hideToast();
  post(entry.url).then(r => {
    if (!r.ok) throw new Error("status " + r.status);
    finish(entry);
  }).catch(() => {
    entry.item.hidden = false;
    showToast("Could not " + verbs[entry.kind][1] + " “" + titleOf(entry.item) + "”. Check the connection and try again.");
  });
}
// ---- Delete: recorded in the trash at once; Undo restores it ------------------
const deleted = new Map();
function remove(button) {
  const item = button.closest("[data-id]"), url = button.getAttribute("formaction");
  if (!item || !url) return false;
  const key = "delete:" + item.dataset.id;
  if (deleted.has(key)) return true;
  const next = nextRow(item, 1) || nextRow(item, -1);
  item.hidden = true;
  if (selected === item) select(next);
  const entry = { item, restore: url.replace(/\/delete$/, "/restore") };
  // keepalive: a reload or a closed tab right after Delete does not cancel the request.
  entry.sent = post(url, true).then(r => {
    if (!r.ok) throw new Error("status " + r.status);
    countBy(-1);
    const leave = item.dataset.leave;
    if (leave) location.assign(leave + (leave.includes("?") ? "&" : "?") + "undo=" + item.dataset.id + "&notice=deleted");
  });
  entry.sent.catch(() => {
    deleted.delete(key);
    item.hidden = false;
    showToast("Could not delete “" + titleOf(item) + "”. Check the connection and try again.");
  });
  deleted.set(key, entry);
  showToast("Deleted: " + titleOf(item), key);
  return true;
}
function restore(key) {
  const entry = deleted.get(key);
  if (!entry) return;
  deleted.delete(key);
  hideToast();
  entry.sent.then(() => post(entry.restore)).then(r => {
    if (!r.ok) throw new Error("status " + r.status);
    return r.json();
  }).then(body => {
    if (String(body.id) !== entry.item.dataset.id) { location.reload(); return; }
    entry.item.hidden = false;
    countBy(1);
    select(entry.item);
    showToast("Restored");
  }).catch(() => showToast("Could not undo. The bookmark is in the Trash: restore it from there."));
}
function countBy(delta) {
  const count = $("#count");
  if (!count) return;
  const n = Math.max(0, parseInt(count.textContent, 10) + delta);
  count.textContent = n + (n === 1 ? " bookmark" : " bookmarks");
}
function finish(entry) {
  const leave = entry.item.dataset.leave;
  entry.item.remove();
  const count = $("#count");
  if (count) {
    const n = Math.max(0, parseInt(count.textContent, 10) - 1);
    count.textContent = n + (n === 1 ? " bookmark" : " bookmarks");
  }
  if (leave) location.assign(leave);
}
undoButton && undoButton.addEventListener("click", () => {
  if (!toastFor) return;
  if (deleted.has(toastFor)) restore(toastFor); else undo(toastFor);
});
addEventListener("pagehide", () => {
  for (const [key, entry] of pending) {
    clearTimeout(entry.timer);
    navigator.sendBeacon(entry.url, form());
    pending.delete(key);
  }
  saveList();
});

doc.addEventListener("click", e => {
  const button = e.target.closest("button[data-act]");
  if (!button) return;
  if (button.dataset.act === "copy") { e.preventDefault(); copy(button.dataset.url); return; }
  if (act(button)) e.preventDefault();
});

function copy(text) {
  const done = () => showToast("Link copied");
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(done, () => fallbackCopy(text, done));
  } else fallbackCopy(text, done);
}
function fallbackCopy(text, done) {
  const area = doc.createElement("textarea");
  area.value = text; area.setAttribute("readonly", ""); area.className = "visually-hidden";
  doc.body.appendChild(area); area.select();
  try { doc.execCommand("copy"); done(); } catch (_) { showToast("Copy failed: " + text); }
  area.remove();
}

// ---- Infinite scroll that keeps its place --------------------------------------
const rowsList = $("#rows");
const listKey = "marks-list:" + location.pathname + location.search;
let appended = "";
function skeletons(n) {
  const frag = doc.createDocumentFragment();
  for (let i = 0; i < n; i++) {
    const li = doc.createElement("li");
    li.className = "row skeleton"; li.setAttribute("aria-hidden", "true");
    for (const c of ["t", "m", "e"]) { const s = doc.createElement("span"); s.className = "bar " + c; li.appendChild(s); }
    frag.appendChild(li);
  }
  return frag;
}
function adopt(html) {
  const t = doc.createElement("template");
  t.innerHTML = html;
  const rows = $$("li.row", t.content);
  for (const row of rows) { if (!doc.getElementById(row.id)) rowsList.appendChild(row); }
  const oldMore = $("#load-more"), oldEnd = $("#end"), more = $("#load-more", t.content) || $("#end", t.content);
  if (oldMore) oldMore.replaceWith(more || ""); else if (oldEnd && more) oldEnd.replaceWith(more);
  watchMore();
}
let loading = false, observer = null;
function loadMore(link) {
  if (loading || !link) return;
  loading = true;
  link.setAttribute("aria-busy", "true");
  const skel = skeletons(3), marks = Array.from(skel.childNodes);
  rowsList.appendChild(skel);
  fetch(link.dataset.fragment, { credentials: "same-origin" }).then(r => {
    if (!r.ok) throw new Error("status " + r.status);
    return r.text();
  }).then(html => {
    marks.forEach(m => m.remove());
    appended += html.replace(/<a class="load-more[\s\S]*$|<p class="end"[\s\S]*$/, "");
    adopt(html);
    saveList();
  }).catch(() => {
    marks.forEach(m => m.remove());
    link.removeAttribute("aria-busy");
    link.textContent = "Could not load more — try again";
  }).finally(() => { loading = false; });
}
function watchMore() {
  const link = $("#load-more");
  if (!link) return;
  link.addEventListener("click", e => { e.preventDefault(); loadMore(link); });
  if ("IntersectionObserver" in window) {
    observer && observer.disconnect();
    observer = new IntersectionObserver(es => { if (es.some(x => x.isIntersecting)) loadMore(link); }, { rootMargin: "600px" });
    observer.observe(link);
  }
}
function saveList() {
  if (!rowsList) return;
  const more = $("#load-more") || $("#end");
  try {
    sessionStorage.setItem(listKey, JSON.stringify({ rows: appended, more: more ? more.outerHTML : "", y: scrollY }));
  } catch (_) { /* storage full or off: the list simply starts at the top */ }
}
function restoreList() {
  if (!rowsList) return;
  const nav = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
  const saved = sessionStorage.getItem(listKey);
  if (!saved || !nav || nav.type !== "back_forward") { sessionStorage.removeItem(listKey); watchMore(); return; }
  try {
    const state = JSON.parse(saved);
    appended = state.rows || "";
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
    adopt(appended + (state.more || ""));
    requestAnimationFrame(() => scrollTo(0, state.y || 0));
  } catch (_) { watchMore(); }
}
if (rowsList) {
  restoreList();
  let t = 0;
  addEventListener("scroll", () => { clearTimeout(t); t = setTimeout(saveList, 200); }, { passive: true });
}
const refresh = $("#refresh");
refresh && refresh.addEventListener("click", () => {
  sessionStorage.removeItem(listKey);
  if (rowsList) { rowsList.replaceChildren(skeletons(5)); }
});

// ---- Keyboard: j/k move, o open, e edit, a archive, d delete, / search --------
let selected = null;
function visibleRows() { return $$("#rows > li.row:not([hidden]):not(.skeleton)"); }
function nextRow(item, step) {
  const rows = visibleRows(), i = rows.indexOf(item);
  return i < 0 ? null : rows[i + step] || null;
}
function select(row) {
  if (selected) selected.classList.remove("selected");
  selected = row || null;
  if (!selected) return;
  selected.classList.add("selected");
  const link = $(".title a", selected);
  if (link) link.focus({ preventScroll: true });
  selected.scrollIntoView({ block: "nearest" });
}
doc.addEventListener("keydown", e => {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target;
  if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) {
    if (e.key === "Escape") t.blur();
    return;
  }
  if (e.key === "/") {
    const q = $("#q");
    e.preventDefault();
    if (q) { q.focus(); q.select(); } else location.assign("/search");
    return;
  }
  const detail = $("article[data-id]");
  const rows = visibleRows();
  const current = selected && !selected.hidden ? selected : null;
  const target = current || detail;
  switch (e.key) {
    case "j": case "k": {
      if (!rows.length) return;
      const i = current ? rows.indexOf(current) : -1;
      const n = e.key === "j" ? Math.min(rows.length - 1, i + 1) : Math.max(0, i < 0 ? 0 : i - 1);
      select(rows[n]);
      if (e.key === "j" && n >= rows.length - 3) loadMore($("#load-more"));
      break;
    }
    case "o": { const a = target && $(".title a, h1 a", target); if (a) a.click(); break; }
    case "e": { const a = target && $('a[data-act="edit"]', target); if (a) location.assign(a.href); break; }
    case "a": { const b = target && $('button[data-act="archive"], button[data-act="unarchive"]', target); if (b) act(b); break; }
    case "d": { const b = target && $('button[data-act="delete"]', target); if (b) act(b); break; }
    default: return;
  }
  e.preventDefault();
});
doc.addEventListener("click", e => {
  const row = e.target.closest("#rows > li.row");
  if (row && !e.target.closest("a,button")) select(row);
});

// ---- Tag autocomplete: suggestions for the word after the last comma ----------
for (const input of $$("input[data-tags]")) {
  const list = doc.getElementById(input.getAttribute("list"));
  if (!list) continue;
  const all = $$("option", list).map(o => o.value);
  input.addEventListener("input", () => {
    const v = input.value, cut = v.lastIndexOf(",") + 1;
    const head = v.slice(0, cut), word = v.slice(cut).trim().toLowerCase();
    const have = new Set(head.split(",").map(s => s.trim().toLowerCase()));
    const prefix = head ? head.replace(/\s*$/, " ") : "";
    const matches = all.filter(t => !have.has(t.toLowerCase()) && t.toLowerCase().startsWith(word)).slice(0, 30);
    list.replaceChildren(...matches.map(t => { const o = doc.createElement("option"); o.value = prefix + t; return o; }));
  });
}

// ---- Add: say at once when the URL is already saved ---------------------------
const urlInput = $("input[data-check]"), dup = $("#duplicate");
if (urlInput && dup) {
  let t = 0;
  const check = () => {
    const v = urlInput.value.trim();
    if (!/^https?:\/\/\S+$/i.test(v)) { dup.replaceChildren(); return; }
    fetch(urlInput.dataset.check + "?url=" + encodeURIComponent(v), { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(r => r.ok ? r.json() : null).then(info => {
        dup.replaceChildren();
        if (!info || !info.exists) return;
        const p = doc.createElement("p"), a = doc.createElement("a");
        p.className = "notice"; a.href = info.edit; a.textContent = "edit it instead";
        p.append("Already saved as “" + info.title + "” — ", a, ".");
        dup.appendChild(p);
      }).catch(() => dup.replaceChildren());
  };
  urlInput.addEventListener("input", () => { clearTimeout(t); t = setTimeout(check, 350); });
  if (urlInput.value) check();
}

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

// ---- Search: the scope bar applies at once; Tags: the filter box filters as you type -----
for (const f of $$("form[data-autosubmit]")) {
  f.addEventListener("change", e => {
    if (e.target.name === "tag" && e.target.value) { const r = $("#scope-tag", f); if (r) r.checked = true; }
    if (e.target.name === "scope" || e.target.name === "tag") f.requestSubmit();
  });
}
for (const input of $$("input[data-filter]")) {
  const list = $(input.dataset.filter);
  if (!list) continue;
  input.addEventListener("input", () => {
    const needle = input.value.trim().toLowerCase();
    for (const li of list.children) li.hidden = !!needle && !li.dataset.name.includes(needle);
  });
}

// ---- Enrich all: queue the job, then follow its progress (without the script, reload the page) ----
const enrichForm = $("form[data-enrich-all]");
if (enrichForm) {
  const status = $("#enrich-progress") || enrichForm.parentNode.insertBefore(doc.createElement("p"), enrichForm.nextSibling);
  status.id = "enrich-progress"; status.setAttribute("role", "status"); status.className = "notice";
  const button = $("button", enrichForm);
  let following = false;
  const show = job => {
    if (job.state === "running") status.textContent = "Enriching: " + (job.text || "starting") + ".";
    else if (job.state === "queued") status.textContent = "Enrich all is queued" + (job.error ? " (last try: " + job.error + ")" : "") + ".";
    else if (job.state === "done") status.textContent = "Enrich all finished. " + (job.text || "");
    else if (job.state === "failed") status.textContent = "Enrich all failed: " + (job.error || "unknown error") + ".";
    const busy = job.state === "queued" || job.state === "running";
    button.disabled = busy; button.textContent = busy ? "Enriching…" : "Enrich all";
    return busy;
  };
  const follow = async () => {
    if (following) return;
    following = true;
    try {
      for (;;) {
        const response = await fetch(enrichForm.action, { credentials: "same-origin", headers: { "Accept": "application/json" } });
        if (!response.ok) throw new Error("HTTP " + response.status);
        if (!show(await response.json())) break;
        await new Promise(resolve => setTimeout(resolve, 1500));
      }
    } catch (error) {
      status.textContent = "Progress is not available: " + error.message + ". Reload the page to see it.";
    }
    following = false;
  };
  enrichForm.addEventListener("submit", async event => {
    event.preventDefault();
    try {
      const response = await post(enrichForm.action);
      if (!response.ok) throw new Error("HTTP " + response.status);
      show(await response.json());
      follow();
    } catch (error) {
      status.textContent = "Enrich all could not be queued: " + error.message + ".";
    }
  });
  const state = status.dataset.state;
  if (state === "queued" || state === "running") follow();
}

// ---- Settings (account part): linkding fields only for a linkding source; import progress ----
const sourceForm = $("form[data-source-form]");
if (sourceForm) {
  const fields = $("[data-linkding-fields]", sourceForm);
  const sync = () => { const on = $("#source-linkding", sourceForm).checked; fields.hidden = !on; };
  $$("input[name=source]", sourceForm).forEach(radio => radio.addEventListener("change", sync));
  sync();
}
const importStatus = $("[data-import-status]");
if (importStatus && importStatus.dataset.state === "running") {
  const url = "/settings/import/" + encodeURIComponent(importStatus.dataset.importStatus);
  (async () => {
    for (;;) {
      await new Promise(resolve => setTimeout(resolve, 700));
      let state;
      try {
        const response = await fetch(url, { credentials: "same-origin", headers: { "Accept": "application/json" } });
        if (!response.ok) throw new Error("HTTP " + response.status);
        state = await response.json();
      } catch (error) { break; }
      if (state.state !== "running") { location.replace(url); return; }
      const bar = $("#import-progress"), text = $("#import-progress-text");
      if (bar && state.total > 0) { bar.max = state.total; bar.value = state.done; }
      if (text && state.total > 0) text.textContent = "Imported " + state.done + " of " + state.total;
    }
  })();
}

if ("serviceWorker" in navigator && csrf) {
  navigator.serviceWorker.register("/sw.js").catch(() => { /* offline support is optional */ });
}
})();
"""#
}
