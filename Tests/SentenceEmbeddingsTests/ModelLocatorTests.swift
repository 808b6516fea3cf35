import Foundation
import Testing
@testable import SentenceEmbeddings

/// A fresh temporary directory, removed when the test's scope ends.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("marks-embeddings-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ contents: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: file)
        return file
    }

    deinit {
        try? FileManager.default.removeItem(at: url) // cleanup only
    }
}

struct ModelLocatorTests {
    @Test func prefersMarksModelDirThenTheCacheDirectory() {
        let locator = ModelLocator(environment: ["MARKS_MODEL_DIR": "/models/mini", "XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"])
        #expect(locator.candidateDirectories.map(\.path) == ["/models/mini", "/xdg/marks/models/all-MiniLM-L6-v2"])
        #expect(locator.installDirectory.path == "/models/mini")
    }

    @Test func fallsBackToHomeCacheAndIgnoresEmptyValues() {
        let locator = ModelLocator(environment: ["MARKS_MODEL_DIR": "", "XDG_CACHE_HOME": "", "HOME": "/home/u"])
        #expect(locator.configuredDirectory == nil)
        #expect(locator.candidateDirectories.map(\.path) == ["/home/u/.cache/marks/models/all-MiniLM-L6-v2"])
        #expect(locator.installDirectory.path == "/home/u/.cache/marks/models/all-MiniLM-L6-v2")
    }

    @Test func locatesOnlyCompleteDirectories() throws {
        let configured = try TemporaryDirectory()
        let cache = try TemporaryDirectory()
        let environment = ["MARKS_MODEL_DIR": configured.url.path, "XDG_CACHE_HOME": cache.url.path]
        let locator = ModelLocator(environment: environment)
        #expect(locator.locate() == nil)
        #expect(throws: EmbeddingError.modelNotFound(message: locator.missingModelMessage)) { try locator.requireDirectory() }

        _ = try configured.file("vocab.txt", "[UNK]\n") // incomplete: no weights
        let cached = cache.url.appendingPathComponent("marks/models/all-MiniLM-L6-v2")
        _ = try cache.file("marks/models/all-MiniLM-L6-v2/model.safetensors", "x")
        _ = try cache.file("marks/models/all-MiniLM-L6-v2/vocab.txt", "x")
        #expect(locator.locate()?.standardizedFileURL.path == cached.standardizedFileURL.path)

        _ = try configured.file("model.safetensors", "x")
        #expect(locator.locate()?.path == configured.url.path)
    }

    @Test func aDirectoryNamedLikeAFileDoesNotCount() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("model.safetensors"), withIntermediateDirectories: true)
        _ = try directory.file("vocab.txt", "x")
        #expect(!ModelLocator.isComplete(directory.url))
    }

    @Test func missingModelMessageSaysHowToInstall() {
        let message = ModelLocator(environment: ["HOME": "/home/u"]).missingModelMessage
        #expect(message.contains("make model"))
        #expect(message.contains("scripts/fetch-model.sh"))
        #expect(message.contains("keyword search still works"))
        #expect(message.contains("/home/u/.cache/marks/models/all-MiniLM-L6-v2"))
        #expect(message.contains("MARKS_MODEL_DIR"))
        let incomplete = ModelLocator.incompleteDirectoryMessage(URL(fileURLWithPath: "/srv/models"))
        #expect(incomplete.contains("/srv/models") && incomplete.contains("scripts/fetch-model.sh"))
    }
}
