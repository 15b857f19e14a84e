/*
 * read_pprof.c: pprof profiles (profile.proto, as Go's runtime/pprof,
 * pprof-rs, Parca, Pyroscope and perf_to_profile write them; gzip is undone
 * by input.c) into the sample stream.  Field numbers are those of the
 * public profile.proto; the wire format is read by pb.c.
 *
 * What the stream gets (the rules of ../shared/bench/ref_formats.py):
 *
 *	weight	the value of the sample type "samples", else of one named
 *		"sample" or "count" with unit "count", else of the type named
 *		by default_sample_type, else of the last type; -s NAME picks
 *		the type named NAME instead
 *	cpu	the value of the type "cpu" in "nanoseconds", when there is one
 *	stack	the sample's locations, leaf first in the file, root first in
 *		the stream; a location's lines are innermost first, so they
 *		are written last to first, and every line but the last (the
 *		location's own function) is an inlined frame "NAME (inlined)"
 *	frame	LIB!NAME, LIB the file name of the location's mapping (when it
 *		has one); NAME the function's name, else its system name,
 *		else "??"; a location without lines is LIB!0xADDR with the
 *		mapping-relative address (address - memory_start +
 *		file_offset), or 0xADDR without a mapping
 *	threads	the labels thread / thread_name, tid / thread_id, pid /
 *		process_id, process / process_name (case, blanks and '_'
 *		ignored); samples without them form one thread
 *	#lib	one per mapping with a file name: name, path, build id
 *
 * pprof samples carry no time of their own: every sample is at time 0.
 *
 * One job, profile.proto into the stream; its length is one checked
 * reader per message of profile.proto (functions, mappings, locations,
 * sample types, samples and their labels), each naming what is wrong.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/pb.h"
#include "read/profile_impl.h"
#include "read/reader.h"
#include "base/strtab.h"
#include "base/util.h"

/* profile.proto's field numbers. */
enum {
	P_SAMPLE_TYPE = 1, P_SAMPLE = 2, P_MAPPING = 3, P_LOCATION = 4,
	P_FUNCTION = 5, P_STRING = 6, P_DROP_FRAMES = 7, P_KEEP_FRAMES = 8,
	P_TIME = 9, P_DURATION = 10, P_PERIOD_TYPE = 11, P_PERIOD = 12,
	P_COMMENT = 13, P_DEFAULT_TYPE = 14, P_DOC_URL = 15
};
enum { VT_TYPE = 1, VT_UNIT = 2 };
enum { S_LOCATION = 1, S_VALUE = 2, S_LABEL = 3 };
enum { LB_KEY = 1, LB_STR = 2, LB_NUM = 3, LB_NUM_UNIT = 4 };
enum { M_ID = 1, M_START = 2, M_LIMIT = 3, M_OFFSET = 4, M_FILE = 5,
    M_BUILD_ID = 6 };
enum { L_ID = 1, L_MAPPING = 2, L_ADDRESS = 3, L_LINE = 4, L_FOLDED = 5 };
enum { LN_FUNCTION = 1, LN_LINE = 2, LN_COLUMN = 3 };
enum { F_ID = 1, F_NAME = 2, F_SYSTEM_NAME = 3, F_FILE = 4, F_START = 5 };

/*
 * Values beyond this are refused, so that sums over many samples stay
 * within 64 bits.
 */
#define PPROF_MAX_VALUE		((int64_t)1 << 50)

struct span {
	const uint8_t *p;
	uint32_t len;
};

struct ppfunc {
	uint64_t name;		/* string index: name, else system_name */
};

struct ppmap {
	uint64_t start, offset;
	uint64_t file;		/* string index of the file name */
	uint64_t build_id;
};

struct pploc {
	uint32_t off, n;	/* its frames in pp.lframes, outermost first */
};

