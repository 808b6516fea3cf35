import Foundation
import Testing

/// docs/ARCHITECTURE.md is the map of the code: every file or folder its flows → files table names must exist, so a
/// move or a rename that forgets the map fails here instead of leaving a newcomer a dead end.
@Suite struct ArchitectureDocTests {
    /// The repository's root, found from this file's own path (Tests/MarksCoreTests/Docs/…).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyPathTheFlowsTableNamesExists() throws {
        let document = try String(contentsOf: Self.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let names = FlowsTable.paths(in: document)
        #expect(names.count > 100, "the flows table should name the files of every flow; found \(names.count)")
        let tree = Self.paths(under: Self.root)
        let missing = names.filter { !FlowsTable.matches($0, tree) }
        #expect(missing.isEmpty, "docs/ARCHITECTURE.md names paths that do not exist: \(missing)")
    }

    @Test func aNameThatIsNotInTheTreeIsCaught() {
        let tree = ["Sources/Shells/MarksCLI/Commands/AddCommand.swift", "Sources/Features/MarksReading/Archive/"]
        #expect(FlowsTable.matches("Commands/AddCommand.swift", tree))
        #expect(FlowsTable.matches("Archive/", tree))
        #expect(FlowsTable.matches("Commands/Add*.swift", tree))
        #expect(!FlowsTable.matches("Commands/RemovedCommand.swift", tree))
        #expect(!FlowsTable.matches("Command.swift", tree), "a name matches whole path components only")
        #expect(FlowsTable.paths(in: "## Product flows and the files that own them\n| add | `A/B.swift`, `/api/`, `x y` |\n## Next\n`C.swift`")
            == ["A/B.swift"])
    }

    /// Every file (and every folder, with a trailing slash) below the root, relative to it; build output and git skipped.
    static func paths(under root: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        var found: [String] = []
        let prefix = root.standardizedFileURL.path + "/"
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if name == ".build" || name == ".git" { walker.skipDescendants(); continue }
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false  // safe: an unreadable entry is just not a folder
            let path = String(url.standardizedFileURL.path.dropFirst(prefix.count))
            found.append(isFolder ? path + "/" : path)
        }
        return found
    }
}

/// Reads the paths out of the flows → files table and matches them against the tree.
enum FlowsTable {
    /// The back-quoted names in the table that are paths: they end in `.swift` or `/` and do not start with `/` (a route).
    static func paths(in document: String) -> [String] {
        guard let start = document.range(of: "## Product flows and the files that own them") else { return [] }
        let rest = document[start.upperBound...]
        let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_+*./-")
        return section.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { index, piece in
            guard index % 2 == 1, !piece.isEmpty, !piece.hasPrefix("/") else { return nil }
            guard piece.unicodeScalars.allSatisfy(allowed.contains) else { return nil }
            return piece.hasSuffix(".swift") || piece.hasSuffix("/") ? String(piece) : nil
        }
    }

    /// Whether some path of the tree ends with the name, whole components only (`*` stands for any characters
    /// within a component); a name beginning with `+` (`+Jobs.swift`, short for `Type+Jobs.swift`) ends a file name.
    static func matches(_ name: String, _ tree: [String]) -> Bool {
        if name.hasPrefix("+") { return tree.contains { $0.hasSuffix(name) } }
        let pattern = "(^|/)" + name.split(separator: "*", omittingEmptySubsequences: false)
            .map { NSRegularExpression.escapedPattern(for: String($0)) }.joined(separator: "[^/]*") + "$"
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }  // safe: escaped above
        return tree.contains { expression.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
    }
}
