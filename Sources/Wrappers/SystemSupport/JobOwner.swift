import Foundation

/// How a process names itself in the rows it claims (`pid 4242 on host`), and whether the process a name points at
/// is gone: a claim of this machine whose pid no longer exists was left by a process that died (kill -9, a power
/// cut), so its work can be taken up at once instead of after its heartbeat goes stale. A pid taken by a new process
/// counts as alive (the heartbeat rule still frees the job); a name from another machine or in another form is never
/// judged.
public enum JobOwner {
    /// This process's name.
    public static var current: String { name(pid: getpid(), host: ProcessInfo.processInfo.hostName) }

    /// The name of process `pid` on `host`.
    public static func name(pid: Int32, host: String) -> String { "pid \(pid) on \(host)" }

    /// True when `owner` names a process of this machine that no longer exists.
    public static func isGone(_ owner: String, host: String = ProcessInfo.processInfo.hostName) -> Bool {
        let prefix = "pid ", suffix = " on " + host
        guard owner.hasPrefix(prefix), owner.hasSuffix(suffix),
              let pid = Int32(owner.dropFirst(prefix.count).dropLast(suffix.count)), pid > 0, pid != getpid() else { return false }
        return kill(pid, 0) == -1 && errno == ESRCH
    }
}
