import Testing
import CryptoPrimitives

@Suite struct SecureRandomTests {
    @Test(arguments: [0, 1, 16, 32, 1000])
    func bytesHaveTheAskedLength(_ count: Int) throws {
        #expect(try SecureRandom.bytes(count).count == count)
    }

    @Test(arguments: [-1, Int.min, Int(Int32.max) + 1])
    func impossibleCountsThrow(_ count: Int) {
        #expect(throws: CryptoError.self) { try SecureRandom.bytes(count) }
    }

    @Test func outputsDiffer() throws {
        let samples = try (0..<100).map { _ in try SecureRandom.bytes(16) }
        #expect(Set(samples).count == 100)
        // 100 × 16 random bytes: every byte value should not be the same one.
        #expect(Set(samples.joined()).count > 1)
    }

    @Test func hexTokensMatchLinkdingsFormat() throws {
        let tokens = try (0..<50).map { _ in try SecureRandom.hexToken() }
        for token in tokens {
            #expect(token.count == 40)
            #expect(token.allSatisfy { "0123456789abcdef".contains($0) })
        }
        #expect(Set(tokens).count == 50)
        #expect(try SecureRandom.hexToken(bytes: 4).count == 8)
    }

    @Test(arguments: [(32, 43), (1, 2), (2, 3), (3, 4), (20, 27), (0, 0)])
    func urlSafeTokensUseTheBase64URLAlphabetWithoutPadding(_ byteCount: Int, _ length: Int) throws {
        let token = try SecureRandom.urlSafeToken(bytes: byteCount)
        #expect(token.count == length)
        let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        #expect(token.allSatisfy { alphabet.contains($0) })
        #expect(Base64URL.decode(token)?.count == byteCount)
    }

    @Test func defaultURLSafeTokensDiffer() throws {
        let tokens = try (0..<50).map { _ in try SecureRandom.urlSafeToken() }
        #expect(Set(tokens).count == 50)
        #expect(tokens.allSatisfy { $0.count == 43 })
    }
}
