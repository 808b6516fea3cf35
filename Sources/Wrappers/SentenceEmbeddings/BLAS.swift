import COpenBLAS

/// The few OpenBLAS calls the model and the vector maths use; row-major, single precision.
/// Internal: C types never leave this module.
enum BLAS {
    /// C = alpha · op(A) · op(B) + beta · C, with op(X) = Xᵀ when `transposeX` is set.
    static func gemm(
        transposeA: Bool = false, transposeB: Bool = false,
        m: Int, n: Int, k: Int, alpha: Float = 1,
        a: UnsafePointer<Float>, lda: Int,
        b: UnsafePointer<Float>, ldb: Int,
        beta: Float = 0,
        c: UnsafeMutablePointer<Float>, ldc: Int
    ) {
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
        cblas_sgemv(CblasRowMajor, CblasNoTrans, blasint(rows), blasint(columns), alpha, a, blasint(lda), x, 1, beta, y, 1)
    }

    /// Sets how many threads OpenBLAS may use for one call (process-wide).
    static func setThreadCount(_ count: Int) {
        openblas_set_num_threads(Int32(count))
    }

    /// How many threads OpenBLAS currently uses.
    static var threadCount: Int { Int(openblas_get_num_threads()) }
}
