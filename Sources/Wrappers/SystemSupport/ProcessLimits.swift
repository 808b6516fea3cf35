/// What a child process may use before it is stopped: wall-clock time (then it is killed), and through
/// `setrlimit` before it starts (the `prlimit` program applies them and execs the child) CPU seconds, address
/// space and the size of any file it writes; plus how much of its standard output and error is kept (more
/// standard output than `outputBytes` kills it).
public struct ProcessLimits: Sendable, Equatable {
    /// Killed (SIGKILL) after this long.
    public var wallClock: Duration
    /// RLIMIT_CPU in seconds, or nil for none.
    public var cpuSeconds: Int?
    /// RLIMIT_AS in bytes, or nil for none.
    public var addressSpaceBytes: Int?
    /// RLIMIT_FSIZE in bytes, or nil for none.
    public var fileSizeBytes: Int?
    /// Standard output kept; a child that writes more is killed and the run reports `outputLimit`.
    public var outputBytes: Int
    /// Standard error kept (the rest is read and dropped).
    public var errorBytes: Int

    /// Limits; the defaults suit a short helper program (15 s, no rlimits, 16 MB of output, 8 KB of errors).
    public init(wallClock: Duration = .seconds(15), cpuSeconds: Int? = nil, addressSpaceBytes: Int? = nil,
                fileSizeBytes: Int? = nil, outputBytes: Int = 16 << 20, errorBytes: Int = 8 << 10) {
        self.wallClock = wallClock
        self.cpuSeconds = cpuSeconds
        self.addressSpaceBytes = addressSpaceBytes
        self.fileSizeBytes = fileSizeBytes
        self.outputBytes = outputBytes
        self.errorBytes = errorBytes
    }

    /// The `prlimit` options for the resource limits (empty when there are none).
    var prlimitOptions: [String] {
        var options: [String] = []
        if let cpuSeconds { options.append("--cpu=\(max(1, cpuSeconds))") }
        if let addressSpaceBytes { options.append("--as=\(max(1 << 20, addressSpaceBytes))") }
        if let fileSizeBytes { options.append("--fsize=\(max(0, fileSizeBytes))") }
        return options
    }
}
