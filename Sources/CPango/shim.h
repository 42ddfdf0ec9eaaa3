#include <pango/pangocairo.h>
#include <pango/pango.h>
#include <cairo.h>
