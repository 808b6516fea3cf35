import Foundation
import Testing
@testable import MarksCore

/// One row of the ingest table: payloads in, the expected bookmark (or nil for "No link found") out.
struct IngestCase: Sendable, CustomTestStringConvertible {
    var name: String
    var payloads: [IngestPayload]
    var url: String?
    var title: String?
    var notes: String

    var testDescription: String { name }

    init(_ name: String, _ payloads: [IngestPayload], url: String?, title: String? = nil, notes: String = "") {
        self.name = name
        self.payloads = payloads
        self.url = url
        self.title = title
        self.notes = notes
    }

    /// A single plain-text payload.
    static func text(_ text: String, url: String?, title: String? = nil, notes: String = "") -> IngestCase {
        IngestCase(text, [.plainText(text)], url: url, title: title, notes: notes)
    }

    static func rtf(_ name: String, _ rtf: String, url: String?, title: String? = nil, notes: String = "") -> IngestCase {
        IngestCase(name, [.rtf(Data(rtf.utf8))], url: url, title: title, notes: notes)
    }
}
