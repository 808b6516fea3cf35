import CZlib
import Foundation

/// One deflate of a whole buffer on a stream the caller set up (gzip framing or raw): the output sized by
/// `deflateBound`, `Z_FINISH` in one call. Shared by `Gzip.compress` and `ZipWriter`.
enum DeflateOnce {
    /// `data` through `stream`; zlib's result code (`Z_STREAM_END` when it finished) and the bytes it wrote.
    static func run(_ stream: inout z_stream, _ data: Data) -> (result: Int32, output: Data) {
        var output = Data(count: Int(deflateBound(&stream, uLong(data.count))))
        let result: Int32 = data.withUnsafeBytes { (input: UnsafeRawBufferPointer) -> Int32 in
            output.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) -> Int32 in
                // zlib never writes through next_in; the cast only satisfies its non-const C signature.
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        output.count = Int(stream.total_out)
        return (result, output)
    }
}
