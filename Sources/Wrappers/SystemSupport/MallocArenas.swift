#if canImport(Glibc)
import Glibc
#endif

/// glibc's malloc gives threads arenas of their own, up to 8 per core; a server whose request, job and database
/// threads each touch one keeps every arena's high-water mark. Measured on `marks serve` with 100,000 bookmarks
/// after a mixed load: 63 MB of private memory with the default, 43 MB with two arenas.
public enum MallocArenas {
    /// Caps the arenas at `count` (`mallopt(M_ARENA_MAX, count)`); call before the process starts its threads.
    /// Returns false where there is no glibc or it refuses. (Glibc's Swift module leaves out `<malloc.h>`, so the
    /// function is looked up by name; `M_ARENA_MAX` is -8 in glibc's ABI.)
    @discardableResult
    public static func limit(to count: Int32) -> Bool {
        mallopt(-8, count)
    }

    /// Makes glibc hand freed memory back instead of keeping it for later: blocks of `bytes` or more get their own
    /// mapping (returned on free), and an arena's free top beyond `bytes` is trimmed (`M_MMAP_THRESHOLD`, -3, and
    /// `M_TRIM_THRESHOLD`, -1; setting them also stops glibc raising them after each large free, which is how a
    /// server that once built a 1 MB page keeps its high-water mark). Measured on `marks serve` with 100,000
    /// bookmarks after the bench's load and a full sync at 64 KB: 69 → 62 MB resident, no change in req/s.
    @discardableResult
    public static func returnFreedMemory(above bytes: Int32) -> Bool {
        mallopt(-3, bytes) && mallopt(-1, bytes)
    }

    private static func mallopt(_ parameter: Int32, _ value: Int32) -> Bool {
        #if canImport(Glibc)
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }  // RTLD_DEFAULT
        return unsafeBitCast(symbol, to: Mallopt.self)(parameter, value) == 1
        #else
        return false
        #endif
    }
}
