import COpenBLAS
import Foundation

/// The few OpenBLAS calls the model and the vector maths use; row-major, single precision.
/// Internal: C types never leave this module.
///
/// OpenBLAS runs every call on the calling thread: the model spreads its batches over the cores
/// itself, and OpenBLAS's own threads only added synchronisation (measured: a 100k-row search took
/// 2–3× longer with two OpenBLAS threads on a busy 2-core machine).
enum BLAS {
    /// Set once, before the first call from this module (process-wide; lazy globals run once): one thread, and the
    /// kernels this CPU can run when OpenBLAS fell back to its generic ones (`BLASKernelChoice`).
    private static let singleThreaded: Void = {
        openblas_set_num_threads(1)
        if let core = BLASKernelChoice.override(environment: ProcessInfo.processInfo.environment, loaded: coreName,
                                                cpuFlags: BLASKernelChoice.cpuFlags(cpuinfo: BLASKernelChoice.readCPUInfo())) {
            setenv("OPENBLAS_CORETYPE", core, 1)
            gotoblas_dynamic_quit()
            gotoblas_dynamic_init()
            unsetenv("OPENBLAS_CORETYPE")
        }
    }()

    /// C = alpha · op(A) · op(B) + beta · C, with op(X) = Xᵀ when `transposeX` is set.
    static func gemm(
        transposeA: Bool = false, transposeB: Bool = false,
        m: Int, n: Int, k: Int, alpha: Float = 1,
        a: UnsafePointer<Float>, lda: Int,
        b: UnsafePointer<Float>, ldb: Int,
        beta: Float = 0,
        c: UnsafeMutablePointer<Float>, ldc: Int
    ) {
        _ = singleThreaded
        cblas_sgemm(
            CblasRowMajor, transposeA ? CblasTrans : CblasNoTrans, transposeB ? CblasTrans : CblasNoTrans,
            blasint(m), blasint(n), blasint(k), alpha, a, blasint(lda), b, blasint(ldb), beta, c, blasint(ldc))
    }

    /// y = alpha · A · x + beta · y for a row-major `rows` × `columns` matrix A.
    static func gemv(
        rows: Int, columns: Int, alpha: Float = 1,
        a: UnsafePointer<Float>, lda: Int,
        x: UnsafePointer<Float>,
        beta: Float = 0,
        y: UnsafeMutablePointer<Float>
    ) {
        _ = singleThreaded
        cblas_sgemv(CblasRowMajor, CblasNoTrans, blasint(rows), blasint(columns), alpha, a, blasint(lda), x, 1, beta, y, 1)
    }

    /// How many threads OpenBLAS currently uses.
    static var threadCount: Int { Int(openblas_get_num_threads()) }

    /// The name of the kernel set in use (`Haswell`, `SkylakeX`, …), after `BLASKernelChoice` had its say.
    static var kernels: String {
        _ = singleThreaded
        return coreName
    }

    /// The name of the kernel set OpenBLAS picked for this CPU.
    private static var coreName: String {
        guard let name = openblas_get_corename() else { return "unknown" }
        return String(cString: name)
    }
}
