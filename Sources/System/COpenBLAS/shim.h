// COpenBLAS: the few OpenBLAS calls SentenceEmbeddings makes (cblas.h of Debian 12's OpenBLAS 0.3.21, LP64: blasint
// is int), written out as function-pointer types. The library is loaded with dlopen on the first matrix product, so a
// process that never runs the model or a vector search never loads OpenBLAS (nor libgfortran), never runs its
// start-up code and never holds its pages. Nothing is linked.

/* enum CBLAS_ORDER / CBLAS_TRANSPOSE values. */
enum { MarksCblasRowMajor = 101, MarksCblasNoTrans = 111, MarksCblasTrans = 112 };

typedef void (*MarksCblasSgemm)(int order, int transA, int transB, int m, int n, int k, float alpha,
                                const float *a, int lda, const float *b, int ldb, float beta, float *c, int ldc);
typedef void (*MarksCblasSgemv)(int order, int trans, int m, int n, float alpha, const float *a, int lda,
                                const float *x, int incx, float beta, float *y, int incy);
typedef void (*MarksOpenBLASSetNumThreads)(int threads);
typedef int (*MarksOpenBLASGetNumThreads)(void);
typedef char *(*MarksOpenBLASGetCorename)(void);

/* OpenBLAS's own choice of kernels (DYNAMIC_ARCH builds, as Debian's): gotoblas_dynamic_quit and
   gotoblas_dynamic_init undo it and make it again, after OPENBLAS_CORETYPE is set, when it fell back to its generic
   kernels on a CPU it does not know. */
typedef void (*MarksGotoBLASDynamic)(void);
