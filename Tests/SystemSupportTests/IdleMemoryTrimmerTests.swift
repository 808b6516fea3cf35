import Foundation
import MarksTestSupport
import Synchronization
import Testing
@testable import SystemSupport

@Suite struct IdleMemoryTrimmerTests {
    /// A burst of work, then a quiet period: one trim. Steady work never trims; nor does quiet without work before it.
    @Test func trimsOnceAfterABurstWhenTheProcessGoesQuiet() {
        var decision = IdleMemoryTrimmer.Decision(busy: .milliseconds(200), quiet: .milliseconds(20))
        let periods: [Duration] = [.milliseconds(5), .milliseconds(900), .milliseconds(950), .milliseconds(3),
                                   .milliseconds(2), .milliseconds(100), .milliseconds(5), .milliseconds(150), .milliseconds(4)]
        let trims = periods.map { decision.trimAfter(period: $0) }
        #expect(trims == [false, false, false, true, false, false, false, false, true],
                "after 1.85 s of work, the first quiet period trims; 100 ms alone is not a burst, 100 + 150 is")
        var steady = IdleMemoryTrimmer.Decision(busy: .milliseconds(200), quiet: .milliseconds(20))
        #expect((0..<50).allSatisfy { _ in !steady.trimAfter(period: .milliseconds(800)) }, "a server under load is never trimmed")
    }

    /// A fake CPU clock that the trimmer's own looks drive: 500 ms of work between each of its first five looks,
    /// none after (so no test sleeps between steps, however late a loaded machine runs the thread).
    static func busyThenQuiet() -> @Sendable () -> Duration {
        let clock = Mutex((looks: 0, time: Duration.zero))
        return {
            clock.withLock { clock in
                if clock.looks < 5 { clock.time += .milliseconds(500) }
                clock.looks += 1
                return clock.time
            }
        }
    }

    /// The thread itself: a fake clock that works for a while and then stops makes it trim.
    @Test func theThreadTrimsWhenTheClockGoesQuiet() async throws {
        let trims = Atomic(0)
        let trimmer = IdleMemoryTrimmer(period: .milliseconds(10), trim: { trims.add(1, ordering: .relaxed) },
                                        cpuTime: Self.busyThenQuiet())
        trimmer.start()
        await eventually(within: .seconds(30), every: .milliseconds(10)) { trims.load(ordering: .relaxed) >= 1 }
        #expect(trims.load(ordering: .relaxed) >= 1)
        trimmer.stop()
    }

    /// After a burst, caches are shed first and then the trim gives back what they held.
    @Test func cachesAreShedJustBeforeTheTrimAfterABurst() async throws {
        let events = Mutex<[String]>([])
        let trimmer = IdleMemoryTrimmer(period: .milliseconds(10), trim: { events.withLock { $0.append("trim") } },
                                        cpuTime: Self.busyThenQuiet(), shed: { events.withLock { $0.append("shed") } })
        trimmer.start()
        await eventually(within: .seconds(30), every: .milliseconds(10)) { events.withLock { $0.count } >= 2 }
        trimmer.stop()
        #expect(Array(events.withLock { $0 }.prefix(2)) == ["shed", "trim"])
    }

    /// What a part drops while idle (the embedding model) is trimmed at once, though the process was never busy; with
    /// no burst, the caches are not shed.
    @Test func whatIsReleasedIsTrimmedEvenWithoutABurst() async throws {
        let trims = Atomic(0)
        let releases = Atomic(0)
        let sheds = Atomic(0)
        let trimmer = IdleMemoryTrimmer(period: .milliseconds(10), trim: { trims.add(1, ordering: .relaxed) },
                                        cpuTime: { .zero }, release: { quiet in releases.add(1, ordering: .relaxed).newValue == 3 && quiet },
                                        shed: { sheds.add(1, ordering: .relaxed) })
        trimmer.start()
        await eventually(within: .seconds(30), every: .milliseconds(10)) { releases.load(ordering: .relaxed) >= 6 }
        trimmer.stop()
        #expect(releases.load(ordering: .relaxed) >= 6, "asked once a period (told it was quiet: the clock stands still)")
        #expect(trims.load(ordering: .relaxed) == 1, "trimmed once: after the one look that released something")
        #expect(sheds.load(ordering: .relaxed) == 0)
    }

    @Test func returningFreeMemoryWorksHere() {
        #expect(MallocArenas.returnFreeMemory())
        #expect(IdleMemoryTrimmer.processCPUTime() > .zero)
    }
}
