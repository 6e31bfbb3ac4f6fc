#ifndef C_SANITIZER_DEFAULTS_H
#define C_SANITIZER_DEFAULTS_H

// Defaults for the sanitizers, picked up when a binary is built with one.
// Nothing to call: linking this target is the point.

#endif
