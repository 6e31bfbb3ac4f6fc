#include "CThreadSlot.h"

_Thread_local void *cts_lock_tallies = 0;