struct pp {
	struct pctx *c;
	struct span *str, *stype, *sample, *map, *loc, *fn;
	size_t	 nstr, nstype, nsample, nmap, nloc, nfn;
	size_t	 strcap, stypecap, samplecap, mapcap, loccap, fncap;
	uint64_t default_type, time_nanos, duration_nanos;
	struct ppfunc *fns;
	struct ppmap *maps;
	struct pploc *locs;
	struct pidmap fnid, mapid, locid;
	uint32_t *lframes;
	size_t	 nlframes, lframescap;
	struct ptbuild b;
	struct buf tmp;
	/* Scratch of the steps, here so that a failure frees it. */
	uint64_t *lines, (*st)[2];
	size_t	 linecap;
	struct strtab *threads;
	size_t	*thidx, thcap;
	uint32_t *slocs;
	size_t	 sloccap;
	/*
	 * Samples with the same packed location ids have the same stack:
	 * their bytes -> stack, open addressing.  The bytes are copied into
	 * memokeys: compared there, they are a few MB at most, where the
	 * first sample that had them may be anywhere in hundreds of MB.
	 */
	struct ppmemo {
		uint64_t hash;
		uint32_t koff, len;	/* the bytes, in memokeys */
		int32_t	 stack;
		int	 used;
	} *memo;
	size_t	 memomask, nmemo;
	struct buf memokeys;
	/*
	 * Per string index, the thread column a label key names (-1 none);
	 * -2 not yet looked at.  Labels repeat one key set in every sample.
	 */
	int8_t	*kcol;
	/*
	 * The thread labels of the last sample and its thread: samples of a
	 * thread mostly come together, and then need no key of their own.
	 */
	struct plabels {
		uint64_t v[4];		/* string index or number */
		uint8_t	 kind[4];	/* 0 none, 1 string, 2 number */
	} last;
	uint32_t last_th;
	int	 have_last;
	struct buf key, col[4];
};

static void
bad(struct pp *pp, const char *what, const char *why)
{
	pfail(pp->c, "not a valid pprof profile: %s: %s", what, why);
}

static void
push(struct span **v, size_t *n, size_t *cap, const struct pb *sub)
{
	xgrow(v, cap, *n + 1, sizeof(**v));
	(*v)[*n].p = sub->p;
	(*v)[*n].len = (uint32_t)(sub->end - sub->p);
	(*n)++;
}

/* String i of the table; its bytes in *s, *n. */
static void
string_at(struct pp *pp, uint64_t i, const char *what, const char **s,
    size_t *n)
{
	if (i >= pp->nstr)
		pfail(pp->c, "%s: string index %" PRIu64 " out of range (%zu "
		    "strings)", what, i, pp->nstr);
	*s = (const char *)pp->str[i].p;
	*n = pp->str[i].len;
}

static int
string_is(struct pp *pp, uint64_t i, const char *what, const char *want)
{
	const char *s;
	size_t n;

	string_at(pp, i, what, &s, &n);
	return n == strlen(want) && memcmp(s, want, n) == 0;
}

/* The next field of m, or 0 at its end; malformed bytes fail. */
static int
next(struct pp *pp, struct pb *m, struct pb_field *f, const char *what)
{
	const char *why;
	int r = pb_next(m, f, &why);

	if (r == -1)
		bad(pp, what, why);
	return r;
}

/* A field that must be a varint. */
static uint64_t
want_varint(struct pp *pp, const struct pb_field *f, const char *what)
{
	if (f->type != PB_VARINT)
		pfail(pp->c, "not a valid pprof profile: %s: field %" PRIu64
		    " has wire type %d, not a varint", what, f->num, f->type);
	return f->v;
}

static void
want_bytes(struct pp *pp, const struct pb_field *f, const char *what)
{
	if (f->type != PB_BYTES)
		pfail(pp->c, "not a valid pprof profile: %s: field %" PRIu64
		    " has wire type %d, not length-delimited", what, f->num,
		    f->type);
}

/* The top-level fields: spans of every message, the scalars. */
static void
scan(struct pp *pp, const char *data, size_t len)
{
	struct pb m;
	struct pb_field f;

	if (len > UINT32_MAX)
		pfail(pp->c, "pprof profiles larger than 4 GiB are not "
		    "supported");
	pb_init(&m, data, len);
	while (next(pp, &m, &f, "top level")) {
		switch (f.num) {
		case P_SAMPLE_TYPE:
			want_bytes(pp, &f, "top level");
			push(&pp->stype, &pp->nstype, &pp->stypecap, &f.sub);
			break;
		case P_SAMPLE:
			want_bytes(pp, &f, "top level");
			push(&pp->sample, &pp->nsample, &pp->samplecap, &f.sub);
			break;
		case P_MAPPING:
			want_bytes(pp, &f, "top level");
			push(&pp->map, &pp->nmap, &pp->mapcap, &f.sub);
			break;
		case P_LOCATION:
			want_bytes(pp, &f, "top level");
			push(&pp->loc, &pp->nloc, &pp->loccap, &f.sub);
			break;
		case P_FUNCTION:
			want_bytes(pp, &f, "top level");
			push(&pp->fn, &pp->nfn, &pp->fncap, &f.sub);
			break;
		case P_STRING:
			want_bytes(pp, &f, "top level");
			push(&pp->str, &pp->nstr, &pp->strcap, &f.sub);
			break;
		case P_TIME:
			pp->time_nanos = want_varint(pp, &f, "top level");
			break;
		case P_DURATION:
			pp->duration_nanos = want_varint(pp, &f, "top level");
			break;
		case P_DEFAULT_TYPE:
			pp->default_type = want_varint(pp, &f, "top level");
			break;
		case P_PERIOD_TYPE:
			want_bytes(pp, &f, "top level");
			break;
		default:
			/* drop/keep_frames, period, comments, doc_url */
			break;
		}
	}
}

