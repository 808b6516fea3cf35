import Testing
@testable import MarksCLI

@Test func placeholder() { #expect(Bool(true)) }
