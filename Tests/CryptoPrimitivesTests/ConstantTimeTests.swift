import Testing
import CryptoPrimitives

@Suite struct ConstantTimeTests {
    @Test(arguments: [
        ([UInt8](), [UInt8](), true),
        ([1, 2, 3], [1, 2, 3], true),
        ([1, 2, 3], [1, 2, 4], false),
        ([0, 2, 3], [1, 2, 3], false),
        ([1, 2, 3], [1, 2], false),
        ([1, 2], [1, 2, 3], false),
        ([], [0], false),
        ([0], [], false),
        ([0, 0], [0, 0], true),
        ([UInt8](repeating: 7, count: 4096), [UInt8](repeating: 7, count: 4096), true),
    ])
    func bytes(_ lhs: [UInt8], _ rhs: [UInt8], _ equal: Bool) {
        #expect(ConstantTime.equals(lhs, rhs) == equal)
        #expect(ConstantTime.equals(rhs, lhs) == equal)
    }

    @Test(arguments: [
        ("", "", true),
        ("token", "token", true),
        ("token", "Token", false),
        ("token", "token ", false),
        ("é", "e\u{301}", false), // byte comparison: canonically equal strings with other bytes differ
        ("a\u{0}b", "a\u{0}b", true),
        ("a\u{0}b", "a\u{0}c", false),
    ])
    func strings(_ lhs: String, _ rhs: String, _ equal: Bool) {
        #expect(ConstantTime.equals(lhs, rhs) == equal)
    }
}
