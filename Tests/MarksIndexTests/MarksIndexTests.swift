import Testing
@testable import MarksIndex

@Test func placeholder() { #expect(Bool(true)) }
