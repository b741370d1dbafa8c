// What a first-touched page costs on this machine, against writing a page already resident:
// maps 400 MB, writes a byte per page (each write faults a fresh page in), then memsets the
// same pages. With an argument, maps them with MAP_POPULATE (the kernel faults them all in
// the mmap call). A replay's system time is mostly these faults: see the performance history's
// "thirteenth session".
//
//     cc -O2 -o /tmp/page-fault-cost Tools/page-fault-cost.c && /tmp/page-fault-cost && /tmp/page-fault-cost populate
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double seconds_since(struct timespec start) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start.tv_sec) + (double)(now.tv_nsec - start.tv_nsec) / 1e9;
}

int main(int argc, char **argv) {
    const size_t size = (size_t)400 << 20, page = 4096, pages = size / page;
    const int populate = argc > 1;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    char *bytes = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | (populate ? MAP_POPULATE : 0), -1, 0);
    if (bytes == MAP_FAILED) { perror("mmap"); return 1; }
    for (size_t offset = 0; offset < size; offset += page) bytes[offset] = 1;
    double touched = seconds_since(start);
    clock_gettime(CLOCK_MONOTONIC, &start);
    memset(bytes, 2, size);
    double written = seconds_since(start);
    printf("%s: %.2f us a page first touched, %.2f us a page written once resident\n",
           populate ? "MAP_POPULATE" : "faulted", touched * 1e6 / (double)pages, written * 1e6 / (double)pages);
    return bytes[page] == 2 ? 0 : 1;
}
