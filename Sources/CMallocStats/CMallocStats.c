#include "CMallocStats.h"
// <stdlib.h> defines __GLIBC__ (through <features.h>); without it the check below was always
// false and every heap figure read 0.
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

long long cmallocstats_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  struct mallinfo2 info = mallinfo2();
  return (long long)(info.uordblks + info.hblkhd);
#else
  return -1;
#endif
}
