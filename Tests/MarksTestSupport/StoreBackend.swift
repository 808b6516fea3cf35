import Foundation
import Testing

/// The two backends a store seam has; contract suites run each test on both (`@Test(arguments: StoreBackend.all)`).
public enum StoreBackend: String, Sendable, CustomTestStringConvertible {
    /// A SQLite file in a temporary directory.
    case sqlite
    /// A fresh database of its own on the test server (`MARKS_TEST_DATABASE_URL`).
    case postgres

    /// SQLite always; PostgreSQL when a test server is configured, or required (then each of its cases fails with
    /// `TestServer.Missing`).
    public static var all: [StoreBackend] { TestServer.enabled ? [.sqlite, .postgres] : [.sqlite] }

    public var testDescription: String { rawValue }
}
