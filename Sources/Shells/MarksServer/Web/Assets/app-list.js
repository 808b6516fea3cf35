// Part of the app script's page set-up (`app.js` includes the parts in order inside `page(signal, arrival)`).
// The lists: mark read in place, the row's More menu, the reader's end, bulk select with ranges.
// ---- Lists: mark read in place, the row's "More" menu, the reader's end, bulk select ------------
function markRead(item, url, unread) {
  post(url).then(r => {
    if (!r.ok) throw new Error("status " + r.status);
    // An unread list's count (`data-counts="unread"`) counts what is unread: the row stays, with Mark unread to undo.
    const counted = $('#count[data-counts="unread"]');
    if (counted && item.closest("#rows") && item.classList.contains("unread") !== unread) countBy(unread ? 1 : -1);
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
    const words = $("span", b); // the reader's bar keeps its icon
    (words || b).textContent = label;
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
    menu.addEventListener("keydown", menuKeys, { signal });
    doc.body.appendChild(menu);
    // The menu lives outside #main: it leaves with this page view (an in-place swap would keep it).
    signal.addEventListener("abort", () => { menu.remove(); menu = null; menuFor = null; });
  }
  const items = [["Read", "/bookmarks/" + id + "/read"], ["Edit", "/bookmarks/" + id + "/edit?return=" + encodeURIComponent(location.pathname + location.search)]];
  if (/^https?:/.test(url)) items.push(["Open in a new tab", url, "tab"], ["Copy link", url, "copy"]);
  if (row.closest("[data-podcasts]")) items.push(["Podcast", "/bookmarks/" + id + "/podcast", "podcast"]);
  items.push(["Details", "/bookmarks/" + id]);
  menu.setAttribute("aria-label", "More for " + titleOf(row));
  menu.replaceChildren(...items.map(([label, href, kind]) => {
    const el = doc.createElement(kind === "copy" || kind === "podcast" ? "button" : "a");
    if (kind === "podcast") { el.type = "button"; el.dataset.podcast = href; }
    else if (kind === "copy") { el.type = "button"; el.addEventListener("click", () => { closeMenu(true); copy(href); }); }
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

// The home cards fold under one line; the choice is remembered for this browser (the server reads `marks_cards`).
// Only the person's own click (or Enter/Space) on its summary counts: a details element that starts open fires
// `toggle` on load too.
const fold = $("#cards-fold");
if (fold) $("summary", fold).addEventListener("click", () => {
  document.cookie = "marks_cards=" + (fold.open ? "folded" : "open") + "; path=/; max-age=34560000; samesite=lax";
});

// Reaching the end of the reader marks it read (when the setting is on: `data-mark-read`) when the person's own
// scrolling brings it into view. A jump — a citation, a link to a highlight, the bar's Highlights link near the end —
// is not reading: the end counts again only after the person has moved it out of view themselves.
const ending = $("#reader-end"), autoRead = $("article[data-mark-read]");
if (ending && autoRead && "IntersectionObserver" in window) {
  let jumped = !!location.hash || new URLSearchParams(location.search).has("highlight"), moved = false;
  for (const type of ["wheel", "touchstart", "keydown", "pointerdown"]) addEventListener(type, () => { moved = true; }, { passive: true });
  addEventListener("hashchange", () => { jumped = true; moved = false; });
  const io = new IntersectionObserver(es => {
    if (!es.some(x => x.isIntersecting)) { if (moved) jumped = false; return; }
    if (jumped || !moved || !autoRead.dataset.markRead) return;
    io.disconnect();
    post(autoRead.dataset.markRead).then(r => { if (r.ok) applyRead(autoRead, false); });
  });
  io.observe(ending);
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
