/*
 * pb.h: reading the protocol buffer wire format, as much as sp's readers
 * need: a message is a sequence of (field number, wire type, value); the
 * value is a varint (type 0), 8 or 4 little-endian bytes (types 1, 5) or a
 * length-delimited span (type 2: a string, a message or packed scalars).
 * Groups (types 3, 4) and anything malformed are errors.  Nothing is
 * copied: spans point into the input.
 */
#ifndef SP_PB_H
#define SP_PB_H

#include <stddef.h>
#include <stdint.h>

enum { PB_VARINT = 0, PB_FIXED64 = 1, PB_BYTES = 2, PB_FIXED32 = 5 };

/* A message (or packed field) being read: the bytes not yet consumed. */
struct pb {
	const uint8_t *p, *end;
};

struct pb_field {
	uint64_t num;		/* field number, >= 1 */
	int	 type;		/* wire type */
	uint64_t v;		/* varint and fixed values */
	struct pb sub;		/* PB_BYTES: the value's bytes */
};

/* Start reading data[0..len). */
void	 pb_init(struct pb *, const void *data, size_t len);
/*
 * The next field of m into *f.  Returns 1, 0 at the end of the message, or
 * -1 with *why set (a static string) when the bytes are not a message.
 */
int	 pb_next(struct pb *m, struct pb_field *f, const char **why);
/* The next varint of a packed field; 1, 0 at its end, -1 with *why. */
int	 pb_get_varint(struct pb *m, uint64_t *v, const char **why);
/*
 * A repeated varint field occurrence f: either one value (PB_VARINT) or a
 * packed span.  pb_rep_next gives its values one by one, as pb_varint.
 */
struct pb_rep {
	struct pb packed;
	int	 single;	/* 1: v not yet given; 2: given */
	uint64_t v;
};
int	 pb_rep_init(struct pb_rep *, const struct pb_field *f);	/* 0/-1 */
int	 pb_rep_next(struct pb_rep *, uint64_t *v, const char **why);

#endif
