import Foundation
import HTTPServer
import MarksAppAPI
import MarksAsk
import MarksBookmarks
import MarksCore
import MarksDocuments
import MarksFetch
import MarksIndex
import MarksPodcasts
import MarksStorage
@testable import MarksServer
import SQLiteDatabase
import SystemSupport
import Testing

/// The one mapping of errors to answers (`HTTPFailure`): one value of every domain error case the server can see,
/// with its status; storage failures and errors nobody mapped are unexpected 500s that show nothing of their cause.
struct HTTPFailureTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let error: any Error
        let status: Int
        var testDescription: String { "\(error) → \(status)" }
        init(_ error: any Error, _ status: Int) {
            self.error = error
            self.status = status
        }
    }

    /// What a storage failure carries: a path and a database message, never to be shown.
    static let secret = "/var/lib/marks/secret.sqlite: disk I/O error"

    static let expected: [Case] = [
        Case(BookmarkSourceError.notFound, 404),
        Case(BookmarkSourceError.invalid(["url": ["Enter a valid URL."]]), 400),
        Case(BookmarkSourceError.unauthorized, 502),
        Case(BookmarkSourceError.unreachable(host: "links.example", reason: "refused"), 502),
        Case(BookmarkSourceError.tlsFailure(host: "links.example", reason: "expired"), 502),
        Case(BookmarkSourceError.timeout(seconds: 10), 504),
        Case(BookmarkSourceError.notLinkding("no /api"), 502),
        Case(BookmarkSourceError.unsupportedVersion(found: "1.0", minimum: "1.20"), 502),
        Case(BookmarkSourceError.server(status: 500, message: "boom"), 502),
        Case(BookmarkSourceError.malformedResponse("not JSON"), 502),
        Case(BookmarkStoreError.notFound(kind: "Bookmark"), 404),
        Case(BookmarkStoreError.invalid(["url": ["This field is required."]]), 400),
        Case(LibraryError.invalidURL("ftp://x"), 400),
        Case(LibraryError.urlTooLong(length: 5000), 400),
        Case(LibraryError.noCache, 400),
        Case(LibraryError.importInterrupted(done: 1, total: 2, reason: "stopped"), 400),
        Case(LibraryError.invalidTag(" "), 400),
        Case(LibraryError.deleteInFlight, 400),
        Case(LibraryError.sourceGone("linkding"), 400),
        Case(DocumentError.notFound("abc"), 404),
        Case(DocumentError.ambiguous("ab", count: 2), 400),
        Case(DocumentError.tooLarge(limit: 1024), 413),
        Case(DocumentError.tooManyFiles(limit: 20), 400),
        Case(DocumentError.emptyText, 400),
        Case(DocumentError.emptyQuery, 400),
        Case(PodcastGenerationError.unknownJob("j1"), 502),
        Case(PodcastGenerationError.noText("A PDF"), 409),
        Case(PodcastGenerationError.invalidItem("no such bookmark"), 409),
        Case(PodcastGenerationError.download("HTTP 500"), 502),
        Case(PodcastIndexError.notFound("k1"), 404),
        Case(PodcastIndexError.invalid("bad key"), 400),
        Case(PodcastError.invalid("url must be http(s)"), 400),
        Case(AskError.invalidConversationID, 400),
        Case(IndexError.emptyQuery, 400),
        Case(IndexError.modelMissing(message: "Download the model first."), 503),
        Case(AppAPIError.invalid("bad"), 400),
        Case(AppAPIError.unauthorized("who?"), 401),
        Case(AppAPIError.forbidden("no"), 403),
        Case(AppAPIError.bodyTooLarge(limit: 10), 413),
        Case(AppAPIError.unsupportedMediaType("text/plain"), 415),
        Case(AppAPIError.unprocessable("unreadable"), 422),
        Case(AppAPIError.rateLimited(retryAfter: 7, what: "calls"), 429),
        Case(AppAPIError.unavailable("off"), 503),
        Case(AppAPIError.full("full"), 507),
        Case(EngineError.tooManyItems(field: "tags", count: 99, limit: 20), 400),
        Case(EngineError.tooLong(field: "text", length: 99, limit: 10), 400),
        Case(EngineError.missingValue(field: "url"), 400),
        Case(EngineError.embeddingFailed(reason: "no model"), 503),
        Case(EngineError.cacheFailed(reason: "locked"), 503),
        Case(AdmissionError.busy(what: "searches", retryAfterSeconds: 3), 503),
        Case(AdmissionError.overBudget(what: "search", budget: .seconds(2)), 504),
        Case(ImageFetcher.ImageError.httpStatus(404), 502),
        Case(ImageFetcher.ImageError.notAnImage("text/html"), 502),
        Case(ImageFetcher.ImageError.unrecognisedBytes, 502),
        Case(ImageFetcher.ImageError.tooLarge(limit: 4096), 502),
        Case(FetchError.invalidURL("x"), 502),
        Case(FetchError.unresolvable(host: "x.invalid"), 502),
        Case(FetchError.blockedAddress(host: "127.0.0.1"), 502),
        Case(FetchError.tooManyRedirects(5), 502),
        Case(FetchError.timeout(seconds: 5), 502),
        Case(FetchError.busy, 502),
        Case(FetchError.httpStatus(500), 502),
        Case(FetchError.disabled, 502),
        Case(FetchError.offline(unresolvedSites: 3), 502),
        Case(HTTPError(421, "Wrong host."), 421),
    ]

    @Test(arguments: expected)
    func mapsADomainErrorToItsStatus(_ example: Case) {
        let failure = HTTPFailure(example.error)
        #expect(failure.status == example.status)
        #expect(!failure.isUnexpected)
        #expect(!failure.message.isEmpty && !failure.heading.isEmpty)
        #expect(failure.message != HTTPFailure.unexpectedMessage)
    }

    static let unexpected: [any Error] = [
        BookmarkStoreError.database(SQLiteError(code: 10, message: secret)),
        DocumentError.file(path: secret, reason: "read-only"),
        DocumentError.storage(secret),
        PodcastIndexError.storage(secret),
        PodcastIndexError.file(path: secret, reason: "gone"),
        PodcastError.noReadableText(secret),
        PodcastError.unreadable(secret),
        PodcastError.voice(.failed(secret)),
        PodcastError.encoding(secret),
        PodcastError.disk(secret),
        PodcastError.storage(secret),
        AskError.storage(secret),
        IndexError.dimensionMismatch(expected: 384, found: 768),
        IndexError.embedderMiscounted(texts: 2, vectors: 1),
        IndexError.storage(secret),
        IndexError.evaluationData(secret),
        AppAPIError.storage(secret),
        CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: secret]),
        CancellationError(),
    ]

    @Test(arguments: 0..<unexpected.count)
    func storageAndUnknownErrorsAreUnexpected500sThatShowNoCause(_ index: Int) {
        let failure = HTTPFailure(Self.unexpected[index])
        #expect(failure.status == 500)
        #expect(failure.isUnexpected)
        #expect(failure.heading == "Something went wrong")
        #expect(!failure.message.contains("secret") && !failure.message.contains("/var/lib"))
    }

    @Test func anUnexpectedErrorIsRethrownAsItIsSoTheRouterLogsIt() {
        let error = DocumentError.storage(Self.secret)
        #expect(HTTPFailure.rethrowable(error) as? DocumentError == error)
        let refused = HTTPFailure.rethrowable(DocumentError.tooLarge(limit: 1024)) as? HTTPError
        #expect(refused?.status == 413)
        #expect(refused?.message == DocumentError.tooLarge(limit: 1024).description)
    }

    @Test func keepsTheWordsAndHeadersEachSurfaceShowed() {
        let gone = HTTPFailure(BookmarkSourceError.notFound)
        #expect(gone.heading == "Not found")
        #expect(gone.message == "That bookmark does not exist any more. It may have been deleted.")
        #expect(HTTPFailure(BookmarkSourceError.timeout(seconds: 10)).heading == "No answer")
        #expect(HTTPFailure(LibraryError.invalidTag(" ")).heading == "Not saved")
        #expect(HTTPFailure(AppAPIError.rateLimited(retryAfter: 7, what: "calls")).headers["Retry-After"] == "7")
        #expect(HTTPFailure(AppAPIError.unauthorized("who?")).headers["WWW-Authenticate"] == "Bearer realm=\"marks\"")
        #expect(HTTPFailure(AdmissionError.busy(what: "searches", retryAfterSeconds: 3)).headers["Retry-After"] == "3")
        #expect(HTTPFailure(AskError.invalidConversationID).message == AskError.invalidConversationID.description)
        #expect(HTTPFailure(IndexError.emptyQuery).message == IndexError.emptyQuery.description)
        #expect(HTTPFailure(HTTPError(404, "No icon.")).heading == "Not found")
        // A storage failure a credential check must answer keeps its own cause-free sentence.
        #expect(HTTPFailure(AppAPIError.storage(Self.secret)).httpError.message == AppAPIError.storage(Self.secret).message)
    }
}
