import Foundation
import MarksCore
import MP3Encoding
import SystemSupport

/// Speaks a narration script with a voice and encodes it to an MP3 file as the voice goes: each section a chapter,
/// pauses as silence, CBR mono 64 kbit/s through LAME, the LAME/Xing tag written over the first frame at the end,
/// and an ID3v2 tag (title, artist, album "Marks", cover, chapters) in space reserved before the audio. Memory stays
/// flat however long the episode: nothing but the current chunk is held. The file is written beside its target and
/// renamed into place only when complete (`AtomicFileWriter`): a failure — the disk full, the voice crashing — leaves
/// no partial MP3. An episode longer than `maxSeconds` stops there with a spoken note.
///
/// `render` blocks its thread for the whole episode: run it on the podcast `WorkerPool`, never the cooperative pool.
public struct EpisodeRenderer: Sendable {
    /// The voice.
    public var voice: any SpeechSynthesizer
    /// Kilobits per second (constant).
    public var bitrate = 64
    /// The longest episode, in seconds (3 hours).
    public var maxSeconds: Double = 3 * 3600
    /// The album every episode carries.
    public static let album = "Marks"

    /// A renderer speaking with `voice`.
    public init(voice: any SpeechSynthesizer) {
        self.voice = voice
    }

    /// What is reported while rendering: the fraction of the script's words spoken so far (0…1), and the bytes
    /// of audio written so far.
    public typealias Progress = (_ fraction: Double, _ audioBytes: Int) -> Void

    /// Renders `script` in `language` (one of the voice's) to `destination`. Throws `PodcastError` (the voice's
    /// failure, the disk) or `CancellationError` once `isCancelled`.
    public func render(_ script: NarrationScript, language: String, cover: ID3Tag.Picture?, to destination: URL,
                       isCancelled: @escaping @Sendable () -> Bool, progress: Progress = { _, _ in }) throws -> RenderedEpisode {
        let rate = voice.voice.sampleRate
        let encoder: MP3Encoder
        do {
            encoder = try MP3Encoder(sampleRate: rate, bitrate: bitrate)
        } catch {
            throw PodcastError.encoding(error.description)
        }
        let file: AtomicFileWriter
        do {
            file = try AtomicFileWriter(destination: destination, mode: 0o600)
        } catch {
            throw PodcastError.disk(error.description)
        }
        defer { file.discard() }

        // Room for the tag at its largest (every chapter, the cut note), filled in at the end.
        let cutNote = NarrationScript.cutNote(hours: Int((maxSeconds / 3600).rounded(.up)))
        let fullTag = tag(for: script, chapters: script.sections.map { ID3Tag.Chapter(title: $0.title, startMilliseconds: .max, endMilliseconds: .max) },
                          lengthMilliseconds: .max, cover: cover, comment: cutNote)
        let reserved = fullTag.bytes.count + 512
        try write(file) { try file.append([UInt8](repeating: 0, count: reserved)) }

        let maxSamples = Int(maxSeconds * Double(rate))
        var samples = 0
        var chapters: [ID3Tag.Chapter] = []
        var cut = false
        let totalWords = max(1, script.wordCount)
        var wordsDone = 0

        func emit(_ chunk: [Int16]) throws {
            let bytes: [UInt8]
            do { bytes = try encoder.encode(chunk) } catch { throw PodcastError.encoding(error.description) }
            if !bytes.isEmpty { try write(file) { try file.append(bytes) } }
            samples += chunk.count
        }

        for section in script.sections {
            if isCancelled() { throw CancellationError() }
            let start = samples
            do {
                try voice.speaking(as: section.speaker).synthesize(section.text, language: language, isCancelled: isCancelled) { chunk in
                    let room = maxSamples - samples
                    if chunk.samples.count >= room {
                        try emit(Array(chunk.samples.prefix(max(0, room))))
                        throw LengthLimitReached()
                    }
                    try emit(chunk.samples)
                    progress(min(0.99, (Double(wordsDone) + Double(samples - start) / Double(rate) * 2.5) / Double(totalWords)), file.size - reserved)
                }
            } catch is LengthLimitReached {
                cut = true
            } catch let error as SpeechError {
                throw PodcastError.voice(error)
            }
            if script.kind == .dialogue, let last = chapters.last, last.title == section.title {
                // A dialogue's turns on one topic are one chapter.
                chapters[chapters.count - 1].endMilliseconds = Self.milliseconds(samples, rate: rate)
            } else {
                chapters.append(ID3Tag.Chapter(title: section.title, startMilliseconds: Self.milliseconds(start, rate: rate),
                                               endMilliseconds: Self.milliseconds(samples, rate: rate)))
            }
            if cut { break }
            wordsDone += SpeechWords.count(section.text)
            progress(min(0.99, Double(wordsDone) / Double(totalWords)), file.size - reserved)
            let pause = Int(section.pauseAfter * Double(rate))
            if pause > 0 {
                try emit([Int16](repeating: 0, count: pause))
                chapters[chapters.count - 1].endMilliseconds = Self.milliseconds(samples, rate: rate)
            }
        }
        if cut {
            // The note is spoken after the limit, on top of it: an episode ends with it, never mid-word in silence.
            try emit([Int16](repeating: 0, count: rate / 2))
            do {
                try voice.synthesize(cutNote, language: language, isCancelled: isCancelled) { try emit($0.samples) }
            } catch let error as SpeechError {
                throw PodcastError.voice(error)
            }
            chapters[chapters.count - 1].endMilliseconds = Self.milliseconds(samples, rate: rate)
        }
        guard samples > 0 else { throw PodcastError.voice(.failed("the voice produced no audio")) }

        let tail: [UInt8], infoFrame: [UInt8]
        do {
            tail = try encoder.finish()
            infoFrame = try encoder.infoTagFrame()
        } catch {
            throw PodcastError.encoding(error.description)
        }
        try write(file) { try file.append(tail) }
        try write(file) { try file.overwrite(infoFrame, at: reserved) }
        let length = Self.milliseconds(samples, rate: rate)
        let finalTag = tag(for: script, chapters: chapters, lengthMilliseconds: length, cover: cover, comment: cut ? cutNote : nil)
        try write(file) { try file.overwrite(Array(finalTag.bytes(paddedTo: reserved)), at: 0) }
        if isCancelled() { throw CancellationError() }
        try write(file) { try file.commit() }
        progress(1, file.size - reserved)
        return RenderedEpisode(durationSeconds: Double(samples) / Double(rate), bytes: file.size, chapters: chapters, wasCut: cut)
    }

    private func tag(for script: NarrationScript, chapters: [ID3Tag.Chapter], lengthMilliseconds: UInt32,
                     cover: ID3Tag.Picture?, comment: String?) -> ID3Tag {
        ID3Tag(title: script.title, artist: script.artist, album: Self.album, lengthMilliseconds: lengthMilliseconds,
               cover: cover, chapters: chapters, comment: comment)
    }

    private func write(_ file: AtomicFileWriter, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as AtomicFile.WriteError {
            throw PodcastError.disk(error.description)
        }
    }

    static func milliseconds(_ samples: Int, rate: Int) -> UInt32 {
        UInt32(clamping: Int((Double(samples) * 1000 / Double(rate)).rounded()))
    }
}

/// Thrown by the sink to stop the voice at the length limit (caught in `render`).
private struct LengthLimitReached: Error {}
