import Foundation
import MarksCore

/// The paste box and the share target read text with the share flow's `IngestPayloadParser`: the first
/// http(s) link, an optional title, and the words around the link kept (cleaned) as notes.
enum PastedText {
    /// What a paste or share yielded.
    struct Result: Equatable {
        var url: String?
        var title: String?
        var notes: String
    }

    /// Notes are capped like the share extension's.
    static let notesLimit = IngestPayloadParser.maximumNotesLength

    /// The first web link in `text` and the rest as notes; no link leaves all of the text as notes.
    static func extract(_ text: String) -> Result {
        share(url: nil, text: text)
    }

    /// What a share (PWA share target: `url`, `text`) holds; the shared URL, when there is one, wins.
    static func share(url: String?, text: String) -> Result {
        var payloads: [IngestPayload] = []
        if let url, !url.isEmpty { payloads.append(.url(url)) }
        if !text.isEmpty { payloads.append(.plainText(text)) }
        do {
            let found = try IngestPayloadParser.parse(payloads)
            return Result(url: found.url.absoluteString, title: found.title, notes: found.notes)
        } catch {
            return Result(url: nil, title: nil, notes: String(text.prefix(notesLimit)))
        }
    }
}
