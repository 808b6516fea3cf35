/// Text from another service's export made plain: tags stripped (`<b>`, `<br/>`…), entities decoded, runs of white
/// space made one space, trimmed. Titles in the exports are often HTML-escaped or carry markup.
enum ImportedText {
    static func plain(_ text: String) -> String {
        if !needsWork(text) { return text }
        var kept: [UInt8] = []
        kept.reserveCapacity(text.utf8.count)
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x3C, i + 1 < bytes.count, isTagStart(bytes[i + 1]), let close = bytes[(i + 1)...].firstIndex(of: 0x3E) {
                kept.append(0x20)
                i = close + 1
                continue
            }
            kept.append(byte)
            i += 1
        }
        let decoded = HTMLEntities.decode(kept)
        return decoded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// True when `text` has markup, an entity, a control character, or white space to fold or trim.
    private static func needsWork(_ text: String) -> Bool {
        var previousSpace = true
        for byte in text.utf8 {
            if byte == 0x3C || byte == 0x26 || byte < 0x20 { return true }
            let space = byte == 0x20
            if space && previousSpace { return true }
            previousSpace = space
        }
        return previousSpace && !text.isEmpty
    }

    private static func isTagStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2F || byte == 0x21
    }
}
