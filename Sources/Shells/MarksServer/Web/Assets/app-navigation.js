// In-place navigation, as Turbo Drive does it: a same-origin link click or GET form fetches the next page,
// swaps `#main` (and the title, the lit tab, the theme and the CSRF token), pushes history and runs the
// page set-up again; back and forward fetch the entry again and restore its scroll position. A POST form
// is sent by fetch and the redirect it answers with is shown the same way. The shell around `#main` —
// the bars, the toast and `#persistent` (where a player lives) — is never replaced, so what plays there
// keeps playing. Anything unexpected (another origin, a file, a page without the shell, a new build's
// assets, a network error) falls back to an ordinary navigation, and without JavaScript every link and
// form works as it always did. Opt out per link or form with `data-swap="off"`.
//
// Part of the app script (`app.js` includes it); uses its `page` function.
// ---- In-place navigation ------------------------------------------------------
let view = new AbortController();
page(view.signal);
// A notice (`?notice=added`, with `undo=<id>` after a delete) shows once: the address drops it, so a reload or a
// return through history does not say "Bookmark saved." again. `at=<id>` (a redirect's anchor, which fetch's final
// URL loses) becomes the fragment. The page keeps the notice it shows (and its Undo form).
const shown = href => {
  const url = new URL(href, location.href);
  if (!url.searchParams.has("notice") && !url.searchParams.has("at")) return url.href;
  url.searchParams.delete("notice");
  url.searchParams.delete("undo");
  url.searchParams.delete("at");
  return url.href;
};
if (history.replaceState && shown(location.href) !== location.href) history.replaceState(history.state, "", shown(location.href));
// The shell's style sheets and scripts; a page's own (the Ask tab's style sheet inside `#main`, its script marked
// `data-page`) come and go with it, so they do not make a page "another shell" (a full load, which stops the player).
const shellOf = d => Array.from(d.querySelectorAll('link[rel="stylesheet"], script[src]'))
  .filter(e => !e.closest("#main") && !e.hasAttribute("data-page"))
  .map(e => e.getAttribute("href") || e.getAttribute("src")).join(" ");
const shell = shellOf(document);
const canSwap = "fetch" in window && "DOMParser" in window && !!history.pushState
  && !!document.getElementById("main") && !!document.getElementById("tabbar");
