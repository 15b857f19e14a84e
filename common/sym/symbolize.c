/*
 * symbolize.c: one symbolization (symbolize.h), the face that runs its
 * jobs in turn.  The whole input is held in memory (sym_input.h) and
 * scanned once (sym_scan.c), which collects the distinct addresses of
 * each library and notes where every address frame lies; then every
 * library's addresses are resolved in one batch by one symbolizer process
 * or from a .syms.json sidecar (sym_resolve.c), and finally the input is
 * copied out with those frames replaced (sym_write.c).  The symbolizing
 * thus grows with the number of distinct addresses, not with the number
 * of samples.  It uses base/ and sym_ctx.h.
 */
#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bigmem.h"
#include "base/buf.h"
#include "base/strtab.h"
#include "base/util.h"
#include "sym/sym_ctx.h"
#include "sym/symbolize.h"

static const char *
base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s != NULL ? s + 1 : p;
}


struct sym_ctx *
sym_ctx_new(const struct sym_opts *o)
{
	struct sym_ctx *sc = xcalloc(1, sizeof(*sc));

	sc->o = *o;
	sc->fp = stdout;
	sc->last_lib = UINT32_MAX;
	sym_programs_init(&sc->progs, o->symbolizer, o->backend);
	if (o->binary != NULL)
		sc->target = o->image != NULL ? o->image : base_name(o->binary);
	else if (o->syms != NULL)
		sc->target = o->image;
	if (sc->target != NULL)
		sc->target_len = strlen(sc->target);
	if (o->binary == NULL && o->syms == NULL)
		sc->o.mixed = 1;
	if (o->syms != NULL && (sc->sy = sym_syms_load(o->syms)) == NULL) {
		free(sc);
		return NULL;
	}
	sc->libnames = st_new();
	if (!o->no_cache)
		sc->cache = sym_cache_new(o->cache_dir, o->cache_size);
	return sc;
}

int
sym_ctx_add_file(struct sym_ctx *sc, const char *path)
{
	struct sym_input *in;

	xgrow(&sc->inputs, &sc->capin, sc->nin + 1, sizeof(*sc->inputs));
	in = &sc->inputs[sc->nin];
	if (sym_input_load(path, in) == -1)
		return -1;
	sc->nin++;
	symc_scan_input(sc, in);
	return 0;
}

void
sym_ctx_resolve(struct sym_ctx *sc)
{
	if (sc->sy != NULL) {
		for (size_t i = 0; i < sc->nlibs; i++)
			if (sc->libs[i].naddrs > 0)
				symc_resolve_syms(sc, &sc->libs[i], sc->sy);
	} else
		symc_resolve_all(sc);
	if (sc->target != NULL && !sc->o.mixed && st_find(sc->libnames,
	    sc->target, sc->target_len) < 0)
		warnx("%s: no address frames of this library in the input%s",
		    sc->target, sc->addr_frames_total > 0 ?
		    " (--image names the library)" : "");
	symc_build_reps(sc);
	sc->resolved = 1;
}

void
sym_ctx_write(struct sym_ctx *sc, FILE *fp)
{
	if (!sc->resolved)
		sym_ctx_resolve(sc);
	sc->fp = fp;
	for (size_t k = 0; k < sc->nin; k++) {
		symc_replay_input(sc, &sc->inputs[k]);
		sym_input_free(&sc->inputs[k]);
	}
	sc->nin = 0;
	symc_replay_end(sc);
	symc_summary(sc, sc->sy != NULL);
	if (fflush(fp) == EOF)
		symc_check_out(sc);
}

int
sym_ctx_status(const struct sym_ctx *sc)
{
	return sc->status;
}

void
sym_ctx_free(struct sym_ctx *sc)
{
	if (sc == NULL)
		return;
	for (size_t k = 0; k < sc->nin; k++)
		sym_input_free(&sc->inputs[k]);
	free(sc->inputs);
	for (size_t i = 0; i < sc->nlibs; i++) {
		struct lib *l = &sc->libs[i];

		free(l->name);
		free(l->path);
		free(l->debug_name);
		free(l->debug_path);
		free(l->code_id);
		free(l->breakpad_id);
		free(l->arch);
		free(l->addrs);
		free(l->file);
		symr_free(&l->res);
		for (int m = 0; m < M_N; m++)
			free(l->rep[m]);
	}
	free(sc->libs);
	st_free(sc->libnames);
	big_free(sc->slots, sc->nslots * sizeof(*sc->slots));
	buf_free(&sc->reps);
	free(sc->ents);
	big_free(sc->cuts, sc->capcuts * sizeof(*sc->cuts));
	for (int m = 0; m < M_N; m++)
		big_free(sc->rep_of[m], (sc->nents ? sc->nents : 1) *
		    sizeof(*sc->rep_of[m]));
	buf_free(&sc->out);
	sym_syms_free(sc->sy);
	sym_cache_free(sc->cache);
	buf_free(&sc->nocache_msg);
	free(sc);
}
