import Foundation
import MarksServer

extension CompositionRoot {
    /// A one-time sign-in link's token for the web app of a `marks serve` on the same data directory (stored in
    /// `marks.sqlite`, so the running server accepts it), and when it stops working.
    public func signInToken() throws -> (token: String, expires: Date) {
        let auth = try ownerAuth()
        let token = try auth.signInToken()
        return (token, context.now().addingTimeInterval(OwnerAuth.linkLifetime))
    }
}
