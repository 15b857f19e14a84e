/*
 * read_cpuprofile.c: V8 CPU profiles into the sample stream: the
 * .cpuprofile files of `node --cpu-prof` and Chrome DevTools, and the trace
 * events that Chrome's performance panel saves (a JSON array of events, or
 * {"traceEvents": [...]}), whose "Profile" and "ProfileChunk" events carry
 * the same nodes and samples in pieces.  The rules are those of
 * ../shared/bench/ref_formats.py:
 *
 *	nodes	{id, callFrame{functionName, url, lineNumber, columnNumber},
 *		children: [ids] and/or parent: id}; a node's stack is the
 *		path from the root node to it, without a parentless root
 *		named "(root)" (a sample of it has an empty stack)
 *	frame	functionName ("(anonymous)" when empty), followed by
 *		" (URL:LINE:COL)" when url is not empty, LINE and COL counted
 *		from 1 (V8 counts from 0); an unknown position (-1) is left
 *		out: " (URL)", " (URL:LINE)"
 *	samples	node ids, weight 1, no cpu; the time is the sum of the
 *		timeDeltas (microseconds) so far, in ms
 *	traces	every (pid, id) of Profile/ProfileChunk events is one profile,
 *		its node ids its own; its thread is that of its chunks, named
 *		by the trace's thread_name and process_name metadata; an old
 *		"CpuProfile" event holds a whole .cpuprofile
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json/json.h"
#include "read/profile_impl.h"
#include "read/reader.h"
#include "base/strtab.h"
#include "base/util.h"

/* One profile being put together from its pieces. */
struct cprof {
	int	*node;		/* object tokens of the nodes */
	size_t	 nnode, nodecap;
	int64_t	*sample;	/* node ids */
	size_t	 nsample, samplecap;
	double	*time;		/* ms, per sample */
	size_t	 timecap;
	double	 now;		/* the sum of the deltas so far, in us */
	char	*key;		/* trace: "pid\tid" */
	char	*process, *pid, *thread, *tid;
};

/*
 * The reader's state, on the heap so that a failure (pfail) frees it too
 * (profile_run calls cp_cleanup).
 */
struct cpstate {
	struct ptbuild b;
	struct cprof one;	/* a .cpuprofile, a CpuProfile event */
	struct cprof *ps;	/* the profiles of a trace */
	size_t	 nps, pscap;
	struct strtab *keys, *names;
	char	**name_of;
	size_t	 namecap;
	struct buf k, v, w;
	/* emit_profile's scratch */
	struct pidmap ids;
	int32_t	*parent, *stack, *walk;
	uint8_t	*state;
	struct buf label, tmp;
};

static void
cp_free(struct cprof *p)
{
	free(p->node);
	free(p->sample);
	free(p->time);
	free(p->key);
	free(p->process);
	free(p->pid);
	free(p->thread);
	free(p->tid);
	memset(p, 0, sizeof(*p));
}

static void
emit_scratch_free(struct cpstate *cs)
{
	pidmap_free(&cs->ids);
	free(cs->parent);
	free(cs->stack);
	free(cs->walk);
	free(cs->state);
	cs->parent = cs->stack = cs->walk = NULL;
	cs->state = NULL;
}

static void
cp_cleanup(void *arg)
{
	struct cpstate *cs = arg;

	ptb_free(&cs->b);
	cp_free(&cs->one);
	for (size_t i = 0; i < cs->nps; i++)
		cp_free(&cs->ps[i]);
	free(cs->ps);
	if (cs->name_of != NULL)
		for (size_t i = 0; i < st_count(cs->names); i++)
			free(cs->name_of[i]);
	free(cs->name_of);
	st_free(cs->names);
	st_free(cs->keys);
	buf_free(&cs->k);
	buf_free(&cs->v);
	buf_free(&cs->w);
	emit_scratch_free(cs);
	buf_free(&cs->label);
	buf_free(&cs->tmp);
	free(cs);
}

static struct cpstate *
cp_new(struct pctx *c)
{
	struct cpstate *cs = xcalloc(1, sizeof(*cs));

	c->cleanup = cp_cleanup;
	c->cleanup_arg = cs;
	ptb_init(c, &cs->b);
	return cs;
}

