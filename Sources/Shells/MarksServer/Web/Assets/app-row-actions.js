// Part of the app script's page set-up (`app.js` includes the parts in order inside `page(signal, arrival)`).
// The toast with Undo, and a row's archive and delete: done at once in the page and posted at once (so the Archived
// and Trash views are right straight away and a closed tab loses nothing); Undo posts the opposite (unarchive, or a
// restore from the trash) and gives an archived row back its unread mark when archiving took it.
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

// ---- Archive / unarchive: posted at once; Undo posts the opposite ------------
const pending = new Map();
const verbs = { archive: ["Archived", "archive", "unarchive"], unarchive: ["Moved back to the list", "unarchive", "archive"] };

// What a button does and where it posts: `data-act` + `formaction` (or its form's action), or a list row's
// `name="a" value="<verb> <id>"` (rows carry no formaction), sent to the bookmark's own route.
function actionOf(button) {
  if (button.dataset.act) {
    return { kind: button.dataset.act, url: button.getAttribute("formaction") || (button.form && button.form.getAttribute("action")) };
  }
  const tag = button.name === "a" && /^(accept|dismiss) (\d+) (.+)$/.exec(button.value || "");
  if (tag) return { kind: "ai-tag", verb: tag[1], tag: tag[3], url: "/bookmarks/" + tag[2] + "/tags/" + tag[1] };
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
  if (kind === "ai-tag") return aiTag(button, item, action);
  if (!verbs[kind]) return false;
  const key = kind + ":" + item.dataset.id;
  if (pending.has(key)) return true;
  const next = nextRow(item, 1) || nextRow(item, -1);
  showRow(item, false);
  if (selected === item) select(next);
  const entry = { url, item, kind, wasUnread: item.classList.contains("unread"), timer: setTimeout(() => settle(key), undoMs()) };
  countBy(-1);
  // keepalive: a reload or a closed tab right after Archive does not cancel the request.
  entry.sent = post(url, true).then(r => { if (!r.ok) throw new Error("status " + r.status); });
  entry.sent.catch(() => {
    if (pending.get(key) !== entry) return;
    clearTimeout(entry.timer);
    pending.delete(key);
    showRow(item, true);
    countBy(1);
    showToast("Could not " + verbs[kind][1] + " “" + titleOf(item) + "”. Check the connection and try again.");
  });
  pending.set(key, entry);
  showToast(verbs[kind][0] + ": " + titleOf(item), key);
  return true;
}
// A row leaves (or comes back) together with the home cards that list the same bookmark (`data-card`); a card
// left with no bookmark hides too.
function showRow(item, shown) {
  item.hidden = !shown;
  for (const card of $$('.cards [data-card="' + item.dataset.id + '"]')) card.hidden = !shown;
  for (const section of $$(".cards section")) {
    const listed = $$("[data-card]", section);
    if (listed.length) section.hidden = listed.every(e => e.hidden);
  }
}
function titleOf(item) { const t = $(".title, h2, h1", item); return t ? t.textContent.trim().slice(0, 80) : "bookmark"; }
// Undo: the row is back at once; once the change is stored, the opposite change is posted, then the unread mark
// if archiving took it. Should that fail, the row goes again and the toast says where the bookmark is.
function undo(key) {
  const entry = pending.get(key);
  if (!entry) return;
  clearTimeout(entry.timer);
  pending.delete(key);
  showRow(entry.item, true);
  countBy(1);
  select(entry.item);
  showToast("Undone");
  const back = entry.url.replace(/[^/]+$/, verbs[entry.kind][2]);
  const checked = r => { if (!r.ok) throw new Error("status " + r.status); return r; };
  entry.sent.then(() => true, () => false).then(stored => stored && post(back, true).then(checked)
    .then(() => entry.wasUnread && post(entry.url.replace(/[^/]+$/, "mark-unread"), true).then(checked))
  ).catch(() => {
    showRow(entry.item, false);
    countBy(-1);
    showToast("Could not undo. Find the bookmark in " + (entry.kind === "archive" ? "Archived" : "the list") + " to move it back.");
  });
}
// The Undo window closed: the row goes for good (a detail page moves on to where it leads).
function settle(key) {
  const entry = pending.get(key);
  if (!entry) return;
  pending.delete(key);
  if (toastFor === key) hideToast();
  entry.sent.then(() => {
    const leave = entry.item.dataset.leave;
    entry.item.remove();
    if (leave) location.assign(leave);
  }, () => {});
}
// ---- A row's AI tag: Accept makes it one of the row's own tags, Dismiss takes it away (no Undo) ----------
function aiTag(button, item, action) {
  const chip = button.closest("li.ai"), list = chip && chip.parentElement;
  if (!chip) return false;
  const details = chip.querySelector("details");
  if (details) details.open = false;
  post(action.url, false, { tag: action.tag }).then(r => {
    if (!r.ok) throw new Error("status " + r.status);
    if (action.verb === "accept") {
      const own = doc.createElement("li"), link = doc.createElement("a"), first = $("li.ai", list);
      link.href = $("a", chip).getAttribute("href");
      link.textContent = "#" + action.tag;
      if (item.closest("#rows")) link.tabIndex = -1;  // the list keeps its one tab stop
      own.append(link);
      list.insertBefore(own, first);
    }
    chip.remove();
    if (item.matches("#rows > li.row")) select(item);
    showToast(action.verb === "accept" ? "Tagged #" + action.tag : "Dismissed “" + action.tag + "”: it will not be suggested for this bookmark again");
  }).catch(() => showToast("Could not " + action.verb + " the tag “" + action.tag + "”. Check the connection and try again."));
  return true;
}

// ---- Delete: recorded in the trash at once; Undo restores it ------------------
const deleted = new Map();
function remove(button, url) {
  const item = button.closest("[data-id]");
  if (!item || !url) return false;
  const key = "delete:" + item.dataset.id;
  if (deleted.has(key)) return true;
  const next = nextRow(item, 1) || nextRow(item, -1);
  showRow(item, false);
  if (selected === item) select(next);
  const entry = { item, restore: url.replace(/\/delete$/, "/restore") };
  // keepalive: a reload or a closed tab right after Delete does not cancel the request.
  entry.sent = post(url, true).then(r => {
    if (!r.ok) throw new Error("status " + r.status);
    countBy(-1);
    const leave = item.dataset.leave;
    if (leave) location.assign(leave + (leave.includes("?") ? "&" : "?") + "undo=" + item.dataset.id + "&notice=" + (item.dataset.notice || "deleted"));
  });
  entry.sent.catch(() => {
    deleted.delete(key);
    showRow(item, true);
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
    showRow(entry.item, true);
    countBy(1);
    select(entry.item);
    showToast("Restored");
  }).catch(() => showToast("Could not undo. The bookmark is in the Trash: restore it from there."));
}
// The list's count ("12 bookmarks", "3 results") moved by `delta`, keeping its noun.
function countBy(delta) {
  const count = $("#count"), m = count && /^(\d+) (\w+?)s?$/.exec(count.textContent.trim());
  if (!m) return;
  const n = Math.max(0, parseInt(m[1], 10) + delta);
  count.textContent = n + " " + m[2] + (n === 1 ? "" : "s");
}
undoButton && undoButton.addEventListener("click", () => {
  if (!toastFor) return;
  if (deleted.has(toastFor)) restore(toastFor); else undo(toastFor);
}, { signal });
addEventListener("pagehide", () => saveList());

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
