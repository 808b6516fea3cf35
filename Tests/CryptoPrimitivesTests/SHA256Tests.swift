import Foundation
import Testing
import CryptoPrimitives

@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
        ("nul\u{0} é🙂", "df421a6cc2302f1eb9baef57285e1b938d80fdf9f944ae7f86c95e6d5fe4e0e8"),
    ])
    func knownVectors(_ input: String, _ expected: String) {
        #expect(SHA256.hex(input) == expected)
        #expect(SHA256.hex(Array(input.utf8)) == expected)
        #expect(SHA256.hex(input.utf8) == expected)
        #expect(SHA256.hex(Data(input.utf8)) == expected)
        #expect(SHA256.hash(input).count == 32)
    }

    @Test func oneMillionAs() {
        let input = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hex(input) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func formsAgree() {
        let bytes: [UInt8] = [0, 1, 2, 255]
        #expect(SHA256.hash(bytes) == SHA256.hash(bytes[...]))
        #expect(SHA256.hash(bytes) == SHA256.hash(Data(bytes)))
        #expect(SHA256.hash(bytes) != SHA256.hash([0, 1, 2, 254]))
        #expect(SHA256.hex(bytes).allSatisfy { "0123456789abcdef".contains($0) })
    }
}
