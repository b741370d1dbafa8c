// jemalloc (Debian's libjemalloc-dev): a binary that links it allocates with it instead of glibc's
// malloc. Only its control interface is declared here; <jemalloc/jemalloc.h> would declare
// malloc and free a second time beside glibc's.
#include <stddef.h>

int mallctl(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen);
