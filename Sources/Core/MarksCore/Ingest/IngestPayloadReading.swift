import Foundation

/// What one payload offers: its text (for notes), its first link, and a page title.
struct IngestPayloadReading {
    var text: String?
    var link: IngestLink?
    var pageTitle: String?

    private let htmlReader: IngestHTMLReader

    init(_ payload: IngestPayload, htmlReader: @escaping IngestHTMLReader) {
        self.htmlReader = htmlReader
        switch payload {
        case .url(let string):
            link = Self.linkFromURLPayload(Self.capped(string))
        case .plainText(let string):
            readText(Self.capped(string))
        case .html(let html, let baseURL):
            readHTML(Self.capped(html), baseURL: baseURL)
        case .rtf(let data):
            readRTF(data.prefix(IngestPayloadParser.maximumPayloadBytes))
        case .textAttachment(let data, let filename):
            readAttachment(data.prefix(IngestPayloadParser.maximumPayloadBytes), filename: filename)
        }
    }

    /// Where the chosen link appears in this payload's text, so notes can leave it out.
    func removals(of url: URL) -> [IngestNotes.Removal] {
        guard let text else { return [] }
        return IngestLinkScanner.links(in: text, limit: 10_000)
            .filter { Self.sameLink($0.url, url) }
            .compactMap { link in link.span.map { IngestNotes.Removal(range: $0, replacement: link.replacement) } }
    }

    private static func sameLink(_ lhs: URL, _ rhs: URL) -> Bool {
        func key(_ url: URL) -> String {
            let string = url.absoluteString
            return string.hasSuffix("/") ? String(string.dropLast()) : string
        }
        return key(lhs) == key(rhs)
    }

    private mutating func readText(_ string: String) {
        text = string
        link = IngestLinkScanner.firstLink(in: string)
    }

    private mutating func readHTML(_ html: String, baseURL: URL?) {
        guard let document = htmlReader(html, baseURL) else {
            return // empty or unreadable HTML offers no text and no link; other payloads may
        }
        let visible = document.text
        text = visible
        pageTitle = document.title
        let anchor = document.links.lazy.compactMap { anchor -> IngestLink? in
            guard let url = IngestLinkScanner.bookmarkableURL(anchor.url.absoluteString) else { return nil }
            return IngestLink(url: url, title: IngestLinkScanner.cleanTitle(anchor.text), span: nil, replacement: "", offset: 0)
        }.first
        link = anchor ?? IngestLinkScanner.firstLink(in: visible)
    }

    private mutating func readRTF(_ data: Data) {
        let rtf = RTFText(rtf: data)
        text = rtf.text
        let fieldLink = rtf.hyperlinks.lazy.compactMap { hyperlink -> IngestLink? in
            guard let url = IngestLinkScanner.bookmarkableURL(hyperlink.target.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                return nil
            }
            return IngestLink(url: url, title: IngestLinkScanner.cleanTitle(hyperlink.text), span: nil, replacement: "", offset: hyperlink.offset)
        }.first
        let textLink = IngestLinkScanner.firstLink(in: rtf.text)
        switch (fieldLink, textLink) {
        case let (field?, inText?): link = field.offset <= inText.offset ? field : inText
        default: link = fieldLink ?? textLink
        }
    }

    private mutating func readAttachment(_ data: Data, filename: String?) {
        let name = filename?.lowercased() ?? ""
        let head = data.prefix(64)
        if name.hasSuffix(".rtf") || head.starts(with: Array("{\\rtf".utf8)) {
            readRTF(data)
            return
        }
        let decoded = Self.decodeText(data)
        let lowerHead = String(decoded.prefix(256)).lowercased()
        if name.hasSuffix(".html") || name.hasSuffix(".htm") || lowerHead.contains("<html") || lowerHead.contains("<!doctype html") {
            readHTML(decoded, baseURL: nil)
        } else {
            readText(decoded)
        }
    }

    /// UTF-8 (BOM dropped), UTF-16 with a BOM, else Latin-1 (which every byte sequence is).
    static func decodeText(_ data: Data) -> String {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: bytes.dropFirst(3), as: UTF8.self) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            let units = stride(from: 2, to: bytes.count - 1, by: 2).map { index -> UInt16 in
                let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
                return littleEndian ? first | second << 8 : first << 8 | second
            }
            return String(decoding: units, as: UTF16.self)
        }
        if let utf8 = String(validating: bytes, as: UTF8.self) { return utf8 }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// A URL payload: the whole string when it is a URL; a bare host with a dot (`example.com/path`,
    /// `example.com:8080`) reads as https; other schemes are refused outright; anything else is
    /// searched like text.
    private static func linkFromURLPayload(_ string: String) -> IngestLink? {
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if let url = IngestLinkScanner.bookmarkableURL(trimmed) {
            return IngestLink(url: url, title: nil, span: nil, replacement: "", offset: 0)
        }
        if let colon = trimmed.firstIndex(of: ":") {
            let scheme = trimmed[..<colon]
            let isPort = trimmed[trimmed.index(after: colon)...].first?.isNumber == true
            let looksLikeScheme = !scheme.isEmpty && !scheme.contains(".") && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-".contains($0) }
            let isWeb = ["http", "https"].contains(scheme.lowercased())
            if looksLikeScheme && !isPort && !isWeb { return nil } // javascript:, mailto:, file:, data:, ...
        }
        let host = trimmed.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if !trimmed.contains(where: \.isWhitespace), host.contains("."), !host.contains("@"), !trimmed.contains("://"),
           let url = IngestLinkScanner.bookmarkableURL("https://" + trimmed) {
            return IngestLink(url: url, title: nil, span: nil, replacement: "", offset: 0)
        }
        return IngestLinkScanner.firstLink(in: trimmed)
    }

    private static func capped(_ string: String) -> String {
        guard string.utf8.count > IngestPayloadParser.maximumPayloadBytes else { return string }
        return String(decoding: string.utf8.prefix(IngestPayloadParser.maximumPayloadBytes), as: UTF8.self)
    }
}
