/// What one request for a link got: the page's final answer after the redirects followed, or why there was none.
public enum LinkAnswer: Sendable, Equatable {
    case answered(status: Int, finalURL: String, hops: [RedirectHop])
    case failed(Failure)

    /// Why no answer came, sorted by what it says about the link.
    public struct Failure: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// The host name does not resolve or nothing accepts the connection: the site is gone.
            case deadHost
            /// Redirects went round and round (more than the fetcher follows).
            case redirectLoop
            /// No answer in time: the site may be slow today.
            case timeout
            /// The link was not tried (not http(s), a private address, fetching off).
            case notChecked
            /// Anything else on the way (TLS, a dropped connection, an answer too large).
            case network
        }

        public var kind: Kind
        public var message: String

        /// A failure of `kind`, in words.
        public init(_ kind: Kind, _ message: String) {
            self.kind = kind
            self.message = message
        }
    }
}