/* Integer member key of obj, dflt when absent or null; else a failure. */
static int64_t
get_int(struct pctx *c, const struct json *j, int obj, const char *key,
    int64_t dflt, const char *what)
{
	int t = json_get(j, obj, key);
	int64_t v;

	if (t < 0 || json_is_null(j, t))
		return dflt;
	if (json_int(j, t, &v) == -1)
		pfail(c, "%s: %s is not an integer", what, key);
	return v;
}

/* The string member key of obj into b ("" when absent or null). */
static void
get_str(struct pctx *c, const struct json *j, int obj, const char *key,
    struct buf *b, const char *what)
{
	int t = json_get(j, obj, key);

	buf_reset(b);
	if (t >= 0 && !json_is_null(j, t)) {
		if (!json_is_string(j, t))
			pfail(c, "%s: %s is not a string", what, key);
		if (json_str(j, t, b) == -1)
			pfail(c, "%s: bad string escape in %s", what, key);
	}
	if (b->s == NULL)
		buf_grow(b, 1);
}

/* Add the nodes of array arr to p. */
static void
add_nodes(struct pctx *c, struct cprof *p, const struct json *j, int arr,
    const char *what)
{
	int x;

	if (arr < 0 || json_is_null(j, arr))
		return;
	if (!json_is_array(j, arr))
		pfail(c, "%s: nodes is not an array", what);
	x = arr + 1;
	for (int i = 0; i < j->t[arr].size; i++, x = json_next(j, x)) {
		if (!json_is_object(j, x))
			pfail(c, "%s: nodes[%d] is not an object", what, i);
		xgrow(&p->node, &p->nodecap, p->nnode + 1, sizeof(*p->node));
		p->node[p->nnode++] = x;
	}
}

/*
 * Add the samples of array sm and their times from deltas (us; absent:
 * the time stays where it is) to p.
 */
static void
add_samples(struct pctx *c, struct cprof *p, const struct json *j, int sm,
    int deltas, const char *what)
{
	int n;

	if (sm < 0 || json_is_null(j, sm))
		return;
	if (!json_is_array(j, sm))
		pfail(c, "%s: samples is not an array", what);
	n = json_len(j, sm);
	if (deltas >= 0 && !json_is_null(j, deltas)) {
		if (!json_is_array(j, deltas))
			pfail(c, "%s: timeDeltas is not an array", what);
		if (json_len(j, deltas) != n)
			pfail(c, "%s: %d timeDeltas for %d samples", what,
			    json_len(j, deltas), n);
	} else
		deltas = -1;
	for (int k = 0; k < n; k++) {
		int64_t id;
		double d = 0;

		if (json_at_int(j, sm, k, &id) == -1)
			pfail(c, "%s: samples[%d] is not a node id", what, k);
		if (deltas >= 0 && (json_at_double(j, deltas, k, &d) == -1 ||
		    !(d > -1e15 && d < 1e15)))
			pfail(c, "%s: timeDeltas[%d] is not a number of "
			    "microseconds", what, k);
		p->now += d;
		if (p->nsample == p->samplecap) {
			xgrow(&p->sample, &p->samplecap, p->nsample + 1,
			    sizeof(*p->sample));
			p->time = xreallocarray(p->time, p->samplecap,
			    sizeof(*p->time));
		}
		p->sample[p->nsample] = id;
		p->time[p->nsample++] = p->now / 1000;
	}
}

/* The label of a node's callFrame (ref_formats.py's cpuprofile_label). */
static void
node_label(struct pctx *c, const struct json *j, int node, struct buf *out,
    struct buf *tmp, const char *what)
{
	int cf = json_get(j, node, "callFrame");
	int64_t line, col;

