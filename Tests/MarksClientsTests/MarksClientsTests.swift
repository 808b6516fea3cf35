import Testing
@testable import MarksClients

@Test func placeholder() { #expect(Bool(true)) }
