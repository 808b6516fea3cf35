import MarksCore
import Synchronization

/// Page metadata without the network: a title and description derived from the URL, and a record of every URL
/// asked for (so a test can see that `disable_scraping` fetched nothing).
final class MetadataStub: Sendable {
    private let requested = Mutex<[String]>([])
    private let answer: @Sendable (String) -> BookmarkCheck.Metadata

    init(answer: @escaping @Sendable (String) -> BookmarkCheck.Metadata = MetadataStub.derived) {
        self.answer = answer
    }

    /// "Page <url>" and "About <url>".
    static let derived: @Sendable (String) -> BookmarkCheck.Metadata = { url in
        BookmarkCheck.Metadata(url: url, title: "Page \(url)", description: "About \(url)", previewImage: nil)
    }

    func metadata(for url: String) -> BookmarkCheck.Metadata {
        requested.withLock { $0.append(url) }
        return answer(url)
    }

    var requests: [String] { requested.withLock { $0 } }

    var closure: @Sendable (String) async -> BookmarkCheck.Metadata {
        { [self] url in metadata(for: url) }
    }
}
