/*
 * speedscope_write.h: a sample set (sampleset.h) as one speedscope file
 * (https://www.speedscope.app/file-format-schema.json): a sampled profile
 * per thread, with weights in the stream's unit.
 */
#ifndef SP_SPEEDSCOPE_WRITE_H
#define SP_SPEEDSCOPE_WRITE_H

#include "write/json_write.h"
#include "write/sampleset.h"

/* Write the file; name is the file's name, which speedscope shows. */
void	 speedscope_write(struct sampleset *, struct jw *, const char *name);

#endif
