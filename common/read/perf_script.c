/*
 * perf_script.c: `perf script` text in, the sample stream of sp(5) out.
 *
 * perf script prints one record per sample: an event line, then the
 * callchain leaf first, one frame a line, then a blank line:
 *
 *	comm  pid/tid [cpu] seconds.micros: [period] event[:mods]: [ip sym (dso)]
 *		ffffffff8104f45a native_write_msr_safe+0x4a ([kernel.kallsyms])
 *		    7f183b22aec7 __GI___ioctl (/lib/x86_64-linux-gnu/libc-2.19.so)
 *
 * Every field but the event line's shape is optional, so the reader is
 * forgiving: the comm may hold spaces (it ends at the pid before the time
 * stamp), "pid/" may be missing, tabs may separate fields (simpleperf), a
 * frame may lack its symbol, its dso or both, a record may have no frames
 * or carry its only frame on the event line (-F ...,ip,sym), and the blank
 * line may be missing or doubled.  Lines starting with '#' (the --header
 * block) are skipped.
 *
 * Each frame becomes "DSO!SYMBOL", DSO being the file name of the dso's
 * path (without " (deleted)"); perf's "+0x..." symbol offsets are dropped,
 * and each dso gets a #lib header (name, and path when it is a file).  An
 * unknown symbol keeps its address: perf 4 and later print user-space
 * addresses relative to the dso (file offsets), which perf_dso.h turns
 * into sp(5)'s addresses by the file's program headers, "DSO!0xADDR" for
 * sp-symbolize;
 * kernel and JIT addresses, those of perf 3 and any beyond 4 GiB are
 * run-time ones, which stay frames without library ("0x7f26cab4c0b0").
 * Inlined frames (dso "(inlined)") get the " (inlined)" suffix and the
 * library of the code they are in: that of the real frame at the same
 * address (perf prints it after them); where there is none (perf prints
 * some libc frames' whole chain as inlined, each at its own address), that
 * of the one library whose real frames seen so far span the address, else
 * that of the next real frame rootward (the one they are inlined into),
 * else leafward — a kernel's for a kernel address only.  perf-map-agent's "A->B->C" JIT
 * names are split into frames the same way.
 *
 * A sample's process is named after the current comm of its process's
 * main thread (tid == pid) when that thread has been seen, else after the
 * sample's own comm; its thread is the comm.  Times are ms since the first
 * sample of the input.  Only the first event's samples are kept (or those
 * of --event), as inferno and FlameGraph do: mixing cycles with
 * instructions would mislead; the others are counted in one warning.
 * cpu is the period for cpu-clock and task-clock, which count ns.
 *
 * An off-CPU recording (sp-record --off-cpu) printed with
 *
 *	perf script --header --show-switch-events -F ...,trace
 *
 * (the header names sched:sched_switch and context_switch, the tracepoint's
 * lines carry prev_state=, switch-ins are PERF_RECORD_SWITCH lines) is read
 * as wall time, as read_perfdata.c reads the perf.data: see offcpu.h.
 *
 * The lines are taken apart by perf_script_parse.c; a record's stack is
 * joined by perf_script_stack.c, its symbols written by
 * perf_script_tidy.c, an off-CPU recording read by perf_script_offcpu.c
 * (perf_script_impl.h is what they share).
 *
 * The whole input is read in one pass over lines, with no per-line
 * allocation: a record's symbols are copied into an arena that is reset for
 * the next record, and the stack is joined root first at the record's end.
 */
#include <err.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/escape.h"
#include "base/input.h"
#include "read/offcpu.h"
#include "read/perf_dso.h"
#include "read/perf_script.h"
#include "read/perf_script_parse.h"
#include "read/reader.h"
#include "stream/stream.h"
#include "base/strtab.h"
#include "base/util.h"
#include "read/perf_script_impl.h"

