import CLibXML2
import Foundation

/// A parsed HTML page: owns a libxml2 document and frees it in `deinit`.
///
/// Input is untrusted: the parser runs in recover mode with no network access and no console
/// output. Only the first `maximumParsedBytes` (5 MiB) of input are parsed; the rest is ignored.
/// libxml2 stops building the tree at 256 levels of nesting, and every walk here is iterative, so
/// neither deep nesting nor huge text nodes can exhaust the stack. Not thread-safe: use one
/// document from one task at a time.
public final class HTMLDocument {
    /// How many bytes of input are parsed at most; anything beyond is ignored.
    public static let maximumParsedBytes = 5 * 1024 * 1024

    /// The page's own address, used to resolve relative URLs (after any `<base href>`).
    public let url: URL?
    /// The encoding the bytes were read with ("UTF-8" for `String` input).
    public let encoding: String

    let document: UnsafeMutablePointer<xmlDoc>
    private var cachedBaseURL: URL??

    /// Parses HTML text.
    public convenience init(html: String, url: URL? = nil) throws {
        try self.init(input: HTMLInputDecoder.prepare(string: html, limit: Self.maximumParsedBytes), url: url)
    }

    /// Parses HTML bytes, detecting the charset from a byte-order mark or `<meta>` (default UTF-8).
    public convenience init(html: [UInt8], url: URL? = nil) throws {
        try self.init(input: HTMLInputDecoder.prepare(bytes: html, limit: Self.maximumParsedBytes), url: url)
    }

    /// Parses HTML bytes, detecting the charset from a byte-order mark or `<meta>` (default UTF-8).
    public convenience init(html: Data, url: URL? = nil) throws {
        try self.init(input: HTMLInputDecoder.prepare(bytes: html, limit: Self.maximumParsedBytes), url: url)
    }

    private init(input: HTMLInput, url: URL?) throws {
        guard !input.bytes.isEmpty else { throw HTMLExtractionError.emptyInput }
        Self.initializeLibrary
        clibxml2_silence_errors_on_this_thread()
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)
        let parsed = input.bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                htmlReadMemory(chars.baseAddress, Int32(chars.count), url?.absoluteString, input.encoding, options)
            }
        }
        guard let parsed else { throw HTMLExtractionError.unparsable }
        self.document = parsed
        self.url = url
        self.encoding = input.encoding
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// libxml2 wants `xmlInitParser` once, before use from several threads; `static let` runs it once.
    private static let initializeLibrary: Void = { xmlInitParser() }()

    /// The URL relative links resolve against: the first `<base href>` (itself resolved against
    /// `url`), else `url`.
    public var baseURL: URL? {
        if let cachedBaseURL { return cachedBaseURL }
        var base = url
        walk { node in
            guard node.isElement, node.tagName == "base", let href = node.attribute("href") else { return .descend }
            if let resolved = Self.resolve(href, against: url) {
                base = resolved
                return .stop
            }
            return .descend
        }
        cachedBaseURL = .some(base)
        return base
    }

    /// True when libxml2's error handlers on the calling thread are the silent ones (for tests).
    static var errorOutputIsSilenced: Bool { clibxml2_errors_are_silenced_on_this_thread() != 0 }

    /// Resolves an attribute value (href, src, content) to an absolute URL against `baseURL`.
    func resolve(_ reference: String) -> URL? {
        Self.resolve(reference, against: baseURL)
    }

    /// Resolves `reference` against `base` the way a browser does: leading and trailing white space
    /// and any tab or newline inside are removed first. Returns nil when the result is not absolute.
    static func resolve(_ reference: String, against base: URL?) -> URL? {
        let cleaned = String(reference.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
            .trimmingCharacters(in: .whitespaces)
        guard !cleaned.isEmpty, cleaned.utf8.count <= 8192 else { return nil }
        guard let url = URL(string: cleaned, relativeTo: base)?.absoluteURL, let scheme = url.scheme, !scheme.isEmpty
        else { return nil }
        if scheme == "http" || scheme == "https" {
            guard let host = url.host(), !host.isEmpty else { return nil }
        }
        return url
    }

    /// Walks the whole document in order, without recursion.
    func walk(enter: (HTMLNode) -> HTMLWalkStep, exit: (HTMLNode) -> Void = { _ in }) {
        HTMLTreeWalker.walk(
            first: document.pointee.children.map(HTMLNode.init),
            container: UnsafeMutableRawPointer(document),
            enter: enter,
            exit: exit
        )
    }

    /// The `<html>` element, if the page has one.
    var rootElement: HTMLNode? { xmlDocGetRootElement(document).map(HTMLNode.init) }
}

@available(*, unavailable, message: "HTMLDocument owns a libxml2 tree that is not safe to share across threads")
extension HTMLDocument: Sendable {}
