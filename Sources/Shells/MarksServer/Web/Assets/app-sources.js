// Part of the app script's page set-up (`app.js` includes the parts in order inside `page(signal, arrival)`).
// The Sources tab's upload: files picked or dropped on the drop zone go one request each (so each has its own
// progress bar), checked against the limits first; each line then says what happened, with a link to the source.
// Without script the form posts all files at once and the page lists the outcome.
// ---- Sources: upload with per-file progress, drag-and-drop ------------------
const uploadForm = $("#upload-form");
if (uploadForm) {
  const input = $("#files", uploadForm), zone = $("#drop-zone", uploadForm), list = $("#upload-progress", uploadForm);
  const maxBytes = parseInt(uploadForm.dataset.maxBytes || "0", 10), maxFiles = parseInt(uploadForm.dataset.maxFiles || "50", 10);
  const line = (name) => {
    const item = doc.createElement("li"), label = doc.createElement("span"), bar = doc.createElement("progress"), state = doc.createElement("span");
    label.className = "name"; label.textContent = name;
    bar.max = 100; bar.value = 0; bar.setAttribute("aria-label", "Uploading " + name);
    state.className = "state"; state.textContent = "Waiting";
    item.append(label, " ", bar, " ", state);
    list.append(item);
    return { item, bar, state };
  };
  const say = (entry, text, link, failed) => {
    entry.bar.remove();
    entry.state.textContent = text;
    if (link) { const a = doc.createElement("a"); a.href = link.page; a.textContent = link.title; entry.state.append(" ", a); }
    entry.item.classList.toggle("failed", !!failed);
  };
  const sendOne = (file, entry) => new Promise(resolve => {
    const data = new FormData();
    data.append("_csrf", csrf);
    data.append("tags", ($("#upload-tags", uploadForm) || {}).value || "");
    data.append("files", file, file.name);
    const request = new XMLHttpRequest();
    request.open("POST", "/sources/upload");
    request.setRequestHeader("Accept", "application/json");
    request.setRequestHeader("X-CSRF-Token", csrf);
    request.upload.onprogress = e => { if (e.lengthComputable) entry.bar.value = Math.round(100 * e.loaded / e.total); };
    entry.state.textContent = "Uploading";
    request.onload = () => {
      let body = {};
      try { body = JSON.parse(request.responseText); } catch (_) { /* not JSON: the status says enough */ }
      const result = (body.results || [])[0];
      if (request.status >= 400 || !result) say(entry, body.error || ("Not added (error " + request.status + ")."), null, true);
      else if (result.status === "added") say(entry, "Added:", result);
      else if (result.status === "duplicate") say(entry, "Already here, with the same content:", result);
      else say(entry, "Not added: " + (result.error || "unknown error"), null, true);
      resolve();
    };
    request.onerror = () => { say(entry, "Not added: the connection failed.", null, true); resolve(); };
    request.send(data);
  });
  const upload = async files => {
    const chosen = Array.from(files || []);
    if (!chosen.length) return;
    list.textContent = "";
    if (chosen.length > maxFiles) {
      say(line(chosen.length + " files"), "Too many: at most " + maxFiles + " files at once.", null, true);
      return;
    }
    for (const file of chosen) {
      const entry = line(file.name);
      if (maxBytes && file.size > maxBytes) { say(entry, "Too large: the limit is " + Math.round(maxBytes / 1048576) + " MB.", null, true); continue; }
      await sendOne(file, entry);
    }
    input.value = "";
    const done = doc.createElement("li");
    const again = doc.createElement("a"); again.href = "/sources"; again.textContent = "Show the list";
    done.append(again);
    list.append(done);
  };
  uploadForm.addEventListener("submit", e => { e.preventDefault(); upload(input.files); });
  if (zone) {
    zone.addEventListener("dragover", e => { e.preventDefault(); zone.classList.add("over"); });
    zone.addEventListener("dragleave", () => zone.classList.remove("over"));
    zone.addEventListener("drop", e => { e.preventDefault(); zone.classList.remove("over"); upload(e.dataTransfer && e.dataTransfer.files); });
  }
}