static void
read_functions(struct pp *pp)
{
	char what[64];

	pp->fns = xcalloc(pp->nfn + 1, sizeof(*pp->fns));
	pidmap_init(&pp->fnid, pp->nfn);
	for (size_t i = 0; i < pp->nfn; i++) {
		struct pb m;
		struct pb_field f;
		uint64_t id = 0, name = 0, sys = 0;
		const char *s;
		size_t n;

		snprintf(what, sizeof(what), "function %zu", i);
		pb_init(&m, pp->fn[i].p, pp->fn[i].len);
		while (next(pp, &m, &f, what)) {
			if (f.num == F_ID)
				id = want_varint(pp, &f, what);
			else if (f.num == F_NAME)
				name = want_varint(pp, &f, what);
			else if (f.num == F_SYSTEM_NAME)
				sys = want_varint(pp, &f, what);
			else if (f.num == F_FILE || f.num == F_START)
				want_varint(pp, &f, what);
		}
		string_at(pp, name, what, &s, &n);
		pp->fns[i].name = name;
		if (n == 0) {
			string_at(pp, sys, what, &s, &n);
			pp->fns[i].name = n == 0 ? 0 : sys;
		}
		if (id == 0)
			pfail(pp->c, "%s: no id", what);
		if (pidmap_add(&pp->fnid, id, (uint32_t)i) == -1)
			pfail(pp->c, "%s: id %" PRIu64 " used twice", what, id);
	}
}

static void
read_mappings(struct pp *pp)
{
	char what[64];

	pp->maps = xcalloc(pp->nmap + 1, sizeof(*pp->maps));
	pidmap_init(&pp->mapid, pp->nmap);
	for (size_t i = 0; i < pp->nmap; i++) {
		struct ppmap *mp = &pp->maps[i];
		struct pb m;
		struct pb_field f;
		uint64_t id = 0;
		const char *s, *bid;
		size_t n, bn;

		snprintf(what, sizeof(what), "mapping %zu", i);
		pb_init(&m, pp->map[i].p, pp->map[i].len);
		while (next(pp, &m, &f, what)) {
			if (f.num == M_ID)
				id = want_varint(pp, &f, what);
			else if (f.num == M_START)
				mp->start = want_varint(pp, &f, what);
			else if (f.num == M_OFFSET)
				mp->offset = want_varint(pp, &f, what);
			else if (f.num == M_FILE)
				mp->file = want_varint(pp, &f, what);
			else if (f.num == M_BUILD_ID)
				mp->build_id = want_varint(pp, &f, what);
			else if (f.num <= 10)
				want_varint(pp, &f, what);
		}
		string_at(pp, mp->file, what, &s, &n);
		string_at(pp, mp->build_id, what, &bid, &bn);
		if (id == 0)
			pfail(pp->c, "%s: no id", what);
		if (pidmap_add(&pp->mapid, id, (uint32_t)i) == -1)
			pfail(pp->c, "%s: id %" PRIu64 " used twice", what, id);
		if (n > 0) {
			struct lib_info l;
			char *path = xmemdup(s, n), *code = xmemdup(bid, bn);

			memset(&l, 0, sizeof(l));
			l.name = pbasename(path);
			l.path = path;
			l.debug_name = l.name;
			l.code_id = bn > 0 ? code : NULL;
			padd_lib(pp->c, &l);
			free(path);
			free(code);
		}
	}
}

/* Append the label of one frame to pp->tmp's start: LIB! if any. */
static void
lib_prefix(struct pp *pp, const struct ppmap *mp)
{
	const char *s;
	size_t n;

	buf_reset(&pp->tmp);
	if (mp == NULL)
		return;
	string_at(pp, mp->file, "mapping", &s, &n);
	if (n == 0)
		return;
	for (size_t k = n; k-- > 0;)
		if (s[k] == '/') {
			s += k + 1;
			n -= k + 1;
			break;
		}
	buf_add(&pp->tmp, s, n);
	buf_addc(&pp->tmp, '!');
}

