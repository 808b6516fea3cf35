import Foundation
import Synchronization
import SystemSupport

/// The reading preferences, in memory and, with a directory, in `web_preferences.json` (written atomically).
public final class ReadingPreferencesStore: Sendable {
    private let file: URL?
    private let state: Mutex<ReadingPreferences>
    private let log: @Sendable (String) -> Void

    public init(directory: URL?, log: @escaping @Sendable (String) -> Void) {
        let file = directory?.appendingPathComponent("web_preferences.json")
        self.file = file
        self.log = log
        var loaded = ReadingPreferences()
        if let file, FileManager.default.fileExists(atPath: file.path) {
            do {
                loaded = try JSONDecoder().decode(ReadingPreferences.self, from: Data(contentsOf: file))
            } catch {
                log("reading preferences in \(file.path) could not be read; the defaults apply: \(error)")
            }
        }
        state = Mutex(loaded)
    }

    /// The preferences now.
    public var current: ReadingPreferences { state.withLock { $0 } }

    /// Replaces the preferences and writes the file; throws when the file cannot be written.
    public func save(_ preferences: ReadingPreferences) throws {
        try state.withLock { value in
            if let file { try AtomicFile.write(try JSONEncoder().encode(preferences), to: file, mode: 0o600) }
            value = preferences
        }
    }
}
