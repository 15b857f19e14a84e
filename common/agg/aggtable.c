/*
 * aggtable.c: the aggregate table's #total headers and rows, read and
 * written (aggtable.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg/aggtable.h"
#include "base/escape.h"
#include "base/util.h"

static int
fis(const struct field *f, const char *lit)
{
	return f->len == strlen(lit) && memcmp(f->s, lit, f->len) == 0;
}

void
agg_total_field(struct agg_totals *t, const struct lreader *lr,
    const struct field *name, const struct field *value)
{
	int64_t v;

	if (fis(name, "cpu") && fis(value, "-")) {
		t->any = 1;
		return;
	}
	if (parse_i64(value->s, value->len, &v) == -1 || v < 0)
		lr_fail(lr, "#total %.*s is not a count", (int)name->len,
		    name->s);
	t->any = 1;
	if (fis(name, "samples")) {
		agg_add(&t->samples, v);
		t->has_counts = 1;
	} else if (fis(name, "weight")) {
		agg_add(&t->weight, v);
		t->has_counts = 1;
	} else if (fis(name, "cpu")) {
		agg_add(&t->cpu, v);
		t->has_cpu = 1;
	} else if (fis(name, "empty"))
		agg_add(&t->empty, v);
	/* Other totals, from a later version of the format, are dropped. */
}

void
agg_total_header(struct agg_totals *t, const struct lreader *lr,
    const char *line, size_t len)
{
	struct field f[3];

	if (split_tabs(line, len, f, 3) != 3)
		lr_fail(lr, "malformed #total header");
	agg_total_field(t, lr, &f[1], &f[2]);
}

void
agg_table_line(const struct lreader *lr, const char *line, size_t len,
    struct agg_line *al)
{
	const char *why;

	if (parse_agg_line(line, len, al, &why) == -1)
		lr_fail(lr, "%s", why);
	if (al->self < 0 || al->total < 0 || al->cpu_self < 0 ||
	    al->cpu_total < 0)
		lr_fail(lr, "a count is negative");
	if (!esc_valid(al->frame.s, al->frame.len))
		lr_fail(lr, "bad escape in a name");
}

void
agg_row_add(struct agg_row *r, const struct agg_line *al)
{
	agg_add(&r->self, al->self);
	agg_add(&r->total, al->total);
	agg_add(&r->cpu_self, al->cpu_self);
	agg_add(&r->cpu_total, al->cpu_total);
}

int
agg_frame_cmp(const char *a, size_t an, const char *b, size_t bn)
{
	int c = memcmp(a, b, an < bn ? an : bn);

	if (c != 0)
		return c;
	return an < bn ? -1 : an > bn;
}

int
agg_row_cmp(const struct agg_row *a, const struct agg_row *b)
{
	if (a->self != b->self)
		return a->self > b->self ? -1 : 1;
	if (a->total != b->total)
		return a->total > b->total ? -1 : 1;
	return 0;
}

void
agg_put_i64(struct buf *b, int64_t v)
{
	char tmp[24], *p = tmp + sizeof(tmp);
	uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;

	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--p = '-';
	buf_add(b, p, (size_t)(tmp + sizeof(tmp) - p));
}

static void
put_total(struct buf *b, const char *side, const char *name, int64_t v,
    int known)
{
	buf_adds(b, "#total\t");
	if (side != NULL) {
		buf_adds(b, side);
		buf_addc(b, '\t');
	}
	buf_adds(b, name);
	buf_addc(b, '\t');
	if (known)
		agg_put_i64(b, v);
	else
		buf_addc(b, '-');
	buf_addc(b, '\n');
}

void
agg_put_totals(struct buf *b, const char *side, const struct agg_totals *t,
    int with_empty)
{
	put_total(b, side, "samples", t->samples, 1);
	put_total(b, side, "weight", t->weight, 1);
	put_total(b, side, "cpu", t->cpu, t->has_cpu);
	if (with_empty)
		put_total(b, side, "empty", t->empty, 1);
}

void
agg_put_row(struct buf *b, const struct agg_row *r, const char *frame,
    size_t len)
{
	agg_put_i64(b, r->self);
	buf_addc(b, '\t');
	agg_put_i64(b, r->total);
	buf_addc(b, '\t');
	agg_put_i64(b, r->cpu_self);
	buf_addc(b, '\t');
	agg_put_i64(b, r->cpu_total);
	buf_addc(b, '\t');
	buf_add(b, frame, len);
	buf_addc(b, '\n');
}

/* What the sort compares: qsort moves the frames' ids, not the rows. */
static const struct strtab *sort_frames;
static const struct agg_row *sort_rows;

static int
order_cmp(const void *pa, const void *pb)
{
	uint32_t ia = *(const uint32_t *)pa, ib = *(const uint32_t *)pb;
	const char *sa, *sb;
	size_t na, nb;
	int c;

	if ((c = agg_row_cmp(&sort_rows[ia], &sort_rows[ib])) != 0)
		return c;
	sa = st_str(sort_frames, ia, &na);
	sb = st_str(sort_frames, ib, &nb);
	return agg_frame_cmp(sa, na, sb, nb);
}

void
agg_write_table(const struct strtab *headers, const struct agg_totals *t,
    const struct strtab *frames, const struct agg_row *rows)
{
	size_t nh = st_count(headers), nf = st_count(frames);
	uint32_t *order;
	struct buf b = { 0 };

	order = xreallocarray(NULL, nf > 0 ? nf : 1, sizeof(*order));
	for (size_t i = 0; i < nf; i++)
		order[i] = (uint32_t)i;
	sort_frames = frames;
	sort_rows = rows;
	if (nf > 1)
		qsort(order, nf, sizeof(*order), order_cmp);

	buf_adds(&b, SP_AGGREGATE_MAGIC "\n");
	for (size_t i = 0; i < nh; i++) {
		size_t len;
		const char *s = st_str(headers, (uint32_t)i, &len);

		buf_add(&b, s, len);
		buf_addc(&b, '\n');
	}
	lost_put(&b, &t->lost);
	agg_put_totals(&b, NULL, t, 1);
	buf_adds(&b, SP_AGGREGATE_COLUMNS "\n");
	fwrite(b.s, 1, b.len, stdout);
	for (size_t i = 0; i < nf; i++) {
		size_t len;
		const char *s = st_str(frames, order[i], &len);

		buf_reset(&b);
		agg_put_row(&b, &rows[order[i]], s, len);
		fwrite(b.s, 1, b.len, stdout);
	}
	buf_free(&b);
	free(order);
}
