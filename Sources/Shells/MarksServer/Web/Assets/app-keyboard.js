// Part of the app script's page set-up (`app.js` includes the parts in order inside `page(signal, arrival)`).
// The keyboard: j/k move, o open, e edit, m mark read, a archive, d delete, x select, / search; one tab stop
// for the whole list (roving tabindex).
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
  for (const el of $$("#rows > li.row :is(a, button, input, summary)")) el.tabIndex = -1;
  for (const more of $$("#rows > li.row > a")) { more.setAttribute("aria-haspopup", "menu"); more.setAttribute("aria-expanded", "false"); }
  const rows = visibleRows();
  const current = selected && !selected.hidden ? selected : rows.find(r => r.tabIndex === 0) || rows[0];
  for (const r of rows) r.tabIndex = r === current ? 0 : -1;
}
function controls(row) { return $$(":is(a, button, input, summary)", row).filter(el => el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null); }
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
    case "Escape": {
      if (!inRow || t === inRow) return;
      for (const menu of $$("details[open]", inRow)) menu.open = false;
      inRow.focus();
      break;
    }
    case "Enter": { if (!inRow || t !== inRow) return; const a = $("h2 a", inRow); if (a) a.click(); break; }
    case "o": { const a = target && $(".title a, h2 a, h1 a", target); if (a) a.click(); break; }
    case "e": { if (target) location.assign("/bookmarks/" + target.dataset.id + "/edit?return=" + encodeURIComponent(location.pathname + location.search)); break; }
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
