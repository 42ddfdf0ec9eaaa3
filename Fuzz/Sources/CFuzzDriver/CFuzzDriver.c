#include "CFuzzDriver.h"

// A weak reference: resolved when the binary is linked with `-sanitize=fuzzer` (libFuzzer
// defines it), null in a plain build, so the same target links both ways.
extern int LLVMFuzzerRunDriver(int *argc, char ***argv,
                               int (*callback)(const uint8_t *, size_t))
    __attribute__((weak));

int navfuzz_has_libfuzzer(void) { return LLVMFuzzerRunDriver != NULL; }

int navfuzz_run_driver(int *argc, char ***argv, navfuzz_callback callback) {
  if (LLVMFuzzerRunDriver == NULL) return -1;
  return LLVMFuzzerRunDriver(argc, argv, callback);
}