static void
add_lframe(struct pp *pp, uint32_t f)
{
	xgrow(&pp->lframes, &pp->lframescap, pp->nlframes + 1,
	    sizeof(*pp->lframes));
	pp->lframes[pp->nlframes++] = f;
}

static void
read_locations(struct pp *pp)
{
	char what[64];

	pp->locs = xcalloc(pp->nloc + 1, sizeof(*pp->locs));
	pidmap_init(&pp->locid, pp->nloc);
	for (size_t i = 0; i < pp->nloc; i++) {
		struct pb m;
		struct pb_field f;
		uint64_t id = 0, mapping = 0, addr = 0;
		const struct ppmap *mp = NULL;
		size_t nline = 0, pre;

		snprintf(what, sizeof(what), "location %zu", i);
		pb_init(&m, pp->loc[i].p, pp->loc[i].len);
		while (next(pp, &m, &f, what)) {
			if (f.num == L_ID)
				id = want_varint(pp, &f, what);
			else if (f.num == L_MAPPING)
				mapping = want_varint(pp, &f, what);
			else if (f.num == L_ADDRESS)
				addr = want_varint(pp, &f, what);
			else if (f.num == L_LINE) {
				struct pb lm = f.sub;
				struct pb_field lf;
				uint64_t fid = 0;

				want_bytes(pp, &f, what);
				while (next(pp, &lm, &lf, what))
					if (lf.num == LN_FUNCTION)
						fid = want_varint(pp, &lf, what);
					else if (lf.num <= LN_COLUMN)
						want_varint(pp, &lf, what);
				xgrow(&pp->lines, &pp->linecap, nline + 1,
				    sizeof(*pp->lines));
				pp->lines[nline++] = fid;
			} else if (f.num == L_FOLDED)
				want_varint(pp, &f, what);
		}
		if (id == 0)
			pfail(pp->c, "%s: no id", what);
		if (pidmap_add(&pp->locid, id, (uint32_t)i) == -1)
			pfail(pp->c, "%s: id %" PRIu64 " used twice", what, id);
		if (mapping != 0) {
			int64_t k = pidmap_get(&pp->mapid, mapping);

			if (k < 0)
				pfail(pp->c, "%s: mapping id %" PRIu64 " not "
				    "found", what, mapping);
			mp = &pp->maps[k];
		}
		lib_prefix(pp, mp);
		pre = pp->tmp.len;
		pp->locs[i].off = (uint32_t)pp->nlframes;
		if (nline == 0) {
			if (pre > 0)
				addr = addr - mp->start + mp->offset;
			buf_printf(&pp->tmp, "0x%" PRIx64, addr);
			add_lframe(pp, ptb_frame(&pp->b, pp->tmp.s,
			    pp->tmp.len));
		}
		for (size_t k = nline; k-- > 0;) {
			uint64_t fid = pp->lines[k];
			int64_t fi = fid == 0 ? -1 : pidmap_get(&pp->fnid, fid);
			const char *s = "??";
			size_t n = 2;

			if (fid != 0 && fi < 0)
				pfail(pp->c, "%s: function id %" PRIu64 " not "
				    "found", what, fid);
			if (fi >= 0 && pp->fns[fi].name != 0) {
				s = (const char *)pp->str[pp->fns[fi].name].p;
				n = pp->str[pp->fns[fi].name].len;
			}
			pp->tmp.len = pre;
			buf_add(&pp->tmp, s, n);
			if (k + 1 < nline)
				buf_add(&pp->tmp, " (inlined)", 10);
			add_lframe(pp, ptb_frame(&pp->b, pp->tmp.s,
			    pp->tmp.len));
		}
		if (pp->nlframes - pp->locs[i].off > UINT32_MAX)
			pfail(pp->c, "%s: too many lines", what);
		pp->locs[i].n = (uint32_t)(pp->nlframes - pp->locs[i].off);
	}
}

