// Part of the app script's page set-up (`app.js` includes the parts in order inside `page(signal, arrival)`).
// The podcast parts of a page: a **Podcast** action (a row's More menu, the bookmark page, the source page) posts with
// whether the player is busy and follows the answer (play now, generate then play on the episode's page, or queued in
// the background with a toast); and the player (`player.js`, an asset of its own so pages without audio do not
// carry it) is loaded when the page is an episode's, when an episode was kept from before, or on a Podcast action,
// and binds the page (`bindPage`).
// ---- Podcasts: the Podcast action (done by the player), loading the player ----------------
doc.addEventListener("click", e => {
  const button = e.target.closest && e.target.closest('button[data-podcast], button[name="a"][value^="podcast "]');
  if (!button || button.disabled) return;
  e.preventDefault();
  closeMenu(false);
  loadPlayer().then(m => m.podcastAction(button, post, showToast), () => showToast("The player could not be loaded. Reload the page and try again."));
});
// Injected after the navigation set-up has noted the shell's assets (so pages still swap in place).
const loadPlayer = () => {
  if (window.marksPlayer) return Promise.resolve(window.marksPlayer);
  if (!window.marksPlayerLoading) window.marksPlayerLoading = new Promise((resolve, reject) => {
    const box = document.getElementById("persistent");
    if (!box || !box.dataset.player) { reject(new Error("no player")); return; }
    setTimeout(() => {
      const script = document.createElement("script");
      script.src = box.dataset.player;
      script.onload = () => { script.remove(); window.marksPlayer ? resolve(window.marksPlayer) : reject(new Error("no player")); };
      script.onerror = () => { script.remove(); window.marksPlayerLoading = null; reject(new Error("no player")); };
      document.head.appendChild(script);
    }, 0);
  });
  return window.marksPlayerLoading;
};
let kept = false;
try { kept = !!localStorage.getItem("marks.podcast.current"); } catch (_) { /* private mode */ }
if (window.marksPlayer || kept || $("#episode")) {
  loadPlayer().then(m => { if (!signal.aborted) m.bindPage(signal, doc, showToast); }).catch(() => { /* the plain <audio> stays */ });
}