/* Add one frame line's frame(s) to the current record. */
static int
add_frame(struct ps *ps, const char *s, size_t n)
{
	uint64_t addr;
	const char *sym, *dso;
	size_t symlen, dsolen;
	int32_t did = -1;
	int inlined = 0, unknown;
	struct pframe *f;

	if (parse_frame(s, n, &addr, &sym, &symlen, &dso, &dsolen) == -1)
		return -1;
	if (ps->skip)
		return 0;
	if (dso != NULL) {
		if (dsolen == 7 && memcmp(dso, "inlined", 7) == 0)
			inlined = 1;
		else if (!(dsolen == 9 && memcmp(dso, "[unknown]", 9) == 0)) {
			/* " (deleted)", a file replaced, goes there. */
			did = pdso_id(ps->dsos, dso, dsolen);
		}
	}
	drop_offset(sym, &symlen);
	unknown = symlen == 0 ||
	    (symlen == 9 && memcmp(sym, "[unknown]", 9) == 0);

	/* perf-map-agent's inlined Java frames: "outer->inner->leaf". */
	if (did >= 0 && pdso_get(ps->dsos, did)->kind == PDSO_JIT &&
	    !unknown) {
		const char *p = sym + symlen, *q;

		/* Last part first (leaf first, as the record is kept). */
		for (;;) {
			q = NULL;
			for (const char *r = sym; r + 1 < p; r++)
				if (r[0] == '-' && r[1] == '>')
					q = r;
			xgrow(&ps->fr, &ps->frcap, ps->nfr + 1, sizeof(*ps->fr));
			f = &ps->fr[ps->nfr++];
			memset(f, 0, sizeof(*f));
			f->sym = ps->arena.len;
			if (q == NULL) {
				buf_add(&ps->arena, sym, (size_t)(p - sym));
				f->symlen = (size_t)(p - sym);
			} else {
				buf_add(&ps->arena, q + 2, (size_t)(p - q - 2));
				f->symlen = (size_t)(p - q - 2);
				f->jit_inl = 1;
			}
			f->addr = addr;
			f->has_addr = 1;
			f->dso = did;
			if (q == NULL)
				break;
			p = q;
		}
		return 0;
	}
	xgrow(&ps->fr, &ps->frcap, ps->nfr + 1, sizeof(*ps->fr));
	f = &ps->fr[ps->nfr++];
	memset(f, 0, sizeof(*f));
	f->sym = ps->arena.len;
	f->symlen = symlen;
	buf_add(&ps->arena, sym, symlen);
	f->addr = addr;
	f->has_addr = 1;
	f->dso = did;
	f->unknown = unknown;
	f->inlined = inlined;
	return 0;
}

/* #event and #units, once, before the first sample. */
static void
ps_start_output(struct ps *ps)
{
	struct buf h = {0};
	const char *base;
	size_t bl;

	if (ps->started)
		return;
	ps->started = 1;
	if (ps->event != NULL) {
		buf_adds(&h, "#event\t");
		esc_append(&h, ps->event, strlen(ps->event));
		sw_header(ps->w, h.s);
		base = ps->event;
		bl = strcspn(base, ":");
		ps->event_time = (bl == 9 && memcmp(base, "cpu-clock", 9) == 0) ||
		    (bl == 10 && memcmp(base, "task-clock", 10) == 0);
	}
	if (ps->oc != NULL) {
		buf_reset(&h);
		buf_printf(&h, "#off-cpu\t%s\tmin-us=%lld",
		    OFFCPU_FRAME_PREFIX "*]", ps->o->off_cpu_min_set ?
		    ps->o->off_cpu_min_us : (long long)OFFCPU_MIN_US_DEFAULT);
		sw_header(ps->w, h.s);
		buf_free(&h);
		sw_units(ps->w, OFFCPU_WEIGHT_TYPE, "ns");
		return;
	}
	buf_free(&h);
	sw_units(ps->w, ps->o->period_weight ? (ps->event_time ? "ns" :
	    "period") : "samples", ps->event_time ? "ns" : "none");
}

