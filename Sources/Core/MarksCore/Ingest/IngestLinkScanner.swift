import Foundation

/// Finds http/https URLs in free text the way a person reads them: `<...>`, `(...)`, `[...]` and
/// Markdown links `[text](url)` are unwrapped; trailing `.`, `,`, `:`, `;`, `!`, `?`, quotes and
/// unbalanced closing brackets are not part of the URL (balanced ones are: `wiki/Foo_(bar)`).
/// Bare hosts are accepted only with a `www.` prefix (they become https); `example.com/path` alone is
/// not a link, because file names and sentences look the same. Other schemes (`javascript:`,
/// `file:`, `mailto:`, `data:`, ...) are never links. Works on UTF-8 bytes in one pass.
enum IngestLinkScanner {
    /// Longer candidates are not treated as URLs.
    static let maximumURLLength = 8192

    /// Every bookmarkable link in `text`, in order, at most `limit`.
    static func links(in text: String, limit: Int = .max) -> [IngestLink] {
        var copy = text
        return copy.withUTF8 { bytes in scan(bytes, limit: limit) }
    }

    /// The first bookmarkable link in `text`.
    static func firstLink(in text: String) -> IngestLink? {
        links(in: text, limit: 1).first
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> [IngestLink] {
        var found: [IngestLink] = []
        var index = 0
        let count = bytes.count
        while index < count, found.count < limit {
            let byte = bytes[index] | 0x20
            guard byte == UInt8(ascii: "h") || byte == UInt8(ascii: "w"), isBoundary(before: index, in: bytes) else {
                index += 1
                continue
            }
            let bare: Bool
            if hasPrefix("https://", at: index, in: bytes) || hasPrefix("http://", at: index, in: bytes) {
                bare = false
            } else if hasPrefix("www.", at: index, in: bytes), index + 4 < count, isHostByte(bytes[index + 4]) {
                bare = true
            } else {
                index += 1
                continue
            }
            let end = candidateEnd(from: index, in: bytes)
            let trimmed = trimTrailing(start: index, end: end, in: bytes)
            if trimmed - index <= maximumURLLength,
               let url = bookmarkableURL(bytes: bytes[index..<trimmed], bare: bare) {
                found.append(link(url, start: index, end: trimmed, in: bytes))
            }
            index = max(end, index + 1)
        }
        return found
    }

    /// Wraps the URL's bytes into a link, widening the span over `<...>`, `(...)`, `[...]` or a
    /// Markdown link around it.
    private static func link(_ url: URL, start: Int, end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> IngestLink {
        if let markdown = markdownLink(urlStart: start, urlEnd: end, in: bytes) {
            return IngestLink(url: url, title: markdown.title, span: markdown.span, replacement: markdown.replacement, offset: start)
        }
        var span = start..<end
        let wrappers: [(open: Unicode.Scalar, close: Unicode.Scalar)] = [("<", ">"), ("(", ")"), ("[", "]")]
        for (open, close) in wrappers
        where start > 0 && end < bytes.count && bytes[start - 1] == UInt8(ascii: open) && bytes[end] == UInt8(ascii: close) {
            span = (start - 1)..<(end + 1)
        }
        return IngestLink(url: url, title: nil, span: span, replacement: "", offset: start)
    }

    private static func markdownLink(urlStart: Int, urlEnd: Int, in bytes: UnsafeBufferPointer<UInt8>)
        -> (title: String?, span: Range<Int>, replacement: String)? {
        guard urlStart >= 2, bytes[urlStart - 1] == UInt8(ascii: "("), bytes[urlStart - 2] == UInt8(ascii: "]") else { return nil }
        let closeBracket = urlStart - 2
        // The matching "[" on the same line, at most 1,000 bytes back, skipping nested pairs.
        var open = closeBracket - 1
        var depth = 0
        let lowest = max(0, closeBracket - 1000)
        while open >= lowest, bytes[open] != 0x0A {
            if bytes[open] == UInt8(ascii: "]") { depth += 1 }
            if bytes[open] == UInt8(ascii: "[") {
                if depth == 0 { break }
                depth -= 1
            }
            open -= 1
        }
        guard open >= lowest, bytes[open] == UInt8(ascii: "[") else { return nil }
        // The closing parenthesis: right after the URL, or after a "title" on the same line.
        var close = urlEnd
        while close < bytes.count, close - urlEnd < 300, bytes[close] != UInt8(ascii: ")"), bytes[close] != 0x0A { close += 1 }
        let spanEnd = close < bytes.count && bytes[close] == UInt8(ascii: ")") ? close + 1 : urlEnd
        let isImage = open > 0 && bytes[open - 1] == UInt8(ascii: "!")
        let text = String(decoding: bytes[(open + 1)..<closeBracket], as: UTF8.self)
        let title = isImage ? nil : cleanTitle(text)
        return (title, (isImage ? open - 1 : open)..<spanEnd, isImage ? "" : text)
    }

    /// A link text worth using as a title: collapsed, not empty, not itself a URL.
    static func cleanTitle(_ text: String) -> String? {
        let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !collapsed.isEmpty, !collapsed.contains("://"), !collapsed.lowercased().hasPrefix("www.") else { return nil }
        return collapsed
    }

    // MARK: Candidate boundaries

    private static func isBoundary(before index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index > 0 else { return true }
        let previous = bytes[index - 1]
        return !(isASCIIAlphanumeric(previous) || previous == UInt8(ascii: ".") || previous == UInt8(ascii: "/")
            || previous == UInt8(ascii: "@") || previous == UInt8(ascii: "-") || previous == UInt8(ascii: "_"))
    }

    private static func hasPrefix(_ prefix: StaticString, at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        let pattern = UnsafeBufferPointer(start: prefix.utf8Start, count: length)
        for offset in 0..<length {
            let byte = bytes[index + offset]
            let lowered = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if lowered != pattern[offset] { return false }
        }
        return true
    }

    /// The end of the run of URL characters starting at `start`.
    private static func candidateEnd(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = start
        let limit = min(bytes.count, start + maximumURLLength + 1)
        while index < limit {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                    || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "`") {
                    return index
                }
                index += 1
                continue
            }
            if endsURL(at: index, in: bytes) { return index }
            index += 1
        }
        return index
    }