if (canSwap) {
  if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  const remember = () => {
    try { history.replaceState(Object.assign({}, history.state, { marks: true, y: Math.round(scrollY) }), ""); }
    catch (_) { /* too many calls in a row: the next one records it */ }
  };
  remember();
  let scrollTimer = 0;
  window.addEventListener("scroll", () => { clearTimeout(scrollTimer); scrollTimer = setTimeout(remember, 150); }, { passive: true });

  const skip = el => !!el.closest('[data-swap="off"]');
  const local = url => url.origin === location.origin && !/^\/(assets\/|sw\.js|manifest\.webmanifest|signout|signin)/.test(url.pathname)
    && !/\/export(\/|$|\.)/.test(url.pathname);

  let ticket = 0, busyTimer = 0;
  const visit = async (href, how) => {
    const mine = ++ticket;
    if (how.push) remember();
    clearTimeout(busyTimer);
    busyTimer = setTimeout(() => document.documentElement.classList.add("navigating"), 150);
    let response, html;
    try {
      response = await fetch(href, Object.assign({ credentials: "same-origin", headers: { "Accept": "text/html", "X-Marks-Swap": "1" } }, how.request || {}));
      const type = response.headers.get("Content-Type") || "";
      if (!type.includes("text/html") || /attachment/i.test(response.headers.get("Content-Disposition") || "")) throw new Error("not a page");
      html = await response.text();
    } catch (_) {
      if (mine !== ticket) return;
      if (how.form && !response) { how.form.dataset.swap = "off"; how.form.requestSubmit(how.submitter || undefined); }
      else location.assign(response && response.url ? response.url : href);
      return;
    } finally {
      if (mine === ticket) { clearTimeout(busyTimer); document.documentElement.classList.remove("navigating"); }
    }
    if (mine !== ticket) return;
    const next = new DOMParser().parseFromString(html, "text/html");
    const main = next.getElementById("main");
    if (!main || !next.getElementById("tabbar") || shellOf(next) !== shell) { location.assign(response.url || href); return; }
    const target = new URL(response.url || href, location.href);
    const wanted = new URL(href, location.href);
    if (!target.hash && target.searchParams.get("at")) target.hash = "#" + target.searchParams.get("at");
    if (!target.hash && wanted.hash && target.pathname === wanted.pathname) target.hash = wanted.hash;
    swap(next, main, how.restore ? "restore" : "visit");
    if (how.push && (!how.request || response.redirected)) history.pushState({ marks: true, y: 0 }, "", shown(target.href));
    const anchor = !how.restore && target.hash && document.getElementById(decodeURIComponent(target.hash.slice(1)));
    if (anchor) anchor.scrollIntoView(); else scrollTo(0, how.restore ? how.y || 0 : 0);
    // Focus goes where a full load would put it: the page's autofocus field (Search, Add, a new Ask), else its heading.
    if (!how.restore) (document.querySelector("#main [autofocus]") || document.querySelector("#main h1") || document.getElementById("main")).focus({ preventScroll: true });
    remember();
  };

  const swap = (next, main, arrival) => {
    window.dispatchEvent(new Event("marks:leave"));
    view.abort();
    view = new AbortController();
    const toast = document.getElementById("toast");
    if (toast) toast.hidden = true;
    document.title = next.title;
    const root = document.documentElement, theme = next.documentElement.getAttribute("data-theme");
    if (theme) root.setAttribute("data-theme", theme); else root.removeAttribute("data-theme");
    const token = next.querySelector('meta[name="csrf-token"]'), mine = document.querySelector('meta[name="csrf-token"]');
    if (token && mine) mine.content = token.content;
    for (const link of document.querySelectorAll("#chrome a[data-tab]")) {
      const twin = next.querySelector('#chrome a[data-tab="' + link.dataset.tab + '"]');
      if (twin && twin.hasAttribute("aria-current")) link.setAttribute("aria-current", twin.getAttribute("aria-current"));
      else link.removeAttribute("aria-current");
    }
    document.body.dataset.undoMs = next.body.dataset.undoMs || document.body.dataset.undoMs;
    if (main.querySelector("h1")) main.querySelector("h1").setAttribute("tabindex", "-1");
    document.getElementById("main").replaceWith(document.adoptNode(main));
    page(view.signal, arrival);
    window.dispatchEvent(new CustomEvent("marks:load", { detail: { url: location.href } }));
  };

  window.addEventListener("click", e => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = e.target.closest && e.target.closest("a[href]");
    if (!a || skip(a) || a.hasAttribute("download") || (a.target && a.target !== "_self")) return;
    const url = new URL(a.href, location.href);
    if (!local(url)) return;
    if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
    e.preventDefault();
    visit(url.href, { push: true });
  });

  window.addEventListener("submit", e => {
    const form = e.target, submitter = e.submitter;
    if (e.defaultPrevented || skip(form) || (form.target && form.target !== "_self")) return;
    const method = ((submitter && submitter.getAttribute("formmethod")) || form.getAttribute("method") || "get").toLowerCase();
    const action = new URL((submitter && submitter.getAttribute("formaction")) || form.getAttribute("action") || location.href, location.href);
    if (!local(action) || (method !== "get" && method !== "post")) return;
    if ((form.getAttribute("enctype") || "").includes("multipart")) return;
    // The submitter goes in at its place in the form, as a browser's own submission puts it (a hidden field of the
    // same name after it must not win).
    let data;
    try {
      data = new FormData(form, submitter || undefined);
    } catch (error) {
      data = new FormData(form);
      if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    }
    const fields = new URLSearchParams();
    for (const [name, value] of data) if (typeof value === "string") fields.append(name, value);
    e.preventDefault();
    if (method === "get") { action.search = fields.toString(); visit(action.href, { push: true }); }
    else visit(action.href, { push: true, form, submitter, request: { method: "POST", body: fields, headers: { "Accept": "text/html", "X-Marks-Swap": "1" } } });
  });

  window.addEventListener("popstate", e => {
    if (!e.state || !e.state.marks) return;
    visit(location.href, { restore: true, y: e.state.y || 0 });
  });
}
