#if canImport(Glibc)
import Glibc
#endif

/// A shared library loaded at run time with `dlopen`, for a C library Marks runs without linking (OpenBLAS,
/// sherpa-onnx): its functions are looked up by name and cast to the function-pointer types its C module declares.
/// It is never unloaded (libraries with threads of their own are unsafe to unload), so the pointers stay valid.
// @unchecked Sendable: the handle is immutable and dlsym may be called from any thread.
public struct SharedLibrary: @unchecked Sendable {
    /// Why a library or one of its functions could not be had.
    public enum Failure: Error, Equatable {
        /// `dlopen` refused the library (its message).
        case unloadable(path: String, reason: String)
        /// The library has no function of that name.
        case symbolMissing(String)
    }

    private let handle: UnsafeMutableRawPointer

    /// Loads `path` (a file, or a name the dynamic loader finds), resolving every symbol now; `global` makes its
    /// symbols visible to libraries loaded after it (a library another one links against).
    public init(_ path: String, global: Bool = false) throws(Failure) {
        guard let handle = dlopen(path, RTLD_NOW | (global ? RTLD_GLOBAL : RTLD_LOCAL)) else {
            throw .unloadable(path: path, reason: dlerror().map { String(cString: $0) } ?? "unknown error")
        }
        self.handle = handle
    }

    /// The function `name`, as `T` (a `@convention(c)` function-pointer type from the library's C module).
    public func function<T>(_ name: String) throws(Failure) -> T {
        guard let address = dlsym(handle, name) else { throw .symbolMissing(name) }
        return unsafeBitCast(address, to: T.self)
    }
}
