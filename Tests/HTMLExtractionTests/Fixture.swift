import Foundation
import Testing

/// Loads a page from `Tests/HTMLExtractionTests/Fixtures` (pages written for these tests).
enum Fixture {
    static func data(_ name: String) throws -> Data {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }

    static func string(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }
}