/* Which value is the weight, which the cpu (-1: none). */
static void
value_indexes(struct pp *pp, size_t *w, int64_t *cpu)
{
	const char *pick = pp->c->o->sample_type;
	uint64_t (*st)[2];
	int64_t wi = -1;

	st = pp->st = xcalloc(pp->nstype + 1, sizeof(*st));

	for (size_t i = 0; i < pp->nstype; i++) {
		struct pb m;
		struct pb_field f;

		pb_init(&m, pp->stype[i].p, pp->stype[i].len);
		while (next(pp, &m, &f, "sample_type"))
			if (f.num == VT_TYPE || f.num == VT_UNIT)
				st[i][f.num - 1] = want_varint(pp, &f,
				    "sample_type");
		string_at(pp, st[i][0], "sample_type", &(const char *){0},
		    &(size_t){0});
		string_at(pp, st[i][1], "sample_type", &(const char *){0},
		    &(size_t){0});
	}
	if (pp->nstype == 0)
		pfail(pp->c, "no sample types");
	*cpu = -1;
	for (size_t i = 0; i < pp->nstype && *cpu < 0; i++)
		if (string_is(pp, st[i][0], "", "cpu") &&
		    string_is(pp, st[i][1], "", "nanoseconds"))
			*cpu = (int64_t)i;
	if (pick != NULL) {
		for (size_t i = 0; i < pp->nstype && wi < 0; i++)
			if (string_is(pp, st[i][0], "", pick))
				wi = (int64_t)i;
		if (wi < 0) {
			buf_reset(&pp->tmp);
			for (size_t i = 0; i < pp->nstype; i++) {
				const char *s;
				size_t n;

				string_at(pp, st[i][0], "", &s, &n);
				buf_add(&pp->tmp, i > 0 ? ", " : "", i > 0 ?
				    2 : 0);
				buf_add(&pp->tmp, s, n);
			}
			pfail(pp->c, "no sample type %s (the profile has: "
			    "%s)", pick, pp->tmp.s);
		}
	}
	for (size_t i = 0; i < pp->nstype && wi < 0; i++)
		if (string_is(pp, st[i][0], "", "samples"))
			wi = (int64_t)i;
	for (size_t i = 0; i < pp->nstype && wi < 0; i++)
		if ((string_is(pp, st[i][0], "", "sample") ||
		    string_is(pp, st[i][0], "", "count")) &&
		    string_is(pp, st[i][1], "", "count"))
			wi = (int64_t)i;
	if (wi < 0 && pp->default_type != 0) {
		const char *s;
		size_t n;

		string_at(pp, pp->default_type, "default_sample_type", &s,
		    &n);
		for (size_t i = 0; i < pp->nstype && wi < 0; i++) {
			const char *t;
			size_t tn;

			string_at(pp, st[i][0], "", &t, &tn);
			if (tn == n && memcmp(s, t, n) == 0)
				wi = (int64_t)i;
		}
	}
	if (wi < 0)
		wi = (int64_t)pp->nstype - 1;
	*w = (size_t)wi;
	/* The #units weight type: what the chosen value counts. */
	if (string_is(pp, st[wi][1], "", "count"))
		pp->c->weight_type = "samples";
	else if (string_is(pp, st[wi][1], "", "nanoseconds"))
		pp->c->weight_type = "ns";
	else if (string_is(pp, st[wi][1], "", "microseconds") ||
	    string_is(pp, st[wi][1], "", "\xce\xbcs") ||
	    string_is(pp, st[wi][1], "", "\xc2\xb5s"))
		pp->c->weight_type = "us";
	else if (string_is(pp, st[wi][1], "", "milliseconds"))
		pp->c->weight_type = "ms";
	else if (string_is(pp, st[wi][1], "", "bytes"))
		pp->c->weight_type = "bytes";
	else
		pp->c->weight_type = "value";
}

/* Which thread column a label key names: 0-3, or -1. */
static int
label_column(const char *s, size_t n)
{
	static const char *const names[][3] = {
		{ "process", "processname", "comm" },
		{ "pid", "processid", "" },
		{ "thread", "threadname", "" },
		{ "tid", "threadid", "" },
	};
	char k[16];
	size_t m = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];

		if (ch == ' ' || ch == '_' || ch == '.' || ch == '-')
			continue;
		if (m == sizeof(k) - 1)
			return -1;
		k[m++] = (char)(ch >= 'A' && ch <= 'Z' ? ch + 32 : ch);
	}
	k[m] = '\0';
	for (int c = 0; c < 4; c++)
		for (int v = 0; v < 3; v++)
			if (names[c][v][0] != '\0' && strcmp(k, names[c][v]) == 0)
				return c;
	return -1;
}

