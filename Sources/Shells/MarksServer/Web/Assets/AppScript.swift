/// The app's one script: small and dependency-free, only where a page must react without a reload —
/// infinite scroll that keeps the scroll position, act-now-with-Undo for archive (the request goes when the
/// Undo window closes or the page is left, by `sendBeacon`), delete posted at once with an Undo that restores it
/// from the trash, keyboard shortcuts, copy
/// link, tag autocomplete, the duplicate hint on Add, reading progress, Enrich All's live progress, and the
/// service worker; and (NavigationScript) in-place page swaps that keep the shell and `#persistent`.
/// Every page works without it.
///
/// `page(signal, arrival)` sets up one page view; it runs at load and again after each in-place swap. Inside
/// it, `doc.addEventListener` and bare `addEventListener` (window) are scoped to that view: they are removed
/// when the next page is swapped in, and a `pagehide` listener also hears `marks:leave` (an in-place leave).
/// Listeners on elements outside `#main` (the toast, `#persistent`) must pass `{ signal }` themselves.
enum AppScript {
    static let js = #"""
"use strict";
(() => {
function scopedDocument(signal) {
  return new Proxy(document, { get(target, key) {
    if (key === "addEventListener") return (type, fn, options) => listen(document, type, fn, options, signal);
    const value = Reflect.get(target, key, target);
    return typeof value === "function" ? value.bind(target) : value;
  } });
}
function listen(target, type, fn, options, signal) {
  const scoped = options && typeof options === "object" ? Object.assign({}, options, { signal }) : { capture: !!options, signal };
  target.addEventListener(type, fn, scoped);
  if (type === "pagehide") target.addEventListener("marks:leave", fn, scoped);
}

const page = (signal, arrival) => {
const doc = scopedDocument(signal), root = document.documentElement;
const addEventListener = (type, fn, options) => listen(window, type, fn, options, signal);
root.classList.add("js");
const meta = doc.querySelector('meta[name="csrf-token"]');
const csrf = meta ? meta.content : "";
const $ = (s, el) => (el || doc).querySelector(s);
const $$ = (s, el) => Array.from((el || doc).querySelectorAll(s));
const form = token => new URLSearchParams({ _csrf: token || csrf });
let selected = null; // the list's current row (keyboard and roving tab stop)

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

// What a button does and where it posts: `data-act` + `formaction` (or its form's action), or a list row's
// `name="a" value="<verb> <id>"` (B lists: rows carry no formaction), sent to the bookmark's own route.
function actionOf(button) {
  if (button.dataset.act) {
    return { kind: button.dataset.act, url: button.getAttribute("formaction") || (button.form && button.form.getAttribute("action")) };
  }
  const m = button.name === "a" && /^(read|unread|archive|unarchive|delete) (\d+)$/.exec(button.value || "");
  if (!m) return null;
  return { kind: m[1], url: "/bookmarks/" + m[2] + "/" + ({ read: "mark-read", unread: "mark-unread" }[m[1]] || m[1]) };
}

function act(button) {
  const action = actionOf(button), item = button.closest("[data-id]");
  if (!action || !item || !action.url) return false;
  const kind = action.kind, url = action.url;
  if (kind === "read" || kind === "unread") { markRead(item, url, kind === "unread"); return true; }
  if (kind === "delete") return remove(button, url);
  if (!verbs[kind]) return false;
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
function titleOf(item) { const t = $(".title, h2, h1", item); return t ? t.textContent.trim().slice(0, 80) : "bookmark"; }
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
function remove(button, url) {
  const item = button.closest("[data-id]");
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
}, { signal });
addEventListener("pagehide", () => {
  for (const [key, entry] of pending) {
    clearTimeout(entry.timer);
    navigator.sendBeacon(entry.url, form());
    pending.delete(key);
  }
  saveList();
});

doc.addEventListener("click", e => {
  const button = e.target.closest('button[data-act], button[name="a"]');
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
  rove();
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
  if (!rowsList || signal.aborted) return;  // a timer of a page already swapped out must not overwrite its saved state
  const more = $("#load-more") || $("#end");
  try {
    sessionStorage.setItem(listKey, JSON.stringify({ rows: appended, more: more ? more.outerHTML : "", y: scrollY }));
  } catch (_) { /* storage full or off: the list simply starts at the top */ }
}
function restoreList() {
  if (!rowsList) return;
  const nav = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
  const saved = sessionStorage.getItem(listKey);
  const back = arrival ? arrival === "restore" : !!nav && nav.type === "back_forward";
  if (!saved || !back) { sessionStorage.removeItem(listKey); watchMore(); return; }
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
  rove();
  let t = 0;
  addEventListener("scroll", () => { clearTimeout(t); t = setTimeout(saveList, 200); }, { passive: true });
}
const refresh = $("#refresh");
refresh && refresh.addEventListener("click", () => {
  sessionStorage.removeItem(listKey);
  if (rowsList) { rowsList.replaceChildren(skeletons(5)); }
});

// ---- Keyboard: j/k move, o open, e edit, m mark read, a archive, d delete, x select, / search --------
function visibleRows() { return $$("#rows > li.row:not([hidden]):not(.skeleton)"); }
function nextRow(item, step) {
  const rows = visibleRows(), i = rows.indexOf(item);
  return i < 0 ? null : rows[i + step] || null;
}
// One tab stop for the whole list (roving tabindex): the current row is focusable, everything inside rows
// is reached with the arrow keys (← →), rows with j/k or ↑ ↓, Enter opens the title.
function mark(row) {
  if (selected && selected !== row) { selected.classList.remove("selected"); selected.tabIndex = -1; }
  selected = row || null;
  if (!selected) return;
  selected.classList.add("selected");
  selected.tabIndex = 0;
}
function select(row) {
  mark(row);
  if (!selected) return;
  selected.focus({ preventScroll: true });
  selected.scrollIntoView({ block: "nearest" });
}
function rove() {
  if (!rowsList) return;
  for (const r of $$("#rows > li.row")) if (!r.dataset.id) r.dataset.id = r.id.slice(1); // rows carry only id="b<id>"
  for (const el of $$("#rows > li.row :is(a, button, input)")) el.tabIndex = -1;
  for (const more of $$("#rows > li.row > a")) { more.setAttribute("aria-haspopup", "menu"); more.setAttribute("aria-expanded", "false"); }
  const rows = visibleRows();
  const current = selected && !selected.hidden ? selected : rows.find(r => r.tabIndex === 0) || rows[0];
  for (const r of rows) r.tabIndex = r === current ? 0 : -1;
}
function controls(row) { return $$(":is(a, button, input)", row).filter(el => el.offsetParent !== null); }
doc.addEventListener("focusin", e => {
  const row = e.target.closest && e.target.closest("#rows > li.row");
  if (row && row !== selected) mark(row);
});
doc.addEventListener("keydown", e => {
  const t = e.target;
  const typing = t && (t.isContentEditable || /^(TEXTAREA|SELECT)$/.test(t.tagName)
    || (t.tagName === "INPUT" && !/^(checkbox|radio|button|submit)$/.test(t.type)));
  if (!e.defaultPrevented && toastFor && !typing && !e.altKey && !e.metaKey && (e.key === "z" || e.key === "Z")) {
    e.preventDefault();
    if (deleted.has(toastFor)) restore(toastFor); else undo(toastFor);
    return;
  }
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
  if (typing) {
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
  const inRow = t && t.closest && t.closest("#rows > li.row");
  const button = kinds => target && $(kinds.map(v => `button[data-act="${v}"], button[name="a"][value^="${v} "]`).join(", "), target);
  if ((e.key === "ArrowDown" || e.key === "ArrowUp") && !inRow && rows.indexOf(doc.activeElement) < 0) return;
  switch (e.key) {
    case "j": case "k": case "ArrowDown": case "ArrowUp": {
      if (!rows.length) return;
      const down = e.key === "j" || e.key === "ArrowDown";
      const i = current ? rows.indexOf(current) : -1;
      const n = down ? Math.min(rows.length - 1, i + 1) : Math.max(0, i < 0 ? 0 : i - 1);
      select(rows[n]);
      if (down && n >= rows.length - 3) loadMore($("#load-more"));
      break;
    }
    case "ArrowRight": case "ArrowLeft": {
      if (!inRow) return;
      const list = controls(inRow), i = list.indexOf(t);
      const n = e.key === "ArrowRight" ? i + 1 : (i < 0 ? list.length - 1 : i - 1);
      if (n >= 0 && n < list.length) list[n].focus(); else inRow.focus();
      break;
    }
    case "Escape": { if (inRow && t !== inRow) inRow.focus(); else return; break; }
    case "Enter": { if (!inRow || t !== inRow) return; const a = $("h2 a", inRow); if (a) a.click(); break; }
    case "o": { const a = target && $(".title a, h2 a, h1 a", target); if (a) a.click(); break; }
    case "e": { if (target) location.assign("/bookmarks/" + target.dataset.id + "/edit"); break; }
    case "m": { const b = button(["read", "unread"]); if (b) act(b); break; }
    case "x": { const box = target && $("input.pick", target); if (box) { box.click(); } break; }
    case "a": { const b = button(["archive", "unarchive"]); if (b) act(b); break; }
    case "d": { const b = button(["delete"]); if (b) act(b); break; }
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
      if (signal.aborted) return;  // the person moved on in place: stop following
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

// ---- B lists: mark read in place, the row's "More" menu, the reader's end, bulk select ------------
function markRead(item, url, unread) {
  post(url).then(r => {
    if (!r.ok) throw new Error("status " + r.status);
    applyRead(item, unread);
    showToast(unread ? "Marked unread" : "Marked read");
  }).catch(() => showToast("Could not mark “" + titleOf(item) + "” " + (unread ? "unread" : "read") + ". Check the connection and try again."));
}
function applyRead(item, unread) {
  const id = item.dataset.id, label = unread ? "Mark read" : "Mark unread";
  item.classList.toggle("unread", unread);
  if (unread) item.removeAttribute("data-mark-read");
  for (const b of $$('button[name="a"][value^="read "], button[name="a"][value^="unread "]', item)) {
    b.value = (unread ? "read " : "unread ") + id; b.textContent = label;
  }
  for (const b of $$('button[data-act="read"], button[data-act="unread"]', item)) {
    if (b.id === "end-read") continue;
    b.dataset.act = unread ? "read" : "unread";
    b.setAttribute("formaction", "/bookmarks/" + id + (unread ? "/mark-read" : "/mark-unread"));
    b.textContent = label;
  }
  // Rows show their one unread mark from the class; the bookmark page has a badge.
  for (const badge of $$(".unread-badge", item)) badge.hidden = !unread;
  const endRead = $("#end-read", item);
  if (endRead && !unread) endRead.closest("form").remove();
  const status = $("#reader-end-status", item);
  if (status) status.textContent = unread ? "" : "Marked read.";
}

let menu = null, menuFor = null;
function openMenu(link) {
  const row = link.closest("li.row");
  if (!row) return;
  closeMenu(false);
  const id = row.dataset.id, title = $("h2 a", row);
  const url = row.dataset.url || (title ? title.href : "");
  if (!menu) {
    menu = doc.createElement("div");
    menu.id = "row-menu"; menu.className = "row-menu"; menu.setAttribute("role", "menu");
    menu.addEventListener("keydown", menuKeys);
    doc.body.appendChild(menu);
  }
  const items = [["Read", "/bookmarks/" + id + "/read"], ["Edit", "/bookmarks/" + id + "/edit"]];
  if (/^https?:/.test(url)) items.push(["Open in a new tab", url, "tab"], ["Copy link", url, "copy"]);
  items.push(["Details", "/bookmarks/" + id]);
  menu.setAttribute("aria-label", "More for " + titleOf(row));
  menu.replaceChildren(...items.map(([label, href, kind]) => {
    const el = doc.createElement(kind === "copy" ? "button" : "a");
    if (kind === "copy") { el.type = "button"; el.addEventListener("click", () => { closeMenu(true); copy(href); }); }
    else { el.href = href; if (kind === "tab") { el.target = "_blank"; el.rel = "noopener noreferrer"; } el.addEventListener("click", () => closeMenu(false)); }
    el.textContent = label; el.setAttribute("role", "menuitem"); el.tabIndex = -1;
    return el;
  }));
  const r = link.getBoundingClientRect();
  menu.hidden = false;
  menu.style.top = Math.round(scrollY + r.bottom + 4) + "px";
  menu.style.left = Math.round(Math.max(8, Math.min(innerWidth - menu.offsetWidth - 8, scrollX + r.right - menu.offsetWidth))) + "px";
  menuFor = link; link.setAttribute("aria-expanded", "true");
  menu.firstChild.focus();
}
function closeMenu(back) {
  if (!menu || menu.hidden) return;
  menu.hidden = true;
  if (menuFor) { menuFor.setAttribute("aria-expanded", "false"); if (back) menuFor.focus(); }
  menuFor = null;
}
function menuKeys(e) {
  const items = $$("[role=menuitem]", menu), i = items.indexOf(doc.activeElement);
  if (e.key === "ArrowDown" || e.key === "j") items[(i + 1) % items.length].focus();
  else if (e.key === "ArrowUp" || e.key === "k") items[(i - 1 + items.length) % items.length].focus();
  else if (e.key === "Escape") closeMenu(true);
  else if (e.key === "Tab") { closeMenu(true); }
  else return;
  e.preventDefault(); e.stopPropagation();
}
doc.addEventListener("click", e => {
  const more = e.target.closest("#rows > li.row > a");
  if (more) { e.preventDefault(); if (menuFor === more) closeMenu(true); else openMenu(more); return; }
  if (menu && !menu.hidden && !e.target.closest("#row-menu")) closeMenu(false);
});

// Reaching the end of the reader marks it read (when the setting is on: `data-mark-read`), after the person scrolled.
const ending = $("#reader-end"), autoRead = $("article[data-mark-read]");
if (ending && autoRead && "IntersectionObserver" in window) {
  const watch = () => {
    removeEventListener("scroll", watch);
    const io = new IntersectionObserver(es => {
      if (!es.some(x => x.isIntersecting) || !autoRead.dataset.markRead) return;
      io.disconnect();
      post(autoRead.dataset.markRead).then(r => { if (r.ok) applyRead(autoRead, false); });
    });
    io.observe(ending);
  };
  addEventListener("scroll", watch, { passive: true });
}

// Select mode: shift-click picks a range, "Select all on this page" toggles every box, the bar counts.
const bulkCount = $("#bulk-count");
let lastPick = null;
function countPicks() {
  if (bulkCount) { const n = $$("#rows input.pick:checked").length; bulkCount.textContent = n + " selected"; }
}
doc.addEventListener("click", e => {
  const box = e.target.closest("#rows input.pick");
  if (!box) return;
  if (e.shiftKey && lastPick && lastPick !== box) {
    const all = $$("#rows input.pick"), a = all.indexOf(lastPick), b = all.indexOf(box);
    for (let i = Math.min(a, b); i <= Math.max(a, b); i++) all[i].checked = box.checked;
  }
  lastPick = box;
  countPicks();
});
const selectAll = $("#select-all");
selectAll && selectAll.addEventListener("click", e => {
  e.preventDefault();
  const all = $$("#rows input.pick"), on = all.some(b => !b.checked);
  for (const b of all) b.checked = on;
  countPicks();
});
countPicks();

if ("serviceWorker" in navigator && csrf && !arrival) {
  navigator.serviceWorker.register("/sw.js").catch(() => { /* offline support is optional */ });
}
};
\#(NavigationScript.js)
})();
"""#
}
