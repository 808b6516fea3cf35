import Foundation
import Testing
import CryptoPrimitives

private func bytes(_ hex: String) -> [UInt8] {
    var result: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        result.append(UInt8(hex[index..<next], radix: 16) ?? 0)
        index = next
    }
    return result
}

private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
}

@Suite struct HMACTests {
    /// RFC 4231 test cases 1–7 for HMAC-SHA-256 (case 5 checks the 128-bit truncation).
    @Test(arguments: [
        (1, [UInt8](repeating: 0x0B, count: 20), Array("Hi There".utf8),
         "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        (2, Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        (3, [UInt8](repeating: 0xAA, count: 20), [UInt8](repeating: 0xDD, count: 50),
         "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        (4, bytes("0102030405060708090a0b0c0d0e0f10111213141516171819"), [UInt8](repeating: 0xCD, count: 50),
         "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        (5, [UInt8](repeating: 0x0C, count: 20), Array("Test With Truncation".utf8),
         "a3b6167473100ee06e0c796c2955552b"),
        (6, [UInt8](repeating: 0xAA, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        (7, [UInt8](repeating: 0xAA, count: 131),
         Array(("This is a test using a larger than block-size key and a larger than block-size data. "
             + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
         "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ])
    func rfc4231(_ number: Int, _ key: [UInt8], _ message: [UInt8], _ expected: String) {
        let mac = HMAC.sha256(key: key, message: message)
        #expect(mac.count == 32)
        #expect(hex(Array(mac.prefix(expected.count / 2))) == expected, "RFC 4231 case \(number)")
    }

    @Test(arguments: [
        ("", "", "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad"),
        ("", "msg", "5f576a8d68fe4fb7eb823227246353c0870c3b0e878997341db1226b4bd88d61"),
        ("key", "", "5d5d139563c95b5967b9bd9a8c9b233a9dedb45072794cd232dc1b74832607d0"),
    ])
    func emptyKeysAndMessagesWork(_ key: String, _ message: String, _ expected: String) {
        #expect(hex(HMAC.sha256(key: key, message: message)) == expected)
        #expect(hex(HMAC.sha256(key: Array(key.utf8), message: Array(message.utf8))) == expected)
        #expect(hex(HMAC.sha256(key: Array(key.utf8), message: message)) == expected)
        #expect(hex(HMAC.sha256(key: Data(key.utf8), message: Data(message.utf8))) == expected)
    }

    @Test func differentKeysGiveDifferentMacs() {
        #expect(HMAC.sha256(key: "a", message: "m") != HMAC.sha256(key: "b", message: "m"))
        #expect(HMAC.sha256(key: "a", message: "m") != HMAC.sha256(key: "a", message: "n"))
    }
}
