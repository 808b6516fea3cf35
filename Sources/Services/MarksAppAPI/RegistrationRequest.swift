/// The body of `POST /v1/auth/register`: an anonymous device introducing itself.
public struct RegistrationRequest: Sendable, Equatable {
    /// The id the client made for itself (a UUID); letters, digits, `-`, `_`, `.` and `:` only.
    public var deviceID: String
    /// What runs the client, such as `linux-cli` or `web`.
    public var platform: String
    /// The client's version.
    public var appVersion: String
    /// The registration secret when sent in the body instead of the `X-Marks-Registration-Secret` header.
    public var registrationSecret: String?

    /// A request as given.
    public init(deviceID: String, platform: String, appVersion: String, registrationSecret: String? = nil) {
        self.deviceID = deviceID
        self.platform = platform
        self.appVersion = appVersion
        self.registrationSecret = registrationSecret
    }
}