	if (!json_is_object(j, cf))
		pfail(c, "%s: a node without a callFrame object", what);
	get_str(c, j, cf, "functionName", out, what);
	if (out->len == 0)
		buf_add(out, "(anonymous)", 11);
	get_str(c, j, cf, "url", tmp, what);
	if (tmp->len == 0)
		return;
	line = get_int(c, j, cf, "lineNumber", -1, what);
	col = get_int(c, j, cf, "columnNumber", -1, what);
	buf_add(out, " (", 2);
	buf_add(out, tmp->s, tmp->len);
	/* V8 counts from 0; both are far below INT64_MAX in real files. */
	if (line >= 0 && line < INT64_MAX)
		buf_printf(out, ":%" PRId64, line + 1);
	if (line >= 0 && col >= 0 && col < INT64_MAX)
		buf_printf(out, ":%" PRId64, col + 1);
	buf_addc(out, ')');
}

/* Turn profile p into a thread of samples over b's tables. */
static void
emit_profile(struct pctx *c, struct cpstate *cs, struct cprof *p,
    const struct json *j, const char *what)
{
	struct ptbuild *b = &cs->b;
	struct pidmap *ids = &cs->ids;
	int32_t *parent, *stack, *walk;
	uint8_t *state;		/* 0 new, 1 on the walk, 2 stack known */
	struct buf *label = &cs->label, *tmp = &cs->tmp;
	size_t th;
	int64_t lastid = 0, lastx = -1;

	if (p->nnode >= UINT32_MAX / 2)
		pfail(c, "%s: too many nodes", what);
	emit_scratch_free(cs);
	pidmap_init(ids, p->nnode);
	parent = cs->parent = xreallocarray(NULL, p->nnode + 1,
	    sizeof(*parent));
	stack = cs->stack = xreallocarray(NULL, p->nnode + 1, sizeof(*stack));
	walk = cs->walk = xreallocarray(NULL, p->nnode + 1, sizeof(*walk));
	state = cs->state = xcalloc(p->nnode + 1, 1);
	for (size_t i = 0; i < p->nnode; i++) {
		int64_t id = get_int(c, j, p->node[i], "id", INT64_MIN, what);

		if (id == INT64_MIN)
			pfail(c, "%s: a node without an id", what);
		if (pidmap_add(ids, (uint64_t)id, (uint32_t)i) == -1)
			pfail(c, "%s: node id %" PRId64 " twice", what, id);
		parent[i] = -1;
	}
	/* Children lists first, then parent ids, which win. */
	for (size_t i = 0; i < p->nnode; i++) {
		int ch = json_get(j, p->node[i], "children");

		if (ch < 0 || json_is_null(j, ch))
			continue;
		if (!json_is_array(j, ch))
			pfail(c, "%s: children is not an array", what);
		for (int k = 0; k < json_len(j, ch); k++) {
			int64_t id, x;

			if (json_at_int(j, ch, k, &id) == -1)
				pfail(c, "%s: children[%d] is not a node id",
				    what, k);
			if ((x = pidmap_get(ids, (uint64_t)id)) < 0)
				pfail(c, "%s: child node %" PRId64 " not "
				    "found", what, id);
			parent[x] = (int32_t)i;
		}
	}
	for (size_t i = 0; i < p->nnode; i++) {
		int64_t id = get_int(c, j, p->node[i], "parent", INT64_MIN,
		    what), x;

		if (id == INT64_MIN)
			continue;
		if ((x = pidmap_get(ids, (uint64_t)id)) < 0)
			pfail(c, "%s: parent node %" PRId64 " not found", what,
			    id);
		parent[i] = (int32_t)x;
	}
	/* Each node's stack, parents first; a cycle is an error. */
	for (size_t i = 0; i < p->nnode; i++) {
		size_t depth = 0;
		int32_t x = (int32_t)i, s;

		while (x >= 0 && state[x] == 0) {
			state[x] = 1;
			walk[depth++] = x;
			x = parent[x];
		}
		if (x >= 0 && state[x] == 1)
			pfail(c, "%s: node %" PRId64 " is its own ancestor "
			    "(a cycle of parents)", what, get_int(c, j,
			    p->node[x], "id", 0, what));
		s = x >= 0 ? stack[x] : -1;
		while (depth-- > 0) {
			int32_t n = walk[depth];

			node_label(c, j, p->node[n], label, tmp, what);
			if (parent[n] < 0 && strcmp(label->s, "(root)") == 0)
				s = -1;
			else
				s = ptb_stack(c, b, s, ptb_frame(b, label->s,
				    label->len));
			stack[n] = s;
			state[n] = 2;
		}
	}
	th = c->nth;
	pnew_array_thread(c, b->tab, p->process, p->pid, p->thread, p->tid);
	for (size_t k = 0; k < p->nsample; k++) {
		/* Runs of samples of one node are common: look it up once. */
		if (k == 0 || p->sample[k] != lastid) {
			lastid = p->sample[k];
			lastx = pidmap_get(ids, (uint64_t)lastid);
		}
		if (lastx < 0)
			pfail(c, "%s: sample of node %" PRId64 ", which is not "
			    "there", what, p->sample[k]);
		if (c->th[th].n == UINT32_MAX)
			pfail(c, "%s: too many samples", what);
		padd_sample(&c->th[th], stack[lastx], p->time[k], 1, -1);
	}
	emit_scratch_free(cs);
}

