import Testing
@testable import SQLiteDatabase

@Test func placeholder() { #expect(Bool(true)) }
