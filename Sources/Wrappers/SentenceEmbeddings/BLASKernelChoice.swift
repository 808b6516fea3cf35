import Foundation

/// OpenBLAS picks its kernels from the CPU's model number when it loads. A CPU newer than the library — Debian 12's
/// OpenBLAS 0.3.21 does not know Sapphire Rapids — gets its generic `Prescott` kernels, and the model then runs about
/// 5× slower (`marks-bench index` on such a machine: 156 titles/s with Prescott, 743 with SkylakeX). When OpenBLAS
/// fell back like this and the CPU has the instructions of a kernel set it does know, `BLAS` makes OpenBLAS choose
/// again, with `OPENBLAS_CORETYPE` naming that set, before its first call; a value the user set is always kept.
public enum BLASKernelChoice {
    /// The kernel set to ask OpenBLAS for, or nil when it chose well or `OPENBLAS_CORETYPE` is already set.
    public static func override(environment: [String: String], loaded: String, cpuFlags: Set<String>) -> String? {
        guard environment["OPENBLAS_CORETYPE"] == nil, loaded == "Prescott" else { return nil }
        if ["avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"].allSatisfy(cpuFlags.contains) { return "SkylakeX" }
        if ["avx2", "fma"].allSatisfy(cpuFlags.contains) { return "Haswell" }
        if cpuFlags.contains("avx") { return "SandyBridge" }
        return nil
    }

    /// The instruction-set flags of the first CPU in `/proc/cpuinfo` (empty where there is none).
    public static func cpuFlags(cpuinfo: String) -> Set<String> {
        guard let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("flags") }),
              let colon = line.firstIndex(of: ":") else { return [] }
        return Set(line[line.index(after: colon)...].split(separator: " ").map(String.init))
    }

    /// `/proc/cpuinfo`, or nothing where there is none.
    static func readCPUInfo() -> String {
        (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""  // safe: no cpuinfo means no flags, and OpenBLAS's own choice stands
    }
}
