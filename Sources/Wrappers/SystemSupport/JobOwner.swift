import Foundation

/// How a process names itself in the rows it claims (`pid 4242 on host (boot …, pid:[…])`), and whether the process a
/// name points at is gone: a claim of this machine whose pid no longer exists was left by a process that died
/// (kill -9, a power cut), so its work can be taken up at once instead of after its heartbeat goes stale. A pid taken
/// by a new process counts as alive (the heartbeat rule still frees the job); a name from another machine or in
/// another form is never judged.
///
/// "This machine" is not the host name alone: workers sharing a PostgreSQL database may run on machines with one host
/// name (cloned VMs, containers on the host's network), whose pids mean nothing here — judging them by this
/// machine's process table took live workers' jobs away. The name carries the kernel's boot id and the PID namespace,
/// which only processes that see the same pids share.
public enum JobOwner {
    /// This process's name.
    public static var current: String { name(pid: getpid(), host: machine) }

    /// This machine and PID namespace as owner names spell it: the host name, the kernel's boot id and the PID
    /// namespace. Where those cannot be read, a name no other process has, so no one's pids are judged by ours.
    public static let machine: String = {
        let host = ProcessInfo.processInfo.hostName
        guard let boot = bootID(), let namespace = pidNamespace() else { return "\(host) (process \(UUID().uuidString.lowercased()))" }
        return "\(host) (boot \(boot), \(namespace))"
    }()

    /// The name of process `pid` on `host` (a `machine`).
    public static func name(pid: Int32, host: String) -> String { "pid \(pid) on \(host)" }

    /// True when `owner` names a process of this machine (`machine`) that no longer exists.
    public static func isGone(_ owner: String) -> Bool {
        isGone(owner, host: machine)
    }

    /// True when `owner` names a process on `host` (a `machine`) that no longer exists here.
    public static func isGone(_ owner: String, host: String) -> Bool {
        let prefix = "pid ", suffix = " on " + host
        guard owner.hasPrefix(prefix), owner.hasSuffix(suffix),
              let pid = Int32(owner.dropFirst(prefix.count).dropLast(suffix.count)), pid > 0, pid != getpid() else { return false }
        return kill(pid, 0) == -1 && errno == ESRCH
    }

    /// The kernel's random id for this boot (Linux), the same in every container on this kernel.
    private static func bootID() -> String? {
        do {
            let text = try String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? nil : text
        } catch {
            return nil  // not Linux, or /proc not mounted: the caller names this process uniquely instead
        }
    }

    /// The PID namespace this process sees pids in (`pid:[4026531836]`).
    private static func pidNamespace() -> String? {
        do {
            let link = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/pid")
            return link.isEmpty ? nil : link
        } catch {
            return nil  // no /proc: the caller names this process uniquely instead
        }
    }
}