static int
cpuprofile_sniff(const struct json *j, int root)
{
	return json_get(j, root, "nodes") >= 0 &&
	    json_get(j, root, "samples") >= 0;
}

static void
cpuprofile_read(struct pctx *c, const struct pinput *in)
{
	const struct json *j = in->j;
	struct cpstate *cs = cp_new(c);
	struct cprof *p = &cs->one;

	snprintf(c->format, sizeof(c->format), "cpuprofile");
	add_nodes(c, p, j, json_get(j, in->root, "nodes"), "cpuprofile");
	add_samples(c, p, j, json_get(j, in->root, "samples"),
	    json_get(j, in->root, "timeDeltas"), "cpuprofile");
	emit_profile(c, cs, p, j, "cpuprofile");
}

const struct reader reader_cpuprofile = {
	.format = "V8 .cpuprofile",
	.sniff_json = cpuprofile_sniff,
	.prepare = cpuprofile_read,
};

/* --- Chrome trace events --- */

/* A scalar member as text (a number or a string), into b; 0 or -1. */
static int
scalar_text(const struct json *j, int obj, const char *key, struct buf *b)
{
	int t = json_get(j, obj, key);

	buf_reset(b);
	if (t < 0 || json_is_null(j, t))
		return -1;
	if (json_is_string(j, t))
		return json_str(j, t, b);
	if (!json_is_number(j, t))
		return -1;
	buf_add(b, j->s + j->t[t].start, (size_t)(j->t[t].end -
	    j->t[t].start));
	return 0;
}

static int
trace_sniff(const struct json *j, int root)
{
	return json_is_array(j, root) ||
	    json_get(j, root, "traceEvents") >= 0;
}

