import CLibXML2

/// A borrowed view of one libxml2 node. Valid only while the owning `HTMLDocument` is alive; never
/// leaves this module.
struct HTMLNode {
    let pointer: UnsafeMutablePointer<xmlNode>

    init(_ pointer: UnsafeMutablePointer<xmlNode>) {
        self.pointer = pointer
    }

    /// The raw address, used to compare nodes and as a dictionary key.
    var address: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

    var isElement: Bool { pointer.pointee.type == XML_ELEMENT_NODE }

    var isText: Bool {
        let type = pointer.pointee.type
        return type == XML_TEXT_NODE || type == XML_CDATA_SECTION_NODE
    }

    /// The element's tag name ("" for nodes without a name). libxml2's HTML parser already lowercases
    /// element names.
    var tagName: String {
        guard let name = pointer.pointee.name else { return "" }
        return String(cString: name)
    }

    var firstChild: HTMLNode? { pointer.pointee.children.map(HTMLNode.init) }
    var nextSibling: HTMLNode? { pointer.pointee.next.map(HTMLNode.init) }

    /// The parent's raw address (an element, or the document itself for top-level nodes).
    var parentAddress: UnsafeMutableRawPointer? { pointer.pointee.parent.map { UnsafeMutableRawPointer($0) } }

    /// The parent when it is an element.
    var parentElement: HTMLNode? {
        guard let parent = pointer.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
        return HTMLNode(parent)
    }

    /// The value of an attribute (entities decoded), or nil when absent.
    func attribute(_ name: String) -> String? {
        guard let value = xmlGetProp(pointer, name) else { return nil }
        defer { clibxml2_free(value) }
        return String(cString: value)
    }

    /// True when the attribute is present, whatever its value.
    func hasAttribute(_ name: String) -> Bool {
        xmlHasProp(pointer, name) != nil
    }

    /// Calls `body` with the UTF-8 bytes of a text node (empty for other nodes). No copy is made.
    func withTextBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard isText, let content = pointer.pointee.content else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return body(UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))))
    }
}