/* The end of a record: write its sample. */
static void
end_record(struct ps *ps)
{
	if (ps->in_rec && !ps->skip && ps->t != NULL) {
		int64_t weight = 1, cpu = -1;

		if (ps->has_period) {
			if (ps->o->period_weight || ps->oc != NULL)
				weight = ps->period;
			if (ps->event_time)
				cpu = ps->period;
		}
		ps_join_stack(ps);
		if (ps->rec_out)
			offcpu_out(ps->oc, ps->rec_tid, ps->cur_key,
			    (uint64_t)ps->rec_ns, ps->rec_state,
			    ps->stack.s != NULL ? ps->stack.s : "",
			    ps->stack.len);
		else
			sw_sample(ps->w, ps->t, ps->time_ms, weight, cpu,
			    ps->stack.s != NULL ? ps->stack.s : "",
			    ps->stack.len);
	}
	ps->in_rec = 0;
	ps->nfr = 0;
	buf_reset(&ps->arena);
}

static void
set_main(struct ps *ps, const char *pid, size_t pidlen, const char *comm,
    size_t commlen)
{
	int added;
	uint32_t id = st_intern(ps->pids, pid, pidlen, &added);

	if (added) {
		xgrow(&ps->mains, &ps->mcap, id + 1, sizeof(*ps->mains));
		ps->mains[id] = NULL;
	}
	if (ps->mains[id] != NULL && strlen(ps->mains[id]) == commlen &&
	    memcmp(ps->mains[id], comm, commlen) == 0)
		return;
	free(ps->mains[id]);
	ps->mains[id] = xmemdup(comm, commlen);
}

/*
 * The sw_thread of an event line's thread (NULL: filtered out); its key
 * in ps->cur_key.
 */
static struct sw_thread *
ps_thread_of(struct ps *ps, const struct evline *e)
{
	const char *proc = e->comm;
	size_t proclen = e->commlen;
	uint32_t id;
	int added;

	if (e->pid != NULL) {
		int64_t pi;

		if (e->pidlen == e->tidlen &&
		    memcmp(e->pid, e->tid, e->pidlen) == 0)
			set_main(ps, e->pid, e->pidlen, e->comm, e->commlen);
		pi = st_find(ps->pids, e->pid, e->pidlen);
		if (pi >= 0 && ps->mains[pi] != NULL) {
			proc = ps->mains[pi];
			proclen = strlen(proc);
		}
	}
	buf_reset(&ps->key);
	buf_add(&ps->key, e->pid != NULL ? e->pid : "", e->pidlen);
	buf_addc(&ps->key, '\0');
	buf_add(&ps->key, e->tid, e->tidlen);
	buf_addc(&ps->key, '\0');
	buf_add(&ps->key, e->comm, e->commlen);
	buf_addc(&ps->key, '\0');
	buf_add(&ps->key, proc, proclen);
	id = st_intern(ps->threads, ps->key.s, ps->key.len, &added);
	if (added) {
		/* The key holds the four NUL-terminated strings in order. */
		const char *pid = ps->key.s;
		const char *tid = pid + e->pidlen + 1;
		const char *comm = tid + e->tidlen + 1;
		const char *pr = comm + e->commlen + 1;

		xgrow(&ps->tptr, &ps->tcap, id + 1, sizeof(*ps->tptr));
		ps->tptr[id] = sw_thread(ps->w, pr, e->pid != NULL ? pid : NULL,
		    comm, tid);
	}
	ps->cur_key = id;
	return ps->tptr[id];
}

/*
 * An event's name without its modifiers: "cycles:uppp" and "cycles" are the
 * same event, "sched:sched_switch" is not "sched".
 */
size_t
perf_event_base(const char *s, size_t n)
{
	size_t k = n;

	while (k > 0 && s[k - 1] != ':')
		k--;
	if (k == 0 || k == n)
		return n;
	for (size_t i = k; i < n; i++)
		if (strchr("ukhIGHpPSDWebB", s[i]) == NULL)
			return n;
	return k - 1;
}

/*
 * Is this event (name[0..n)) the one chosen?  --event NAME takes the events
 * called NAME, or NAME plus modifiers; else the first event seen is taken,
 * with any modifiers.
 */
