/*
 * perfdata_header.c: the perf.data reader's first look at the file: the
 * header (magic, byte order, pipe mode, the attrs and data sections), each
 * event's perf_event_attr and sample ids, and the feature sections it
 * uses (EVENT_DESC: the events' names; ARCH and OSRELEASE: is this the
 * machine that recorded; BUILD_ID: which files were recorded), every
 * offset checked; and the one way the reader says what is wrong
 * (pd_say, pd_bad).  Part of read_perfdata.c's reader (perfdata_impl.h);
 * may use base/, sym/ (the hex of a build id) and perf_dso.h.
 */
#include <sys/utsname.h>

#include <err.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/strtab.h"
#include "base/util.h"
#include "perf/perfdata_impl.h"
#include "read/perf_dso.h"
#include "sym/sym_fileio.h"

/* Say what is wrong (or keep it, when only probing), and fail. */
int
pd_say(struct pd *pd, const char *msg)
{
	if (pd->why != NULL)
		strlcpy(pd->why, msg, pd->whysz);
	else
		warnx("%s: %s", pd->name, msg);
	return -1;
}

int
pd_bad(struct pd *pd, uint64_t off, const char *why)
{
	char msg[256];

	snprintf(msg, sizeof(msg), "byte %" PRIu64 ": %s", off, why);
	return pd_say(pd, msg);
}

/* --- The header and the attributes --- */

static const char *const hw_names[] = {
	"cycles", "instructions", "cache-references", "cache-misses",
	"branch-instructions", "branch-misses", "bus-cycles",
	"stalled-cycles-frontend", "stalled-cycles-backend", "ref-cycles",
};
static const char *const sw_names[] = {
	"cpu-clock", "task-clock", "page-faults", "context-switches",
	"cpu-migrations", "minor-faults", "major-faults", "alignment-faults",
	"emulation-faults", "dummy",
};

static char *
default_name(const struct pd_attr *a)
{
	struct buf b = {0};

	if (a->type == 0 && a->config < SP_NELEM(hw_names))
		return xstrdup(hw_names[a->config]);
	if (a->type == 1 && a->config < SP_NELEM(sw_names))
		return xstrdup(sw_names[a->config]);
	buf_printf(&b, "event-%" PRIu64 "-0x%" PRIx64, a->type, a->config);
	return b.s;
}

/* One perf_event_attr of asize bytes at p (file offset off). */
static int
parse_attr(struct pd *pd, const uint8_t *p, uint64_t asize, uint64_t off,
    struct pd_attr *a)
{
	uint32_t size;

	memset(a, 0, sizeof(*a));
	if (asize < 64)
		return pd_bad(pd, off, "event attribute too small");
	size = u32at(p + 4);
	if (size < 64 || size > asize)
		return pd_bad(pd, off + 4, "bad event attribute size");
	a->type = u32at(p);
	a->config = u64at(p + 8);
	a->sample_type = u64at(p + 24);
	a->read_format = u64at(p + 32);
	a->id_all = (u64at(p + 40) >> 18) & 1;
	a->context_switch = (u64at(p + 40) >> 26) & 1;
	if (size >= 80)
		a->branch_type = u64at(p + 72);
	if (size >= 96) {
		a->regs_user = u64at(p + 80);
		a->stack_user = u32at(p + 88);
	}
	return 0;
}

static void
add_id(struct pd *pd, uint64_t id, uint32_t attr)
{
	int added;
	uint32_t k = st_intern(pd->ids, (const char *)&id, 8, &added);

	xgrow(&pd->idattr, &pd->idcap, k + 1, sizeof(*pd->idattr));
	pd->idattr[k] = attr;
}

/* A perf_header_string at *off (advanced); NULL when it does not fit. */
static const char *
header_string(struct pd *pd, uint64_t *off, uint64_t end, size_t *n)
{
	uint32_t len;
	const char *s;

	if (!fits(*off, 4, end))
		return NULL;
	len = u32at(pd->d + *off);
	if (!fits(*off + 4, len, end))
		return NULL;
	s = (const char *)pd->d + *off + 4;
	*off += 4 + (uint64_t)len;
	*n = strnlen(s, len);
	return s;
}

/*
 * The BUILD_ID feature: a build_id_event per file with samples (header,
 * pid, 20 bytes of id (its length in the next byte when misc has
 * PERF_RECORD_MISC_BUILD_ID_SIZE), padding, the path), [off, end).  It
 * is optional: a malformed one is left unread.
 */
static void
build_ids(struct pd *pd, uint64_t off, uint64_t end)
{
	while (fits(off, 36, end)) {
		const uint8_t *p = pd->d + off;
		uint16_t misc = u16at(p + 4), size = u16at(p + 6);
		size_t idlen = 20, fl;
		char hex[41];

		if (size < 36 || !fits(off, size, end))
			return;
		if ((misc & (1u << 15)) && p[32] <= 20)
			idlen = p[32];
		hex[0] = '\0';
		sym_hex(hex, sizeof(hex), p + 12, idlen);
		fl = strnlen((const char *)p + 36, size - 36u);
		if (fl == 17 && memcmp(p + 36, "[kernel.kallsyms]", 17) == 0)
			memcpy(pd->kernel_id, hex, sizeof(pd->kernel_id));
		if (fl > 0)
			pdso_expect_id(pd->dsos, (const char *)p + 36, fl, hex);
		off += size;
	}
}