/* Append the location indexes of field f (repeated ids) to pp->slocs. */
static size_t
add_locations(struct pp *pp, const struct pb_field *f, size_t nl,
    const char *what)
{
	struct pb_rep r;
	uint64_t v;
	const char *why;
	int rc;

	if (pb_rep_init(&r, f) == -1)
		pfail(pp->c, "not a valid pprof profile: %s: field %" PRIu64
		    " has wire type %d", what, f->num, f->type);
	while ((rc = pb_rep_next(&r, &v, &why)) == 1) {
		int64_t k = pidmap_get(&pp->locid, v);

		if (k < 0)
			pfail(pp->c, "%s: location id %" PRIu64 " not found",
			    what, v);
		xgrow(&pp->slocs, &pp->sloccap, nl + 1, sizeof(*pp->slocs));
		pp->slocs[nl++] = (uint32_t)k;
	}
	if (rc == -1)
		bad(pp, what, why);
	return nl;
}

/* The stack of the nl locations in pp->slocs (leaf first). */
static int32_t
stack_of(struct pp *pp, size_t nl)
{
	int32_t stack = -1;

	/* Root first: the last location first, its lines in order. */
	for (size_t k = nl; k-- > 0;) {
		const struct pploc *l = &pp->locs[pp->slocs[k]];

		for (uint32_t x = 0; x < l->n; x++)
			stack = ptb_stack(pp->c, &pp->b, stack,
			    pp->lframes[l->off + x]);
	}
	return stack;
}

/* The memo slot of the location bytes p[0..len), whose hash is h. */
static struct ppmemo *
memo_slot(struct pp *pp, const uint8_t *p, size_t len, uint64_t h)
{
	size_t i;

	if (pp->memo == NULL) {
		pp->memomask = 1023;
		pp->memo = xcalloc(pp->memomask + 1, sizeof(*pp->memo));
	}
	for (i = h & pp->memomask; pp->memo[i].used;
	    i = (i + 1) & pp->memomask) {
		const struct ppmemo *m = &pp->memo[i];

		if (m->hash == h && m->len == len &&
		    memcmp(pp->memokeys.s + m->koff, p, len) == 0)
			break;
	}
	return &pp->memo[i];
}

static void
memo_add(struct pp *pp, struct ppmemo *m, const uint8_t *p, size_t len,
    uint64_t h, int32_t stack)
{
	m->hash = h;
	m->koff = (uint32_t)pp->memokeys.len;
	m->len = (uint32_t)len;
	m->stack = stack;
	m->used = 1;
	buf_add(&pp->memokeys, p, len);
	if (++pp->nmemo * 2 > pp->memomask) {
		struct ppmemo *old = pp->memo;
		size_t oldmask = pp->memomask;

		pp->memomask = oldmask * 2 + 1;
		pp->memo = xcalloc(pp->memomask + 1, sizeof(*pp->memo));
		for (size_t i = 0; i <= oldmask; i++) {
			size_t k = old[i].hash & pp->memomask;

			if (!old[i].used)
				continue;
			while (pp->memo[k].used)
				k = (k + 1) & pp->memomask;
			pp->memo[k] = old[i];
		}
		free(old);
	}
}

/* The thread column named by label key string k (label_column), cached. */
static int
key_column(struct pp *pp, uint64_t k, const char *what)
{
	const char *ks;
	size_t kn;

	if (k < pp->nstr && pp->kcol != NULL && pp->kcol[k] != -2)
		return pp->kcol[k];
	string_at(pp, k, what, &ks, &kn);
	if (pp->kcol == NULL) {
		pp->kcol = xreallocarray(NULL, pp->nstr, sizeof(*pp->kcol));
		memset(pp->kcol, -2, pp->nstr);
	}
	pp->kcol[k] = (int8_t)label_column(ks, kn);
	return pp->kcol[k];
}

/* "sample I" into what (snprintf for every sample was a cost of its own). */
static void
sample_what(char what[64], size_t i)
{
	char d[24];
	size_t n = 0;

	do
		d[n++] = (char)('0' + i % 10);
	while ((i /= 10) != 0);
	memcpy(what, "sample ", 7);
	for (size_t k = 0; k < n; k++)
		what[7 + k] = d[n - 1 - k];
	what[7 + n] = '\0';
}

