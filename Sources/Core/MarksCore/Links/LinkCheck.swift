import Foundation

/// The last check of one bookmarked URL: its status, the final HTTP status (nil when nothing answered), where the
/// redirects ended, and when.
public struct LinkCheck: Sendable, Equatable {
    public var url: String
    public var status: LinkStatus
    public var httpStatus: Int?
    public var finalURL: String?
    public var checkedAt: Date

    /// A check's result.
    public init(url: String, status: LinkStatus, httpStatus: Int?, finalURL: String?, checkedAt: Date) {
        self.url = url
        self.status = status
        self.httpStatus = httpStatus
        self.finalURL = finalURL
        self.checkedAt = checkedAt
    }
}
