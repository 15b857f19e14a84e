/*
 * sym_write.c: writing the output of a symbolization (sym_ctx.h): each
 * address's replacement text built once per way frames occur (stack,
 * table, folded), the inputs copied out cut by cut with their frames
 * replaced, the #symbolized headers, and the summary on standard error.
 * It uses base/ (buf, escape, bigmem), sym_demangle.h and sym_ctx.h.
 */
#include <err.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bigmem.h"
#include "base/buf.h"
#include "base/escape.h"
#include "base/util.h"
#include "sym/sym_ctx.h"
#include "sym/sym_demangle.h"

/* ---- Writing ---- */

/*
 * The replacement text of address idx of library l, built once: the
 * frames outermost first, inlined ones marked; or NULL when unresolved.
 */
static const char *
replacement(struct sym_ctx *sc, struct lib *l, uint32_t idx, enum rmode m,
    size_t *len)
{
	struct buf one = { 0 }, rust = { 0 };
	struct rep *rp;
	uint32_t n;
	size_t first;

	if (l->rep[m] == NULL)
		return NULL;
	rp = &l->rep[m][idx];
	if (rp->off != SIZE_MAX) {
		*len = rp->len;
		return rp->len ? sc->reps.s + rp->off : NULL;
	}
	if ((n = l->res.nframes[idx]) == 0) {
		rp->off = rp->len = 0;
		return NULL;
	}
	if (m == M_AGG || sc->o.noinline)
		n = 1;
	first = l->res.first[idx];
	rp->off = sc->reps.len;
	for (uint32_t k = 0; k < n; k++) {
		const struct sym_frame *f = &l->res.frames[first + k];
		const char *name = symr_str(&l->res, f->name);
		size_t nl = f->name_len;

		size_t bare = sym_drop_rust_hash(name, nl);

		buf_reset(&one);
		buf_add(&one, l->name, l->name_len);
		buf_addc(&one, '!');
		if (bare < nl) {
			/* Rust legacy: its escapes decoded, a copy. */
			if (!sc->o.keep_hash)
				nl = bare;
			buf_reset(&rust);
			buf_add(&rust, name, nl);
			nl = sym_rust_unescape(rust.s, nl);
			name = rust.s;
		}
		esc_append(&one, name, nl);
		if (sc->o.lines && f->file_len > 0) {
			struct buf loc = { 0 };

			buf_printf(&loc, " @ %s:%" PRIu32,
			    symr_str(&l->res, f->file), f->line);
			esc_append(&one, loc.s, loc.len);
			buf_free(&loc);
		}
		if (k > 0)
			buf_adds(&one, " (inlined)");
		if (k > 0)
			buf_addc(&sc->reps, ';');
		if (m == M_FOLD)
			fold_append(&sc->reps, one.s, one.len);
		else
			buf_add(&sc->reps, one.s, one.len);
	}
	buf_free(&one);
	buf_free(&rust);
	rp->len = sc->reps.len - rp->off;
	*len = rp->len;
	return sc->reps.s + rp->off;
}

/*
 * The replacement of every entry in each way frames occur (stack, table,
 * folded), by entry: what the output loop reads, in one array a mode.
 */
void
symc_build_reps(struct sym_ctx *sc)
{
	for (int m = 0; m < M_N; m++) {
		if (!(sc->modes_used & 1u << m))
			continue;
		sc->rep_of[m] = big_alloc((sc->nents ? sc->nents : 1) *
		    sizeof(*sc->rep_of[m]));
		for (size_t e = 0; e < sc->nents; e++) {
			size_t len = 0;
			const struct ent *en = &sc->ents[e];
			const char *r = replacement(sc, &sc->libs[en->lib],
			    en->idx, (enum rmode)m, &len);

			sc->rep_of[m][e].off = r != NULL ?
			    (size_t)(r - sc->reps.s) : 0;
			sc->rep_of[m][e].len = r != NULL ? len : 0;
		}
	}
}

static void
put_headers(struct sym_ctx *sc, struct buf *ob)
{
	size_t asked = 0, cached = 0;

	for (size_t i = 0; i < sc->nlibs; i++) {
		struct lib *l = &sc->libs[i];
		const char *what;

		if (l->naddrs == 0 || l->state == L_SKIP)
			continue;
		switch (l->state) {
		case L_NOTFOUND: what = "not-found"; break;
		case L_MISMATCH: what = "mismatch"; break;
		case L_FAILED: what = "failed"; break;
		default: what = l->via; break;
		}
		buf_adds(ob, "#symbolized\t");
		buf_add(ob, l->name, l->name_len);
		buf_addc(ob, '\t');
		if (l->file != NULL)
			esc_append(ob, l->file, strlen(l->file));
		buf_printf(ob, "\t%s\t%zu/%zu\n", what, l->resolved,
		    l->naddrs);
		asked += l->asked;
		cached += l->cached;
	}
	/* Only when it served something: outputs stay as they were. */
	if (cached > 0)
		buf_printf(ob, "#symcache\t%zu/%zu\n", cached, asked);
}

