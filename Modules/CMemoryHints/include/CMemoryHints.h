// Hints to the CPU about memory a program is about to read (see PlatformKit's Prefetch.swift).
#ifndef CMEMORYHINTS_H
#define CMEMORYHINTS_H

/// Starts loading the cache line holding `address` into every cache level; never faults.
static inline void memory_hints_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
