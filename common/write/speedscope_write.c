/*
 * speedscope_write.c: speedscope's file format; see speedscope_write.h.
 *
 * What each part of the stream becomes:
 *
 *	frame		a frame of shared.frames whose name is the frame as
 *			sp-aggregate prints it, unescaped ("LIB!NAME @ FILE:
 *			LINE (inlined)"): speedscope keys a frame by its
 *			index, so each of sp's frames is one row of its table
 *			with sp-aggregate's self and total
 *	thread		a sampled profile named "THREAD (TID) in PROCESS
 *			(PID)", the parts the stream has; its samples in time
 *			order, root frame first
 *	weight		the profile's weights, in the stream's unit: samples
 *			"none", ns "nanoseconds", us "microseconds", ms and
 *			tracing-ms "milliseconds", bytes "bytes", anything
 *			else "none"; a line of several samples (sp-flatten
 *			-c) is one sample of their summed weight
 *
 * speedscope drops samples of weight 0 and keeps no times, so neither do
 * they count here.  The profile shown first is the thread of the largest
 * weight.
 */
#include <stdlib.h>
#include <string.h>

#include "write/speedscope_write.h"
#include "base/escape.h"
#include "base/util.h"

static const char *
unit(const char *weight)
{
	static const struct { const char *sp, *unit; } units[] = {
		{ "samples",	"none" },
		{ "ns",		"nanoseconds" },
		{ "us",		"microseconds" },
		{ "ms",		"milliseconds" },
		{ "tracing-ms",	"milliseconds" },
		{ "bytes",	"bytes" },
	};

	for (size_t i = 0; i < SP_NELEM(units); i++)
		if (strcmp(weight, units[i].sp) == 0)
			return units[i].unit;
	return "none";
}

/* The name of a thread's profile, in b. */
static void
profile_name(const struct ss_thread *t, const char *product, struct buf *b)
{
	sset_thread_name(t, product, b);
	if (t->tid.len > 0 && !(b->len == t->tid.len + 7 &&
	    memcmp(b->s + 7, t->tid.s, t->tid.len) == 0)) {
		buf_adds(b, " (");
		buf_add(b, t->tid.s, t->tid.len);
		buf_adds(b, ")");
	}
	if (t->process.len > 0 && t->thread.len > 0) {
		buf_adds(b, " in ");
		buf_add(b, t->process.s, t->process.len);
		if (t->pid.len > 0) {
			buf_adds(b, " (");
			buf_add(b, t->pid.s, t->pid.len);
			buf_adds(b, ")");
		}
	} else if (t->pid.len > 0 && !(t->tid.len == t->pid.len &&
	    memcmp(t->tid.s, t->pid.s, t->pid.len) == 0)) {
		buf_adds(b, " in process ");
		buf_add(b, t->pid.s, t->pid.len);
	}
}

static void
write_profile(struct sampleset *s, struct jw *w, const struct ss_thread *t,
    const char *product, struct buf *tmp, uint32_t **path, size_t *pathcap)
{
	uint32_t *o = sset_time_order(t);
	jw_lit(w, "{\"type\":\"sampled\",\"name\":");
	profile_name(t, product, tmp);
	jw_str(w, tmp->s, tmp->len);
	jw_lit(w, ",\"unit\":\"");
	jw_lit(w, unit(s->src[t->weight_source].weight));
	jw_lit(w, "\",\"startValue\":0,\"endValue\":");
	jw_i64(w, t->wsum);
	jw_lit(w, ",\"samples\":[");
	for (size_t i = 0; i < t->n; i++) {
		uint32_t nd = t->node[o ? o[i] : i];
		size_t depth = 0;

		/* Leaf to root, written root first. */
		for (uint32_t k = nd; k != NODE_NONE; k = s->node_parent[k]) {
			xgrow(path, pathcap, depth + 1, sizeof(**path));
			(*path)[depth++] = s->node_frame[k];
		}
		jw_need(w, 2);
		if (i > 0)
			*w->p++ = ',';
		*w->p++ = '[';
		while (depth > 0) {
			jw_need(w, 24);
			w->p = jw_put_u64(w->p, (*path)[--depth]);
			if (depth > 0)
				*w->p++ = ',';
		}
		jw_char(w, ']');
	}
	jw_lit(w, "],\"weights\":[");
	for (size_t i = 0; i < t->n; i++) {
		jw_need(w, 24);
		if (i > 0)
			*w->p++ = ',';
		w->p = jw_put_i64(w->p, t->weight[o ? o[i] : i]);
	}
	jw_lit(w, "]}");
	free(o);
}

void
speedscope_write(struct sampleset *s, struct jw *w, const char *name)
{
	struct buf tmp = { 0 };
	size_t nf = st_count(s->frames), nt = sset_nthreads(s), active = 0;
	int64_t best = -1;
	uint32_t *path = NULL;
	size_t pathcap = 0;

	for (size_t i = 0; i < nt; i++)
		if (s->threads[i].wsum > best) {
			best = s->threads[i].wsum;
			active = i;
		}
	jw_lit(w, "{\"$schema\":\"https://www.speedscope.app/"
	    "file-format-schema.json\",\"exporter\":\"sp-speedscope\","
	    "\"name\":");
	jw_strz(w, name);
	jw_lit(w, ",\"activeProfileIndex\":");
	jw_u64(w, active);
	jw_lit(w, ",\"shared\":{\"frames\":[");
	for (size_t i = 0; i < nf; i++) {
		size_t len;
		const char *p = st_str(s->frames, (uint32_t)i, &len);

		buf_reset(&tmp);
		buf_add(&tmp, "", 0);
		/* The reader checked every escape. */
		(void)unesc_append(&tmp, p, len);
		jw_lit(w, i > 0 ? ",{\"name\":" : "{\"name\":");
		jw_str(w, tmp.s, tmp.len);
		jw_char(w, '}');
	}
	jw_lit(w, "]},\"profiles\":[");
	for (size_t i = 0; i < nt; i++) {
		if (i > 0)
			jw_char(w, ',');
		write_profile(s, w, &s->threads[i], name, &tmp, &path,
		    &pathcap);
	}
	jw_lit(w, "]}\n");
	buf_free(&tmp);
	free(path);
}
