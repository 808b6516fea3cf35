/// Part of the app's style sheet (`StyleSheet` puts the parts in order after its own rules).
/// The lists: row actions (labelled icon buttons, at least 44 px on touch), the row's More menu, select mode and
/// the bulk bar, the reader's end block, print.
enum ListStyles {
    static let css = #"""
/* Lists: row actions (labelled icon buttons, ≥ 44 px on touch), the row's More menu, select mode and
   the bulk bar, the sort segments, the reader's end-of-article block. */
.row{position:relative;scroll-margin-top:4.5rem}
.row:focus{outline:none}
.row:focus-visible{outline:2px solid var(--fg);outline-offset:-2px;border-radius:var(--radius)}
.row>h2+.meta~button:first-of-type{margin-left:-.45rem}
.meta[data-m]::before{margin-right:.1rem;content:attr(data-m);content:attr(data-m) / "";display:inline-grid;place-items:center;width:16px;height:16px;
border-radius:3px;background:var(--line);font-size:.65rem;font-weight:700;color:var(--muted)}
.row.unread .meta::after{content:"Unread";color:var(--tint);font-size:.75rem;border:1px solid currentColor;border-radius:1rem;padding:0 .45rem}
.row>button,.row>a{display:inline-flex;vertical-align:middle;margin:.35rem .2rem 0 0;align-items:center;gap:.3rem;background:none;border:1px solid transparent;color:var(--muted);
font-size:.85rem;line-height:1.2;padding:.3rem .45rem;border-radius:var(--radius);text-decoration:none;min-height:2rem}
.row>button:hover,.row>a:hover,.row>[aria-expanded=true]{color:var(--fg);border-color:var(--line);background:var(--card)}
.row>button::before,.row>a::before{content:"";width:18px;height:18px;flex:none;background:currentColor;
mask:no-repeat center/contain}
.row>[value^="read "]::before{mask-image:url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'><path d='M5 12.5l4.5 4.5L19 7.5'/></svg>")}
.row>[value^="unread "]::before{mask-image:url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'><circle cx='12' cy='12' r='6'/></svg>")}
.row>[value^="archive "]::before{mask-image:url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'><path d='M4 5h16v4H4zM6 9v10h12V9M10 13h4'/></svg>")}
.row>[value^="unarchive "]::before{mask-image:url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'><path d='M4 5h16v4H4zM6 9v10h12V9M12 17v-5M9.5 14.5L12 12l2.5 2.5'/></svg>")}
.row>[value^="delete "]::before{mask-image:url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'><path d='M4 7h16M10 7V4h4v3M6 7l1 13h10l1-13M10 11v6M14 11v6'/></svg>")}
.row>a::before{mask-image:url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='black'><circle cx='5' cy='12' r='2'/><circle cx='12' cy='12' r='2'/><circle cx='19' cy='12' r='2'/></svg>")}
.row>a{font-size:0;gap:0}
@media (pointer:coarse){.row>button,.row>a{min-width:44px;min-height:44px;justify-content:center}}
@media (max-width:40rem){.row>button{font-size:0;gap:0;margin-right:.1rem}}
.row-menu{position:absolute;z-index:30;display:grid;min-width:12rem;padding:.3rem;background:var(--card);border:1px solid var(--line);
border-radius:var(--radius);box-shadow:0 6px 24px rgba(0,0,0,.18)}
.row-menu[hidden]{display:none}
.row-menu a,.row-menu button{display:block;width:100%;text-align:left;padding:.55rem .75rem;border:0;background:none;border-radius:.4rem;
font:inherit;font-size:.95rem;color:var(--fg);text-decoration:none;min-height:44px}
.row-menu a:hover,.row-menu button:hover,.row-menu :focus-visible{background:var(--bg)}
.pick{float:left;width:1.3rem;height:1.3rem;margin:.25rem .65rem 0 0;accent-color:var(--fg)}
.bulk{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;position:sticky;top:3.2rem;z-index:4;background:var(--bg);
padding:.6rem 0;margin:0 0 .5rem;border-bottom:1px solid var(--line)}
.bulk input[type=text]{width:9rem;padding:.35rem .55rem}
.bulk-titles{margin:0 0 1.25rem;padding-left:1.25rem}
.segments.sort a{font-size:.9rem;padding:.3rem .6rem}
/* The list toolbar's links wrap as one group, never one word alone on a line. */
.toolbar-links{display:inline-flex;gap:1rem;white-space:nowrap}
.reader-end{font-family:var(--sans);font-size:1rem;border-top:1px solid var(--line);margin:2.5rem 0 1.5rem;padding-top:1rem}
.reader-end h2{margin-top:0}
.reader-end form{display:inline}
@media print{.row>button,.row>a,.bulk,.row-menu,.reader-end{display:none}}
"""#
}
