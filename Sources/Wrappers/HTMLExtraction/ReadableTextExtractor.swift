/// Finds the article in a page and turns it into clean paragraphs (see `HTMLDocument.readableText()`).
struct ReadableTextExtractor {
    /// A preferred element (`<article>`, `<main>`, ...) is used only if it holds at least this much text.
    static let minimumPreferredLength = 250

    let classifier: BoilerplateClassifier

    /// The content elements of the page in document order, and their cleaned text blocks.
    func blocks(below scope: HTMLNode) -> [TextBlock] {
        let roots = contentRoots(below: scope).roots
        var builder = TextBlockBuilder()
        for root in roots {
            builder.breakBlock()
            if root.address == scope.address || !root.isElement {
                collect(below: root, into: &builder)
            } else {
                HTMLDocument.open(root.tagName, in: &builder)
                collect(below: root, into: &builder)
                HTMLDocument.close(root.tagName, in: &builder)
            }
        }
        return builder.finish()
    }

    /// The elements holding the article (in document order) and the scores of every element of the page.
    func contentRoots(below scope: HTMLNode) -> (roots: [HTMLNode], stats: [UnsafeMutableRawPointer: ElementStats]) {
        var scorer = ReadabilityScorer(classifier: classifier)
        scorer.score(below: scope)
        return (contentRoots(scorer: scorer, scope: scope), scorer.stats)
    }

    private func contentRoots(scorer: ReadabilityScorer, scope: HTMLNode) -> [HTMLNode] {
        let preferred = scorer.preferred
            .filter { (scorer.stats[$0.node.address]?.textLength ?? 0) >= Self.minimumPreferredLength }
            .min { lhs, rhs in
                if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
                return (scorer.stats[lhs.node.address]?.textLength ?? 0) > (scorer.stats[rhs.node.address]?.textLength ?? 0)
            }
        if let preferred { return [preferred.node] }
        var best: (node: HTMLNode, score: Double)?
        HTMLTreeWalker.walk(below: scope) { node in
            guard node.isElement, let stats = scorer.stats[node.address] else { return .skipChildren }
            if stats.isCandidate, stats.finalScore > (best?.score ?? -.infinity) { best = (node, stats.finalScore) }
            return .descend
        }
        guard var top = best?.node else { return [scope] }
        while let parent = top.parentElement, parent.address != scope.address, Self.elementChildCount(parent) == 1 {
            top = parent
        }
        return siblingsWorthKeeping(around: top, topScore: best?.score ?? 0, scorer: scorer, scope: scope)
    }

    /// The top candidate plus siblings that look like more of the same article (Readability's rule).
    private func siblingsWorthKeeping(around top: HTMLNode, topScore: Double, scorer: ReadabilityScorer, scope: HTMLNode) -> [HTMLNode] {
        guard let parent = top.parentElement, top.address != scope.address else { return [top] }
        let threshold = max(10, topScore * 0.2)
        let topClass = top.attribute("class")
        var kept: [HTMLNode] = []
        var sibling = parent.firstChild
        while let node = sibling {
            sibling = node.nextSibling
            guard node.isElement else { continue }
            if node.address == top.address {
                kept.append(node)
                continue
            }
            guard let stats = scorer.stats[node.address] else { continue }
            let bonus = topClass != nil && node.attribute("class") == topClass ? topScore * 0.2 : 0
            if stats.isCandidate, stats.finalScore + bonus >= threshold {
                kept.append(node)
            } else if node.tagName == "p" {
                if stats.textLength > 80, stats.linkDensity < 0.25 {
                    kept.append(node)
                } else if stats.textLength > 0, stats.linkLength == 0, HTMLDocument.text(of: node).contains(". ") || HTMLDocument.text(of: node).hasSuffix(".") {
                    kept.append(node)
                }
            }
        }
        return kept
    }

    private static func elementChildCount(_ node: HTMLNode) -> Int {
        var count = 0
        var child = node.firstChild
        while let current = child, count < 2 {
            if current.isElement { count += 1 }
            child = current.nextSibling
        }
        return count
    }

    /// Collects text blocks below `root`, skipping furniture; headings and list items keep their kind.
    private func collect(below root: HTMLNode, into builder: inout TextBlockBuilder) {
        var headingDepth = 0, listItemDepth = 0
        HTMLTreeWalker.walk(below: root, enter: { node in
            guard node.isElement else {
                builder.kind = headingDepth > 0 ? .heading : (listItemDepth > 0 ? .listItem : .paragraph)
                node.withTextBytes { builder.append($0) }
                return .skipChildren
            }
            let tag = node.tagName
            if classifier.isBoilerplate(node, tag: tag) || HTMLVocabulary.invisibleTags.contains(tag) { return .skipChildren }
            HTMLDocument.open(tag, in: &builder)
            if HTMLVocabulary.headingTags.contains(tag) { headingDepth += 1 }
            if tag == "li" || tag == "dt" || tag == "dd" { listItemDepth += 1 }
            return .descend
        }, exit: { node in
            let tag = node.tagName
            HTMLDocument.close(tag, in: &builder)
            if HTMLVocabulary.headingTags.contains(tag) { headingDepth = max(0, headingDepth - 1) }
            if tag == "li" || tag == "dt" || tag == "dd" { listItemDepth = max(0, listItemDepth - 1) }
        })
    }
}
