#ifndef CMALLOCSTATS_H
#define CMALLOCSTATS_H
#include <stddef.h>
/// Bytes currently allocated through malloc (glibc's mallinfo2: uordblks + hblkhd), or -1.
long long cmallocstats_in_use(void);
#endif
