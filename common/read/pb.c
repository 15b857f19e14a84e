/*
 * pb.c: the protocol buffer wire format (pb.h), written from the public
 * description of the encoding: base-128 varints, little-endian first, at
 * most 10 bytes for 64 bits; a field's key is (number << 3) | wire type.
 */
#include <string.h>

#include "read/pb.h"

void
pb_init(struct pb *m, const void *data, size_t len)
{
	m->p = data;
	m->end = m->p + len;
}

int
pb_get_varint(struct pb *m, uint64_t *v, const char **why)
{
	const uint8_t *p = m->p;
	uint64_t x = 0;

	if (p == m->end)
		return 0;
	/* The common case: one byte. */
	if (*p < 0x80) {
		*v = *p;
		m->p = p + 1;
		return 1;
	}
	for (int shift = 0; shift < 70; shift += 7) {
		uint8_t b;

		if (p == m->end) {
			*why = "truncated varint";
			return -1;
		}
		b = *p++;
		if (shift == 63 && b > 1) {
			*why = "varint too large for 64 bits";
			return -1;
		}
		x |= (uint64_t)(b & 0x7f) << shift;
		if (b < 0x80) {
			*v = x;
			m->p = p;
			return 1;
		}
	}
	*why = "varint longer than 10 bytes";
	return -1;
}

int
pb_next(struct pb *m, struct pb_field *f, const char **why)
{
	uint64_t key, len;
	int r;

	if ((r = pb_get_varint(m, &key, why)) <= 0)
		return r;
	f->num = key >> 3;
	f->type = (int)(key & 7);
	if (f->num == 0 || f->num > 0x1fffffff) {
		*why = "bad field number";
		return -1;
	}
	switch (f->type) {
	case PB_VARINT:
		if (pb_get_varint(m, &f->v, why) != 1) {
			*why = "truncated varint";
			return -1;
		}
		return 1;
	case PB_FIXED64:
	case PB_FIXED32: {
		size_t n = f->type == PB_FIXED64 ? 8 : 4;

		if ((size_t)(m->end - m->p) < n) {
			*why = "truncated fixed-size field";
			return -1;
		}
		f->v = 0;
		for (size_t i = n; i-- > 0;)
			f->v = f->v << 8 | m->p[i];
		m->p += n;
		return 1;
	}
	case PB_BYTES:
		if (pb_get_varint(m, &len, why) != 1) {
			*why = "truncated length";
			return -1;
		}
		if (len > (uint64_t)(m->end - m->p)) {
			*why = "length-delimited field past the end (truncated?)";
			return -1;
		}
		f->sub.p = m->p;
		f->sub.end = m->p + len;
		m->p += len;
		return 1;
	default:
		*why = f->type == 3 || f->type == 4 ? "groups are not "
		    "supported (wire type 3 or 4)" : "bad wire type";
		return -1;
	}
}

int
pb_rep_init(struct pb_rep *r, const struct pb_field *f)
{
	memset(r, 0, sizeof(*r));
	if (f->type == PB_VARINT) {
		r->single = 1;
		r->v = f->v;
		return 0;
	}
	if (f->type != PB_BYTES)
		return -1;
	r->packed = f->sub;
	return 0;
}

int
pb_rep_next(struct pb_rep *r, uint64_t *v, const char **why)
{
	if (r->single == 1) {
		r->single = 2;
		*v = r->v;
		return 1;
	}
	if (r->single == 2)
		return 0;
	return pb_get_varint(&r->packed, v, why);
}
