/*
 * perfdata_scan.c: the perf.data reader's records: the first pass that
 * checks every record of the data section and lists them in time order
 * (perf writes them per CPU buffer, sorted only within rounds), counting
 * the samples and those perf lost; a sample record decoded by its event's
 * sample_type; the time and thread of another record from its sample_id
 * trailer.  Part of read_perfdata.c's reader (perfdata_impl.h); may use
 * base/.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/strtab.h"
#include "base/util.h"
#include "perf/perfdata_impl.h"

static struct pd_attr *
attr_of_id(struct pd *pd, uint64_t id)
{
	int64_t k;

	if (pd->nattrs == 1)
		return &pd->attrs[0];
	k = st_find(pd->ids, (const char *)&id, 8);
	return k >= 0 ? &pd->attrs[pd->idattr[k]] : NULL;
}

static int
popcount64(uint64_t v)
{
	int n = 0;

	for (; v != 0; v &= v - 1)
		n++;
	return n;
}

/*
 * Decode the sample record at off (body p[0..n)).  Returns 0, 1 when its
 * event is unknown (skipped), or -1 after a message.
 */
int
decode_sample(struct pd *pd, uint64_t off, const uint8_t *p, size_t n,
    struct pd_sample *s, struct pd_attr **ap)
{
	const struct pd_attr *f = &pd->attrs[0];	/* the layout up to ID */
	struct pd_attr *a;
	uint64_t st;
	size_t k = 0;

#define NEED(m)	do { if (n - k < (m)) \
	return pd_bad(pd, off + 8 + k, \
	    "sample runs past its record"); } while (0)
	memset(s, 0, sizeof(*s));
	/* Which event: IDENTIFIER is first; ID's place is fixed by attr 0. */
	if (pd->nattrs == 1)
		a = &pd->attrs[0];
	else if (f->sample_type & S_IDENTIFIER) {
		NEED(8);
		a = attr_of_id(pd, u64at(p));
	} else if (f->sample_type & S_ID) {
		size_t at = 8 * (popcount64(f->sample_type &
		    (S_IP | S_TID | S_TIME | S_ADDR)));

		if (n < at + 8)
			return pd_bad(pd, off + 8,
			    "sample runs past its record");
		a = attr_of_id(pd, u64at(p + at));
	} else
		a = &pd->attrs[0];
	if (a == NULL)
		return 1;
	*ap = a;
	st = a->sample_type;
	if (st & S_IDENTIFIER) {
		NEED(8);
		s->id = u64at(p + k);
		k += 8;
	}
	if (st & S_IP) {
		NEED(8);
		s->ip = u64at(p + k);
		k += 8;
	}
	if (st & S_TID) {
		NEED(8);
		s->pid = (int32_t)u32at(p + k);
		s->tid = (int32_t)u32at(p + k + 4);
		k += 8;
	}
	if (st & S_TIME) {
		NEED(8);
		s->time = u64at(p + k);
		s->has_time = 1;
		k += 8;
	}
	if (st & S_ADDR) {
		NEED(8);
		k += 8;
	}
	if (st & S_ID) {
		NEED(8);
		s->id = u64at(p + k);
		k += 8;
	}
	if (st & S_STREAM_ID) {
		NEED(8);
		k += 8;
	}
	if (st & S_CPU) {
		NEED(8);
		k += 8;
	}
	if (st & S_PERIOD) {
		NEED(8);
		s->period = u64at(p + k);
		s->has_period = 1;
		k += 8;
	}
	if (st & S_READ) {
		uint64_t rf = a->read_format, per;

		per = 1 + ((rf & 4) != 0) + ((rf & 16) != 0);
		if (rf & RF_GROUP) {
			uint64_t nr;

			NEED(8);
			nr = u64at(p + k);
			k += 8;
			k += 8 * (((rf & 1) != 0) + ((rf & 2) != 0));
			if (k > n || nr > (n - k) / 8 / per)
				return pd_bad(pd, off + 8 + k,
				    "sample runs past "
				    "its record");
			k += nr * per * 8;
		} else {
			size_t m = 8 * (1 + ((rf & 1) != 0) + ((rf & 2) != 0) +
			    ((rf & 4) != 0) + ((rf & 16) != 0));

			NEED(m);
			k += m;
		}
	}
	if (st & S_CALLCHAIN) {
		NEED(8);
		s->nchain = u64at(p + k);
		k += 8;
		if (s->nchain > (n - k) / 8)
			return pd_bad(pd, off + 8 + k,
			    "callchain runs past its "
			    "record");
		s->chain = p + k;
		k += s->nchain * 8;
	}
	if (st & S_RAW) {
		uint32_t sz;

		NEED(4);
		sz = u32at(p + k);
		NEED(4 + (size_t)sz);
		s->raw = p + k + 4;
		s->rawlen = sz;
		k += 4 + (size_t)sz;
	}
	if (st & S_BRANCH_STACK) {
		uint64_t nr;

		NEED(8);
		nr = u64at(p + k);
		k += 8;
		if (a->branch_type & BRANCH_HW_INDEX) {
			NEED(8);
			k += 8;
		}
		if (nr > (n - k) / 24)
			return pd_bad(pd, off + 8 + k,
			    "branch stack runs past "
			    "its record");
		k += nr * 24;
	}
	if (st & S_REGS_USER) {
		NEED(8);
		s->abi = u64at(p + k);
		k += 8;
		if (s->abi != 0) {
			s->nregs = (size_t)popcount64(a->regs_user);
			NEED(s->nregs * 8);
			s->regs = p + k;
			k += s->nregs * 8;
		}
	}
	if (st & S_STACK_USER) {
		uint64_t sz;

		NEED(8);
		sz = u64at(p + k);
		k += 8;
		if (sz > n - k)
			return pd_bad(pd, off + 8 + k,
			    "user stack runs past its "
			    "record");
		s->stack = p + k;
		k += sz;
		s->stack_len = sz;
		if (sz != 0) {
			uint64_t dyn;

			NEED(8);
			dyn = u64at(p + k);
			if (dyn < sz)
				s->stack_len = dyn;
		}
	}
