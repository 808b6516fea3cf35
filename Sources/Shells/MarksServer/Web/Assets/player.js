// The podcast player (issue 13): one `<audio>` element with the mini-player in the shell's `#persistent` region, which
// in-place navigation never replaces, so an episode keeps playing while the person moves between tabs. It is made once
// per document (outside `page`); the full player page (`app-podcast-page.js`) drives it through the `player` object.
//
// What it keeps: the speed (0.8–3×, in `localStorage`, so it survives a reload), the episode last loaded (so a reload
// shows it again, paused where it was), and the position on the server (`POST /podcasts/<key>/position` every few
// seconds while playing, on pause, on seek and when the page is hidden or left), so another device resumes there.
// At the end of an episode it posts `/played` (the server marks the bookmark read) and plays the next queued one the
// answer names, unless the sleep timer said "end of episode". Media Session metadata and actions make the system's
// media keys and lock screen work.
//
// An asset of its own (`WebAssets.player`), loaded by the app script (`app-podcast-page.js`) when there is something to
// play; `window.marksPlayer.bindPage(signal, doc, showToast)` sets up each page view: on an episode page it hands the
// episode to the player, shows the controls instead of the plain `<audio controls>`, follows generation progress
// until the audio is ready, and takes the keyboard (space, arrows, brackets; documented on the page).
"use strict";
(() => {
// ---- Podcast player (one <audio> in #persistent, kept across in-place navigation) ----------------
const player = (() => {
  const box = document.getElementById("persistent");
  if (!box || !document.getElementById("tabbar")) return null;
  const keep = {
    get(k) { try { return localStorage.getItem(k); } catch (_) { return null; } },
    set(k, v) { try { localStorage.setItem(k, v); } catch (_) { /* private mode: not kept */ } },
    drop(k) { try { localStorage.removeItem(k); } catch (_) { /* nothing kept */ } },
  };
  const SPEED = "marks.podcast.speed", CURRENT = "marks.podcast.current";
  const clamp = v => Math.min(3, Math.max(0.8, Math.round((Number(v) || 1) * 100) / 100));
  const mini = document.createElement("section");
  mini.className = "mini-player";
  mini.id = "mini-player";
  mini.setAttribute("aria-label", "Podcast player");
  mini.hidden = true;
  mini.innerHTML = '<button type="button" class="mini-toggle" id="mini-toggle" aria-label="Play">\u25B6</button>'
    + '<div class="mini-text"><a id="mini-title" href="/podcasts"></a><span class="mini-meta" id="mini-meta"></span>'
    + '<progress id="mini-progress" max="1" value="0" aria-label="Played"></progress></div>'
    + '<button type="button" id="mini-back" aria-label="Back 15 seconds">\u221215</button>'
    + '<button type="button" id="mini-forward" aria-label="Forward 30 seconds">+30</button>'
    + '<button type="button" id="mini-close" aria-label="Close the player">\u00D7</button>';
  const audio = document.createElement("audio");
  audio.id = "player-audio";
  audio.preload = "metadata";
  box.appendChild(mini);
  box.appendChild(audio);
  const el = id => document.getElementById(id);

  let current = null;      // { key, title, site, audio, page, duration, chapters: [{ title, start }] }
  let speed = clamp(keep.get(SPEED) || 1);
  let pageKey = null;      // the episode whose full player page is shown (the mini-player hides there)
  let lastSave = 0, savedAt = -1, pendingSeek = null;
  let sleep = { until: 0, end: false, timer: 0 };
  const listeners = new Set();
  const emit = () => { render(); for (const fn of listeners) fn(); };

  const token = () => { const m = document.querySelector('meta[name="csrf-token"]'); return m ? m.content : ""; };
  const send = (url, fields, beacon) => {
    const body = new URLSearchParams(Object.assign({ _csrf: token() }, fields || {}));
    if (beacon && navigator.sendBeacon) { navigator.sendBeacon(url, body); return Promise.resolve(null); }
    return fetch(url, { method: "POST", credentials: "same-origin", body, keepalive: true, headers: { "Accept": "application/json" } });
  };
  const clock = s => {
    s = Math.max(0, Math.floor(s || 0));
    const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, r = String(s % 60).padStart(2, "0");
    return h ? h + ":" + String(m).padStart(2, "0") + ":" + r : m + ":" + r;
  };
  const duration = () => (isFinite(audio.duration) && audio.duration > 0 ? audio.duration : (current && current.duration) || 0);

  function save(beacon) {
    if (!current || !audio.src) return;
    const at = Math.floor(audio.currentTime * 10) / 10;
    if (Math.abs(at - savedAt) < 0.5) return;
    savedAt = at;
    lastSave = Date.now();
    const sent = send("/podcasts/" + current.key + "/position", { seconds: String(at) }, beacon);
    if (sent) sent.catch(() => { savedAt = -1; /* the next tick tries again */ });
  }

  function load(episode, how) {
    how = how || {};
    if (current && current.key !== episode.key) save(false);
    const same = current && current.key === episode.key && audio.src;
    current = { key: episode.key, title: episode.title || "Episode", site: episode.site || "", audio: episode.audio,
      page: episode.page || "/podcasts/" + episode.key, duration: Number(episode.duration) || 0, chapters: episode.chapters || [] };
    keep.set(CURRENT, JSON.stringify(current));
    if (!same) {
      // What the server gave is already saved: a page left before playing must not post its load position back.
      savedAt = Math.floor((Number(how.position) || 0) * 10) / 10;
      audio.defaultPlaybackRate = speed;
      audio.src = current.audio;
      pendingSeek = Number(how.position) > 0 ? Number(how.position) : null;
      audio.load();
    } else if (how.position != null) {
      seek(Number(how.position));
    }
    audio.playbackRate = speed;
    metadata();
    if (how.play) play();
    emit();
  }

  function play() {
    if (!current) return Promise.resolve();
    audio.playbackRate = speed;
    const started = audio.play();
    return started && started.catch ? started.catch(() => emit()) : Promise.resolve();
  }
  function pause() { audio.pause(); }
  function toggle() { if (audio.paused) return play(); pause(); return Promise.resolve(); }
  function seek(seconds) {
    if (!current) return;
    const d = duration(), to = Math.max(0, d ? Math.min(d - 0.05, seconds) : seconds);
    if (audio.readyState < 1) { pendingSeek = to; emit(); return; }
    audio.currentTime = to;
    emit();
  }
  function skip(delta) { seek(audio.currentTime + delta); }
  function setSpeed(value) {
    speed = clamp(value);
    keep.set(SPEED, String(speed));
    audio.defaultPlaybackRate = speed;
    audio.playbackRate = speed;
    emit();
  }
  function chapterAt(t) {
    const list = current ? current.chapters : [];
    let found = -1;
    for (let i = 0; i < list.length; i++) if (list[i].start <= t + 0.25) found = i;
    return found;
  }
  function chapter(step) {
    if (!current || !current.chapters.length) return skip(step * 30);
    const i = chapterAt(audio.currentTime), list = current.chapters;
    const here = i >= 0 ? list[i].start : 0;
    if (step < 0 && audio.currentTime - here > 3) return seek(here);
    const n = Math.min(list.length - 1, Math.max(0, i + step));
    seek(list[n].start);
  }

  // The sleep timer: a number of minutes, or the end of the episode.
  function setSleep(value) {
    clearTimeout(sleep.timer);
    sleep = { until: 0, end: value === "end", timer: 0 };
    const minutes = Number(value);
    if (value !== "end" && minutes > 0) {
      sleep.until = Date.now() + minutes * 60000;
      const tick = () => {
        if (!sleep.until) return;
        if (Date.now() >= sleep.until) { sleep.until = 0; pause(); emit(); return; }
        emit();
        sleep.timer = setTimeout(tick, Math.min(1000, sleep.until - Date.now()));
      };
      sleep.timer = setTimeout(tick, Math.min(1000, minutes * 60000));
    }
    emit();
  }
  function sleepLeft() {
    if (sleep.end) return "Stops at the end of this episode";
    if (!sleep.until) return "";
    return "Stops in " + clock((sleep.until - Date.now()) / 1000);
  }

  async function finished() {
    const done = current;
    if (!done) return;
    const stop = sleep.end;
    if (stop) setSleep(0);
    savedAt = 0;
    let next = null;
    try {
      const answer = await send("/podcasts/" + done.key + "/played", { ended: "1" });
      if (answer && answer.ok && (answer.headers.get("Content-Type") || "").includes("json")) next = (await answer.json()).next || null;
    } catch (_) { /* offline: the server hears of it next time */ }
    window.dispatchEvent(new CustomEvent("marks:played", { detail: { key: done.key } }));
    if (next && !stop && current === done) load(next, { play: true, position: next.position || 0 });
    else emit();
  }

  function metadata() {
    if (!("mediaSession" in navigator) || !current) return;
    const icon = document.querySelector('link[rel="icon"]');
    try {
      navigator.mediaSession.metadata = new MediaMetadata({ title: current.title, artist: current.site, album: "Marks",
        artwork: icon ? [{ src: icon.href, sizes: "192x192", type: "image/png" }] : [] });
    } catch (_) { /* an old browser without MediaMetadata */ }
  }
  function positionState() {
    if (!("mediaSession" in navigator) || !navigator.mediaSession.setPositionState) return;
    const d = duration();
    if (!d) return;
    try { navigator.mediaSession.setPositionState({ duration: d, playbackRate: audio.playbackRate || 1, position: Math.min(d, audio.currentTime) }); }
    catch (_) { /* a position past the duration while it loads */ }
  }
  if ("mediaSession" in navigator) {
    const on = (action, fn) => { try { navigator.mediaSession.setActionHandler(action, fn); } catch (_) { /* not supported */ } };
    on("play", () => play());
    on("pause", () => pause());
    on("stop", () => pause());
    on("seekbackward", d => skip(-((d && d.seekOffset) || 15)));
    on("seekforward", d => skip((d && d.seekOffset) || 30));
    on("seekto", d => { if (d && d.seekTime != null) seek(d.seekTime); });
    on("previoustrack", () => chapter(-1));
    on("nexttrack", () => chapter(1));
  }

  audio.addEventListener("loadedmetadata", () => {
    audio.playbackRate = speed;
    if (pendingSeek != null) { const to = pendingSeek; pendingSeek = null; seek(to); }
    positionState();
    emit();
  });
  audio.addEventListener("play", () => { if ("mediaSession" in navigator) navigator.mediaSession.playbackState = "playing"; emit(); });
  audio.addEventListener("pause", () => {
    if ("mediaSession" in navigator) navigator.mediaSession.playbackState = "paused";
    if (!audio.ended) save(false);
    emit();
  });
  audio.addEventListener("seeked", () => { if (audio.paused) save(false); positionState(); });
  audio.addEventListener("ratechange", () => { if (Math.abs(audio.playbackRate - speed) > 0.001 && audio.playbackRate > 0) speed = clamp(audio.playbackRate); positionState(); emit(); });
  audio.addEventListener("timeupdate", () => {
    if (!audio.paused && Date.now() - lastSave > 5000) { save(false); positionState(); }
    for (const fn of listeners) fn("time");
    render();
  });
  audio.addEventListener("ended", () => finished());
  audio.addEventListener("error", () => emit());
  window.addEventListener("pagehide", () => save(true));
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") save(true); });

  function render() {
    mini.hidden = !current || pageKey === (current && current.key);
    document.body.classList.toggle("has-player", !mini.hidden);
    if (!current) return;
    const title = el("mini-title"), toggleButton = el("mini-toggle");
    if (title.textContent !== current.title) title.textContent = current.title;
    title.href = current.page;
    toggleButton.textContent = audio.paused ? "\u25B6" : "\u275A\u275A";
    toggleButton.setAttribute("aria-label", audio.paused ? "Play " + current.title : "Pause " + current.title);
    const d = duration();
    el("mini-meta").textContent = (current.site ? current.site + " \u00B7 " : "") + clock(audio.currentTime) + (d ? " / " + clock(d) : "")
      + (speed !== 1 ? " \u00B7 " + speed + "\u00D7" : "");
    el("mini-progress").value = d ? Math.min(1, audio.currentTime / d) : 0;
  }
  el("mini-toggle").addEventListener("click", () => toggle());
  el("mini-back").addEventListener("click", () => skip(-15));
  el("mini-forward").addEventListener("click", () => skip(30));
  el("mini-close").addEventListener("click", () => {
    save(false);
    pause();
    current = null;
    keep.drop(CURRENT);
    audio.removeAttribute("src");
    audio.load();
    emit();
  });

  // A reload shows the last episode again, paused where the server says it stopped (on any device).
  const remembered = (() => { try { return JSON.parse(keep.get(CURRENT) || "null"); } catch (_) { return null; } })();
  if (remembered && remembered.key) {
    fetch("/podcasts/" + remembered.key + "/status", { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(r => (r.ok ? r.json() : null))
      .then(e => {
        if (current) return;
        if (e && e.state === "ready") load(e, { position: e.played ? 0 : e.position || 0 });
        else if (!e) keep.drop(CURRENT);
      })
      .catch(() => { /* offline: nothing to restore */ });
  }

  return {
    audio, load, play, pause, toggle, seek, skip, chapter, setSpeed, setSleep, sleepLeft, clock, duration,
    get current() { return current; },
    get speed() { return speed; },
    get sleepValue() { return sleep.end ? "end" : sleep.until ? "on" : ""; },
    get busy() { return !!current && !audio.paused; },
    chapterAt,
    showPage(key) { pageKey = key || null; render(); },
    listen(fn, signal) { listeners.add(fn); if (signal) signal.addEventListener("abort", () => listeners.delete(fn)); },
    autoplay: null,
  };
})();

// In-place navigation to `href` (the navigation script hears the click of a link).
const goTo = href => {
  const a = document.createElement("a");
  a.href = href;
  a.hidden = true;
  document.getElementById("main").appendChild(a);
  a.click();
  a.remove();
};

// ---- The Podcast action: play now, make now and play when ready, or make in the background ----------
async function podcastAction(button, post, showToast) {
  const url = button.dataset.podcast || "/bookmarks/" + button.value.split(" ")[1] + "/podcast";
  button.disabled = true;
  try {
    const answer = await post(url, false, { busy: player.busy ? "1" : "0" });
    const body = (answer.headers.get("Content-Type") || "").includes("json") ? await answer.json() : {};
    if (!answer.ok) { showToast(body.error || "The podcast could not be started."); return; }
    if (body.action === "play" && body.episode) { player.load(body.episode, { play: true, position: body.episode.position || 0 }); showToast("Playing: " + body.episode.title); }
    else if (body.action === "generate" && body.page) { player.autoplay = body.key; goTo(body.page); }
    else showToast(body.message || "Podcast queued.");
  } catch (_) {
    showToast("The podcast could not be started: the server did not answer.");
  } finally {
    button.disabled = false;
  }
}

// ---- The page: the full player of an episode page, the mini-player hidden there -------------------
function bindPage(signal, doc, showToast) {
const $ = s => doc.querySelector(s), $$ = s => Array.from(doc.querySelectorAll(s));
const episodeBox = $("#episode");
player.showPage(episodeBox && episodeBox.dataset.state === "ready" ? episodeBox.dataset.key : null);
if (episodeBox) {
  const key = episodeBox.dataset.key;
  if (episodeBox.dataset.state !== "ready") {
    // Generating: follow the status; when the audio is ready, show the player (and play it when this came from a Podcast action).
    const bar = $("#generation-progress"), said = $("#generation-state");
    const poll = async () => {
      if (signal.aborted) return;
      try {
        const answer = await fetch("/podcasts/" + key + "/status", { credentials: "same-origin", headers: { "Accept": "application/json" } });
        const status = answer.ok ? await answer.json() : null;
        if (signal.aborted) return;
        if (status && status.state === "ready") {
          const play = player.autoplay === key && !player.busy;
          player.autoplay = null;
          if (play) player.load(status, { play: true, position: status.position || 0 });
          goTo(location.pathname + location.search);
          return;
        }
        if (status && status.state === "failed") {
          if (said) said.textContent = "Failed: " + (status.error || "no reason given");
          goTo(location.pathname + location.search);
          return;
        }
        if (status && bar) { bar.value = Math.round((status.progress || 0) * 100); bar.textContent = bar.value + "%"; }
        if (status && said) said.textContent = status.state === "queued" ? "Queued: waiting for the voice." : "Generating: " + Math.round((status.progress || 0) * 100) + "%";
      } catch (_) { /* offline for a moment: try again */ }
      setTimeout(poll, 1500);
    };
    setTimeout(poll, 800);
  } else {
    const data = episodeBox.dataset;
    const chapters = $$("#chapters a[data-start]").map(a => ({ title: a.dataset.title || a.textContent.trim(), start: Number(a.dataset.start) || 0 }));
    const episode = { key, title: data.title, site: data.site, audio: data.audio, page: location.pathname, duration: Number(data.duration) || 0, chapters };
    const native = $("#native-audio");
    if (native) { native.pause(); native.removeAttribute("src"); native.load(); native.remove(); }
    const controls = $("#player-controls");
    if (controls) controls.hidden = false;
    const mine = () => player.current && player.current.key === key;
    const at = () => (mine() ? player.audio.currentTime : Number(data.position) || 0);
    // Viewing an episode while nothing plays loads it (paused where it stopped), so every control acts on it at once.
    if (!player.busy && !mine()) player.load(episode, { position: Number(data.position) || 0 });
    const ensure = () => { if (!mine()) player.load(episode, { position: Number(data.position) || 0 }); };
    const playButton = $("#play"), seekBar = $("#seek"), elapsed = $("#elapsed"), speedPick = $("#speed"), sleepPick = $("#sleep"), sleepLeft = $("#sleep-left");
    const chapterLinks = $$("#chapters a[data-start]");
    const update = kind => {
      const playing = mine() && !player.audio.paused;
      if (playButton) { playButton.textContent = playing ? "Pause" : "Play"; playButton.setAttribute("aria-pressed", playing ? "true" : "false"); }
      const d = mine() ? player.duration() : Number(data.duration) || 0, t = at();
      if (seekBar && doc.activeElement !== seekBar) {
        seekBar.max = String(Math.max(1, Math.floor(d)));
        seekBar.value = String(Math.floor(t));
        seekBar.setAttribute("aria-valuetext", player.clock(t) + " of " + player.clock(d));
      }
      if (elapsed) elapsed.textContent = player.clock(t);
      if (kind === "time") return;
      if (speedPick && doc.activeElement !== speedPick) {
        const want = String(player.speed);
        if (![...speedPick.options].some(o => o.value === want)) speedPick.add(new Option(player.speed + "\u00D7", want));
        speedPick.value = want;
      }
      if (sleepLeft) sleepLeft.textContent = player.sleepLeft();
      if (sleepPick && !player.sleepValue) sleepPick.value = "0";
      const c = mine() ? player.chapterAt(t) : -1;
      chapterLinks.forEach((a, i) => { if (i === c) a.setAttribute("aria-current", "true"); else a.removeAttribute("aria-current"); });
    };
    player.listen(update, signal);
    const tick = setInterval(() => update(), 1000);
    signal.addEventListener("abort", () => clearInterval(tick));
    update();
    if (playButton) playButton.addEventListener("click", () => { if (mine()) player.toggle(); else player.load(episode, { play: true, position: Number(data.position) || 0 }); });
    const back = $("#back"), forward = $("#forward");
    if (back) back.addEventListener("click", () => { ensure(); player.skip(-15); });
    if (forward) forward.addEventListener("click", () => { ensure(); player.skip(30); });
    if (seekBar) seekBar.addEventListener("change", () => { ensure(); player.seek(Number(seekBar.value)); });
    if (speedPick) speedPick.addEventListener("change", () => player.setSpeed(speedPick.value));
    if (sleepPick) sleepPick.addEventListener("change", () => player.setSleep(sleepPick.value));
    for (const a of chapterLinks) a.addEventListener("click", e => {
      e.preventDefault();
      ensure();
      player.seek(Number(a.dataset.start) || 0);
      player.play();
    });
    doc.addEventListener("keydown", e => {
      const t = e.target;
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      const onControl = t && /^(BUTTON|A|SUMMARY)$/.test(t.tagName);
      switch (e.key) {
        case " ": case "k": if (onControl && e.key === " ") return; if (mine()) player.toggle(); else player.load(episode, { play: true, position: Number(data.position) || 0 }); break;
        case "ArrowLeft": case "j": ensure(); player.skip(-15); break;
        case "ArrowRight": case "l": ensure(); player.skip(30); break;
        case "ArrowUp": player.setSpeed(player.speed + 0.1); break;
        case "ArrowDown": player.setSpeed(player.speed - 0.1); break;
        case "[": ensure(); player.chapter(-1); break;
        case "]": ensure(); player.chapter(1); break;
        default: return;
      }
      e.preventDefault();
    });
  }
}
}
window.marksPlayer = Object.assign(player, { bindPage, podcastAction });
})();
