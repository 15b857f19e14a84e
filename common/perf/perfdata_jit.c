/*
 * perfdata_jit.c: the perf.data reader's JIT frames: a JIT's perf map
 * (/tmp/perf-PID.map, or --perf-map-dir's copy), read once when a frame
 * needs it (perf_map.h), and perf-map-agent's inlined Java frames
 * ("outer->inner->leaf") split as perf_script.c splits them.  Part of
 * read_perfdata.c's reader (perfdata_impl.h); may use base/, perf_map.h
 * and perf_dso.h.
 */
#include <stdint.h>
#include <string.h>

#include "base/buf.h"
#include "base/escape.h"
#include "perf/perf_map.h"
#include "perf/perfdata_impl.h"
#include "read/perf_dso.h"

static int
has_map_suffix(const char *s)
{
	size_t n = strlen(s);

	return n >= 4 && strcmp(s + n - 4, ".map") == 0;
}

/*
 * Is dso id a perf map ("/tmp/perf-PID.map") that can be read (from
 * --perf-map-dir, else where perf names it)?  Read once.
 */
int
has_pid_map(struct pd *pd, uint32_t id)
{
	struct dimg *di = &pd->dimg[id];

	if (!di->map_tried) {
		size_t n;
		const char *path = pdso_path(pd->dsos, (int32_t)id, &n);
		const char *base = strrchr(path, '/');
		struct buf b = {0};

		di->map_tried = 1;
		base = base != NULL ? base + 1 : path;
		if (strncmp(base, "perf-", 5) == 0 && has_map_suffix(base)) {
			if (pd->o != NULL && pd->o->perf_map_dir != NULL) {
				buf_adds(&b, pd->o->perf_map_dir);
				buf_addc(&b, '/');
				buf_adds(&b, base);
			} else
				buf_adds(&b, path);
			di->map = perf_map_load(b.s);
			buf_free(&b);
		}
	}
	return di->map != NULL;
}

/*
 * perf-map-agent's inlined Java frames, "outer->inner->leaf", as
 * perf_script.c splits them: the outer one a frame, the others inlined
 * in it (" (inlined)", or "_[i]" with --annotate or --tidy).  The outer
 * frame's own suffix is the caller's.
 */
void
jit_inlined(struct pd *pd, const struct pd_frame *f, struct buf *b)
{
	const char *p = f->sym, *q;

	for (int first = 1;; first = 0) {
		q = strstr(p, "->");
		if (!first)
			buf_addc(b, ';');
		pdso_prefix(pd->dsos, f->dso, b);
		esc_append(b, p, q != NULL ? (size_t)(q - p) : strlen(p));
		if (!first)
			buf_adds(b, pd->o->annotate || pd->o->tidy ? "_[i]" :
			    " (inlined)");
		else if (pd->o->annotate)
			buf_add(b, "_[j]", 4);
		if (q == NULL)
			break;
		p = q + 2;
	}
}
