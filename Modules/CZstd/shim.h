#define ZSTD_STATIC_LINKING_ONLY
#define ZDICT_STATIC_LINKING_ONLY
#include <zstd.h>
#include <zdict.h>

/* Experimental parameters are macros naming enum values, which Swift does not import. */
static const ZSTD_dParameter CZstd_d_forceIgnoreChecksum = ZSTD_d_forceIgnoreChecksum;
static const ZSTD_dParameter CZstd_d_stableOutBuffer = ZSTD_d_stableOutBuffer;
