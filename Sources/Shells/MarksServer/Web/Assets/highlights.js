// Highlights (an asset of its own, `/assets/highlights.<hash>.js`, loaded by `app-page-scripts.js` where highlights show:
// the reader, a bookmark's page and a source's page, so the list page keeps its byte budget).
// In the reader or a source's text: select words (mouse, touch, or Shift+arrows from the keyboard) and a small bar
// appears under the selection: Highlight saves it at once, Note… asks for a note first (keys: h and n). The quote
// goes with ~32 characters of context each side (the server places it by quote and context); it is drawn at once as
// <mark class="hl"> and added to the list at the end (#highlights). The list's Edit note and Delete forms are posted
// in place. Without script the list's forms still work; highlighting needs the script.
"use strict";
(window.marksPages = window.marksPages || {}).highlights = (section, { doc, $, $$, post, signal, addEventListener }) => {
  const hlArticle = $("article[data-highlights]");
  const hlBody = hlArticle && $(".reader-body, #source-text", hlArticle);
  if (hlArticle && hlBody) {
    const context = 32;
    let range = null;
    const bar = document.createElement("div");
    bar.className = "hl-bar";
    bar.id = "hl-bar";
    bar.setAttribute("role", "toolbar");
    bar.setAttribute("aria-label", "Highlight the selection");
    bar.hidden = true;
    bar.innerHTML = '<button type="button" id="hl-make">Highlight</button><button type="button" id="hl-make-note">Note…</button>' +
      '<form id="hl-note-new" hidden><label for="hl-note-text">Note (optional)</label><textarea id="hl-note-text" rows="3" maxlength="10000"></textarea>' +
      '<div class="buttons"><button type="submit" id="hl-save">Save highlight</button><button type="button" id="hl-cancel">Cancel</button></div></form>' +
      '<p class="hl-problem" id="hl-problem" role="alert" hidden></p>';
    hlArticle.appendChild(bar);
    const status = document.createElement("p");
    status.className = "visually-hidden";
    status.id = "hl-status";
    status.setAttribute("role", "status");
    hlArticle.appendChild(status);
    const noteForm = $("#hl-note-new", bar), noteText = $("#hl-note-text", bar), problem = $("#hl-problem", bar);
  
    const inBody = node => node && hlBody.contains(node.nodeType === 1 ? node : node.parentNode);
    const current = () => {
      const sel = getSelection();
      if (!sel || !sel.rangeCount || sel.isCollapsed) return null;
      const r = sel.getRangeAt(0);
      return inBody(r.startContainer) && inBody(r.endContainer) && r.toString().trim() ? r.cloneRange() : null;
    };
    const place = () => {
      const rects = range.getClientRects();
      const last = rects.length ? rects[rects.length - 1] : range.getBoundingClientRect();
      const width = bar.offsetWidth || 220;
      bar.style.left = Math.max(8, Math.min(innerWidth - width - 8, last.left)) + "px";
      bar.style.top = Math.min(innerHeight - (bar.offsetHeight || 48) - 8, last.bottom + 8) + "px";
    };
    const show = () => { bar.hidden = false; place(); };
    const hide = () => { bar.hidden = true; noteForm.hidden = true; problem.hidden = true; noteText.value = ""; };
    doc.addEventListener("selectionchange", () => {
      if (!noteForm.hidden) return; // writing a note keeps the selection it is for
      const r = current();
      if (r) { range = r; show(); } else if (!bar.contains(document.activeElement)) { hide(); }
    });
    addEventListener("scroll", () => { if (!bar.hidden && range) place(); }, { passive: true });
    addEventListener("resize", () => { if (!bar.hidden && range) place(); });
    // Pressing a bar button must not drop the selection it acts on.
    bar.addEventListener("pointerdown", e => { if (e.target.closest("button") && noteForm.hidden) e.preventDefault(); });
  
    // The selection as quote and context, in the text the reader shows.
    const anchor = r => {
      const before = document.createRange();
      before.setStart(hlBody, 0);
      before.setEnd(r.startContainer, r.startOffset);
      const all = hlBody.textContent, start = before.toString().length, quote = r.toString();
      return { quote, prefix: all.slice(Math.max(0, start - context), start), suffix: all.slice(start + quote.length, start + quote.length + context) };
    };
    // Wraps each text node of `r` in a mark (the first gets the id the list links to).
    const draw = (r, id) => {
      const nodes = [];
      const walker = document.createTreeWalker(hlBody, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) if (r.intersectsNode(n) && n.data.length) nodes.push(n);
      let first = true;
      for (let node of nodes) {
        let start = node === r.startContainer ? r.startOffset : 0;
        let end = node === r.endContainer ? r.endOffset : node.data.length;
        if (end <= start) continue;
        if (start > 0) { node = node.splitText(start); end -= start; }
        if (end < node.data.length) node.splitText(end);
        const mark = document.createElement("mark");
        mark.className = "hl";
        mark.dataset.hl = String(id);
        if (first) { mark.id = "hl-" + id; first = false; }
        node.parentNode.insertBefore(mark, node);
        mark.appendChild(node);
      }
    };
    const listItem = html => {
      const list = $("#hl-list");
      if (!list) return;
      const holder = document.createElement("template");
      holder.innerHTML = html;
      const item = holder.content.firstElementChild;
      const old = item && $("#" + item.id);
      if (old) old.replaceWith(item); else if (item) list.appendChild(item);
      const empty = $(".hl-empty", hlArticle);
      if (empty) empty.remove();
      const count = $("#highlights-heading .count");
      if (count) count.textContent = " (" + $$(".hl-item", list).length + ")";
    };
    const save = async note => {
      if (!range) return;
      const fields = anchor(range);
      if (note) fields.note = note;
      problem.hidden = true;
      let answer;
      try {
        const response = await post(hlArticle.dataset.highlights, false, fields);
        answer = await response.json();
        if (!response.ok) throw new Error(answer.error || "The highlight was not saved.");
      } catch (error) {
        problem.textContent = error.message || "The highlight was not saved.";
        problem.hidden = false;
        return;
      }
      draw(range, answer.id);
      listItem(answer.item);
      getSelection().removeAllRanges();
      range = null;
      hide();
      status.textContent = "Highlighted.";
    };
    const askNote = () => {
      if (!range) return;
      show();
      noteForm.hidden = false;
      place();
      noteText.focus();
    };
    $("#hl-make", bar).addEventListener("click", () => save(""));
    $("#hl-make-note", bar).addEventListener("click", askNote);
    $("#hl-cancel", bar).addEventListener("click", () => { hide(); });
    noteForm.addEventListener("submit", e => { e.preventDefault(); save(noteText.value); });
    noteText.addEventListener("keydown", e => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); save(noteText.value); }
      if (e.key === "Escape") { e.preventDefault(); hide(); }
    });
  
    // The keyboard: Shift+arrows select from the first words in view (Ctrl: by word), h highlights, n adds a note.
    doc.addEventListener("keydown", e => {
      const t = e.target;
      if (e.defaultPrevented || e.altKey || e.metaKey) return;
      if (t && (t.isContentEditable || /^(TEXTAREA|SELECT|INPUT)$/.test(t.tagName))) return;
      const arrows = { ArrowRight: "forward", ArrowLeft: "backward", ArrowDown: "forward", ArrowUp: "backward" };
      if (e.shiftKey && arrows[e.key]) {
        const sel = getSelection();
        if (!sel.rangeCount || !inBody(sel.anchorNode)) {
          const walker = document.createTreeWalker(hlBody, NodeFilter.SHOW_TEXT);
          let start = null;
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            if (!n.data.trim()) continue;
            const box = n.parentNode.getBoundingClientRect();
            if (box.bottom > 0) { start = n; break; }
          }
          if (!start) return;
          sel.collapse(start, start.data.length - start.data.trimStart().length);
        }
        sel.modify("extend", arrows[e.key], e.ctrlKey ? "word" : (e.key === "ArrowDown" || e.key === "ArrowUp" ? "line" : "character"));
        e.preventDefault();
        return;
      }
      if (e.ctrlKey || e.shiftKey) return;
      if (e.key === "h" && range && !bar.hidden) { e.preventDefault(); save(""); }
      else if (e.key === "n" && range && !bar.hidden) { e.preventDefault(); askNote(); }
      else if (e.key === "Escape" && !bar.hidden) { hide(); }
    });
  }
  
  // The list's forms (the reader's, the bookmark page's and a source's), posted in place.
  for (const list of $$("#hl-list")) {
    list.addEventListener("submit", async e => {
      const f = e.target.closest("form.hl-note-form, form.hl-delete-form");
      if (!f) return;
      e.preventDefault();
      const item = f.closest(".hl-item");
      const fields = f.classList.contains("hl-note-form") ? { note: $("textarea", f).value } : {};
      const response = await post(f.action, false, fields);
      if (!response.ok) { f.submit(); return; } // the server's page says what went wrong
      if (f.classList.contains("hl-delete-form")) {
        const id = item.dataset.hl;
        item.remove();
        for (const mark of $$(`mark.hl[data-hl="${id}"]`)) {
          const parent = mark.parentNode;
          while (mark.firstChild) parent.insertBefore(mark.firstChild, mark);
          parent.removeChild(mark);
          parent.normalize();
        }
        const count = $("#highlights-heading .count");
        if (count) { const n = $$(".hl-item", list).length; count.textContent = n ? " (" + n + ")" : ""; }
      } else {
        const answer = await response.json();
        const holder = document.createElement("template");
        holder.innerHTML = answer.item;
        if (holder.content.firstElementChild) item.replaceWith(holder.content.firstElementChild);
      }
    }, { signal });
  }
};
