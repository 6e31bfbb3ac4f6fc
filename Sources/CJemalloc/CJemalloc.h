// jemalloc, linked so that it is the allocator of every process built from
// this package (its malloc interposes libc's), and read through mallctl.
#include <jemalloc/jemalloc.h>
