/// A value the library read, from the source or — when the source could not be reached — from the local copy.
public struct LibraryRead<Value: Sendable>: Sendable {
    /// What was read.
    public var value: Value
    /// Set when `value` came from the local copy because the source was unreachable.
    public var offline: OfflineCopy?

    /// A read result.
    public init(_ value: Value, offline: OfflineCopy? = nil) {
        self.value = value
        self.offline = offline
    }
}