static void
trace_read(struct pctx *c, const struct pinput *in)
{
	const struct json *j = in->j;
	int ev = in->root, x, n;
	struct cpstate *cs = cp_new(c);
	struct strtab *keys, *names;
	struct buf *k = &cs->k, *v = &cs->v, *w = &cs->w;
	char what[64];

	keys = cs->keys = st_new();
	names = cs->names = st_new();

	snprintf(c->format, sizeof(c->format), "chrome trace");
	if (!json_is_array(j, ev))
		ev = json_get(j, ev, "traceEvents");
	if (!json_is_array(j, ev))
		pfail(c, "traceEvents is not an array");
	n = j->t[ev].size;
	/* Thread and process names: "t pid tid" and "p pid" -> name. */
	x = ev + 1;
	for (int i = 0; i < n; i++, x = json_next(j, x)) {
		int args = json_get(j, x, "args"), isp;
		uint32_t id;
		int added;

		isp = json_streq(j, json_get(j, x, "name"), "process_name");
		if (!isp && !json_streq(j, json_get(j, x, "name"),
		    "thread_name"))
			continue;
		if (scalar_text(j, x, "pid", k) == -1 ||
		    (!isp && scalar_text(j, x, "tid", v) == -1) ||
		    scalar_text(j, args, "name", w) == -1)
			continue;
		if (isp)
			buf_reset(v);
		buf_printf(k, "\t%c\t", isp ? 'p' : 't');
		buf_add(k, v->s, v->len);
		id = st_intern(names, k->s, k->len, &added);
		xgrow(&cs->name_of, &cs->namecap, (size_t)id + 1,
		    sizeof(*cs->name_of));
		if (!added)
			free(cs->name_of[id]);
		cs->name_of[id] = xmemdup(w->s != NULL ? w->s : "", w->len);
	}
	x = ev + 1;
	for (int i = 0; i < n; i++, x = json_next(j, x)) {
		int name = json_get(j, x, "name"), data, cp;
		struct cprof *p;
		uint32_t id;
		int added, chunk;

		if (!json_is_object(j, x))
			continue;
		data = json_get(j, json_get(j, x, "args"), "data");
		cp = json_get(j, data, "cpuProfile");
		snprintf(what, sizeof(what), "traceEvents[%d]", i);
		if (json_streq(j, name, "CpuProfile")) {
			struct cprof *one = &cs->one;

			if (!json_is_object(j, cp))
				continue;
			if (scalar_text(j, x, "pid", v) == 0)
				one->pid = xmemdup(v->s, v->len);
			if (scalar_text(j, x, "tid", v) == 0)
				one->tid = xmemdup(v->s, v->len);
			add_nodes(c, one, j, json_get(j, cp, "nodes"), what);
			add_samples(c, one, j, json_get(j, cp, "samples"),
			    json_get(j, cp, "timeDeltas"), what);
			emit_profile(c, cs, one, j, what);
			cp_free(one);
			continue;
		}
		chunk = json_streq(j, name, "ProfileChunk");
		if (!chunk && !json_streq(j, name, "Profile"))
			continue;
		buf_reset(k);
		if (scalar_text(j, x, "pid", v) == 0)
			buf_add(k, v->s, v->len);
		buf_addc(k, '\t');
		if (scalar_text(j, x, "id", v) == 0)
			buf_add(k, v->s, v->len);
		id = st_intern(keys, k->s, k->len, &added);
		if (added) {
			xgrow(&cs->ps, &cs->pscap, cs->nps + 1,
			    sizeof(*cs->ps));
			p = &cs->ps[cs->nps++];
			memset(p, 0, sizeof(*p));
			if (scalar_text(j, x, "pid", v) == 0)
				p->pid = xmemdup(v->s, v->len);
		}
		p = &cs->ps[id];
		/* The sampled thread is the one its chunks are on. */
		if ((p->tid == NULL || (chunk && p->thread == NULL)) &&
		    scalar_text(j, x, "tid", v) == 0) {
			free(p->tid);
			free(p->thread);
			p->tid = xmemdup(v->s, v->len);
			p->thread = chunk ? xstrdup("") : NULL;
		}
		if (!chunk)
			continue;
		if (data >= 0 && !json_is_object(j, data))
			pfail(c, "%s: args.data is not an object", what);
		if (cp >= 0 && !json_is_object(j, cp))
			pfail(c, "%s: cpuProfile is not an object", what);
		add_nodes(c, p, j, json_get(j, cp, "nodes"), what);
		add_samples(c, p, j, json_get(j, cp, "samples"),
		    json_get(j, data, "timeDeltas"), what);
	}
	if (cs->nps == 0 && c->nth == 0)
		pfail(c, "a Chrome trace without a CPU profile (no Profile, "
		    "ProfileChunk or CpuProfile events)");
	for (size_t i = 0; i < cs->nps; i++) {
		struct cprof *p = &cs->ps[i];
		int64_t t;

		free(p->thread);
		p->thread = NULL;
		buf_reset(k);
		buf_printf(k, "%s\tt\t%s", p->pid ? p->pid : "",
		    p->tid ? p->tid : "");
		if ((t = st_find(names, k->s, k->len)) >= 0)
			p->thread = xstrdup(cs->name_of[t]);
		buf_reset(k);
		buf_printf(k, "%s\tp\t", p->pid ? p->pid : "");
		if ((t = st_find(names, k->s, k->len)) >= 0)
			p->process = xstrdup(cs->name_of[t]);
		snprintf(what, sizeof(what), "profile %zu", i);
		emit_profile(c, cs, p, j, what);
	}
}

const struct reader reader_chrome_trace = {
	.format = "Chrome trace events",
	.sniff_json = trace_sniff,
	.prepare = trace_read,
};
