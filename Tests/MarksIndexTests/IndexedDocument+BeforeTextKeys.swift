import MarksCore
@testable import MarksIndex
import SQLiteDatabase

/// How the index wrote a document's fingerprints before index migration 9 (`TextKeyMigration`): 32 hexadecimal digits
/// each, for tests that build a data directory of an earlier main.
extension IndexedDocument {
    /// `values`, each fingerprint as its hex digits.
    var valuesBeforeTextKeys: [SQLValue] {
        Array(values.dropLast(2)) + [.text(contentFingerprint.description), .text(documentFingerprint.description)]
    }

    /// The key of its vector as it was stored before migration 9.
    var contentHashBeforeTextKeys: String { contentFingerprint.description }
}

extension ContentHash {
    /// The vector key of `text` as it was stored before migration 9.
    static func hexBeforeTextKeys(_ text: String) -> String {
        ContentHash(text, salt: indexTextVersion).description
    }
}
