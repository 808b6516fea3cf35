#include <stddef.h>
#include <stdint.h>

/* libFuzzer's driver, declared only: the Swift toolchain's libclang_rt.fuzzer provides it when marks-fuzz is built
   with -sanitize=fuzzer (make fuzz); a plain build never calls it. */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
