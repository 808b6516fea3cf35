import SystemSupport
import Testing

/// glibc accepts both settings `marks serve` makes at start (they change nothing a test can see but the memory kept).
@Suite struct MallocArenasTests {
    @Test func glibcAcceptsTheArenaCapAndTheThresholds() {
        #if canImport(Glibc)
        #expect(MallocArenas.limit(to: 8))  // this process's threads are already running: a generous cap
        #expect(MallocArenas.returnFreedMemory(above: 64 * 1024))
        #endif
    }
}
