#ifndef C_OPERATOR_NEW_H
#define C_OPERATOR_NEW_H

// Replaces C++'s global operator new and delete with forwards to malloc and
// free. Nothing to call: linking this target is the point.
//
// Debian's jemalloc exports its own operator new and delete. Under a
// sanitizer, malloc and free belong to the sanitizer while new and delete
// would still reach jemalloc, and a block from one is freed by the other.
// With these replacements every allocation pairs with whichever allocator
// owns malloc: jemalloc normally, the sanitizer's when there is one.

#endif
