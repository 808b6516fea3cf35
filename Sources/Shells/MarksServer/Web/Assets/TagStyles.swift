/// Part of the app's style sheet (`StyleSheet` puts the parts in order after its own rules).
/// Tags: AI tag menus, bundles, tag management, collection cards.
enum TagStyles {
    static let css = #"""
/* Tags: AI tag menus, bundles, tag management, collection cards. */
.tags .ai{display:inline-flex;align-items:center;gap:.1rem}
.tag-menu{display:inline-block;position:relative}
.tag-menu summary{list-style:none;cursor:pointer;padding:.05rem .4rem;border-radius:1rem;color:var(--muted);min-width:1.6rem;text-align:center}
.tag-menu summary::-webkit-details-marker{display:none}
.tag-menu[open] .tag-menu-actions{position:absolute;z-index:4;display:flex;flex-direction:column;background:var(--card);
border:1px solid var(--line);border-radius:var(--radius);padding:.3rem;min-width:8rem;box-shadow:0 .3rem 1rem rgba(0,0,0,.15)}
.tag-menu-actions form{margin:0}
.tag-menu-actions button{padding:.45rem .6rem;text-align:left;width:100%}
.suggested-tags{margin-top:2rem}
@media (pointer:coarse){.tag-menu summary,.tag-menu-actions button{min-height:44px;min-width:44px}
.tags{align-items:center}.tag-menu summary{display:grid;place-items:center}}
.query-problems{border:1px solid var(--line);border-left:4px solid var(--muted);border-radius:var(--radius);padding:.4rem .9rem;margin:1rem 0}
.query-problems.blocking{border-left-color:var(--bad)}
.query-problems h2{font-size:1rem;margin:.2rem 0}
.query-problems ul{margin:.2rem 0;padding-left:1.2rem}
.scopes.mode{align-items:center}
.segments button:disabled{opacity:.6;cursor:not-allowed}
.tag-manage{margin:.6rem 0 1rem}
.tag-manage summary{cursor:pointer;color:var(--muted)}
.tag-manage form{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;margin:.6rem 0}
.tag-manage .hint{flex-basis:100%;margin:0}
/* A destructive button: the error colour as text and border, on the usual button background. */
button.danger{color:var(--bad);border-color:var(--bad);font-weight:600}
.bundles{margin:.5rem 0 1.25rem}
.bundles h2{font-size:1rem;margin:.2rem 0 .4rem}
.bundle-list{list-style:none;display:flex;flex-wrap:wrap;gap:.4rem;margin:0 0 .6rem;padding:0}
.bundle-list a{display:inline-block;padding:.35rem .8rem;border:1px solid var(--line);border-radius:1rem;text-decoration:none;color:var(--fg)}
.bundle-filter{color:var(--muted);margin-top:-.5rem}
.bundle-delete{margin-top:2rem}
.collection-cards{list-style:none;display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:.75rem;margin:1rem 0;padding:0}
.collection-card a{display:block;height:100%;box-sizing:border-box;padding:.8rem 1rem;border:1px solid var(--line);border-radius:var(--radius);
background:var(--card);color:var(--fg);text-decoration:none}
.collection-card a:hover{border-color:var(--muted)}
.collection-card h2{font:600 1.05rem/1.3 var(--serif,serif);margin:0 0 .2rem}
.collection-card .n{font-size:.8rem;color:var(--muted)}
.collection-card .samples{margin:.4rem 0 0;padding-left:1rem;font-size:.85rem;color:var(--muted)}
.collection-card .samples li{overflow-wrap:anywhere}
"""#
}
