import Foundation
import MarksAccess
import MarksAssembly
import MarksCore
import MarksBookmarks
import MarksFetch
import MarksTestSupport
import Testing

/// The one composition root: the parts it is given replace the ones it would build, everything else is built as
/// `marks serve` builds it, and the CLI reaches the server only through it.
@Suite struct CompositionRootTests {
    /// The repository's root, found from this file's own path (Tests/MarksAssemblyTests/…).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func givenPartsReplaceTheBuiltOnes() throws {
        let directory = try TemporaryDirectory(prefix: "marks-assembly")
        defer { directory.cleanUp() }
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_767_225_600), step: 1)
        let data = try LocalData(paths: MarksPaths(environment: [:], dataDirectory: directory.path, currentDirectory: "/"), now: { clock.now() })
        let fetcher = PageFetcher()
        let root = CompositionRoot(settings: Settings(dataDirectory: directory.url), context: ProcessContext(environment: [:]),
                                   overrides: CompositionRoot.Overrides(data: data, fetcher: fetcher))
        #expect(try root.data() === data)
        #expect(root.fetcher() === fetcher)
        #expect(try root.data() === root.data(), "each part is built once")
    }

    @Test func partsNotGivenAreBuiltFromTheSettings() throws {
        let directory = try TemporaryDirectory(prefix: "marks-assembly")
        defer { directory.cleanUp() }
        let root = CompositionRoot(settings: Settings(dataDirectory: directory.url), context: ProcessContext(environment: [:]))
        #expect(try root.data().paths.databaseFile.path == directory.url.appendingPathComponent("marks.sqlite").path)
        #expect(root.fetcher() === root.fetcher())
        // `/api/` and `marks token` share the one token file in the data directory.
        _ = try root.embeddedAPI(configuration: .init(), favicons: nil)
        #expect(try APITokenStore(directory: directory.url).token() == root.apiTokens().token())
    }

    @Test func theCLIDoesNotImportTheServer() throws {
        let folder = Self.repository.appendingPathComponent("Sources/Shells/MarksCLI")
        let walker = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var offenders: [String] = []
        var files = 0
        for case let url as URL in walker where url.pathExtension == "swift" {
            files += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            if text.split(separator: "\n").contains(where: { $0.trimmingCharacters(in: .whitespaces).hasSuffix("import MarksServer") }) {
                offenders.append(url.lastPathComponent)
            }
        }
        #expect(files > 20)
        #expect(offenders.isEmpty, "MarksCLI builds the server through MarksAssembly; these files import MarksServer: \(offenders)")
    }
}
