import Foundation

/// Where the neural voices live: `${MARKS_VOICES_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/marks/voices}`, as
/// `scripts/install-voice.sh` installs them: `runtime/lib/` (sherpa-onnx's libraries) and one directory per voice.
public struct NeuralVoiceDirectory: Sendable, Equatable {
    public let root: URL

    /// The directory at `root`.
    public init(root: URL) {
        self.root = root
    }

    /// The directory named by `environment` (MARKS_VOICES_DIR, else XDG_CACHE_HOME/marks/voices, else ~/.cache/marks/voices).
    public init(environment: [String: String]) {
        if let explicit = environment["MARKS_VOICES_DIR"], !explicit.isEmpty {
            root = URL(fileURLWithPath: explicit, isDirectory: true)
        } else if let cache = environment["XDG_CACHE_HOME"], !cache.isEmpty {
            root = URL(fileURLWithPath: cache, isDirectory: true).appendingPathComponent("marks/voices", isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            root = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache/marks/voices", isDirectory: true)
        }
    }

    /// sherpa-onnx's libraries (`libsherpa-onnx-c-api.so`, `libonnxruntime.so`).
    public var runtimeLibraries: URL { root.appendingPathComponent("runtime/lib", isDirectory: true) }

    /// What is installed: the voices by name, and the directories that are not a usable voice (with why).
    public struct Listing: Sendable, Equatable {
        public var voices: [InstalledVoice] = []
        public var damaged: [(name: String, reason: String)] = []

        /// An empty listing.
        public init() {}

        public static func == (a: Listing, b: Listing) -> Bool {
            a.voices == b.voices && a.damaged.map(\.name) == b.damaged.map(\.name) && a.damaged.map(\.reason) == b.damaged.map(\.reason)
        }
    }

    /// The installed voices (none when nothing is installed yet).
    public func installed() -> Listing {
        var listing = Listing()
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: root.path) } catch { return listing } // nothing installed yet
        for name in names.filter({ $0 != "runtime" && !$0.hasPrefix(".") }).sorted() {
            do {
                listing.voices.append(try InstalledVoice(directory: root.appendingPathComponent(name, isDirectory: true)))
            } catch {
                listing.damaged.append((name, String(describing: error)))
            }
        }
        return listing
    }

    /// The voice called `name`.
    public func voice(named name: String) throws -> InstalledVoice {
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }), !name.isEmpty else {
            throw SpeechError.unavailable("\"\(name.prefix(40))\" is not a voice name")
        }
        let directory = root.appendingPathComponent(name, isDirectory: true)
        guard FileManager.default.fileExists(atPath: directory.path) else {
            throw SpeechError.unavailable("the \(name) voice is not installed in \(root.path): marks podcast voices install \(name) --accept-licence")
        }
        return try InstalledVoice(directory: directory)
    }
}
