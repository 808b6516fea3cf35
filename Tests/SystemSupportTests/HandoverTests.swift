import Foundation
import Synchronization
import Testing
@testable import SystemSupport

@Suite struct HandoverTests {
    private struct Broken: Error, Equatable {}

    /// A sender thread faster than the receiver: every value arrives once, in order, and the sender never holds
    /// more than the capacity ahead.
    @Test func everyValueArrivesInOrderAndTheSenderWaitsForRoom() async throws {
        let handover = Handover<Int>(capacity: 2)
        let sent = Atomic(0)
        let sender = Task.detached {
            try await DedicatedThread.run("handover-sender") {
                for value in 0..<200 {
                    #expect(handover.send(value))
                    sent.add(1, ordering: .sequentiallyConsistent)
                }
                handover.finish()
            }
        }
        let received = try await DedicatedThread.run("handover-receiver") {
            var received: [Int] = []
            while let value = try handover.receive() {
                received.append(value)
                #expect(sent.load(ordering: .sequentiallyConsistent) <= received.count + 2)
                if value % 50 == 0 { Thread.sleep(forTimeInterval: 0.005) }  // the behaviour under test: a slow receiver holds the sender back
            }
            return received
        }
        try await sender.value
        #expect(received == Array(0..<200))
        #expect(try handover.receive() == nil, "a finished stream stays finished")
    }

    /// The sender's error reaches the receiver after what was sent before it.
    @Test func aFailureArrivesAfterTheValuesBeforeIt() throws {
        let handover = Handover<String>(capacity: 4)
        handover.send("a")
        handover.send("b")
        handover.finish(throwing: Broken())
        #expect(try handover.receive() == "a")
        #expect(try handover.receive() == "b")
        #expect(throws: Broken()) { try handover.receive() }
    }

    /// A receiver that gives up frees a sender blocked on a full hand-over, and every later send is refused.
    @Test func closingFreesABlockedSender() async throws {
        let handover = Handover<Int>(capacity: 1)
        #expect(handover.send(1))
        let blocked = Task.detached { try await DedicatedThread.run("handover-blocked") { handover.send(2) } }
        // Stays: nothing observable says "blocked in send". The test cannot fail on timing (a send after close is
        // refused too, with the same answer); the pause only makes the blocked path the one taken.
        try await Task.sleep(for: .milliseconds(50))
        handover.close()
        #expect(try await blocked.value == false)
        #expect(handover.send(3) == false)
    }
}
