import Testing
@testable import MarksEngine

@Test func placeholder() { #expect(Bool(true)) }
