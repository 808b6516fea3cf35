/// The Ask tab's style sheet, an asset of its own (`/assets/ask.<hash>.css`, linked by the Ask page) so other pages
/// do not carry it: the thread of questions and answers, `[n]` markers, citation cards, the question box with its
/// filters. `passage` — the highlighted passage a citation opens at (reader, bookmark and source pages) — is part of
/// the app's style sheet.
enum AskStyles {
    static let passage = #"""
mark.passage{background:#fff1a8;color:#1c1b19;border-radius:.15rem;padding:0 .1em;scroll-margin-top:5rem}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]) mark.passage{background:#6b5a12;color:#fff8e1}}
:root[data-theme=dark] mark.passage{background:#6b5a12;color:#fff8e1}
"""#

    static let css = #"""
/* Ask: the thread, citations as cards, the question box; the passage a citation opens at. */
.ask-head{display:flex;align-items:center;justify-content:space-between;gap:.75rem;flex-wrap:wrap}
.ask-head h1{margin-right:auto}
.ask-clear button{min-height:2.75rem}
.ask-intro{color:var(--muted);max-width:38rem;margin:0 0 1.25rem}
.ask-thread{display:grid;gap:1.25rem;margin:0 0 1.25rem}
.ask-thread:empty{display:none}
.ask-turn{border-bottom:1px solid var(--line);padding:0 0 1.25rem}
.ask-question{font:600 1.1rem/1.35 var(--sans);margin:0 0 .5rem;overflow-wrap:anywhere}
.ask-answer{font:1.1rem/1.6 var(--serif);margin:0 0 .75rem;overflow-wrap:anywhere;white-space:pre-wrap}
.ask-earlier .ask-answer{color:var(--muted);font-size:1rem}
.ask-not-found{font-style:italic}
.ask-turn.pending .ask-answer:empty::after{content:"Looking through your library…";color:var(--muted);font-style:italic}
.cite{font:600 .8em/1 var(--sans);text-decoration:none;padding:.45em .3em;border-radius:.25rem;vertical-align:.15em;color:var(--muted)}
.cite:hover,.cite:focus-visible{color:var(--fg);background:var(--sel)}
.citations{list-style:none;margin:0;padding:0;display:grid;gap:.6rem}
@media (min-width:1000px){.citations{grid-template-columns:1fr 1fr}}
.citation{display:flex;gap:.65rem;align-items:flex-start;background:var(--card);border:1px solid var(--line);border-radius:var(--radius);padding:.65rem .8rem;min-width:0}
.citation:target{border-color:var(--focus);box-shadow:0 0 0 2px var(--focus)}
.citation>div{min-width:0;flex:1}
.citation-number{flex:none;font:600 .8rem/1.6rem var(--sans);width:1.6rem;height:1.6rem;text-align:center;border-radius:50%;background:var(--sel)}
.citation-title{font:600 1rem/1.3 var(--serif);text-decoration:none;overflow-wrap:anywhere}
.citation-title:hover{text-decoration:underline}
.ask-where{color:var(--muted);font-size:.8rem;margin:.15rem 0 .35rem;overflow-wrap:anywhere}
.citation-quote{margin:0;padding:0 0 0 .65rem;border-left:3px solid var(--line);font:.92rem/1.5 var(--serif);overflow-wrap:anywhere}
.ask-nearest-heading{font:600 .85rem/1.3 var(--sans);margin:.75rem 0 .4rem;color:var(--muted)}
.ask-nearest{margin:0;padding:0 0 0 1.1rem;display:grid;gap:.35rem}
.ask-nearest a{font-family:var(--serif);overflow-wrap:anywhere}
.ask-nearest .ask-where{display:inline;margin:0}
.ask-note{font-size:.85rem;color:var(--muted);border-left:3px solid var(--line);padding:.1rem 0 .1rem .6rem;margin:.75rem 0 0}
.ask-error{color:var(--bad)}
.ask-form{padding:.25rem 0}
.ask-label{margin-bottom:.35rem}
.ask-box{display:flex;gap:.5rem;align-items:stretch}
.ask-box textarea{flex:1;min-width:0;min-height:2.9rem;resize:vertical}
.ask-box button{min-width:4.5rem}
.ask-form .hint{margin:.3rem 0 .5rem}
.ask-filters{display:flex;flex-wrap:wrap;gap:.4rem 1rem;align-items:center;border:0;padding:0}
.ask-filters legend{font-weight:400;color:var(--muted);font-size:.85rem;padding:0;float:left;margin-right:.25rem}
.ask-tag{display:inline-flex;align-items:center;gap:.5rem}
.ask-filters label[for=ask-tag]{margin:0;font-weight:400}
.ask-filters input[type=text]{width:auto;max-width:12rem;padding:.3rem .5rem}
"""#
}
