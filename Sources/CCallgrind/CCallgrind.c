// Everything is inline in include/CCallgrind.h; SwiftPM needs a source file.
#include "CCallgrind.h"
