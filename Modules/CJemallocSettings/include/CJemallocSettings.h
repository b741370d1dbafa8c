// The jemalloc options the `platform` binary starts with (see settings.c).
extern const char *malloc_conf;
