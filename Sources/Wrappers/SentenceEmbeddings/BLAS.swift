import COpenBLAS
import Foundation
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// The few OpenBLAS calls the model and the vector maths use; row-major, single precision.
/// Internal: C types never leave this module.
///
/// OpenBLAS is loaded with `dlopen` on first use (`load()`, which `EmbeddingModel` calls so that a missing library is
/// an error a user can act on): a server that never embeds or searches by meaning never loads it, never runs its
/// start-up code (its kernel tables, its thread pool) and never holds its pages.
///
/// OpenBLAS runs every call on the calling thread: the model spreads its batches over the cores
/// itself, and OpenBLAS's own threads only added synchronisation (measured: a 100k-row search took
/// 2–3× longer with two OpenBLAS threads on a busy 2-core machine).
enum BLAS {
    /// The library every process loads (Debian's libopenblas0, through its alternatives link).
    static let libraryName = "libopenblas.so.0"

    /// OpenBLAS's functions, resolved once.
    // @unchecked Sendable: immutable C function pointers into a library that is never unloaded.
    struct Functions: @unchecked Sendable {
        let sgemm: MarksCblasSgemm
        let sgemv: MarksCblasSgemv
        let setThreads: MarksOpenBLASSetNumThreads
        let threads: MarksOpenBLASGetNumThreads
        let corename: MarksOpenBLASGetCorename
        let dynamicQuit: MarksGotoBLASDynamic
        let dynamicInit: MarksGotoBLASDynamic
    }

    /// Loaded once per process (lazy globals run once), then set to one thread and to the kernels this CPU can run
    /// when OpenBLAS fell back to its generic ones (`BLASKernelChoice`).
    private static let loaded: Result<Functions, EmbeddingError> = {
        let functions: Functions
        do throws(EmbeddingError) {
            functions = try open()
        } catch {
            return .failure(error)
        }
        functions.setThreads(1)
        let coreName = name(functions)
        if let core = BLASKernelChoice.override(environment: ProcessInfo.processInfo.environment, loaded: coreName,
                                                cpuFlags: BLASKernelChoice.cpuFlags(cpuinfo: BLASKernelChoice.readCPUInfo())) {
            setenv("OPENBLAS_CORETYPE", core, 1)
            functions.dynamicQuit()
            functions.dynamicInit()
            unsetenv("OPENBLAS_CORETYPE")
        }
        return .success(functions)
    }()

    private static func open() throws(EmbeddingError) -> Functions {
        do throws(SharedLibrary.Failure) {
            let library = try SharedLibrary(libraryName)
            return Functions(sgemm: try library.function("cblas_sgemm"), sgemv: try library.function("cblas_sgemv"),
                             setThreads: try library.function("openblas_set_num_threads"),
                             threads: try library.function("openblas_get_num_threads"),
                             corename: try library.function("openblas_get_corename"),
                             dynamicQuit: try library.function("gotoblas_dynamic_quit"),
                             dynamicInit: try library.function("gotoblas_dynamic_init"))
        } catch {
            switch error {
            case .unloadable(_, let reason): throw .blasUnavailable(reason: reason)
            case .symbolMissing(let name): throw .blasUnavailable(reason: "\(libraryName) has no \(name)")
            }
        }
    }

    /// Loads OpenBLAS now, or throws `blasUnavailable` saying why it cannot be.
    static func load() throws(EmbeddingError) {
        _ = try loaded.get()
    }

    /// The loaded functions. Every path to a matrix product starts from a loaded `EmbeddingModel` (the vectors it
    /// searches were made by one), which called `load()`; reaching here without OpenBLAS is a programming error.
    private static var functions: Functions {
        switch loaded {
        case .success(let functions): return functions
        case .failure(let error): fatalError("OpenBLAS is needed here and did not load: \(error)")  // safe: only a loaded model reaches here, and loading it loaded OpenBLAS
        }
    }

    /// C = alpha · op(A) · op(B) + beta · C, with op(X) = Xᵀ when `transposeX` is set.
    static func gemm(
        transposeA: Bool = false, transposeB: Bool = false,
        m: Int, n: Int, k: Int, alpha: Float = 1,
        a: UnsafePointer<Float>, lda: Int,
        b: UnsafePointer<Float>, ldb: Int,
        beta: Float = 0,
        c: UnsafeMutablePointer<Float>, ldc: Int
    ) {
        functions.sgemm(
            Int32(MarksCblasRowMajor), Int32(transposeA ? MarksCblasTrans : MarksCblasNoTrans),
            Int32(transposeB ? MarksCblasTrans : MarksCblasNoTrans),
            Int32(m), Int32(n), Int32(k), alpha, a, Int32(lda), b, Int32(ldb), beta, c, Int32(ldc))
    }

    /// y = alpha · A · x + beta · y for a row-major `rows` × `columns` matrix A.
    static func gemv(
        rows: Int, columns: Int, alpha: Float = 1,
        a: UnsafePointer<Float>, lda: Int,
        x: UnsafePointer<Float>,
        beta: Float = 0,
        y: UnsafeMutablePointer<Float>
    ) {
        functions.sgemv(Int32(MarksCblasRowMajor), Int32(MarksCblasNoTrans), Int32(rows), Int32(columns), alpha, a, Int32(lda),
                        x, 1, beta, y, 1)
    }

    /// How many threads OpenBLAS currently uses.
    static var threadCount: Int { Int(functions.threads()) }

    /// The name of the kernel set in use (`Haswell`, `SkylakeX`, …), after `BLASKernelChoice` had its say.
    static var kernels: String { name(functions) }

    private static func name(_ functions: Functions) -> String {
        guard let name = functions.corename() else { return "unknown" }
        return String(cString: name)
    }
}
