// Part of the app script's page set-up (`app.js` includes the parts in order inside `page(signal, arrival)`).
// Enrich All: queue the job, then follow its progress (without the script, the page reloads).
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
