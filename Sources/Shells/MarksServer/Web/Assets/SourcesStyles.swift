/// Part of the app's style sheet (`StyleSheet` puts the parts in order after its own rules).
/// The Sources tab: the paste and upload panels side by side on wide screens, the drop zone, per-file progress,
/// source rows' kind icon, and a source's text with its page markers.
enum SourcesStyles {
    static let css = #"""
/* Sources: add panels, drop zone, upload progress, rows, the text with page markers. */
.source-adder{margin:1rem 0 1.5rem}
.source-adder>summary{cursor:pointer;font-weight:600;padding:.4rem 0;width:max-content}
.source-add{display:grid;gap:1.25rem;margin:.75rem 0 0}
@media (min-width:1000px){.source-add{grid-template-columns:1fr 1fr}}
.source-add .panel{border:1px solid var(--line);border-radius:var(--radius);padding:1rem;background:var(--card)}
.source-add h2{margin:0 0 .75rem;font-size:1.1rem}
.source-add form.stack{max-width:none}
.drop{border:2px dashed var(--field-line);border-radius:var(--radius);padding:1rem}
.drop.over{border-color:var(--focus);background:var(--sel)}
.drop input[type=file]{display:block;margin:.5rem 0;max-width:100%}
.upload-progress{list-style:none;margin:0;padding:0;display:grid;gap:.35rem}
.upload-progress li,.upload-results li{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;overflow-wrap:anywhere}
.upload-progress .name{font-weight:600}
.upload-progress li.failed,.upload-results li.failed{color:var(--bad)}
.upload-results ul{list-style:none;margin:0;padding:0;display:grid;gap:.35rem}
.source-row .meta .icon,.detail.source .meta .icon{width:1rem;height:1rem;flex:none}
.filename{overflow-wrap:anywhere;unicode-bidi:isolate}
.source-search{display:flex;gap:.5rem;align-items:center;margin:.5rem 0}
.source-search input{flex:1;min-width:0}
.source-actions{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:1rem 0}
.source-actions form{display:inline}
.source-text{white-space:pre-wrap;overflow-wrap:anywhere;font-family:var(--serif);line-height:1.6;max-width:42rem}
.source-page{border-top:1px solid var(--line);padding-top:.5rem;margin-top:1rem}
.page-marker{color:var(--muted);font-size:.85rem;margin:0 0 .35rem;font-variant-numeric:tabular-nums}
.notice.extraction{display:flex;gap:.4rem;align-items:flex-start}
.paging{display:flex;gap:1rem;align-items:center;justify-content:center;margin:1.5rem 0}
.source-results{margin:1rem 0 1.5rem}
.source-results h2{font-size:1rem;color:var(--muted);margin:0 0 .25rem}
"""#
}
