// Part of the app script's page set-up (`app.js` includes the parts in order inside `page(signal, arrival)`).
// Search's scope bar applies at once; the Tags page's filter box filters as you type.
// ---- Search: the scope bar applies at once; Tags: the filter box filters as you type -----
for (const f of $$("form[data-autosubmit]")) {
  f.addEventListener("change", e => {
    if (e.target.name === "tag" && e.target.value) { const r = $("#scope-tag", f); if (r) r.checked = true; }
    // Through Search, which carries the current mode (the form has no other field for it).
    if (e.target.name === "scope" || e.target.name === "tag") f.requestSubmit($("#search-button", f) || undefined);
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