/* The thread (index in pp->threads) of a sample's labels lt, made if new. */
static uint32_t
thread_of(struct pp *pp, const struct plabels *lt, const char *what)
{
	struct buf *col = pp->col;
	uint32_t th;
	int added;

	/* The columns' text: a string, or a number in decimal. */
	for (int c = 0; c < 4; c++) {
		buf_reset(&col[c]);
		if (lt->kind[c] == 1)
			buf_add(&col[c], pp->str[lt->v[c]].p,
			    pp->str[lt->v[c]].len);
		else if (lt->kind[c] == 2)
			buf_printf(&col[c], "%" PRId64, (int64_t)lt->v[c]);
	}
	buf_reset(&pp->key);
	for (int c = 0; c < 4; c++) {
		buf_addc(&pp->key, lt->kind[c] ? '1' : '0');
		if (lt->kind[c])
			buf_add(&pp->key, col[c].s, col[c].len);
		buf_addc(&pp->key, '\t');
	}
	th = st_intern(pp->threads, pp->key.s, pp->key.len, &added);
	if (added) {
		xgrow(&pp->thidx, &pp->thcap, (size_t)th + 1,
		    sizeof(*pp->thidx));
		pp->thidx[th] = pp->c->nth;
		for (int c = 0; c < 4; c++)
			if (lt->kind[c] != 0 &&
			    memchr(col[c].s, '\0', col[c].len))
				pfail(pp->c, "%s: a thread label holds a NUL "
				    "byte", what);
		pnew_array_thread(pp->c, pp->b.tab,
		    lt->kind[0] ? col[0].s : NULL,
		    lt->kind[1] ? col[1].s : NULL,
		    lt->kind[2] ? col[2].s : NULL,
		    lt->kind[3] ? col[3].s : NULL);
	}
	return th;
}

static void
read_samples(struct pp *pp, size_t wi, int64_t ci)
{
	char what[64];

	pp->threads = st_new();
	for (size_t i = 0; i < pp->nsample; i++) {
		struct pb m;
		struct pb_field f;
		size_t nl = 0, nv = 0;
		int64_t wv = 0, cv = ci >= 0 ? 0 : -1;
		struct plabels lt;
		int32_t stack = -1;
		uint32_t th;
		int nlf = 0;
		const char *why;
		struct pb_field lf0;	/* the first location field */

		memset(&lt, 0, sizeof(lt));
		sample_what(what, i);
		pb_init(&m, pp->sample[i].p, pp->sample[i].len);
		while (next(pp, &m, &f, what)) {
			struct pb_rep r;
			uint64_t v;
			int rc;

			if (f.num == S_LOCATION) {
				/* Read later, unless there are several. */
				if (nlf++ == 0)
					lf0 = f;
				else {
					if (nlf == 2)
						nl = add_locations(pp, &lf0, nl,
						    what);
					nl = add_locations(pp, &f, nl, what);
				}
			} else if (f.num == S_VALUE) {
				if (pb_rep_init(&r, &f) == -1)
					pfail(pp->c, "not a valid pprof "
					    "profile: %s: field %" PRIu64
					    " has wire type %d", what, f.num,
					    f.type);
				while ((rc = pb_rep_next(&r, &v, &why)) == 1) {
					int64_t x = (int64_t)v;

					if (x > PPROF_MAX_VALUE ||
					    x < -PPROF_MAX_VALUE)
						pfail(pp->c, "%s: value %" PRId64
						    " out of range", what, x);
					if (nv == wi)
						wv = x;
					if ((int64_t)nv == ci)
						cv = x;
					nv++;
				}
				if (rc == -1)
					bad(pp, what, why);
			} else if (f.num == S_LABEL) {
				struct pb lm = f.sub;
				struct pb_field lf;
				uint64_t k = 0, s = 0, num = 0;
				int has_num = 0, c;

				want_bytes(pp, &f, what);
				while (next(pp, &lm, &lf, what)) {
					if (lf.num == LB_KEY)
						k = want_varint(pp, &lf, what);
					else if (lf.num == LB_STR)
						s = want_varint(pp, &lf, what);
					else if (lf.num == LB_NUM) {
						num = want_varint(pp, &lf,
						    what);
						has_num = 1;
					} else if (lf.num == LB_NUM_UNIT)
						want_varint(pp, &lf, what);
				}
				if ((c = key_column(pp, k, what)) < 0 ||
				    lt.kind[c] != 0)
					continue;
				if (s != 0) {
					const char *vs;
					size_t vn;

					string_at(pp, s, what, &vs, &vn);
					lt.kind[c] = 1;
					lt.v[c] = s;
				} else if (has_num) {
					lt.kind[c] = 2;
					lt.v[c] = num;
				}
			}
		}
		if (nlf == 1 && lf0.type == PB_BYTES) {
			size_t len = (size_t)(lf0.sub.end - lf0.sub.p);
			uint64_t h = hash_bytes(lf0.sub.p, len);
			struct ppmemo *mo = memo_slot(pp, lf0.sub.p, len, h);

			if (mo->used)
				stack = mo->stack;
			else {
				stack = stack_of(pp, add_locations(pp, &lf0, 0,
				    what));
				memo_add(pp, mo, lf0.sub.p, len, h, stack);
			}
		} else {
			if (nlf == 1)
				nl = add_locations(pp, &lf0, nl, what);
			stack = stack_of(pp, nl);
		}
		if (!pp->have_last || memcmp(&lt, &pp->last, sizeof(lt)) != 0) {
			pp->last_th = thread_of(pp, &lt, what);
			pp->last = lt;
			pp->have_last = 1;
		}
		th = pp->last_th;
		if (pp->c->th[pp->thidx[th]].n == UINT32_MAX)
			pfail(pp->c, "more than %" PRIu32 " samples in one "
			    "thread", UINT32_MAX - 1);
		padd_sample(&pp->c->th[pp->thidx[th]], stack, 0, wv, cv);
	}
}

