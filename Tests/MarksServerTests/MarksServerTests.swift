import Testing
@testable import MarksServer

@Test func placeholder() { #expect(Bool(true)) }
