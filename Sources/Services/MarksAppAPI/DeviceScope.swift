/// What a `/v1/` device token may reach (issue 35). `owner`: everything, the owner's library included (Ask, podcast
/// episodes of saved pages); a device gets it only when its registration carried the owner's credential (a signed-in
/// web session, the API token, the registration secret or a one-time pairing code). `anonymous`: only the calls that
/// work on data the device sends itself (enrich a text, rank or group a list it sends, speak a text it sends,
/// analytics); what a loopback registration without a credential gets.
public enum DeviceScope: String, Sendable, Equatable, CaseIterable {
    case owner
    case anonymous

    /// Whether a token of this scope may call a route that needs `required`.
    public func allows(_ required: DeviceScope) -> Bool {
        self == .owner || required == .anonymous
    }
}
