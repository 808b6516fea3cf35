import Testing
@testable import CryptoPrimitives

@Test func placeholder() { #expect(Bool(true)) }