static int
ps_event_kept(struct ps *ps, const char *name, size_t n)
{
	const char *want = ps->o->event;
	size_t bn = perf_event_base(name, n);
	int ok;

	if (want != NULL) {
		size_t wl = strlen(want);

		ok = (wl == n && memcmp(want, name, n) == 0) ||
		    (wl == bn && memcmp(want, name, bn) == 0);
	} else
		ok = ps->event == NULL || (ps->event_base == bn &&
		    memcmp(ps->event, name, bn) == 0);
	if (ok && ps->event == NULL) {
		ps->event = xmemdup(name, n);
		ps->event_base = bn;
	}
	return ok;
}

static void
begin_record(struct ps *ps, const struct evline *e)
{
	const char *ev = e->event != NULL ? e->event : "";
	size_t evlen = e->event != NULL ? e->eventlen : 0;

	ps->in_rec = 1;
	ps->blank_seen = 0;
	ps->nfr = 0;
	buf_reset(&ps->arena);
	if (e->has_time && !ps->have_t0) {
		ps->have_t0 = 1;
		ps->t0 = e->time_ns;
	}
	ps->time_ms = e->has_time ? (double)(e->time_ns - ps->t0) / 1e6 : 0;
	ps->period = e->period;
	ps->has_period = e->has_period;
	ps->java = e->commlen >= 4 && memcmp(e->comm, "java", 4) == 0;
	ps->rec_out = 0;
	if ((ps->oc == NULL || !ps_oc_event(ps, e, ev, evlen)) &&
	    !ps_event_kept(ps, ev, evlen)) {
		ps->skip = 1;
		ps->skipped++;
		st_intern(ps->others, ev, evlen, NULL);
		return;
	}
	ps->skip = 0;
	ps_start_output(ps);
	ps->t = ps_thread_of(ps, e);
	/* A sched_switch (ps->rec_out) opens an interval at its time. */
	if (ps->t == NULL || (ps->rec_out && !e->has_time) ||
	    !sw_time_ok(ps->w, ps->time_ms))
		ps->skip = 1;
}

/*
 * perf script -F +srcline prints "  FILE:LINE" under a frame: keep it as
 * the frame's " @ FILE:LINE" (sp(5)); "??:0" means unknown.  Returns 0, or
 * -1 if the line is not of that form.
 */
static int
add_srcline(struct ps *ps, const char *s, size_t n)
{
	size_t k = n;
	struct pframe *f;

	while (k > 0 && is_digit(s[k - 1]))
		k--;
	if (k == n || k < 2 || s[k - 1] != ':' || memchr(s, ' ', n) != NULL ||
	    memchr(s, '\t', n) != NULL || ps->nfr == 0)
		return -1;
	if (ps->skip || (n == 4 && memcmp(s, "??:0", 4) == 0))
		return 0;
	f = &ps->fr[ps->nfr - 1];
	if (f->jit_inl)		/* one line for the whole "a->b" frame */
		return 0;
	f->src = ps->arena.len;
	f->srclen = n;
	buf_add(&ps->arena, s, n);
	return 0;
}

/* A line of perf script --header: "# perf version : 3.13.11-ckt12". */
static void
header_line(struct ps *ps, const char *s, size_t n)
{
	static const char pv[] = "# perf version : ";
	size_t k = sizeof(pv) - 1;

	if (n > k && memcmp(s, pv, k) == 0)
		ps->old_perf = is_digit(s[k]) && (k + 1 == n ||
		    !is_digit(s[k + 1])) && s[k] < '4';
	/* "# event : name = sched:sched_switch, ..., context_switch = 1" */
	if (n > 17 && memcmp(s, "# event : name = ", 17) == 0) {
		if (n > 27 && memcmp(s + 17, "cpu-clock,", 10) == 0)
			ps->hdr_clock = "cpu-clock";
		if (n > 28 && memcmp(s + 17, "task-clock,", 11) == 0)
			ps->hdr_clock = "task-clock";
		for (size_t i = 16; i + 18 <= n; i++) {
			if (memcmp(s + i, "sched:sched_switch", 18) == 0 &&
			    (i + 18 == n || s[i + 18] == ','))
				ps->hdr_switch = 1;
			if (i + 18 <= n &&
			    memcmp(s + i, "context_switch = 1", 18) == 0)
				ps->hdr_cs = 1;
		}
	}
}

