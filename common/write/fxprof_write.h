/*
 * fxprof_write.h: a sample set (sampleset.h) as one Firefox Profiler
 * profile in the processed format, preprocessedProfileVersion 75: the
 * version of ../shared/FORMAT.md's newest files and of the Firefox
 * Profiler CLI 0.10.0, which profiler.firefox.com and samply load open.
 */
#ifndef SP_FXPROF_WRITE_H
#define SP_FXPROF_WRITE_H

#include "write/json_write.h"
#include "write/sampleset.h"

#define FXPROF_VERSION	75

/* Write the profile; product names it (the Firefox Profiler's title). */
void	 fxprof_write(struct sampleset *, struct jw *, const char *product);

#endif
