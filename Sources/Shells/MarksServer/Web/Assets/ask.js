// The Ask tab's script, an asset of its own (`/assets/ask.<hash>.js`) that app-page-scripts.js — part of the app
// script's page set-up — loads on the Ask page and starts with the page view's helpers, so other pages do not carry it. The
// question goes to `/ask/stream` (the session's CSRF token in a header); the answer's text streams into a pending turn, then the server's markup of the turn (citation links and cards) replaces it and the form
// carries the conversation on. Enter asks, Shift+Enter is a new line. Without the script the form posts to `/ask`.
"use strict";
(window.marksPages = window.marksPages || {}).ask = (askForm, { doc, $, $$, csrf, signal }) => {
  const thread = $("#ask-thread"), box = $("#ask-question", askForm), askStatus = $("#ask-status");
  const askButton = $("#ask-button", askForm);
  box.addEventListener("keydown", e => {
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) { e.preventDefault(); askForm.requestSubmit(); }
  });
  const events = (buffer, handle) => {
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const chunk = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = "message", data = "";
      for (const line of chunk.split("\n")) {
        if (line.startsWith("event:")) name = line.slice(6).trim();
        else if (line.startsWith("data:")) data += line.slice(5).trim();
      }
      handle(name, data ? JSON.parse(data) : {});
    }
    return buffer;
  };
  let asking = false;
  askForm.addEventListener("submit", async event => {
    event.preventDefault();
    const question = box.value.trim();
    if (asking || !question) { box.focus(); return; }
    asking = true;
    askButton.disabled = true;
    askButton.textContent = "Asking…";
    for (const old of $$("#ask-problem, #ask-intro")) old.remove();
    box.removeAttribute("aria-invalid");
    const turn = doc.createElement("article"), heading = doc.createElement("h2"), answer = doc.createElement("p");
    turn.className = "ask-turn pending";
    heading.className = "ask-question";
    heading.textContent = question;
    answer.className = "ask-answer";
    turn.append(heading, answer);
    thread.append(turn);
    turn.scrollIntoView({ block: "nearest" });
    thread.setAttribute("aria-busy", "true");
    askStatus.textContent = "Asking…";
    const body = new URLSearchParams(new FormData(askForm));
    box.value = "";
    let finished = false;
    try {
      const response = await fetch(askForm.dataset.ask, { method: "POST", credentials: "same-origin", body, signal,
        headers: { "Accept": "text/event-stream, application/json", "X-CSRF-Token": csrf } });
      const type = response.headers.get("Content-Type") || "";
      if (!response.ok || !response.body || !type.startsWith("text/event-stream")) {
        let message = "the server answered " + response.status;
        try { message = (await response.json()).error || message; } catch (_) { /* not JSON */ }
        throw new Error(message);
      }
      const reader = response.body.getReader(), decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer = events(buffer + decoder.decode(value, { stream: true }), (name, payload) => {
          if (name === "token") {
            answer.textContent += payload.text;
          } else if (name === "turn") {
            const markup = doc.createElement("template");
            markup.innerHTML = payload.html; // the server's own markup: every value in it is escaped
            turn.replaceWith(markup.content);
            for (const input of $$('input[name="conversation"]')) input.value = payload.conversation_id || "";
            // Reload, back and a shared link show the thread (`GET /ask?c=<id>`).
            if (payload.conversation_id) history.replaceState(history.state, "", "/ask?c=" + encodeURIComponent(payload.conversation_id));
            const clear = $("#ask-clear");
            if (clear) clear.hidden = !payload.conversation_id;
            $(".ask-label", askForm).textContent = "A follow-up question";
            finished = true;
          } else if (name === "error") {
            throw new Error(payload.error);
          }
        });
      }
      if (!finished) throw new Error("the answer stopped before it was complete");
      askStatus.textContent = "Answered.";
    } catch (error) {
      if (error.name === "AbortError") return;
      turn.classList.remove("pending");
      const note = doc.createElement("p");
      note.className = "ask-note ask-error";
      note.setAttribute("role", "alert");
      note.textContent = "No answer: " + error.message + ". Try again.";
      turn.append(note);
      box.value = question;
      askStatus.textContent = "";
    } finally {
      asking = false;
      askButton.disabled = false;
      askButton.textContent = "Ask";
      thread.setAttribute("aria-busy", "false");
      box.focus();
    }
  });
};
