#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>

/// Asks the processor to bring the cache line at `address` in for writing (a hint: no
/// effect on what the program computes). Used by the rasterizers to start the memory
/// reads of the rows ahead.
static inline void navui_prefetch_for_write(const void *address) {
  __builtin_prefetch(address, 1, 3);
}
