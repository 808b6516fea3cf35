import CLibXML2
import Foundation

/// The elements of a small XML document (an EPUB's `container.xml` or OPF package) as plain values, in document
/// order: local name, attributes by local name, and the text inside. Input is untrusted: libxml2 parses it with no
/// network, no DTD loading, no entity substitution and no console output; at most `maximumBytes` and
/// `maximumElements` are read (callers may lower or raise both), a document that is not well-formed is an error, and
/// so is one that declares entities in its DTD (an entity bomb or an external entity: never expanded, refused).
public struct XMLOutline: Sendable, Equatable {
    /// One element.
    public struct Element: Sendable, Equatable {
        /// The name without its namespace prefix (`title` for `dc:title`).
        public var name: String
        /// The namespace URI, if any.
        public var namespace: String?
        /// Attributes by local name.
        public var attributes: [String: String]
        /// The element's own text (not its children's), white space collapsed (at most 2,000 characters).
        public var text: String
        /// How deep the element is: 0 for the root, 1 for its children, and so on (the elements' tree, read back from
        /// document order: an element's descendants are the elements after it that are deeper than it).
        public var depth: Int = 0
    }

    /// Bytes parsed at most (larger input is an error).
    public static let maximumBytes = 4 << 20
    /// Elements kept at most (larger documents are an error).
    public static let maximumElements = 50_000

    /// The elements, in document order.
    public let elements: [Element]

    /// Parses `xml`: at most `maximumBytes` bytes and `maximumElements` elements (`.tooLarge` beyond), a document
    /// that is not well-formed is `.notWellFormed` (libxml2's reason), one whose DTD declares entities
    /// `.declaresEntities`.
    public init(xml: [UInt8], maximumBytes: Int = XMLOutline.maximumBytes,
                maximumElements: Int = XMLOutline.maximumElements) throws(HTMLExtractionError) {
        guard !xml.isEmpty else { throw .emptyInput }
        guard xml.count <= maximumBytes else { throw .tooLarge("over \(maximumBytes) bytes") }
        guard xml.count < Int(Int32.max) else { throw .tooLarge("over 2 GB") }
        Self.initializeLibrary
        clibxml2_silence_errors_on_this_thread()
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue)
        guard let context = xmlNewParserCtxt() else { throw .unparsable }
        defer { xmlFreeParserCtxt(context) }
        let parsed = xml.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                xmlCtxtReadMemory(context, chars.baseAddress, Int32(chars.count), nil, nil, options)
            }
        }
        guard let parsed else {
            let error = context.pointee.lastError
            let message = error.message.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            throw .notWellFormed(message.isEmpty ? "unknown error" : "\(message.prefix(200)) (line \(error.line))")
        }
        defer { xmlFreeDoc(parsed) }
        if let subset = parsed.pointee.intSubset, subset.pointee.entities != nil || subset.pointee.pentities != nil {
            throw .declaresEntities
        }
        var elements: [Element] = []
        var stack: [(node: UnsafeMutablePointer<xmlNode>, depth: Int)] = []
        if let root = xmlDocGetRootElement(parsed) { stack.append((root, 0)) }
        while let (node, depth) = stack.popLast() {
            guard node.pointee.type == XML_ELEMENT_NODE else { continue }
            guard elements.count < maximumElements else { throw .tooLarge("over \(maximumElements) elements") }
            var element = Self.element(node)
            element.depth = depth
            elements.append(element)
            var children: [(node: UnsafeMutablePointer<xmlNode>, depth: Int)] = []
            var child = node.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE { children.append((current, depth + 1)) }
                child = current.pointee.next
            }
            stack.append(contentsOf: children.reversed())
        }
        self.elements = elements
    }

    /// The elements named `name` (local name).
    public func elements(named name: String) -> [Element] {
        elements.filter { $0.name == name }
    }

    private static func element(_ node: UnsafeMutablePointer<xmlNode>) -> Element {
        var attributes: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            if let name = current.pointee.name, let value = xmlGetProp(node, name) {
                attributes[String(cString: name)] = String(cString: value)
                clibxml2_free(value)
            }
            attribute = current.pointee.next
        }
        var text: [UInt8] = []
        var child = node.pointee.children
        while let current = child, text.count < 8_000 {
            if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE, let content = current.pointee.content {
                text.append(contentsOf: UnsafeBufferPointer(start: content, count: min(Int(xmlStrlen(content)), 8_000)))
            }
            child = current.pointee.next
        }
        let collapsed = String(decoding: text, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return Element(name: node.pointee.name.map { String(cString: $0) } ?? "",
                       namespace: node.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) },
                       attributes: attributes, text: String(collapsed.prefix(2_000)))
    }

    /// libxml2 wants `xmlInitParser` once, before use from several threads.
    private static let initializeLibrary: Void = { xmlInitParser() }()
}
