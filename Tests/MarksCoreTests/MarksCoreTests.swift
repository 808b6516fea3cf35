import Testing
@testable import MarksCore

@Test func placeholder() { #expect(Bool(true)) }
