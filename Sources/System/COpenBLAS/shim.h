#include <cblas.h>

/* OpenBLAS's own choice of kernels (DYNAMIC_ARCH builds, as Debian's): undone and made again, after
   OPENBLAS_CORETYPE is set, when it fell back to its generic kernels on a CPU it does not know. */
extern void gotoblas_dynamic_quit(void);
extern void gotoblas_dynamic_init(void);