/* Is this an event line?  Its parts are in *e if so. */
static int
is_event(const char *s, size_t n, struct evline *e)
{
	return parse_event(s, n, e) == 0 && (e->has_time || e->event != NULL);
}

/*
 * Could this indented line be an event line ("  comm 12 3.4: ev: ...")?
 * Event lines have a ':' before a blank or at the end; frame lines seldom.
 */
static int
maybe_event(const char *s, size_t n)
{
	const char *end = s + n, *p = s;

	while ((p = memchr(p, ':', (size_t)(end - p))) != NULL) {
		if (++p == end || is_ws(*p))
			return 1;
	}
	return 0;
}

static void
trim_end(const char *s, size_t *n)
{
	while (*n > 0 && (is_ws(s[*n - 1]) || s[*n - 1] == '\r'))
		(*n)--;
}

int
perf_script_sniff(const char *p, size_t n)
{
	const char *end = p + n;
	int seen_event = 0, perf_header = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);
		size_t i = 0;
		struct evline e;
		int ok;

		trim_end(p, &len);
		if (len > 0 && p[0] == '#') {
			if (len >= 10 && memcmp(p, "# ========", 10) == 0)
				perf_header = 1;
		} else if (len > 0) {
			while (i < len && is_ws(p[i]))
				i++;
			ok = parse_event(p, len, &e) == 0 &&
			    (e.has_time || e.event != NULL);
			if (seen_event && !ok) {
				uint64_t a;
				const char *s, *d;
				size_t sl, dl;

				ok = parse_frame(p + i, len - i, &a, &s, &sl,
				    &d, &dl) == 0;
			}
			if (!ok)
				return nl == NULL && seen_event;
			if (seen_event)
				return 1;
			seen_event = 1;
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return seen_event || perf_header;
}

