/// Part of the app's style sheet (`StyleSheet` puts the parts in order after its own rules).
/// Settings' account part: linkding fields, import, devices and sessions.
enum SettingsStyles {
    static let css = #"""
/* Settings: account part (linkding fields, import, devices and sessions) */
fieldset[hidden]{display:none}
.device-links,.sessions,.import-problems{list-style:none;margin:.5rem 0;padding:0}
.device-link{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;margin:.5rem 0}
.qr{margin:0;display:flex;flex-direction:column;gap:.35rem}
.qr svg{width:12rem;height:12rem;max-width:60vw;max-height:60vw;border:1px solid var(--line);border-radius:.3rem}
.qr code{overflow-wrap:anywhere;font-size:.8rem}
.sessions li{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.5rem 0;border-bottom:1px solid var(--line)}
.import-problems li{padding:.25rem 0}
progress{width:100%;max-width:24rem;height:1rem}
"""#
}
