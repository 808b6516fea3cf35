import Testing
@testable import HTMLExtraction

@Test func placeholder() { #expect(Bool(true)) }
