import Testing
import CryptoPrimitives

@Suite struct Base64URLTests {
    /// RFC 4648 §10 vectors, without padding.
    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
        ("{\"alg\":\"HS256\",\"typ\":\"JWT\"}", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"),
    ])
    func knownVectors(_ plain: String, _ encoded: String) {
        #expect(Base64URL.encode(plain) == encoded)
        #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
        #expect(Base64URL.encode(plain.utf8) == encoded)
        #expect(Base64URL.decode(encoded) == Array(plain.utf8))
    }

    @Test func usesTheURLSafeAlphabet() {
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.encode([0xFF, 0xFF, 0xFE]) == "___-")
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
    }

    @Test func everyLengthAndByteRoundTrips() throws {
        let all = (0...255).map(UInt8.init)
        for length in 0...64 {
            let bytes = Array((all + all).dropFirst(length * 3).prefix(length))
            let encoded = Base64URL.encode(bytes)
            #expect(!encoded.contains("="))
            #expect(Base64URL.decode(encoded) == bytes)
        }
        #expect(Base64URL.decode(Base64URL.encode(all)) == all)
    }

    @Test(arguments: [
        "Zg==", "Zm8=", // padding
        "Z", "Zm9vY", // a dangling character
        "Zh", "Zm9", // non-zero unused bits: not the canonical encoding
        "Zm9v!", "Zm 9v", "Zm9v\n", " Zm9v", "Zm9v\t", // characters outside the alphabet
        "+/8", "Zm+v", "Zm/v", // standard base64's alphabet
        "é", "Zm9vé", "🙂", "\u{0}", "Zm9v\u{0}", // non-ASCII and NUL
        "=", "==", "====",
    ])
    func rejectsInvalidInput(_ text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test func rejectsLargeHostileInputWithoutTrouble() {
        let junk = String(repeating: "A", count: 1_000_000) + "*"
        #expect(Base64URL.decode(junk) == nil)
        let valid = String(repeating: "A", count: 1_000_000)
        #expect(Base64URL.decode(valid)?.count == 750_000)
    }
}
