// Part of the app script's page set-up (`app.js` includes the parts in order inside `page(signal, arrival)`).
// Tag autocomplete (the word after the last comma) and, on Add, the hint that the URL is already saved.
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
