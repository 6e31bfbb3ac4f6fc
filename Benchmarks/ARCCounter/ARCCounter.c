#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "ARCCounter.h"

static _Thread_local uint64_t retains;
static _Thread_local uint64_t releases;

typedef void *(*retain_function)(void *);
typedef void (*release_function)(void *);
typedef void *(*retain_n_function)(void *, uint32_t);
typedef void (*release_n_function)(void *, uint32_t);

static retain_function runtime_retain;
static release_function runtime_release;
static retain_n_function runtime_retain_n;
static release_n_function runtime_release_n;
static retain_function runtime_bridge_retain;
static release_function runtime_bridge_release;
static retain_n_function runtime_bridge_retain_n;
static release_n_function runtime_bridge_release_n;

static void *runtime_symbol(const char *name) {
    void *symbol = dlsym(RTLD_NEXT, name);
    if (symbol == NULL) {
        fprintf(stderr, "ARCCounter: the Swift runtime has no %s\n", name);
        abort();
    }
    return symbol;
}

// Resolved before main, and on first use in case a retain comes earlier.
__attribute__((constructor)) static void arc_counter_resolve(void) {
    if (runtime_retain != NULL) return;
    runtime_release = (release_function)runtime_symbol("swift_release");
    runtime_retain_n = (retain_n_function)runtime_symbol("swift_retain_n");
    runtime_release_n = (release_n_function)runtime_symbol("swift_release_n");
    runtime_bridge_retain = (retain_function)runtime_symbol("swift_bridgeObjectRetain");
    runtime_bridge_release = (release_function)runtime_symbol("swift_bridgeObjectRelease");
    runtime_bridge_retain_n = (retain_n_function)runtime_symbol("swift_bridgeObjectRetain_n");
    runtime_bridge_release_n = (release_n_function)runtime_symbol("swift_bridgeObjectRelease_n");
    runtime_retain = (retain_function)runtime_symbol("swift_retain");
}

#define RESOLVED(pointer) (__builtin_expect((pointer) != NULL, 1) ? (pointer) : (arc_counter_resolve(), (pointer)))

void *swift_retain(void *object) {
    retains += 1;
    return RESOLVED(runtime_retain)(object);
}

void swift_release(void *object) {
    releases += 1;
    RESOLVED(runtime_release)(object);
}

void *swift_retain_n(void *object, uint32_t count) {
    retains += count;
    return RESOLVED(runtime_retain_n)(object, count);
}

void swift_release_n(void *object, uint32_t count) {
    releases += count;
    RESOLVED(runtime_release_n)(object, count);
}

void *swift_bridgeObjectRetain(void *object) {
    retains += 1;
    return RESOLVED(runtime_bridge_retain)(object);
}

void swift_bridgeObjectRelease(void *object) {
    releases += 1;
    RESOLVED(runtime_bridge_release)(object);
}

void *swift_bridgeObjectRetain_n(void *object, uint32_t count) {
    retains += count;
    return RESOLVED(runtime_bridge_retain_n)(object, count);
}

void swift_bridgeObjectRelease_n(void *object, uint32_t count) {
    releases += count;
    RESOLVED(runtime_bridge_release_n)(object, count);
}

arc_counts arc_counter_read(void) {
    arc_counts counts = {retains, releases};
    return counts;
}