static void
pp_free(void *arg)
{
	struct pp *pp = arg;

	ptb_free(&pp->b);
	free(pp->str);
	free(pp->stype);
	free(pp->sample);
	free(pp->map);
	free(pp->loc);
	free(pp->fn);
	free(pp->fns);
	free(pp->maps);
	free(pp->locs);
	pidmap_free(&pp->fnid);
	pidmap_free(&pp->mapid);
	pidmap_free(&pp->locid);
	free(pp->lframes);
	buf_free(&pp->tmp);
	free(pp->lines);
	free(pp->st);
	st_free(pp->threads);
	free(pp->thidx);
	free(pp->slocs);
	free(pp->memo);
	buf_free(&pp->memokeys);
	free(pp->kcol);
	buf_free(&pp->key);
	for (int k = 0; k < 4; k++)
		buf_free(&pp->col[k]);
	free(pp);
}

static void
pprof_read(struct pctx *c, const struct pinput *in)
{
	struct pp *pp = xcalloc(1, sizeof(*pp));
	size_t wi;
	int64_t ci;

	c->cleanup = pp_free;
	c->cleanup_arg = pp;
	pp->c = c;
	snprintf(c->format, sizeof(c->format), "pprof");
	scan(pp, in->data, in->len);
	if (pp->nstr == 0 || pp->str[0].len != 0)
		pfail(c, "not a valid pprof profile: the string table does "
		    "not begin with an empty string");
	value_indexes(pp, &wi, &ci);
	c->any_cpu = ci >= 0;
	ptb_init(c, &pp->b);
	read_functions(pp);
	read_mappings(pp);
	read_locations(pp);
	read_samples(pp, wi, ci);
}

/*
 * Does p[0..n) begin like a pprof profile?  Every field within the first
 * bytes must be one of profile.proto's with its wire type, and the
 * messages among them must parse; text fails at its first byte or two.
 */
static int
pprof_sniff(const char *p, size_t n)
{
	struct pb m;
	struct pb_field f;
	const char *why;
	int seen = 0;

	pb_init(&m, p, n);
	for (int k = 0; k < 64; k++) {
		const uint8_t *at = m.p;
		int r = pb_next(&m, &f, &why);

		if (r == 0)
			return seen;
		if (r == -1) {
			/* Cut by the end of what was peeked: fine. */
			struct pb t;
			uint64_t key, len;

			pb_init(&t, at, (size_t)((const uint8_t *)p + n - at));
			if (pb_get_varint(&t, &key, &why) != 1 || key >> 3 == 0 ||
			    key >> 3 > P_DOC_URL)
				return 0;
			if ((key & 7) != PB_BYTES)
				return seen && t.p == t.end;
			r = pb_get_varint(&t, &len, &why);
			return seen && (r == 0 || (r == -1 && t.p == t.end) ||
			    (r == 1 && len > (uint64_t)(t.end - t.p)));
		}
		if (f.num > P_DOC_URL)
			return 0;
		if (f.num <= P_STRING || f.num == P_PERIOD_TYPE) {
			if (f.type != PB_BYTES)
				return 0;
			if (f.num != P_STRING) {
				struct pb s = f.sub;
				struct pb_field g;

				while ((r = pb_next(&s, &g, &why)) == 1)
					;
				if (r == -1)
					return 0;
			}
		} else if (f.num == P_COMMENT) {
			if (f.type != PB_VARINT && f.type != PB_BYTES)
				return 0;
		} else if (f.type != PB_VARINT)
			return 0;
		seen = 1;
	}
	return seen;
}

const struct reader reader_pprof = {
	.format = "pprof profile",
	.sniff = pprof_sniff,
	.prepare = pprof_read,
};