    /// Non-ASCII characters that end a URL in running text: spaces, quotes, ellipsis, CJK
    /// punctuation and full-width brackets.
    private static func endsURL(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let b0 = bytes[index]
        let b1 = index + 1 < bytes.count ? bytes[index + 1] : 0
        let b2 = index + 2 < bytes.count ? bytes[index + 2] : 0
        switch (b0, b1) {
        case (0xC2, 0xA0), (0xC2, 0xAB), (0xC2, 0xBB), (0xC2, 0x85): return true
        case (0xE2, 0x80): return (0x80...0x8B).contains(b2) || [0xA8, 0xA9, 0xAF, 0x98, 0x99, 0x9C, 0x9D, 0xA6].contains(b2)
        case (0xE3, 0x80): return true
        case (0xEF, 0xBC): return [0x81, 0x88, 0x89, 0x8C, 0x9A, 0x9B, 0x9F].contains(b2)
        case (0xEF, 0xBB): return b2 == 0xBF
        default: return false
        }
    }

    /// Drops trailing punctuation and unbalanced closing brackets.
    private static func trimTrailing(start: Int, end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        // Surplus of closing over opening brackets, per closing bracket.
        var balance: [UInt8: Int] = [UInt8(ascii: ")"): 0, UInt8(ascii: "]"): 0, UInt8(ascii: "}"): 0]
        for byte in bytes[start..<end] {
            switch byte {
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): balance[byte, default: 0] += 1
            case UInt8(ascii: "("): balance[UInt8(ascii: ")"), default: 0] -= 1
            case UInt8(ascii: "["): balance[UInt8(ascii: "]"), default: 0] -= 1
            case UInt8(ascii: "{"): balance[UInt8(ascii: "}"), default: 0] -= 1
            default: break
            }
        }
        var last = end
        while last > start {
            let byte = bytes[last - 1]
            if trailingPunctuation.contains(byte) {
                last -= 1
            } else if let surplus = balance[byte], surplus > 0 {
                balance[byte] = surplus - 1
                last -= 1
            } else {
                break
            }
        }
        return last
    }

    private static let trailingPunctuation: Set<UInt8> = Set(".,:;!?'*~".utf8)

    // MARK: Validation

    private static func bookmarkableURL(bytes: Slice<UnsafeBufferPointer<UInt8>>, bare: Bool) -> URL? {
        let text = String(decoding: bytes, as: UTF8.self)
        return bookmarkableURL(bare ? "https://" + text : text, requireDottedHost: bare)
    }

    /// `candidate` as a bookmarkable URL: http or https, a plausible host, scheme and host lowercased.
    static func bookmarkableURL(_ candidate: String, requireDottedHost: Bool = false) -> URL? {
        guard let schemeEnd = candidate.range(of: "://") else { return nil }
        let scheme = candidate[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = candidate[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let hostStart = authority.lastIndex(of: "@").map { authority.index(after: $0) } ?? authority.startIndex
        let normalized = scheme + "://" + authority[..<hostStart] + authority[hostStart...].lowercased() + rest[authorityEnd...]
        guard let url = URL(string: normalized), url.scheme == scheme, let host = url.host(), isPlausibleHost(host) else {
            return nil
        }
        if requireDottedHost, host.split(separator: ".").count < 3 { return nil }
        return url
    }

    private static func isPlausibleHost(_ host: String) -> Bool {
        guard !host.isEmpty, host.utf8.count <= 253 else { return false }
        if host.contains(":") { // IPv6 literal
            return host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." || $0 == "%" }
        }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        let meaningful = labels.last == "" ? labels.dropLast() : labels[...]
        return !meaningful.isEmpty && meaningful.allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && label.utf8.allSatisfy { isHostByte($0) || $0 == UInt8(ascii: "%") }
                && label.first != "-"
        }
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
