import Foundation
import HTTPServer
import MarksAccess
import MarksAppAPI
import MarksAsk
import MarksBookmarks
import MarksCore
import MarksDocuments
import MarksFetch
import MarksIndex
import MarksPodcasts
import MarksReading
import MarksStorage
import SystemSupport

/// The one mapping of an error to what the server answers: its status, a short heading for a web page, the message
/// a person sees, extra headers (`Retry-After`, `WWW-Authenticate`), and whether it was unexpected. Every surface
/// uses it: the web app's pages and `{"error"}` answers, the `/v1/` API, request admission and the linkding API's
/// statuses (that API keeps linkding's own wording).
struct HTTPFailure: Equatable, Sendable {
    /// The HTTP status.
    let status: Int
    /// A short heading for an error page ("Not found", "Not saved").
    let heading: String
    /// What a person sees; for an unexpected error a generic sentence, never the cause.
    let message: String
    /// Extra response headers.
    let headers: HTTPHeaders
    /// A 500 the server did not expect (storage, a bug): its cause belongs in the server's log, never in an answer.
    let isUnexpected: Bool

    /// The message of every unexpected error.
    static let unexpectedMessage = "Marks hit an unexpected error. Try again; if it keeps happening, the server log says more."

    /// An unexpected error: a 500 with the generic message.
    static let unexpected = HTTPFailure(500, unexpectedMessage, heading: "Something went wrong", unexpected: true)

    init(_ status: Int, _ message: String, heading: String? = nil, headers: HTTPHeaders = HTTPHeaders(), unexpected: Bool = false) {
        self.status = status
        self.heading = heading ?? HTTPStatusText.heading(status)
        self.message = message
        self.headers = headers
        self.isUnexpected = unexpected
    }

    /// The failure for `error`: every domain error the server can see, an `HTTPResponseError` as it is, anything else
    /// an unexpected 500.
    init(_ error: any Error) {
        self = switch error {
        case let error as BookmarkSourceError: Self.bookmarkSource(error)
        case let error as BookmarkStoreError: Self.bookmarkStore(error)
        case let error as LibraryError: HTTPFailure(400, error.description, heading: "Not saved")
        case let error as DocumentError: Self.document(error)
        case let error as CollectionError: Self.collection(error)
        case let error as HighlightError: Self.highlight(error)
        case let error as PodcastGenerationError: Self.podcastGeneration(error)
        case let error as PodcastIndexError: Self.podcastIndex(error)
        case let error as PodcastError: Self.podcast(error)
        case let error as AskError: Self.ask(error)
        case let error as IndexError: Self.index(error)
        case let error as AppAPIError: Self.appAPI(error)
        case let error as EReaderAuthError: Self.eReader(error)
        case let error as EngineError: Self.engine(error)
        case let error as AdmissionError: Self.admission(error)
        case let error as ImageFetcher.ImageError: HTTPFailure(502, error.description)
        case let error as FetchError: HTTPFailure(502, error.description)
        case let error as any HTTPResponseError: HTTPFailure(error.status, error.message, headers: error.headers)
        default: .unexpected
        }
    }

    /// As an `HTTPError` (for the router's renderers).
    var httpError: HTTPError { HTTPError(status, message, headers: headers) }

    /// `error` as the router should see it: an expected failure as its `HTTPError`, an unexpected one as it is, so the
    /// router logs its cause and answers a generic 500.
    static func rethrowable(_ error: any Error) -> any Error {
        let failure = HTTPFailure(error)
        return failure.isUnexpected ? error : failure.httpError
    }

    // MARK: - Per module

    private static func bookmarkSource(_ error: BookmarkSourceError) -> HTTPFailure {
        switch error {
        case .notFound: HTTPFailure(404, "That bookmark does not exist any more. It may have been deleted.", heading: "Not found")
        case .invalid: HTTPFailure(400, error.message, heading: "Not saved")
        case .timeout: HTTPFailure(504, error.message, heading: "No answer")
        default: HTTPFailure(502, error.message, heading: "The bookmark server failed")
        }
    }

    private static func bookmarkStore(_ error: BookmarkStoreError) -> HTTPFailure {
        switch error {
        case .notFound: HTTPFailure(404, error.message, heading: "Not found")
        case .invalid: HTTPFailure(400, error.message, heading: "Not saved")
        case .database: .unexpected
        }
    }

