/// Part of the app's style sheet (`StyleSheet` puts the parts in order after its own rules).
/// The reader: structured articles, text size and width, the fetching-off note.
enum ReaderStyles {
    static let css = #"""
/* The reader: structured articles, text size and width, the fetching-off note */
.reader.reader-width-narrow{max-width:32rem}.reader.reader-width-medium{max-width:38rem}.reader.reader-width-wide{max-width:50rem}
.reader.reader-size-small{font-size:1rem}.reader.reader-size-medium{font-size:1.15rem}.reader.reader-size-large{font-size:1.3rem}
.reader.reader-size-larger{font-size:1.5rem}
.reader-body{overflow-wrap:break-word}
.reader-body h2,.reader-body h3,.reader-body h4,.reader-body h5,.reader-body h6{font-family:var(--serif);line-height:1.25;margin:1.6em 0 .5em}
.reader-body h2{font-size:1.45em}.reader-body h3{font-size:1.25em}.reader-body h4,.reader-body h5,.reader-body h6{font-size:1.05em}
.reader-body ul,.reader-body ol{margin:0 0 1em;padding-left:1.5em}.reader-body li{margin:.25em 0}
.reader-body a{color:inherit;text-decoration:underline;text-underline-offset:.15em}
.reader-body img{max-width:100%;height:auto;display:block;margin:1em auto;border-radius:.3rem}
.reader-body figure{margin:1.5em 0}.reader-body figcaption{font:.9rem/1.4 var(--sans);color:var(--muted);margin-top:.4em}
.reader-body blockquote{margin:1em 0;padding:.1em 0 .1em 1em;border-left:3px solid var(--line);color:var(--muted)}
.reader-body pre{font:.85em/1.45 ui-monospace,monospace;background:var(--card);border:1px solid var(--line);border-radius:.4rem;
padding:.75em;overflow-x:auto;white-space:pre}
.reader-body code{font:.9em ui-monospace,monospace}.reader-body pre code{font-size:1em}
.reader-body :not(pre)>code{background:var(--card);border:1px solid var(--line);border-radius:.25rem;padding:0 .25em}
.reader-body table{border-collapse:collapse;margin:1em 0;font:.9em/1.4 var(--sans);display:block;overflow-x:auto;max-width:100%}
.reader-body th,.reader-body td{border:1px solid var(--line);padding:.35em .6em;text-align:left;vertical-align:top}
.reader-body caption{caption-side:top;color:var(--muted);text-align:left;padding-bottom:.3em}
.reader-body hr{border:0;border-top:1px solid var(--line);margin:2em 0}
.reader-settings{font:.9rem var(--sans);margin:0 0 1.5rem}
.reader-settings summary{cursor:pointer;color:var(--muted);padding:.7rem 0}
.reader-controls{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem .6rem;margin:.25rem 0 0}
.reader-controls label{display:inline;margin:0;font-weight:600}
.reader-controls select{width:auto;min-width:7rem;min-height:2.75rem;padding:.3rem .5rem}
.reader-controls button{min-height:2.75rem}
.reader-off{font:1.05rem/1.5 var(--sans)}
@media print{.chrome,.actions,.toolbar,.load-more,.cards{display:none}}
"""#
}
