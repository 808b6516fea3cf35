import Foundation

// marks-fuzz: libFuzzer over Marks' parsers. `make fuzz` builds it with `--sanitize=fuzzer --sanitize=address` and
// `-DFUZZING`, then runs `MARKS_FUZZ_TARGET=<target> marks-fuzz [libFuzzer options] <corpus>` for each target in
// `FuzzTarget`. libFuzzer brings its own `main`; a plain build gets one that says how to run it.

#if FUZZING
/// The target named by `MARKS_FUZZ_TARGET`, read once.
private let selected: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["MARKS_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("MARKS_FUZZ_TARGET must name one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: " "))\n".utf8))
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func marksFuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    selected.run(Data(bytes: bytes, count: count))
    return 0
}
#else
@main
struct MarksFuzz {
    static func main() {
        print("marks-fuzz is built by `make fuzz` (libFuzzer and AddressSanitizer); targets: "
              + FuzzTarget.allCases.map(\.rawValue).joined(separator: " "))
        exit(2)
    }
}
#endif
