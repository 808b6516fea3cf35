import Testing
@testable import MarksStorage

@Test func placeholder() { #expect(Bool(true)) }
