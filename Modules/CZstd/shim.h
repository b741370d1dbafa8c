#include <zstd.h>
#include <zdict.h>
