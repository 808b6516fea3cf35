import Foundation
import SystemSupport

/// Markup that is safe by construction: the only raw text it holds comes from string literals in
/// this module's source (`StaticString`) or from trusted builders here; every interpolated `String`
/// is escaped for both text and quoted attribute contexts. Page data can therefore never become markup.
/// It is kept as UTF-8 bytes, so a page of rows is built with appends and no per-piece strings.
public struct HTML: Sendable, Equatable, CustomStringConvertible {
    /// The markup's UTF-8 bytes.
    public private(set) var bytes: [UInt8]

    /// Markup from bytes a builder in this module has already escaped.
    init(trustedBytes: [UInt8]) {
        bytes = trustedBytes
    }

    /// Empty markup.
    public static let empty = HTML(trustedBytes: [])

    /// Escaped text.
    public static func text(_ text: String) -> HTML {
        var bytes: [UInt8] = []
        appendEscaped(text, to: &bytes)
        return HTML(trustedBytes: bytes)
    }

    /// The items joined in order.
    public static func join(_ items: some Sequence<HTML>, separator: HTML = .empty) -> HTML {
        var out: [UInt8] = []
        var first = true
        for item in items {
            if !first { out += separator.bytes }
            out += item.bytes
            first = false
        }
        return HTML(trustedBytes: out)
    }

    /// Markup for each element, joined.
    public static func each<S: Sequence>(_ items: S, _ render: (S.Element) -> HTML) -> HTML {
        var out: [UInt8] = []
        for item in items { out += render(item).bytes }
        return HTML(trustedBytes: out)
    }

    /// `markup` when `condition` holds, else nothing.
    public static func when(_ condition: Bool, _ markup: @autoclosure () -> HTML) -> HTML {
        condition ? markup() : .empty
    }

    /// Appends other markup.
    public mutating func append(_ other: HTML) {
        bytes += other.bytes
    }

    /// The markup as a string.
    public var rendered: String { String(decoding: bytes, as: UTF8.self) }

    public var description: String { rendered }

    /// The markup as a response body.
    public var data: Data { Data(bytes) }

    /// Escapes `&`, `<`, `>`, `"` and `'`, which makes text safe in element content and in quoted attributes.
    /// Control characters other than tab, newline and carriage return are dropped (`MarkupEscaping`).
    public static func escape(_ text: String) -> String { MarkupEscaping.escape(text) }

    /// Appends the escaped UTF-8 of `text` (multi-byte sequences pass through untouched).
    static func appendEscaped(_ text: String, to out: inout [UInt8]) { MarkupEscaping.append(text, to: &out) }
}

extension HTML: ExpressibleByStringInterpolation {
    /// Raw markup from a literal in source code.
    public init(stringLiteral value: StaticString) {
        bytes = []
        value.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Markup from an interpolated literal: literal parts raw, interpolated values escaped.
    public init(stringInterpolation: StringInterpolation) {
        bytes = stringInterpolation.output
    }

    /// Builds markup: literal segments are trusted source text, interpolations are escaped or already safe.
    public struct StringInterpolation: StringInterpolationProtocol {
        var output: [UInt8] = []

        /// Reserves room for the result.
        public init(literalCapacity: Int, interpolationCount: Int) {
            output.reserveCapacity(literalCapacity + interpolationCount * 24)
        }

        /// A literal segment of source code (a `StaticString`, so it cannot come from data).
        public mutating func appendLiteral(_ literal: StaticString) {
            literal.withUTF8Buffer { output.append(contentsOf: $0) }
        }

        /// Text, escaped.
        public mutating func appendInterpolation(_ text: String) {
            HTML.appendEscaped(text, to: &output)
        }

        /// Text, escaped.
        public mutating func appendInterpolation(_ text: Substring) {
            HTML.appendEscaped(String(text), to: &output)
        }

        /// Markup that is already safe.
        public mutating func appendInterpolation(_ html: HTML) {
            output += html.bytes
        }

        /// Markup that is already safe, or nothing.
        public mutating func appendInterpolation(_ html: HTML?) {
            if let html { output += html.bytes }
        }

        /// A list of safe markup, joined.
        public mutating func appendInterpolation(_ items: [HTML]) {
            for item in items { output += item.bytes }
        }

        /// A number.
        public mutating func appendInterpolation(_ number: Int) {
            output += Array(String(number).utf8)
        }

        /// A checked link target, escaped.
        public mutating func appendInterpolation(_ link: SafeURL) {
            HTML.appendEscaped(link.value, to: &output)
        }
    }
}
