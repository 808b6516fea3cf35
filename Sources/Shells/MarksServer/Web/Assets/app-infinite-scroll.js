// Part of the app script's page set-up (`app.js` includes the parts in order inside `page(signal, arrival)`).
// Infinite scroll that keeps its place: the next page's rows are appended and the position survives a reload.
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
