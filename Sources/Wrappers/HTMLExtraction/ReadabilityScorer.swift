/// Scores every element of a page the way Readability does: each paragraph-like element with at
/// least 25 characters earns 1 + its commas + 1 per 100 characters (max 3), credited in full to its
/// parent, half to its grandparent and score / (3 × level) further up (to five levels); each credited
/// element starts from a weight for its tag and its class/id words. Walks with an explicit stack.
struct ReadabilityScorer {
    let classifier: BoilerplateClassifier
    private(set) var stats: [UnsafeMutableRawPointer: ElementStats] = [:]
    /// Elements that usually hold the article: `itemprop=articleBody`, `<article>`, `<main>`, `role=main`,
    /// best kind first, in document order.
    private(set) var preferred: [(node: HTMLNode, rank: Int)] = []

    private struct Frame {
        var node: HTMLNode
        var tag: String
        var stats = ElementStats()
        var hasBlockChild = false
    }

    private var stack: [Frame] = []
    private var linkDepth = 0

    init(classifier: BoilerplateClassifier) {
        self.classifier = classifier
    }

    /// Scores everything below `root`.
    mutating func score(below root: HTMLNode) {
        HTMLTreeWalker.walk(below: root, enter: { node in enter(node) }, exit: { _ in exitElement() })
    }

    private mutating func enter(_ node: HTMLNode) -> HTMLWalkStep {
        guard node.isElement else {
            node.withTextBytes { addText($0) }
            return .skipChildren
        }
        let tag = node.tagName
        if classifier.isBoilerplate(node, tag: tag) { return .skipChildren }
        if HTMLVocabulary.blockTags.contains(tag), !stack.isEmpty { stack[stack.count - 1].hasBlockChild = true }
        if tag == "a" { linkDepth += 1 }
        if let rank = Self.preferenceRank(node, tag: tag) { preferred.append((node, rank)) }
        stack.append(Frame(node: node, tag: tag))
        return .descend
    }

    private mutating func exitElement() {
        guard let frame = stack.popLast() else { return }
        if frame.tag == "a" { linkDepth = max(0, linkDepth - 1) }
        if !stack.isEmpty {
            stack[stack.count - 1].stats.textLength += frame.stats.textLength
            stack[stack.count - 1].stats.linkLength += frame.stats.linkLength
            stack[stack.count - 1].stats.commas += frame.stats.commas
        }
        var finished = frame.stats
        if let recorded = stats[frame.node.address] { finished.score = recorded.score; finished.isCandidate = recorded.isCandidate }
        stats[frame.node.address] = finished
        if isParagraphLike(frame), frame.stats.textLength >= 25 { credit(frame.stats) }
    }

    private func isParagraphLike(_ frame: Frame) -> Bool {
        switch frame.tag {
        case "p", "pre", "td", "blockquote": true
        case "div", "section": !frame.hasBlockChild
        default: false
        }
    }

    /// Adds a paragraph's score to its ancestors (still on the stack).
    private mutating func credit(_ paragraph: ElementStats) {
        let contentScore = 1 + Double(paragraph.commas) + min(Double(paragraph.textLength / 100), 3)
        for level in 0..<5 {
            let index = stack.count - 1 - level
            guard index >= 0 else { break }
            let ancestor = stack[index]
            let divider: Double = level == 0 ? 1 : (level == 1 ? 2 : Double(level) * 3)
            var entry = stats[ancestor.node.address] ?? ElementStats()
            if !entry.isCandidate {
                entry.isCandidate = true
                entry.score = Self.initialScore(ancestor.node, tag: ancestor.tag)
            }
            entry.score += contentScore / divider
            stats[ancestor.node.address] = entry
        }
    }

    private mutating func addText(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !stack.isEmpty else { return }
        var length = 0, commas = 0
        var inSpace = true
        for byte in bytes {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C {
                if !inSpace { length += 1 }
                inSpace = true
            } else if byte & 0xC0 != 0x80 {
                length += 1
                inSpace = false
                if byte == UInt8(ascii: ",") { commas += 1 }
            }
        }
        stack[stack.count - 1].stats.textLength += length
        stack[stack.count - 1].stats.commas += commas
        if linkDepth > 0 { stack[stack.count - 1].stats.linkLength += length }
    }

    private static func initialScore(_ node: HTMLNode, tag: String) -> Double {
        var score: Double = switch tag {
        case "div": 5
        case "pre", "td", "blockquote": 3
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": -3
        case "h1", "h2", "h3", "h4", "h5", "h6", "th": -5
        default: 0
        }
        let names = [node.attribute("class"), node.attribute("id")].compactMap { $0 }.joined(separator: " ").lowercased()
        let words = Set(names.split { !($0.isLetter || $0.isNumber) }.map(String.init))
        if !words.isDisjoint(with: positiveWords) { score += 25 }
        if BoilerplateClassifier.matches(names) { score -= 25 }
        return score
    }

    private static let positiveWords: Set<String> = [
        "article", "body", "content", "entry", "hentry", "main", "page", "post", "text", "blog", "story",
    ]

    private static func preferenceRank(_ node: HTMLNode, tag: String) -> Int? {
        if node.attribute("itemprop")?.lowercased() == "articlebody" { return 0 }
        if tag == "article" { return 1 }
        if tag == "main" { return 2 }
        if node.attribute("role")?.lowercased() == "main" { return 3 }
        return nil
    }
}
