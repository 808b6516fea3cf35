import Foundation
import MarksEngine
import MarksCore
import MarksIndex

/// The Debian-like library of issue 36: Debian's bookworm packages as bookmarks (URL its packages.debian.org page,
/// title the short description, description the long one, tags its section and topical debtags), padded with
/// synthetic bookmarks (8-word title, 40-word description, two tags) to `size`. A smaller size keeps the packages
/// of `wanted` and a fixed sample of the others. `debian/corpus.tsv` comes from `scripts/fetch-eval-data.sh`.
enum DebianLibrary {
    /// The library's documents (ids 1…), the id of each package kept, and how many documents are packages (the first ones).
    static func documents(size: Int, evaluation: URL, wanted: Set<String> = []) throws
        -> (documents: [IndexedDocument], ids: [String: Int], packages: Int) {
        let file = evaluation.appendingPathComponent("debian/corpus.tsv")
        let content: String
        do {
            content = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw BenchSupport.Failure(description: "no \(file.path): run scripts/fetch-eval-data.sh (make eval-data)")
        }
        let packages = content.split(separator: "\n").compactMap(EvaluationText.debianPackage)
        let kept: [EvaluationText.DebianPackage]
        if size >= packages.count {
            kept = packages
        } else {
            let others = packages.filter { !wanted.contains($0.name) }
                .sorted { DebianPackageCorpus.hash($0.name) < DebianPackageCorpus.hash($1.name) }
            kept = packages.filter { wanted.contains($0.name) } + others.prefix(max(0, size - wanted.count))
        }
        var documents: [IndexedDocument] = []
        var ids: [String: Int] = [:]
        for (offset, package) in kept.enumerated() {
            ids[package.name] = offset + 1
            documents.append(IndexedDocument(id: offset + 1, url: "https://packages.debian.org/bookworm/\(package.name)", title: package.summary,
                                             description: package.paragraphs.joined(separator: "\n\n"),
                                             tagNames: DebianPackageCorpus.topicalTags(section: package.section, debtags: package.debtags)))
        }
        var text = SyntheticText(seed: 36)
        for id in (documents.count + 1)..<(max(size, documents.count) + 1) {
            documents.append(IndexedDocument(id: id, url: "https://site\(id % 977).example/\(id)", title: text.sentence(words: 8),
                                             description: text.sentence(words: 40), tagNames: [text.word(), text.word()]))
        }
        return (documents, ids, kept.count)
    }
}
