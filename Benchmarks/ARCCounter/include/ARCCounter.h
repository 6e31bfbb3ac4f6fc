#ifndef ARC_COUNTER_H
#define ARC_COUNTER_H

#include <stdint.h>

// Counts the calling thread's retains and releases.
//
// ordo-one/benchmark's own ARC metrics crash on Linux with Swift 6.3 unless
// its RuntimeInterposer trait is enabled, whose package is not mirrored
// here. So this target interposes the Swift runtime's retain and release
// entry points itself: the executable defines swift_retain, swift_release,
// their _n variants and the bridge-object ones, counts them in thread-local
// counters, and forwards to the runtime's own (found with dlsym RTLD_NEXT).
//
// Counted: every retain and release the benchmark executable performs,
// which holds the stores, the model and the inlined standard library.
// Not counted: those made inside libswiftCore's own compiled functions.

typedef struct {
    uint64_t retains;
    uint64_t releases;
} arc_counts;

arc_counts arc_counter_read(void);

#endif
