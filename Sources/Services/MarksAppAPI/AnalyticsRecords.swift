import MarksCore

/// Usage events kept by the backend and never sent anywhere, with their quotas: `AnalyticsStore` in the local
/// SQLite file, `PostgresAnalyticsStore` in the shared database (the quotas then hold across all workers).
public protocol AnalyticsRecords: Sendable {
    /// Stores `events` of `deviceID` whole or not at all, first deleting what is older than the retention period.
    /// A batch that would take the device past its quota within the window is refused whole (429, retry when its
    /// oldest event in the window leaves it); one that would take the whole store past its total is refused (507).
    func record(_ events: [AnalyticsEvent], deviceID: String, limits: AppAPILimits) throws(AppAPIError)
    /// Every stored event, oldest first (for tests and local inspection).
    func events() throws(AppAPIError) -> [StoredAnalyticsEvent]
}