#undef NEED
	return 0;
}

/* The time of a non-sample record, from its sample_id trailer. */
int
trailer_time(struct pd *pd, const uint8_t *p, size_t n, uint64_t *t)
{
	const struct pd_attr *a = &pd->attrs[0];
	uint64_t st;
	size_t tl, at;

	if (pd->nattrs > 1 && (a->sample_type & S_IDENTIFIER) && n >= 8)
		a = attr_of_id(pd, u64at(p + n - 8));
	if (a == NULL || !a->id_all || !((st = a->sample_type) & S_TIME))
		return 0;
	tl = 8 * (size_t)popcount64(st & (S_TID | S_TIME | S_ID |
	    S_STREAM_ID | S_CPU | S_IDENTIFIER));
	if (tl > n)
		return 0;
	at = n - tl + ((st & S_TID) ? 8 : 0);
	*t = u64at(p + at);
	return 1;
}

/*
 * The thread of a non-sample record, from its sample_id trailer: 0, or -1
 * when the record has none.
 */
int
trailer_tid(struct pd *pd, const uint8_t *p, size_t n, int32_t *tid)
{
	const struct pd_attr *a = &pd->attrs[0];
	uint64_t st;
	size_t tl;

	if (pd->nattrs > 1 && (a->sample_type & S_IDENTIFIER) && n >= 8)
		a = attr_of_id(pd, u64at(p + n - 8));
	if (a == NULL || !a->id_all || !((st = a->sample_type) & S_TID))
		return -1;
	tl = 8 * (size_t)popcount64(st & (S_TID | S_TIME | S_ID |
	    S_STREAM_ID | S_CPU | S_IDENTIFIER));
	if (tl > n)
		return -1;
	*tid = (int32_t)u32at(p + n - tl + 4);
	return 0;
}

static int
cmp_rec(const void *a, const void *b)
{
	const struct pd_rec *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/*
 * The first pass: check every record and list them with their times.
 * Returns 0 or -1 after a message.
 */
int
pd_scan(struct pd *pd, struct pd_rec **out, size_t *nout)
{
	struct pd_rec *r = NULL;
	size_t n = 0, cap = 0;
	uint64_t off = pd->data_off, last = 0;

	while (off < pd->data_end) {
		uint32_t type;
		uint16_t size;
		uint64_t t = last;
		const uint8_t *p;
		size_t bn;

		if (!fits(off, 8, pd->data_end)) {
			pd_bad(pd, off, "record header runs past the data "
			    "section");
			goto fail;
		}
		type = u32at(pd->d + off);
		size = u16at(pd->d + off + 6);
		if (size < 8) {
			pd_bad(pd, off, "record size smaller than its header");
			goto fail;
		}
		if (!fits(off, size, pd->data_end)) {
			pd_bad(pd, off, "record runs past the data section");
			goto fail;
		}
		p = pd->d + off + 8;
		bn = size - 8u;
		switch (type) {
		case R_SAMPLE: {
			struct pd_sample s;
			struct pd_attr *a;
			int rc = decode_sample(pd, off, p, bn, &s, &a);

			if (rc == -1)
				goto fail;
			pd->nsamples++;
			if (rc == 0 && s.has_time)
				t = s.time;
			break;
		}
		case R_MMAP:
		case R_MMAP2:
			if (bn < (type == R_MMAP ? 32u : 64u)) {
				pd_bad(pd, off, "mmap record too small");
				goto fail;
			}
			trailer_time(pd, p, bn, &t);
			break;
		case R_COMM:
		case R_FORK:
		case R_EXIT:
			if (bn < (type == R_COMM ? 8u : 24u)) {
				pd_bad(pd, off,
				    "record too small for its type");
				goto fail;
			}
			trailer_time(pd, p, bn, &t);
			break;
		case R_SWITCH:
		case R_SWITCH_CPU_WIDE:
		case R_LOST:
		case R_LOST_SAMPLES:
		case R_THROTTLE:
			if (bn < (type == R_SWITCH ? 0u : type == R_LOST ||
			    type == R_THROTTLE ? 16u : 8u)) {
				pd_bad(pd, off,
				    "record too small for its type");
				goto fail;
			}
			if (type == R_LOST)
				pd->lost_rec += u64at(p + 8);
			else if (type == R_LOST_SAMPLES)
				pd->lost_samples += u64at(p);
			trailer_time(pd, p, bn, &t);
			break;
		case R_COMPRESSED:
			pd_say(pd, "compressed records (perf record -z): not "
			    "supported");
			goto fail;
		default:
			off += size;
			continue;
		}
		last = t;
		xgrow(&r, &cap, n + 1, sizeof(*r));
		r[n].time = t;
		r[n].off = off;
		r[n].seq = n;
		n++;
		off += size;
	}
	if (n > 1)
		qsort(r, n, sizeof(*r), cmp_rec);
	*out = r;
	*nout = n;
	return 0;
fail:
	free(r);
	return -1;
}
