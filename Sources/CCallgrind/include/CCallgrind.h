#ifndef C_CALLGRIND_H
#define C_CALLGRIND_H

// Valgrind's callgrind client requests, as functions Swift can call, and the
// system calls a counted process makes of itself (its threads' ids and CPUs).
//
// A client request is a sequence of instructions that does nothing on a real
// CPU and is recognised by Valgrind's JIT, so these cost a few instructions
// outside Valgrind. The header comes with the `valgrind` package; a build
// without it gets versions that report Valgrind as absent, and
// `ccg_has_client_requests` says which one was built.

#include <errno.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

// The calling thread's kernel id, without allocating.
static inline int ccg_thread_id(void) { return (int)syscall(SYS_gettid); }

/// The CPUs an affinity mask of these helpers covers.
#define CCG_CPU_LIMIT 1024
#define CCG_MASK_WORDS (CCG_CPU_LIMIT / (8 * sizeof(unsigned long)))

/// Lets thread `thread` (a kernel thread id; 0 for the calling thread) run
/// on the `count` CPUs in `cpus` only: 0, or -1 with `errno` set. A thread or
/// process it starts later inherits the set. The system call, not glibc's
/// wrapper, which Swift cannot see without `_GNU_SOURCE`.
static inline int ccg_allow_cpus(int thread, const int *_Nonnull cpus, int count) {
    unsigned long mask[CCG_MASK_WORDS];
    memset(mask, 0, sizeof mask);
    for (int index = 0; index < count; index++) {
        int cpu = cpus[index];
        if (cpu < 0 || cpu >= CCG_CPU_LIMIT) { errno = EINVAL; return -1; }
        mask[cpu / (8 * sizeof(unsigned long))] |= 1UL << (cpu % (8 * sizeof(unsigned long)));
    }
    return (int)syscall(SYS_sched_setaffinity, thread, sizeof mask, mask);
}

/// Writes into `cpus` (room for `capacity`) the CPUs thread `thread` (0 for
/// the calling thread) may run on, in ascending order; returns how many, or
/// -1 with `errno` set.
static inline int ccg_allowed_cpus(int thread, int *_Nonnull cpus, int capacity) {
    unsigned long mask[CCG_MASK_WORDS];
    memset(mask, 0, sizeof mask);
    if (syscall(SYS_sched_getaffinity, thread, sizeof mask, mask) < 0) return -1;
    int found = 0;
    for (int cpu = 0; cpu < CCG_CPU_LIMIT && found < capacity; cpu++) {
        if ((mask[cpu / (8 * sizeof(unsigned long))] >> (cpu % (8 * sizeof(unsigned long)))) & 1UL) cpus[found++] = cpu;
    }
    return found;
}

/// What each region's dump is labelled: this, then the region's number.
/// Swift imports it to check that a dump is the one it waits for.
#define CCG_REGION_LABEL_PREFIX "bench-region-"
/// The room a region's label needs, `CCG_REGION_LABEL_PREFIX` and its number.
#define CCG_REGION_LABEL_SIZE 40

/// Calls the C library routines that pick a variant for the CPU's features
/// (memset, memcpy, memmove, memcmp, strlen, memchr) on two buffers of
/// `size + 1` bytes, and returns what they found. The calls go through
/// volatile pointers: a compiler drops or folds calls to routines it knows,
/// and Swift's optimizer dropped three of these when their results were
/// unused.
static inline long ccg_run_dispatched_routines(char *_Nonnull source, char *_Nonnull target, unsigned long size) {
    void *(*volatile set)(void *, int, size_t) = memset;
    void *(*volatile copy)(void *, const void *, size_t) = memcpy;
    void *(*volatile move)(void *, const void *, size_t) = memmove;
    int (*volatile compare)(const void *, const void *, size_t) = memcmp;
    size_t (*volatile length)(const char *) = strlen;
    void *(*volatile find)(const void *, int, size_t) = memchr;
    set(source, 0x61, size);
    source[size] = 0;
    copy(target, source, size + 1);
    move(target + 1, target, size - 1);
    long found = compare(source, target, size);
    found += (long)length(source);
    char *zero = find(source, 0, size + 1);
    return found + (zero ? (long)(zero - source) : 0);
}

#if __has_include(<valgrind/callgrind.h>)
#include <stdio.h>
#include <valgrind/callgrind.h>

static inline int ccg_has_client_requests(void) { return 1; }

/// Non-zero when the process runs under Valgrind (any tool).
static inline int ccg_running_on_valgrind(void) { return RUNNING_ON_VALGRIND ? 1 : 0; }

/// Writes region `region`'s label into `label` (`CCG_REGION_LABEL_SIZE`
/// bytes), then switches instrumentation on and discards what every thread
/// counted so far: from here every thread's instructions count. Run with
/// `--instr-atstart=no --collect-atstart=yes`: collection is a state of each
/// thread, on for every thread from its start, and instrumentation, which is
/// the process's, decides what is counted; everything between counted regions
/// runs uninstrumented, several times faster.
///
/// The label is formatted before counting starts: a label passed in from
/// Swift is converted to a C string at a cost that depends on its length
/// (Swift keeps strings of up to 15 bytes inline, and "bench-region-100"
/// has 16).
static inline void ccg_start_counting(char *_Nonnull label, unsigned long region) {
    snprintf(label, CCG_REGION_LABEL_SIZE, CCG_REGION_LABEL_PREFIX "%lu", region);
    CALLGRIND_START_INSTRUMENTATION;
    CALLGRIND_ZERO_STATS;
}

/// Writes what every thread counted since `ccg_start_counting` to the next
/// numbered dump file, labelled `label`, and switches instrumentation off.
static inline void ccg_stop_counting_and_dump(const char *_Nonnull label) {
    CALLGRIND_DUMP_STATS_AT(label);
    CALLGRIND_STOP_INSTRUMENTATION;
}

#else

static inline int ccg_has_client_requests(void) { return 0; }
static inline int ccg_running_on_valgrind(void) { return 0; }
static inline void ccg_start_counting(char *_Nonnull label, unsigned long region) { (void)label; (void)region; }
static inline void ccg_stop_counting_and_dump(const char *_Nonnull label) { (void)label; }

#endif

#endif
