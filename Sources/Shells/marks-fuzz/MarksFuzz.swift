import Foundation

// marks-fuzz: libFuzzer over Marks' parsers. `make fuzz` builds it with `-sanitize=fuzzer,address` and `-DFUZZING`,
// then runs `MARKS_FUZZ_TARGET=<target> marks-fuzz [libFuzzer options] <corpus>` for each target in `FuzzTarget`.
// Under make fuzz the program's entry point (SwiftPM names it `marks_fuzz_main`) hands over to libFuzzer's driver; a
// plain build gets a `main` that says how to run it.

#if FUZZING
import CLibFuzzer

/// The target named by `MARKS_FUZZ_TARGET`, read once.
private let selected: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["MARKS_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("MARKS_FUZZ_TARGET must name one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: " "))\n".utf8))
        exit(2)
    }
    return target
}()

@_cdecl("marks_fuzz_main")
public func marksFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { bytes, size in marksFuzzOneInput(bytes, size) }
}

/// One input (libFuzzer's own objects name this entry too).
@_cdecl("LLVMFuzzerTestOneInput")
public func marksFuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    selected.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
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
