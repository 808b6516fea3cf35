/// The app's one style sheet: plain CSS with custom properties, no build step. Two layers — plain,
/// native-looking chrome (system sans) and editorial rows (serif titles). Colour means something: the red
/// tint only for unread and the primary save; focus and selection are neutral; errors have their own
/// colour (and an icon); field borders keep 3:1. Dark mode from `prefers-color-scheme` or `data-theme`.
/// The shell: a sidebar from 700 px, below that a header and a one-row bottom bar.
enum StyleSheet {
    static let css = #"""
:root{color-scheme:light dark;--bg:#fbfaf7;--fg:#1c1b19;--muted:#5f5d57;--line:#e4e1d9;--chrome:#f3f1ec;--card:#fff;
--tint:#b3261e;--tint-weak:#fbe9e7;--ok:#1e6b3a;--bad:#9a3412;--field:#fff;--skel:#ebe8e1;
--focus:#1c1b19;--sel:#e9e5dc;--field-line:#8a867c;--side:13.5rem;--bar:3.6rem;
--serif:"New York","Iowan Old Style","Charter","Source Serif 4","Source Serif Pro",Georgia,"Noto Serif","DejaVu Serif",serif;
--sans:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif;--radius:.6rem}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--bg:#141412;--fg:#ecebe6;--muted:#a9a79f;--line:#2e2d29;
--chrome:#1c1b19;--card:#1f1e1b;--tint:#ff8a7a;--tint-weak:#3a1f1b;--ok:#7fd39a;--bad:#fdba74;--field:#1a1917;--skel:#2a2926;
--focus:#ecebe6;--sel:#34322d;--field-line:#7d7970}}
:root[data-theme=dark]{--bg:#141412;--fg:#ecebe6;--muted:#a9a79f;--line:#2e2d29;--chrome:#1c1b19;--card:#1f1e1b;
--tint:#ff8a7a;--tint-weak:#3a1f1b;--ok:#7fd39a;--bad:#fdba74;--field:#1a1917;--skel:#2a2926;
--focus:#ecebe6;--sel:#34322d;--field-line:#7d7970;color-scheme:dark}
:root[data-theme=light]{color-scheme:light}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:1rem/1.5 var(--sans)}
a{color:inherit}
[hidden]{display:none!important}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px;border-radius:.2rem}
::selection{background:var(--sel);color:var(--fg)}
main:focus,h1[tabindex="-1"]:focus{outline:none}
.navigating::before{content:"";position:fixed;top:0;left:0;right:0;height:3px;background:var(--focus);z-index:30;transform-origin:left;
animation:navigate 1.5s ease-out forwards}
@keyframes navigate{from{transform:scaleX(.05)}to{transform:scaleX(.9)}}
@media (prefers-reduced-motion:reduce){.navigating::before{animation:none;transform:scaleX(.5)}}
.icon{width:1.25rem;height:1.25rem;flex:none;vertical-align:-.25em}
.visually-hidden{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.skip{position:absolute;left:.5rem;top:-3rem;background:var(--card);padding:.5rem 1rem;z-index:10}
.skip:focus{top:.5rem}
.js-only{display:none}
.js .js-only{display:revert}
.chrome{position:sticky;top:0;z-index:5;background:var(--chrome);border-bottom:1px solid var(--line);display:flex;align-items:center;
gap:.5rem;padding:.25rem .75rem;padding-top:max(.25rem,env(safe-area-inset-top));min-height:3rem}
.brand{font:700 1.25rem/1 var(--serif);letter-spacing:-.01em;text-decoration:none;padding:.5rem .25rem;margin-right:auto}
.add-link{display:inline-flex;align-items:center;white-space:nowrap;gap:.35rem;min-height:2.75rem;min-width:2.75rem;justify-content:center;padding:.25rem .7rem;
border:1px solid var(--field-line);border-radius:var(--radius);text-decoration:none;font-weight:600;background:var(--card)}
.add-link:hover{border-color:var(--fg)}
.wide-label{display:none}
.tabs{display:flex;list-style:none;margin:0;padding:0}
.tabs a{display:flex;align-items:center;gap:.6rem;text-decoration:none;color:var(--muted);border-radius:var(--radius)}
.tabs a:hover{color:var(--fg)}
.tabs a[aria-current=page]{color:var(--fg);font-weight:600}
.persistent:empty{display:none}
main{max-width:48rem;margin:0 auto;padding:1rem 1rem 6rem}
.placeholder{text-align:center;padding:2.5rem 1rem;color:var(--muted);max-width:32rem;margin:0 auto}
.placeholder .icon{width:2.5rem;height:2.5rem}
.placeholder h2{color:var(--fg)}
.more-list{list-style:none;margin:0;padding:0}
.more-list a{display:flex;align-items:center;gap:.9rem;min-height:3.25rem;padding:.5rem .25rem;border-bottom:1px solid var(--line);text-decoration:none;font-size:1.05rem}
.more-list a:hover{background:var(--card)}
h1{font:600 1.5rem/1.25 var(--sans);margin:.5rem 0 1rem}
h2{font:600 1.15rem/1.3 var(--sans);margin:1.5rem 0 .5rem}
.wordmark{font:700 2.4rem/1 var(--serif);letter-spacing:-.02em;margin:.75rem 0 1rem}
@supports (animation-timeline:scroll()){.wordmark{animation:fade linear both;animation-timeline:scroll();animation-range:0 8rem}}
@keyframes fade{to{opacity:0}}
.toolbar{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem .75rem;margin:.5rem 0 1rem}
.segments{display:inline-flex;border:1px solid var(--line);border-radius:var(--radius);overflow:hidden}
.segments a,.segments button{padding:.3rem .8rem;text-decoration:none;color:var(--muted);border:0;background:none;font:inherit}
.segments [aria-current=page],.segments [aria-pressed=true]{background:var(--fg);color:var(--bg)}
.count{color:var(--muted);font-size:.9rem}
.spacer{flex:1}
button,.button{font:inherit;color:var(--fg);background:var(--card);border:1px solid var(--line);border-radius:var(--radius);
padding:.4rem .9rem;cursor:pointer;text-decoration:none;display:inline-block;line-height:1.4}
button:hover,.button:hover{border-color:var(--muted)}
.primary{background:var(--tint);border-color:var(--tint);color:#fff;font-weight:600}
:root[data-theme=dark] .primary{color:#141412}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]) .primary{color:#141412}}
.link{background:none;border:0;padding:.15rem .2rem;color:var(--muted);text-decoration:underline;text-underline-offset:.15em;font-size:.875rem;line-height:1.4;border-radius:.2rem}
.link:hover{color:var(--fg)}
.rows{list-style:none;margin:0;padding:0}
.row{padding:.9rem .75rem;margin:0 -.75rem;border-bottom:1px solid var(--line)}
.row.selected{background:var(--sel);outline:2px solid var(--focus);border-radius:var(--radius)}
.row[hidden]{display:none}
.title,.row h2{font:600 1.2rem/1.3 var(--serif);margin:0 0 .25rem;overflow-wrap:anywhere}
.title a,.row h2 a{text-decoration:none}
.title a:hover,.row h2 a:hover{text-decoration:underline}
.meta{display:flex;flex-wrap:wrap;align-items:center;gap:.1rem .5rem;color:var(--muted);font-size:.875rem;margin:0}
.fav{width:16px;height:16px;flex:none;border-radius:3px;object-fit:contain}
.mono{display:inline-grid;place-items:center;width:16px;height:16px;border-radius:3px;background:var(--line);font-size:.65rem;font-weight:700;color:var(--muted)}
.badge{font-size:.75rem;border:1px solid currentColor;border-radius:1rem;padding:0 .45rem}
.badge.unread-badge{color:var(--tint)}
.excerpt{margin:.35rem 0 0;font-size:.95rem;overflow-wrap:anywhere}
.ai-label{font-size:.7rem;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:var(--muted);margin-right:.35rem}
.tags{list-style:none;display:flex;flex-wrap:wrap;gap:.3rem;margin:.45rem 0 0;padding:0;font-size:.85rem}
.tags a{text-decoration:none;color:var(--muted);border:1px solid var(--line);border-radius:1rem;padding:.05rem .55rem;display:inline-block}
.tags a:hover{color:var(--fg);border-color:var(--muted)}
.tags .ai a{border-style:dashed}
.tags .ai a::before{content:"✦ ";font-size:.75em}
.progress{display:block;height:4px;width:100%;max-width:12rem;margin:.45rem 0 0;accent-color:var(--muted)}
.actions{display:flex;flex-wrap:wrap;gap:.1rem .4rem;margin:.35rem 0 0;align-items:center}
.actions a{color:var(--muted);font-size:.875rem;line-height:1.4;padding:.15rem .2rem;text-underline-offset:.15em;border:0}
.actions a:hover{color:var(--fg)}
.load-more{display:block;text-align:center;margin:1.25rem 0;padding:.75rem}
.end{color:var(--muted);text-align:center;font-size:.875rem;margin:1.5rem 0}
.skeleton .bar{display:block;height:.9rem;border-radius:.3rem;background:var(--skel);margin:.45rem 0;max-width:100%}
.skeleton .bar.t{height:1.2rem;width:70%}
.skeleton .bar.m{width:40%}
.skeleton .bar.e{width:90%}
@media (prefers-reduced-motion:no-preference){.skeleton .bar{animation:pulse 1.2s ease-in-out infinite alternate}}
@keyframes pulse{to{opacity:.45}}
.empty{text-align:center;padding:2.5rem 1rem;color:var(--muted)}
.empty h2{color:var(--fg)}
.notice{padding:.65rem .9rem;border-radius:var(--radius);border:1px solid var(--line);background:var(--card);margin:0 0 1rem;overflow-wrap:anywhere}
.notice:empty{all:unset}
.notice.problem,.notice.success{display:flex;gap:.6rem;align-items:flex-start}
.notice .icon{margin-top:.1rem}
.notice.problem{border-color:var(--bad);color:var(--bad);border-left-width:4px}
.notice.success{border-color:var(--ok);color:var(--ok)}
/* The home cards as one compact strip above the rows (rows first); the shell's brand replaces the wordmark and
   its Add link the toolbar's. */
.cards{display:flex;gap:.5rem;overflow-x:auto;margin:0 -1rem .75rem;padding:0 1rem;scrollbar-width:none}
.card{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);flex:0 0 auto;display:flex;
align-items:baseline;gap:.5rem;padding:.35rem .65rem;max-width:min(85vw,30rem);white-space:nowrap}
.card h2{font:600 .7rem/1.2 var(--sans);text-transform:uppercase;letter-spacing:.05em;color:var(--muted);margin:0}
.card ol{margin:0;padding:0;list-style:none;display:flex;gap:.75rem}
.card a{font:600 .9rem/1.3 var(--serif);text-decoration:none;display:inline-block;max-width:11rem;overflow:hidden;
text-overflow:ellipsis;vertical-align:bottom}
.card ol,.card li{min-width:0}.card li{max-width:11rem}.card li a{max-width:100%}
.card a:hover{text-decoration:underline}
.card .meta{display:none}
.shell .wordmark{display:none}
.shell .toolbar>a.primary[href="/add"]{display:none}
form.stack{display:grid;gap:1rem;max-width:36rem}
label{font-weight:600;display:block;margin-bottom:.25rem}
.hint{color:var(--muted);font-size:.85rem;margin:.25rem 0 0;font-weight:400}
input[type=text],input[type=url],input[type=search],input[type=password],input[type=number],textarea,select{
font:inherit;color:var(--fg);background:var(--field);border:1px solid var(--field-line);border-radius:var(--radius);padding:.5rem .65rem;width:100%}
textarea{min-height:6rem;resize:vertical}
input:focus-visible,textarea:focus-visible,select:focus-visible{outline:3px solid var(--focus);outline-offset:0}
input[aria-invalid=true],textarea[aria-invalid=true]{border-color:var(--bad);border-width:2px}
.check{display:flex;gap:.5rem;align-items:center;font-weight:400}
.check input{width:1.1rem;height:1.1rem;margin:0;accent-color:var(--fg)}
fieldset{border:1px solid var(--line);border-radius:var(--radius);padding:.75rem 1rem;margin:0;min-width:0}
legend{font-weight:600;padding:0 .3rem}
.buttons{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.paste{background:var(--card);border:1px dashed var(--line);border-radius:var(--radius);padding:.75rem 1rem;margin:0 0 1.25rem}
.paste summary{cursor:pointer;font-weight:600}
.searchbar{display:flex;gap:.5rem;margin:0 0 .75rem}
.searchbar input{flex:1}
.help{margin:.25rem 0 1rem;font-size:.9rem}
.help summary{cursor:pointer;color:var(--muted)}
.help dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:.5rem 0}
.help dt{font-family:ui-monospace,monospace}
.help dd{margin:0;color:var(--muted)}
.scopes{display:flex;flex-wrap:wrap;gap:.35rem 1rem;align-items:center;margin:0 0 .6rem;border:0;padding:0}
.scopes select{width:auto;min-width:10rem;padding:.3rem .5rem}
.scopes .hint{margin:0}
.taglist{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr));gap:.25rem .75rem}
.taglist a{display:flex;justify-content:space-between;gap:.5rem;padding:.4rem .5rem;border-radius:var(--radius);text-decoration:none}
.taglist a:hover{background:var(--card)}
.taglist .n{color:var(--muted);font-variant-numeric:tabular-nums}
.taglist .ai-count{font-size:.75rem;color:var(--muted)}
.reader{font:1.15rem/1.65 var(--serif);max-width:38rem}
.reader h1{font:700 1.9rem/1.2 var(--serif)}
.reader p{margin:0 0 1em}
.detail dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem}
.detail dt{color:var(--muted)}
.detail dd{margin:0;overflow-wrap:anywhere}
.toast{position:fixed;left:50%;bottom:1.5rem;transform:translateX(-50%);background:var(--fg);color:var(--bg);border-radius:var(--radius);
padding:.6rem .75rem .6rem 1rem;display:flex;gap:1rem;align-items:center;box-shadow:0 4px 18px rgba(0,0,0,.25);z-index:20;max-width:calc(100vw - 2rem)}
.toast span{flex:1}
.toast button{background:none;color:inherit;border-color:currentColor;font-weight:700;min-height:2.75rem}
.toast button:focus-visible{outline-color:var(--bg)}
.keys{font-size:.85rem;color:var(--muted)}
dl.keys{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem;align-items:baseline;margin:0}
dl.keys dd{margin:0}
kbd{font:.8rem ui-monospace,monospace;border:1px solid var(--line);border-radius:.25rem;padding:0 .3rem}
.signin{max-width:32rem;margin:3rem auto}
.signin code{background:var(--card);border:1px solid var(--line);border-radius:.3rem;padding:.1rem .35rem;overflow-wrap:anywhere}
@media (min-width:43.75rem){html{scrollbar-gutter:stable}
.shell{padding-left:var(--side)}
.shell .chrome{position:fixed;left:0;top:0;bottom:0;width:var(--side);flex-direction:column;align-items:stretch;gap:.75rem;
border-bottom:0;border-right:1px solid var(--line);padding:1rem .75rem;overflow-y:auto}
.brand{margin:0;padding:.25rem .6rem}
.add-link{justify-content:flex-start}
.wide-label{display:inline}
.tabs{flex-direction:column;gap:.1rem}
.tabs .narrow{display:none}
.tabs a{padding:.55rem .6rem;min-height:2.5rem}
.tabs a[aria-current=page]{background:var(--sel)}
.tabs li[data-tab=settings]{margin-top:.75rem;padding-top:.75rem;border-top:1px solid var(--line)}
.cards{flex-wrap:wrap;overflow-x:visible;margin:0 0 .75rem;padding:0}
.card{max-width:100%;min-width:0}}
@media (max-width:43.74rem){
.tabs{position:fixed;left:0;right:0;bottom:0;z-index:6;background:var(--chrome);border-top:1px solid var(--line);
padding:0 max(.25rem,env(safe-area-inset-right)) env(safe-area-inset-bottom) max(.25rem,env(safe-area-inset-left))}
.tabs li{flex:1 1 0;min-width:0}
.tabs .wide{display:none}
.tabs li[data-tab=ask]{order:3}
.tabs li[data-tab=podcasts]{order:4}
.tabs li[data-tab=more]{order:5}
.tabs a{flex-direction:column;gap:.1rem;justify-content:center;min-height:var(--bar);padding:.3rem .1rem;font-size:.72rem;line-height:1.1;text-align:center}
.tabs .label{max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.tabs a[aria-current=page] .icon{stroke-width:2.5}
.shell main{padding-bottom:calc(var(--bar) + env(safe-area-inset-bottom) + 5rem)}
.add-link .label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.toast{left:.5rem;right:.5rem;transform:none;max-width:none;bottom:calc(var(--bar) + env(safe-area-inset-bottom) + .5rem)}
.row{margin:0 -.5rem;padding:.85rem .5rem}}
\#(ReaderStyles.css)
\#(TagStyles.css)
\#(SettingsStyles.css)
\#(ListStyles.css)
\#(TrashStyles.css)
\#(SourcesStyles.css)
\#(PodcastStyles.css)
\#(AskStyles.passage)
"""#
}
