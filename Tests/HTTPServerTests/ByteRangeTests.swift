import Testing
@testable import HTTPServer

/// `Range` headers against a 100-byte resource: single ranges, range sets (merged, sorted, capped), and the
/// malformed headers a server ignores (RFC 9110 14.2).
@Suite struct ByteRangeTests {
    @Test(arguments: [
        ("bytes=0-9", ByteRange.partial(0..<10)),
        ("bytes=90-", .partial(90..<100)),
        ("bytes=-5", .partial(95..<100)),
        ("bytes=-500", .partial(0..<100)),  // a suffix longer than the file is the whole file
        ("bytes=95-200", .partial(95..<100)),
        ("bytes=0-9,20-29", .several([0..<10, 20..<30])),
        ("bytes=20-29, 0-9", .several([0..<10, 20..<30])),  // sorted
        ("bytes=0-9,-10", .several([0..<10, 90..<100])),  // a suffix range in a set
        ("bytes=0-9,5-14", .partial(0..<15)),  // overlapping: merged into one
        ("bytes=0-9,10-19", .partial(0..<20)),  // touching: merged
        ("bytes=0-9,5-14,40-49,45-", .several([0..<15, 40..<100])),
        ("bytes=0-,5-0,5-1,5-2", .whole),  // the classic overlapping-ranges attack has invalid specs: ignored
        ("bytes=0-,0-,0-,0-", .partial(0..<100)),  // the same range many times is sent once
        ("bytes=0-9,200-300", .partial(0..<10)),  // past the end: dropped
        ("bytes=100-,200-", .unsatisfiable),  // all past the end
        ("bytes=100-", .unsatisfiable),
        ("bytes=-0", .unsatisfiable),
        ("bytes=0-9,,20-29", .several([0..<10, 20..<30])),  // empty list elements are allowed
        ("bytes=0-9,x", .whole),
        ("bytes=9-0", .whole),
        ("bytes=", .whole),
        ("items=0-9", .whole),
        ("BYTES=0-9", .partial(0..<10)),
    ] as [(String, ByteRange)])
    func interprets(header: String, expected: ByteRange) {
        #expect(ByteRange(header: header, size: 100) == expected)
    }

    @Test func aSetOfManyRangesIsAnsweredWhole() {
        let allowed = (0..<ByteRange.maxRanges).map { "\($0 * 5)-\($0 * 5 + 1)" }.joined(separator: ",")
        guard case .several(let ranges) = ByteRange(header: "bytes=" + allowed, size: 100) else {
            Issue.record("\(ByteRange.maxRanges) ranges are served")
            return
        }
        #expect(ranges.count == ByteRange.maxRanges)
        let tooMany = allowed + ",95-96"
        #expect(ByteRange(header: "bytes=" + tooMany, size: 100) == .whole)
    }

    @Test func anEmptyResourceSatisfiesNoRange() {
        #expect(ByteRange(header: "bytes=0-", size: 0) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=-1", size: 0) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=0-1,-1", size: 0) == .unsatisfiable)
    }
}
