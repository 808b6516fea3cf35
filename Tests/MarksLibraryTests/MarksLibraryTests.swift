import Testing
@testable import MarksLibrary

@Test func placeholder() { #expect(Bool(true)) }
