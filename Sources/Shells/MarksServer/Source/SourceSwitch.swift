import MarksCore
import Synchronization

/// The bookmark source a running `marks serve` uses, swappable while it runs. Settings → Save builds every
/// source-bound part for the new source at once (`build`, one `ServedSource`) and puts it here; the web app,
/// `/api/` and the job kinds all read it from here, so a new source applies to all of them without a restart.
///
/// Requests are atomic: `pinning(_:)` fixes the source for one request, so every `current` read inside it —
/// in any handler or helper — sees the same one, old or new, never a mix. Every source used since the start
/// stays known by identity (`source(identity:)`): a job queued for a bookmark of the old source (a linkding
/// delete, an enrich) still runs against the source it was queued for.
public final class SourceSwitch: Sendable {
    /// The source a request pinned, with the switch it belongs to (two servers in one test process stay apart).
    @TaskLocal static var pin: Pin?

    struct Pin: Sendable {
        let owner: ObjectIdentifier
        let served: ServedSource
    }

    private let state: Mutex<(latest: ServedSource, bySource: [String: ServedSource])>
    /// Held while a switch saves and builds, so two Saves cannot interleave.
    private let switching = Mutex(())
    private let build: (@Sendable (ServerConfig?) throws -> ServedSource)?
    private let didSwitch: @Sendable (ServedSource) async -> Void

    /// A switch starting on `initial`. `build` makes every part for a newly saved source (nil: this process cannot
    /// switch, and Settings says a restart is needed); `didSwitch` runs after each switch (`marks serve` queues
    /// the catch-up of the cache, widgets and search index).
    public init(_ initial: ServedSource, build: (@Sendable (ServerConfig?) throws -> ServedSource)?,
                didSwitch: @escaping @Sendable (ServedSource) async -> Void = { _ in }) {
        state = Mutex((initial, [initial.identity: initial]))
        self.build = build
        self.didSwitch = didSwitch
    }

    /// The source in use: the one this request pinned, else the newest.
    public var current: ServedSource {
        if let pin = Self.pin, pin.owner == ObjectIdentifier(self) { return pin.served }
        return latest
    }

    /// The newest source, whatever a request pinned (Settings reports the switch it just made).
    public var latest: ServedSource { state.withLock { $0.latest } }

    /// Whether a saved source can apply without a restart.
    public var canSwitch: Bool { build != nil }

    /// The source with this identity, current or used earlier in this process (nil when none is known); a nil
    /// identity names the current source (a job queued before jobs named their source).
    public func source(identity: String?) -> ServedSource? {
        guard let identity else { return current }
        return state.withLock { $0.bySource[identity] }
    }

    /// Runs `body` with the current source pinned for every `current` read inside it.
    public func pinning<Result: Sendable>(_ body: () async throws -> Result) async rethrows -> Result {
        try await Self.$pin.withValue(Pin(owner: ObjectIdentifier(self), served: latest), operation: body)
    }

    /// What `switchTo` did.
    public enum Outcome: Sendable, Equatable {
        /// The saved source is the one in use.
        case unchanged
        /// Every part now uses the saved source.
        case applied
        /// This process cannot switch; the saved source applies at the next start.
        case restartNeeded
    }

    /// Saves (`save`, which persists the new source so a restart keeps it) and then switches to `server`, as one
    /// step no other switch interleaves with. The new parts are all built before any request sees them; a request
    /// already running keeps the source it pinned. Throws what `save` throws, or `SourceSwitchError.build`.
    public func switchTo(_ server: ServerConfig?, saving save: () throws -> Void) async throws -> Outcome {
        let switched: ServedSource? = try switching.withLock { _ in
            try save()
            guard server != latest.server else { return nil }
            guard let build else { return nil }
            let made: ServedSource
            do {
                made = try build(server)
            } catch {
                throw SourceSwitchError.build(error)
            }
            state.withLock { state in
                state.latest = made
                state.bySource[made.identity] = made
            }
            return made
        }
        guard let switched else { return server == latest.server ? .unchanged : .restartNeeded }
        await didSwitch(switched)
        return .applied
    }
}

/// Why a switch did not happen.
public enum SourceSwitchError: Error, CustomStringConvertible {
    /// The parts for the new source could not be built; the old source stays in use.
    case build(any Error)

    public var description: String {
        switch self {
        case .build(let error): String(describing: error)
        }
    }
}
