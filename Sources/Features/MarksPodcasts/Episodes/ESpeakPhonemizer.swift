import Foundation
import SystemSupport

/// IPA phonemes for the neural voice from `espeak-ng -q --ipa -v <voice>`, run as a child process through
/// `ProcessRunner` with limits (it keeps GPL-3 espeak-ng out of the binary; ~0.02 s per article). Clauses are
/// sent one per paragraph, separated by blank lines, which espeak-ng answers with an empty line, so each clause's
/// phonemes come back in its own group; the clause's punctuation is put back after them (see `PhonemeClauses`).
public struct ESpeakPhonemizer: Sendable {
    /// A sentence of phonemes: the codepoints the voice speaks, and whether a paragraph ends with it.
    public struct Sentence: Sendable, Equatable {
        public var phonemes: String
        public var endsParagraph: Bool
    }

    /// The `espeak-ng` program.
    public let program: String
    public let runner: ProcessRunner
    /// Limits of one espeak-ng run (default 60 s, 256 MB of address space, 32 MB of output).
    public var limits: ProcessLimits
    /// Where the text is written for espeak-ng to read (the data directory's private `tmp` in `marks`).
    public var scratch: URL = FileManager.default.temporaryDirectory

    /// A phonemizer running `program` (an absolute path).
    public init(program: String, runner: ProcessRunner = ProcessRunner(),
                limits: ProcessLimits = ProcessLimits(wallClock: .seconds(60), cpuSeconds: 60, addressSpaceBytes: 256 << 20,
                                                      fileSizeBytes: 0, outputBytes: 32 << 20)) {
        self.program = program
        self.runner = runner
        self.limits = limits
    }

    /// The phonemizer with `espeak-ng` from `path` (a `PATH` value; nil: the standard one), or nil when it is missing.
    public static func find(path: String?, scratch: URL = FileManager.default.temporaryDirectory) -> ESpeakPhonemizer? {
        ProcessRunner.find("espeak-ng", path: path).map { program in
            var phonemizer = ESpeakPhonemizer(program: program)
            phonemizer.scratch = scratch
            return phonemizer
        }
    }

    /// The sentences of `text` in espeak-ng voice `voice` ("en-us"), with clause punctuation: one blocking child
    /// process (call it off the cooperative pool, as `SpeechSynthesizer.synthesize` is).
    public func sentences(for text: String, voice: String) throws -> [Sentence] {
        let clauses = PhonemeClauses(text).clauses
        guard !clauses.isEmpty else { return [] }
        guard voice.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }), !voice.isEmpty, voice.count <= 40 else {
            throw SpeechError.noVoice(language: voice, available: [])
        }
        let input = clauses.map { $0.text + String($0.terminator) }.joined(separator: "\n\n") + "\n"
        let file = scratch.appendingPathComponent("marks-phonemes-\(UUID().uuidString).txt")
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            guard FileManager.default.createFile(atPath: file.path, contents: Data(input.utf8), attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteUnknown)
            }
        } catch {
            throw SpeechError.failed("could not write the text for espeak-ng: \(error.localizedDescription)")
        }
        defer { do { try FileManager.default.removeItem(at: file) } catch {} } // a temporary file; nothing to keep
        // Standard input, not -f: espeak-ng answers a blank line with an empty line only when it reads a stream.
        let outcome = try runner.runBlocking(program, ["-q", "--ipa", "-v", voice], limits: limits, input: file)
        guard outcome.succeeded else {
            if outcome.errorOutput.localizedCaseInsensitiveContains("voice") { throw SpeechError.noVoice(language: voice, available: []) }
            if outcome.termination == .timedOut { throw SpeechError.timedOut(seconds: Int(limits.wallClock.components.seconds)) }
            throw SpeechError.failed("espeak-ng: \(outcome.summary)")
        }
        return Self.assemble(String(decoding: outcome.output, as: UTF8.self), clauses: clauses)
    }

    /// espeak-ng's output (a group of lines per clause, groups separated by empty lines) put together with the
    /// clauses' punctuation into sentences. When the groups do not match the clauses one to one, every line is
    /// taken as a sentence of its own.
    static func assemble(_ output: String, clauses: [PhonemeClauses.Clause]) -> [Sentence] {
        var groups: [[String]] = [[]]
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                if groups.last?.isEmpty == false { groups.append([]) }
            } else {
                groups[groups.count - 1].append(trimmed)
            }
        }
        if groups.last?.isEmpty == true { groups.removeLast() }
        var sentences: [Sentence] = []
        var current = ""
        func add(_ phonemes: String, terminator: Character, endsSentence: Bool, endsParagraph: Bool) {
            current += (current.isEmpty ? "" : " ") + phonemes + String(terminator)
            if endsSentence || endsParagraph {
                sentences.append(Sentence(phonemes: current, endsParagraph: endsParagraph))
                current = ""
            }
        }
        if groups.count == clauses.count {
            for (group, clause) in zip(groups, clauses) {
                add(group.joined(separator: " "), terminator: clause.terminator, endsSentence: clause.endsSentence, endsParagraph: clause.endsParagraph)
            }
        } else {
            let lines = groups.flatMap { $0 }
            for (index, line) in lines.enumerated() {
                add(line, terminator: ".", endsSentence: true, endsParagraph: index == lines.count - 1)
            }
        }
        if !current.isEmpty { sentences.append(Sentence(phonemes: current, endsParagraph: true)) }
        return sentences
    }
}
