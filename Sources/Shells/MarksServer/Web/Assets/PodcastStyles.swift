/// Part of the app's style sheet (`StyleSheet` puts the parts in order after its own rules).
/// Podcasts: the library rows with their state, the play queue, the full player (controls, chapters, keyboard help) and
/// the mini-player fixed at the bottom of the shell (above the phone's tab bar; the toast moves up while it shows).
enum PodcastStyles {
    static let css = #"""
/* Podcasts: library rows, queue, full player, mini-player. */
.episodes{list-style:none;margin:0;padding:0}
.episode-row{padding:.8rem 0;border-bottom:1px solid var(--line);display:grid;gap:.3rem}
.episode-row h3{font:600 1.1rem/1.3 var(--serif);margin:0;overflow-wrap:anywhere}
.episode-row h3 a{text-decoration:none}
.episode-row h3 a:hover{text-decoration:underline}
.episode-row .buttons form{display:inline}
.episode-row .failed,.episode .failed{color:var(--bad)}
.state{font-size:.75rem;border:1px solid currentColor;border-radius:1rem;padding:0 .45rem;white-space:nowrap}
.state.ready{color:var(--ok)}
.state.failed{color:var(--bad)}
.gen-progress{width:8rem;height:.5rem;accent-color:var(--muted);vertical-align:middle}
.queue{counter-reset:q;list-style:none;margin:0 0 1.5rem;padding:0}
.queue li{display:flex;flex-wrap:wrap;align-items:center;gap:.35rem .6rem;padding:.5rem 0;border-bottom:1px solid var(--line)}
.queue li::before{counter-increment:q;content:counter(q);color:var(--muted);font-variant-numeric:tabular-nums;min-width:1.2rem}
.queue .q-title{flex:1 1 12rem;font:600 1rem/1.3 var(--serif);overflow-wrap:anywhere}
.queue form{display:inline}
.queue button,.episode-row button{padding:.25rem .6rem;font-size:.875rem;min-height:2.25rem}
.episode h1{font:700 1.6rem/1.25 var(--serif);overflow-wrap:anywhere}
.player{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);padding:1rem;margin:1rem 0}
.player audio{width:100%}
.player-controls{display:grid;gap:.75rem}
.transport{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.transport #play{min-width:6rem;font-weight:700}
.transport button{min-height:2.75rem}
.seek{display:flex;gap:.6rem;align-items:center;font-variant-numeric:tabular-nums}
.seek input{flex:1;min-width:0;accent-color:var(--fg)}
.player-options{display:flex;flex-wrap:wrap;gap:.75rem 1.5rem;align-items:end}
.player-options select{width:auto;min-width:8rem}
.player-options label{margin-bottom:.2rem}
#sleep-left{color:var(--muted);font-size:.875rem;min-height:1.3em}
.episode-actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:.75rem 0}
.episode-actions form{display:inline}
.chapters{padding-left:1.5rem}
.chapters li{padding:.2rem 0}
.chapters a{text-underline-offset:.15em}
.chapters a[aria-current=true]{font-weight:700}
.chapters .at{color:var(--muted);font-variant-numeric:tabular-nums;margin-left:.4rem;font-size:.875rem}
.mini-player{position:fixed;z-index:7;left:0;right:0;bottom:0;display:flex;align-items:center;gap:.4rem;padding:.4rem .75rem;
background:var(--chrome);border-top:1px solid var(--line);box-shadow:0 -2px 12px rgba(0,0,0,.08)}
.mini-player button{min-width:2.75rem;min-height:2.75rem;padding:.2rem .5rem;font-variant-numeric:tabular-nums}
.mini-toggle{font-weight:700}
.mini-text{flex:1;min-width:0;display:grid;gap:.1rem}
.mini-text a{font:600 .95rem/1.25 var(--serif);text-decoration:none;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.mini-text a:hover{text-decoration:underline}
.mini-meta{color:var(--muted);font-size:.8rem;font-variant-numeric:tabular-nums;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.mini-text progress{width:100%;height:3px;accent-color:var(--muted)}
.has-player main{padding-bottom:9rem}
.has-player .toast{bottom:5rem}
@media (min-width:43.75rem){.mini-player{left:var(--side)}}
@media (max-width:43.74rem){.mini-player{bottom:calc(var(--bar) + env(safe-area-inset-bottom))}
.has-player.shell main{padding-bottom:calc(var(--bar) + env(safe-area-inset-bottom) + 9rem)}
.has-player .toast{bottom:calc(var(--bar) + env(safe-area-inset-bottom) + 4.5rem)}
#mini-back,#mini-forward{display:none}}
"""#
}
