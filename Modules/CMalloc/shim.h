// glibc's allocator settings (mallopt), which Swift's Glibc module does not export.
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
