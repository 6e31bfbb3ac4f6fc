#include "CSanitizerDefaults.h"

// LeakSanitizer reports leaks that live in toolchain libraries, not in this
// project: Foundation's Process (a weak reference it never releases),
// ArgumentParser's parsing tables and XCTest's test-suite objects. They are
// suppressed by library, so a leak in this project's code is still reported
// by a plain `swift test --sanitize=address`.
const char *__lsan_default_suppressions(void) {
    return "leak:libFoundation.so\n"
           "leak:libXCTest.so\n"
           "leak:ArgumentParser\n";
}

// Keep standard error to what the program says: no table of the
// suppressions used at exit.
const char *__lsan_default_options(void) {
    return "print_suppressions=0";
}
