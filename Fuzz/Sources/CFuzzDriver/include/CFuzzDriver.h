#ifndef CFUZZDRIVER_H
#define CFUZZDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// The per-input callback libFuzzer calls (`LLVMFuzzerTestOneInput`'s signature).
typedef int (*navfuzz_callback)(const uint8_t *data, size_t size);

/// Whether libFuzzer is linked into this binary (built with `-sanitize=fuzzer`).
int navfuzz_has_libfuzzer(void);

/// Hands control to libFuzzer's `LLVMFuzzerRunDriver`; returns -1 without calling anything
/// when libFuzzer is not linked (a plain `swift build`).
int navfuzz_run_driver(int *argc, char ***argv, navfuzz_callback callback);

#endif
