/*
 * perf_map.h: the symbols of a JIT's perf map, /tmp/perf-PID.map, which
 * node --perf-basic-prof, CPython 3.12's -X perf, the JVM's perf-map-agent,
 * .NET, LuaJIT, Julia and Wasmtime write: one line per piece of code,
 *
 *	START SIZE NAME
 *
 * START and SIZE in hex (with or without 0x), NAME the rest of the line.
 * perf names the frames in anonymous executable mappings from it.
 */
#ifndef SP_PERF_MAP_H
#define SP_PERF_MAP_H

#include <stddef.h>
#include <stdint.h>

struct perf_map;

/* The map in data[0..n); lines that are not "START SIZE NAME" are skipped. */
struct perf_map *perf_map_parse(const char *data, size_t n);
/* The map file at path, or NULL when it cannot be read. */
struct perf_map *perf_map_load(const char *path);
void	 perf_map_free(struct perf_map *);	/* NULL-safe */
/*
 * The name of the code holding addr (the newest entry, where entries
 * overlap, as code is rewritten), or NULL.
 */
const char *perf_map_find(const struct perf_map *, uint64_t addr);

#endif
