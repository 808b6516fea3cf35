import SystemSupport
import Testing

/// glibc accepts the arena cap `marks serve` sets at start (it changes nothing a test can see but the memory kept).
@Suite struct MallocArenasTests {
    @Test func glibcAcceptsTheArenaCap() {
        #if canImport(Glibc)
        #expect(MallocArenas.limit(to: 8))  // this process's threads are already running: a generous cap
        #endif
    }
}
