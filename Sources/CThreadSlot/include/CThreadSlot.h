#ifndef C_THREAD_SLOT_H
#define C_THREAD_SLOT_H

// One pointer per thread, readable in a single instruction.
//
// `InstrumentedLock` reads this on every acquisition to find the calling
// thread's lock tallies; pthread_getspecific would cost a call through the PLT.
// The variable is defined once in CThreadSlot.c so every Swift module that
// imports this header sees the same slot.

extern _Thread_local void *_Nullable cts_lock_tallies;

static inline void *_Nullable cts_get_lock_tallies(void) { return cts_lock_tallies; }
static inline void cts_set_lock_tallies(void *_Nullable tallies) { cts_lock_tallies = tallies; }

#endif