/* The features we use: EVENT_DESC (names), ARCH, OSRELEASE and BUILD_ID. */
static int
parse_features(struct pd *pd, const uint8_t *bits)
{
	uint64_t off = pd->data_end;
	struct utsname u;
	int have_arch = 0, have_rel = 0;

	if (uname(&u) == -1)
		memset(&u, 0, sizeof(u));
	pd->native_arch = 1;
	for (int b = 0; b < FEAT_BITS; b++) {
		uint64_t so, ss, o;
		const char *s;
		size_t n;

		if (!(bits[b / 8] & (1 << (b % 8))))
			continue;
		if (b == FEAT_COMPRESSED)
			pd->compressed = 1;
		if (!fits(off, 16, pd->len))
			return pd_bad(pd, off,
			    "feature section table runs past "
			    "the end of the file");
		so = u64at(pd->d + off);
		ss = u64at(pd->d + off + 8);
		if (!fits(so, ss, pd->len))
			return pd_bad(pd, off, "feature section runs past the "
			    "end of the file");
		off += 16;
		o = so;
		if (b == FEAT_BUILD_ID)
			build_ids(pd, so, so + ss);
		else if (b == FEAT_ARCH &&
		    (s = header_string(pd, &o, so + ss, &n)) != NULL) {
			have_arch = 1;
			pd->native_arch = strlen(u.machine) == n &&
			    memcmp(u.machine, s, n) == 0;
		} else if (b == FEAT_OSRELEASE &&
		    (s = header_string(pd, &o, so + ss, &n)) != NULL)
			have_rel = strlen(u.release) == n &&
			    memcmp(u.release, s, n) == 0;
		else if (b == FEAT_EVENT_DESC && ss >= 8) {
			uint32_t nr = u32at(pd->d + so);
			uint32_t asz = u32at(pd->d + so + 4);
			uint64_t end = so + ss;

			o = so + 8;
			for (uint32_t i = 0; i < nr; i++) {
				uint32_t nids;
				uint64_t id;
				int64_t k;

				if (!fits(o, (uint64_t)asz + 4, end))
					return pd_bad(pd, o,
					    "event description "
					    "runs past its section");
				nids = u32at(pd->d + o + asz);
				o += (uint64_t)asz + 4;
				if ((s = header_string(pd, &o, end, &n)) ==
				    NULL || !fits(o, (uint64_t)nids * 8, end))
					return pd_bad(pd, o,
					    "event description "
					    "runs past its section");
				if (nids == 0) {
					o += 0;
					continue;
				}
				id = u64at(pd->d + o);
				o += (uint64_t)nids * 8;
				k = st_find(pd->ids, (const char *)&id, 8);
				if (k >= 0 && n > 0) {
					struct pd_attr *a =
					    &pd->attrs[pd->idattr[k]];

					free(a->name);
					a->name = xmemdup(s, n);
				}
			}
		}
	}
	pd->native_kernel = have_rel && (!have_arch || pd->native_arch);
	return 0;
}

int
parse_header(struct pd *pd)
{
	uint64_t hsize, asize, aoff, alen, doff, dlen;

	if (pd->len < 16 || memcmp(pd->d, "PERFILE2", 8) != 0) {
		if (pd->len >= 8 && memcmp(pd->d, "2ELIFREP", 8) == 0)
			return pd_say(pd, "a perf.data file of the other byte "
			    "order: not supported");
		return pd_bad(pd, 0, "not a perf.data file");
	}
	hsize = u64at(pd->d + 8);
	if (hsize == 16)
		return pd_say(pd,
		    "a perf.data stream of pipe mode (perf record "
		    "-o -): not supported; record to a file");
	if (pd->len < HEADER_SIZE || hsize < HEADER_SIZE)
		return pd_bad(pd, pd->len < HEADER_SIZE ? pd->len : 8,
		    "truncated perf.data header");
	asize = u64at(pd->d + 16);
	aoff = u64at(pd->d + 24);
	alen = u64at(pd->d + 32);
	doff = u64at(pd->d + 40);
	dlen = u64at(pd->d + 48);
	if (asize < 16 + 64 || asize > 1 << 16)
		return pd_bad(pd, 16, "bad event attribute size");
	if (!fits(aoff, alen, pd->len) || alen % asize != 0)
		return pd_bad(pd, 24,
		    "the attribute section runs past the end "
		    "of the file");
	if (!fits(doff, dlen, pd->len))
		return pd_bad(pd, 40, "the data section runs past the end of "
		    "the file");
	pd->data_off = doff;
	pd->data_end = doff + dlen;
	pd->nattrs = alen / asize;
	if (pd->nattrs == 0)
		return pd_bad(pd, 32, "no events");
	pd->attrs = xcalloc(pd->nattrs, sizeof(*pd->attrs));
	for (size_t i = 0; i < pd->nattrs; i++) {
		uint64_t o = aoff + i * asize;
		uint64_t ido = u64at(pd->d + o + asize - 16);
		uint64_t idl = u64at(pd->d + o + asize - 8);

		if (parse_attr(pd, pd->d + o, asize - 16, o,
		    &pd->attrs[i]) == -1)
			return -1;
		if (!fits(ido, idl, pd->len) || idl % 8 != 0)
			return pd_bad(pd, o + asize - 16,
			    "the ids of an event "
			    "run past the end of the file");
		for (uint64_t k = 0; k < idl; k += 8)
			add_id(pd, u64at(pd->d + ido + k), (uint32_t)i);
	}
	if (parse_features(pd, pd->d + 72) == -1)
		return -1;
	for (size_t i = 0; i < pd->nattrs; i++)
		if (pd->attrs[i].name == NULL)
			pd->attrs[i].name = default_name(&pd->attrs[i]);
	return 0;
}
