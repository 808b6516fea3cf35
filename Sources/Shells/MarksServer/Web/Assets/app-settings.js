// Part of the app script's page set-up (`app.js` includes the parts in order inside `page(signal, arrival)`).
// Settings: the linkding fields only for a linkding source, and the import's progress.
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
      if (text && state.total > 0) {
        text.textContent = state.done >= state.total ? "Saving " + state.total + " bookmarks…" : "Importing " + state.done + " of " + state.total + "…";
      }
    }
  })();
}