int
perf_script_flatten(struct lreader *lr, struct sw *w,
    const struct perf_opts *o)
{
	struct ps ps = {0};
	struct evline e;
	char *line;
	long long len;
	int rc = 0;
	uint64_t bad_line = 0, last_line = 0;
	int pending_bad = 0;	/* an unparsable line, an error unless last */
	int pending_cut = 0;	/* an odd frame line, harmless unless last */
	int parsed;

	ps.o = o;
	ps.w = w;
	ps.lr = lr;
	ps.name = lr_name(lr);
	ps.threads = st_new();
	ps.pids = st_new();
	ps.dsos = pdso_new(w);
	ps.others = st_new();
	sw_source(w, ps.name, "perf script");

	while ((len = lr_next(lr, &line)) >= 0) {
		size_t n = (size_t)len, i = 0;

		if (pending_bad) {
			warnx("%s:%" PRIu64 ": not a perf script event line",
			    ps.name, bad_line);
			rc = -1;
			goto out;
		}
		if (pending_cut) {
			ps.weird++;
			if (ps.weird_line == 0)
				ps.weird_line = last_line;
			pending_cut = 0;
		}
		last_line = lr_lineno(lr);
		trim_end(line, &n);
		if (n == 0) {
			if (ps.in_rec && ps.nfr > 0)
				ps.blank_seen = 1;
			continue;
		}
		if (line[0] == '#') {
			header_line(&ps, line, n);
			continue;
		}
		while (i < n && is_ws(line[i]))
			i++;
		parsed = 0;
		if (i > 0 && hex_digit((unsigned char)line[i]) >= 0 && ps.in_rec &&
		    !ps.blank_seen) {
			/* Most lines: a frame of the current record. */
			if (maybe_event(line + i, n - i)) {
				parsed = 1;
				if (is_event(line, n, &e))
					goto event;
			}
			if (add_frame(&ps, line + i, n - i) == 0)
				continue;
		}
		if (!parsed && is_event(line, n, &e)) {
event:
			end_record(&ps);
			if (!ps.oc_checked)
				ps_oc_check(&ps);
			/* --show-mmap-events and the like: not samples. */
			if (e.event != NULL ? has_prefix(e.event, e.eventlen,
			    "PERF_RECORD_") : has_prefix(e.rest, e.restlen,
			    "PERF_RECORD_")) {
				if (ps.oc != NULL && e.event == NULL)
					ps_oc_switch(&ps, &e);
				continue;
			}
			begin_record(&ps, &e);
			/* A frame on the event line (else tracepoint data). */
			if (e.restlen > 0)
				(void)add_frame(&ps, e.rest, e.restlen);
			continue;
		}
		if (i > 0 && ps.in_rec && !ps.blank_seen &&
		    add_srcline(&ps, line + i, n - i) == 0)
			continue;
		if (i > 0) {
			/* An indented line we do not understand. */
			pending_cut = 1;
			continue;
		}
		pending_bad = 1;
		bad_line = lr_lineno(lr);
	}
	if (len == -2) {
		rc = -1;
		goto out;
	}
	if (pending_bad || pending_cut) {
		warnx("%s:%" PRIu64 ": the last record is incomplete, dropped",
		    ps.name, last_line);
		ps.in_rec = 0;
	} else if (ps.in_rec && ps.nfr > 1 && ps.fr[ps.nfr - 1].dso < 0 &&
	    !ps.fr[ps.nfr - 1].unknown && ps.fr[ps.nfr - 2].dso >= 0) {
		/* "  7f183b22aec7 __GI___ioc": the dso was cut away. */
		warnx("%s:%" PRIu64 ": the last record is incomplete, dropped",
		    ps.name, last_line);
		ps.in_rec = 0;
	}
	end_record(&ps);
	ps_start_output(&ps);
	if (ps.oc != NULL) {
		offcpu_finish(ps.oc, (uint64_t)ps.last_ns);
		offcpu_report(ps.oc, ps.name);
	}
	if (ps.weird > 0)
		warnx("%s:%" PRIu64 ": %" PRIu64 " stack line%s not understood, "
		    "skipped (the first here)", ps.name, ps.weird_line, ps.weird,
		    ps.weird == 1 ? "" : "s");
	if (ps.skipped > 0 && o->event == NULL) {
		struct buf b = {0};
		size_t k, no = st_count(ps.others);

		for (k = 0; k < no && k < 4; k++) {
			size_t l;
			const char *s = st_str(ps.others, (uint32_t)k, &l);

			if (k > 0)
				buf_adds(&b, ", ");
			buf_add(&b, s, l);
		}
		if (k < no)
			buf_adds(&b, ", ...");
		warnx("%s: %" PRIu64 " sample%s of other events skipped (%s); "
		    "choose one with --event", ps.name, ps.skipped,
		    ps.skipped == 1 ? "" : "s", b.s);
		buf_free(&b);
	}
	if (o->event != NULL && ps.event == NULL)
		warnx("%s: no samples of event %s", ps.name, o->event);
	pdso_report(ps.dsos, ps.name);
out:
	for (size_t k = 0; k < st_count(ps.pids); k++)
		free(ps.mains[k]);
	st_free(ps.threads);
	st_free(ps.pids);
	pdso_free(ps.dsos);
	free(ps.spans);
	st_free(ps.others);
	offcpu_free(ps.oc);
	free(ps.mains);
	free(ps.tptr);
	free(ps.fr);
	free(ps.event);
	buf_free(&ps.arena);
	buf_free(&ps.stack);
	buf_free(&ps.tidy);
	buf_free(&ps.key);
	return rc;
}

static int
perf_script_read(struct lreader *lr, struct sw *w, const struct reader_opts *o)
{
	return perf_script_flatten(lr, w, &o->perf);
}

const struct reader reader_perf_script = {
	.format = "perf script text",
	.sniff = perf_script_sniff,
	.read = perf_script_read,
};

