/// What a visitor wants after seeing a node.
enum HTMLWalkStep {
    /// Visit the node's children (and call `exit` for the element afterwards).
    case descend
    /// Do not visit the children (no `exit` call follows).
    case skipChildren
    /// End the walk at once.
    case stop
}

/// Walks a libxml2 tree in document order WITHOUT recursion: it follows child, sibling and parent
/// pointers, so no input can exhaust the stack however deeply it nests.
enum HTMLTreeWalker {
    /// Visits every node below `container` (not `container` itself), starting at `first`, which must
    /// be `container`'s first child. `exit` is called for every element whose `enter` returned
    /// `.descend`, after its children.
    static func walk(
        first: HTMLNode?,
        container: UnsafeMutableRawPointer,
        enter: (HTMLNode) -> HTMLWalkStep,
        exit: (HTMLNode) -> Void = { _ in }
    ) {
        var current = first
        while let node = current {
            let step = node.isElement ? enter(node) : (enter(node) == .stop ? .stop : .skipChildren)
            if step == .stop { return }
            if step == .descend, let child = node.firstChild {
                current = child
                continue
            }
            if step == .descend { exit(node) }
            current = nil
            var climbing = node
            while true {
                if let next = climbing.nextSibling {
                    current = next
                    break
                }
                guard let parentAddress = climbing.parentAddress, parentAddress != container,
                      let parent = climbing.parentElement else { break }
                exit(parent)
                climbing = parent
            }
        }
    }

    /// Visits every node below `element` (children, grandchildren, ...), not `element` itself.
    static func walk(
        below element: HTMLNode,
        enter: (HTMLNode) -> HTMLWalkStep,
        exit: (HTMLNode) -> Void = { _ in }
    ) {
        walk(first: element.firstChild, container: element.address, enter: enter, exit: exit)
    }
}
