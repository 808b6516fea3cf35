import Testing
@testable import SentenceEmbeddings

@Test func placeholder() { #expect(Bool(true)) }
