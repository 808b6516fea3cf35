/// Markup that is safe by construction: the only raw text it holds comes from string literals in
/// this module's source (`StaticString`) or from trusted builders here; every interpolated `String`
/// is escaped for both text and quoted attribute contexts. Page data can therefore never become markup.
public struct HTML: Sendable, Equatable, CustomStringConvertible {
    /// The rendered markup.
    public private(set) var rendered: String

    /// Markup from a builder in this module that has already escaped what it interpolated.
    init(trusted: String) {
        rendered = trusted
    }

    /// Empty markup.
    public static let empty = HTML(trusted: "")

    /// Escaped text.
    public static func text(_ text: String) -> HTML {
        HTML(trusted: escape(text))
    }

    /// The items joined in order.
    public static func join(_ items: some Sequence<HTML>, separator: HTML = .empty) -> HTML {
        var out = ""
        var first = true
        for item in items {
            if !first { out += separator.rendered }
            out += item.rendered
            first = false
        }
        return HTML(trusted: out)
    }

    /// Markup for each element, joined.
    public static func each<S: Sequence>(_ items: S, _ render: (S.Element) -> HTML) -> HTML {
        join(items.lazy.map(render))
    }

    /// `markup` when `condition` holds, else nothing.
    public static func when(_ condition: Bool, _ markup: @autoclosure () -> HTML) -> HTML {
        condition ? markup() : .empty
    }

    /// Appends other markup.
    public mutating func append(_ other: HTML) {
        rendered += other.rendered
    }

    public var description: String { rendered }

    /// The UTF-8 bytes of the markup.
    public var utf8Count: Int { rendered.utf8.count }

    /// Escapes `&`, `<`, `>`, `"` and `'`, which makes text safe in element content and in quoted attributes.
    /// Control characters other than tab, newline and carriage return are dropped.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: needsWork) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func needsWork(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0x7F: true
        case 0x09, 0x0A, 0x0D: false
        default: byte < 0x20
        }
    }
}

extension HTML: ExpressibleByStringInterpolation {
    /// Raw markup from a literal in source code.
    public init(stringLiteral value: StaticString) {
        rendered = value.description
    }

    /// Markup from an interpolated literal: literal parts raw, interpolated values escaped.
    public init(stringInterpolation: StringInterpolation) {
        rendered = stringInterpolation.output
    }

    /// Builds markup: literal segments are trusted source text, interpolations are escaped or already safe.
    public struct StringInterpolation: StringInterpolationProtocol {
        var output = ""

        /// Reserves room for the result.
        public init(literalCapacity: Int, interpolationCount: Int) {
            output.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        /// A literal segment of source code (a `StaticString`, so it cannot come from data).
        public mutating func appendLiteral(_ literal: StaticString) {
            output += literal.description
        }

        /// Text, escaped.
        public mutating func appendInterpolation(_ text: String) {
            output += HTML.escape(text)
        }

        /// Text, escaped.
        public mutating func appendInterpolation(_ text: Substring) {
            output += HTML.escape(String(text))
        }

        /// Markup that is already safe.
        public mutating func appendInterpolation(_ html: HTML) {
            output += html.rendered
        }

        /// Markup that is already safe, or nothing.
        public mutating func appendInterpolation(_ html: HTML?) {
            if let html { output += html.rendered }
        }

        /// A list of safe markup, joined.
        public mutating func appendInterpolation(_ items: [HTML]) {
            for item in items { output += item.rendered }
        }

        /// A number.
        public mutating func appendInterpolation(_ number: Int) {
            output += String(number)
        }

        /// A checked link target, escaped.
        public mutating func appendInterpolation(_ link: SafeURL) {
            output += HTML.escape(link.value)
        }
    }
}