    private static func highlight(_ error: HighlightError) -> HTTPFailure {
        switch error {
        case .notFound: HTTPFailure(404, error.description, heading: "Not found")
        case .quoteTooLong, .noteTooLong, .contextTooLong: HTTPFailure(413, error.description, heading: "Too large")
        case .emptyQuote: HTTPFailure(400, error.description, heading: "Not saved")
        case .notInText: HTTPFailure(422, error.description, heading: "Not saved")
        case .storage: .unexpected
        }
    }

    private static func document(_ error: DocumentError) -> HTTPFailure {
        switch error {
        case .notFound: HTTPFailure(404, "That source does not exist any more. It may have been deleted.", heading: "Not found")
        case .tooLarge: HTTPFailure(413, error.description, heading: "Too large")
        case .ambiguous, .tooManyFiles, .emptyText, .emptyQuery: HTTPFailure(400, error.description, heading: "Not saved")
        case .file, .storage: .unexpected
        }
    }

    private static func podcastGeneration(_ error: PodcastGenerationError) -> HTTPFailure {
        switch error {
        case .noText, .invalidItem: HTTPFailure(409, error.description, heading: "No podcast")
        case .unknownJob, .download: HTTPFailure(502, error.description, heading: "The podcast backend failed")
        }
    }

    private static func collection(_ error: CollectionError) -> HTTPFailure {
        switch error {
        case .notFound: HTTPFailure(404, "That collection does not exist any more: a refresh may have regrouped the library.", heading: "Not found")
        case .invalidName: HTTPFailure(400, "A collection's name needs 1 to 200 characters.", heading: "Not saved")
        case .storage: .unexpected
        }
    }

    private static func podcastIndex(_ error: PodcastIndexError) -> HTTPFailure {
        switch error {
        case .notFound: HTTPFailure(404, error.description, heading: "Not found")
        case .invalid: HTTPFailure(400, error.description, heading: "Not saved")
        case .storage, .file: .unexpected
        }
    }

    private static func podcast(_ error: PodcastError) -> HTTPFailure {
        switch error {
        case .invalid(let message): HTTPFailure(400, message)
        case .noReadableText, .unreadable, .voice, .encoding, .disk, .storage: .unexpected
        }
    }

    private static func ask(_ error: AskError) -> HTTPFailure {
        switch error {
        case .invalidConversationID: HTTPFailure(400, error.description)
        case .storage: .unexpected
        }
    }

    private static func index(_ error: IndexError) -> HTTPFailure {
        switch error {
        case .emptyQuery: HTTPFailure(400, error.description)
        case .modelMissing(let message): HTTPFailure(503, message)
        case .dimensionMismatch, .embedderMiscounted, .storage, .evaluationData: .unexpected
        }
    }

    private static func appAPI(_ error: AppAPIError) -> HTTPFailure {
        switch error {
        case .rateLimited(let retryAfter, _): HTTPFailure(error.status, error.message, headers: ["Retry-After": String(retryAfter)])
        case .unauthorized: HTTPFailure(error.status, error.message, headers: ["WWW-Authenticate": "Bearer realm=\"marks\""])
        // Its message says nothing of the cause: where a storage failure must be answered (a refused credential
        // check), that sentence is shown; elsewhere the router answers its generic 500.
        case .storage: HTTPFailure(500, error.message, unexpected: true)
        default: HTTPFailure(error.status, error.message)
        }
    }

    /// The wallabag endpoints' refusals, with wallabag's (FOSOAuthServer's) statuses: a bad token request 400, a wrong
    /// client 401, a bearer token unknown or expired 401 with `WWW-Authenticate`.
    private static func eReader(_ error: EReaderAuthError) -> HTTPFailure {
        switch error {
        case .invalidClient: HTTPFailure(401, error.description)
        case .invalidCredentials, .unsupportedGrant, .missingField, .badName: HTTPFailure(400, error.description)
        case .invalidToken, .expiredToken:
            HTTPFailure(401, error.description, headers: ["WWW-Authenticate": "Bearer realm=\"Service\", error=\"invalid_grant\", error_description=\"\(error.description)\""])
        case .store, .random: HTTPFailure(500, HTTPFailure.unexpectedMessage, unexpected: true)
        }
    }

    private static func engine(_ error: EngineError) -> HTTPFailure {
        switch error {
        case .tooManyItems, .tooLong, .missingValue: HTTPFailure(400, error.description)
        case .embeddingFailed, .cacheFailed: HTTPFailure(503, error.description)
        }
    }

    private static func admission(_ error: AdmissionError) -> HTTPFailure {
        switch error {
        case .busy(_, let seconds): HTTPFailure(503, error.description, headers: ["Retry-After": String(seconds)])
        case .overBudget: HTTPFailure(504, error.description)
        }
    }
}