/* Standard output's errors as every tool treats them; another file's. */
void
symc_check_out(struct sym_ctx *sc)
{
	if (sc->fp == stdout)
		check_stdout();
	else if (ferror(sc->fp))
		err(1, "write error");
}

static void
flush_out(struct sym_ctx *sc, struct buf *ob)
{
	if (ob->len > 0 && fwrite(ob->s, 1, ob->len, sc->fp) != ob->len)
		symc_check_out(sc);
	buf_reset(ob);
	symc_check_out(sc);
}

/*
 * The length of the address frame at p, which the first pass checked:
 * its library name up to the first '!', "0x", and hex digits up to the
 * first byte that is none (the cuts do not keep it: a third less memory).
 */
static inline size_t
frame_len(const char *p, const char *end)
{
	const char *q = p;

	while (*q != '!')
		q++;
	for (q += 3; q < end && sym_hexval[(unsigned char)*q] != 0; q++)
		;
	return (size_t)(q - p);
}

/*
 * Append s[0..n) to the output buffer.  Most pieces are a few bytes (the
 * text between two frames, a function name): when 32 bytes can be read at
 * s (before limit) and written, they are copied as one fixed-size block,
 * which the compiler inlines, instead of through a call to memcpy; its
 * length then grows by n only.  It is not NUL-terminated by this.
 */
static inline void
out_add(struct sym_ctx *sc, const char *s, size_t n, const char *limit)
{
	if (n <= 32 && limit - s >= 32 && sc->out.cap - sc->out.len > 32) {
		memcpy(sc->out.s + sc->out.len, s, 32);
		sc->out.len += n;
	} else
		buf_add(&sc->out, s, n);
}

/*
 * Write one input with its cuts replaced: the text between the cuts is
 * copied as it is, each address frame becomes its replacement (or stays,
 * when unresolved), and a last line without a newline gets one.
 */
void
symc_replay_input(struct sym_ctx *sc, const struct sym_input *in)
{
	const struct cut *c = sc->cuts + in->firstcut, *cend = c + in->ncuts;
	const char *p = in->data, *end = p + in->len;

	if (sc->out.cap < (1u << 21))
		buf_grow(&sc->out, 1u << 21);
	for (; c < cend; c++) {
		const struct rep *rp;
		size_t n;

		/*
		 * Lookups ahead, each a likely cache miss: the replacement's
		 * place 32 cuts on, its text 12 on.
		 */
		if (c + 32 < cend && c[32].ent < CUT_HEADERS)
			PREFETCH(&sc->rep_of[c[32].ent >> CUT_MODE_SHIFT]
			    [c[32].ent & CUT_ENT_MASK]);
		if (c + 12 < cend && c[12].ent < CUT_HEADERS)
			PREFETCH(sc->reps.s +
			    sc->rep_of[c[12].ent >> CUT_MODE_SHIFT]
			    [c[12].ent & CUT_ENT_MASK].off);
		out_add(sc, p, c->gap, end);
		p += c->gap;
		if (c->ent >= CUT_HEADERS) {
			if (c->ent == CUT_HEADERS)
				put_headers(sc, &sc->out);
		} else {
			rp = &sc->rep_of[c->ent >> CUT_MODE_SHIFT]
			    [c->ent & CUT_ENT_MASK];
			n = frame_len(p, end);
			if (rp->len > 0)
				out_add(sc, sc->reps.s + rp->off, rp->len,
				    sc->reps.s + sc->reps.len);
			else
				out_add(sc, p, n, end);
			p += n;
		}
		if (sc->out.len >= (1u << 20))
			flush_out(sc, &sc->out);
	}
	while (p < end) {
		size_t n = (size_t)(end - p) > (1u << 20) ? (1u << 20) :
		    (size_t)(end - p);

		buf_add(&sc->out, p, n);
		p += n;
		flush_out(sc, &sc->out);
	}
	if (in->len > 0 && end[-1] != '\n')
		buf_addc(&sc->out, '\n');
}

void
symc_replay_end(struct sym_ctx *sc)
{
	if (!sc->inserted && sc->seen_headers)
		put_headers(sc, &sc->out);
	flush_out(sc, &sc->out);
	buf_free(&sc->out);
}

void
symc_summary(struct sym_ctx *sc, int syms)
{
	for (size_t i = 0; i < sc->nlibs; i++) {
		struct lib *l = &sc->libs[i];

		if (l->naddrs == 0)
			continue;
		if (l->state == L_NOTFOUND && (sc->o.mixed || syms))
			warnx("%.*s: not found (%" PRId64 " samples)",
			    (int)l->name_len, l->name, l->weight);
		if (sc->o.quiet ||
		    (l->state != L_DONE && l->state != L_PARTIAL))
			continue;
		fprintf(stderr, "sp-symbolize: %.*s: %zu/%zu addresses "
		    "resolved in %.3f s (%s, %s", (int)l->name_len, l->name,
		    l->resolved, l->naddrs, l->secs, l->via, l->file);
		if (l->cached > 0)
			fprintf(stderr, ", %zu from the cache", l->cached);
		fputs(")\n", stderr);
	}
}

