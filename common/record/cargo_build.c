/*
 * cargo_build.c: sp-record --cargo: build a Rust target with debug info
 * and find its executable in cargo's JSON messages.  The options that
 * choose the target are read by record.c (rec_cargo_opt), for sp-record
 * and sp-flamegraph alike.  May use base, json and recorder.h.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <err.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/proc.h"
#include "json/json.h"
#include "record/recorder.h"

static int
json_has(const struct json *j, int arr, const char *s)
{
	int n = json_len(j, arr);

	for (int i = 0, k = arr + 1; i < n; i++, k = json_next(j, k))
		if (json_streq(j, k, s))
			return 1;
	return 0;
}

/* Is token i the literal true? */
static int
json_true(const struct json *j, int i)
{
	return i >= 0 && j->t[i].type == JSMN_PRIMITIVE &&
	    j->t[i].end - j->t[i].start == 4 &&
	    memcmp(j->s + j->t[i].start, "true", 4) == 0;
}

/*
 * Build the target with cargo, debug info turned on through the
 * environment (CARGO_PROFILE_<NAME>_DEBUG, unless already set), so that
 * Cargo.toml stays as it is.  The executable is the one a compiler-artifact
 * message names for a target of the wanted kind (and name).  Unit tests
 * are built as cargo test --no-run builds them: the harness of the library
 * (or of a binary) is the artifact of that target with a test profile.
 */
char *
rec_cargo_build(const struct rec_cargo *c)
{
	struct args a = { 0 };
	struct buf var = { 0 }, line = { 0 }, exe = { 0 }, found = { 0 };
	const char *kind = c->kind != NULL ? c->kind : "bin";
	const char *profile = c->profile != NULL ? c->profile : "release";
	int want_test = c->unit_test;
	char *cargo, *l = NULL, opt[32];
	size_t lcap = 0;
	ssize_t n;
	int fds[2], st, nfound = 0;
	pid_t pid;
	FILE *fp;

	if ((cargo = proc_find("cargo")) == NULL)
		errx(1, "cargo: not installed; install Rust from "
		    "https://rustup.rs");
	buf_adds(&var, "CARGO_PROFILE_");
	for (const char *p = profile; *p != '\0'; p++) {
		char u = *p;

		if (u >= 'a' && u <= 'z')
			u = (char)(u - 'a' + 'A');
		else if (u == '-')
			u = '_';
		buf_addc(&var, u);
	}
	buf_adds(&var, "_DEBUG");
	if (setenv(var.s, "true", 0) == -1)
		err(1, "setenv");
	args_add(&a, cargo);
	args_add(&a, want_test ? "test" : "build");
	if (want_test)
		args_add(&a, "--no-run");
	args_add(&a, "--message-format=json-render-diagnostics");
	args_add(&a, "--profile");
	args_add(&a, profile);
	if (want_test) {
		if (c->name == NULL) {
			kind = "lib";
			args_add(&a, "--lib");
		} else {
			kind = "bin";
			args_add(&a, "--bin");
			args_add(&a, c->name);
		}
	} else if (c->kind != NULL) {
		snprintf(opt, sizeof(opt), "--%s", c->kind);
		args_add(&a, opt);
		args_add(&a, c->name);
	}
	args_addv(&a, &c->args);
	if (pipe(fds) == -1)
		err(1, "pipe");
	fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	rec_run.stage = REC_BUILD;
	rec_run.recorder = pid = proc_spawn(a.v, -1, fds[1], -1, 0);
	close(fds[1]);
	if ((fp = fdopen(fds[0], "r")) == NULL)
		err(1, "fdopen");
	while ((n = getline(&l, &lcap, fp)) != -1) {
		struct json j;
		const char *why;
		int t, ex, name;

		if (json_parse(&j, l, (size_t)n, &why) == -1)
			continue;	/* not a message */
		if (j.n > 0 && json_is_object(&j, 0) &&
		    json_streq(&j, json_get(&j, 0, "reason"),
		    "compiler-artifact") &&
		    json_is_string(&j, ex = json_get(&j, 0, "executable")) &&
		    (t = json_get(&j, 0, "target")) >= 0 &&
		    json_has(&j, json_get(&j, t, "kind"), kind) &&
		    (!want_test || json_true(&j, json_get(&j,
		    json_get(&j, 0, "profile"), "test"))) &&
		    json_str(&j, name = json_get(&j, t, "name"), &line) == 0 &&
		    (c->name == NULL || strcmp(line.s, c->name) == 0)) {
			json_str(&j, ex, &exe);
			if (nfound++ > 0)
				buf_adds(&found, ", ");
			buf_adds(&found, line.s);
		}
		json_free(&j);
	}
	if (ferror(fp))
		err(1, "cargo's output");
	fclose(fp);
	free(l);
	st = proc_wait(pid);
	rec_run.recorder = -1;
	if (rec_run.interrupted)
		proc_die_by(SIGINT);
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
		errx(1, "cargo %s %s", want_test ? "test" : "build",
		    proc_status_text(st));
	if (nfound == 0 && want_test)
		errx(1, "cargo: no unit tests of %s%s were built",
		    c->name != NULL ? "binary " : "the library",
		    c->name != NULL ? c->name : "");
	if (nfound == 0)
		errx(1, "cargo: no %s target%s%s was built", kind,
		    c->name != NULL ? " named " : "",
		    c->name != NULL ? c->name : "");
	if (nfound > 1)
		errx(1, "cargo: several %s targets (%s): choose one with --%s",
		    kind, found.s, kind);
	buf_free(&var);
	buf_free(&line);
	buf_free(&found);
	free(a.v);
	free(cargo);
	return exe.s;
}
