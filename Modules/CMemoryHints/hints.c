// The hints are inline functions of the header; this file gives the target its one source.
#include "CMemoryHints.h"
