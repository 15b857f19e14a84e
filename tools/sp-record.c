/*
 * sp-record: run a command, or attach to a running process, under a
 * sampling profiler and write what it recorded to standard output as the
 * sample stream of sp(5).
 *
 * With perf (the default) the recording goes to a perf.data file in a
 * temporary directory (or to -o FILE), which sp reads itself:
 *
 *	sp-flatten DATA | sp-record --internal-from-exec | sp-symbolize -m -q
 *
 * perf script reading it only when sp-flatten cannot (common/record/
 * record.h: the route sp-flamegraph takes too).  With samply it is
 * `samply record --save-only -o FILE -- command` and then `sp-flatten
 * FILE`.  --cargo first builds a Rust target with debug info and records
 * the executable that cargo's JSON messages name.
 *
 * Children: perf's own messages go to a file, so that its failures can be
 * explained in one sentence; but the profiled command must keep sp-record's
 * standard error, so perf starts it through sp-record itself (the internal
 * --exec-fd mode, run as REC_EXEC_COMM: restore the descriptor, exec the
 * command).  With -p perf's workload is sp-record's --attached mode, which
 * perf starts once it records.  Signals are taken synchronously (blocked,
 * then sigwaitinfo) while children run, so an interrupt is never lost
 * between two system calls; every child is waited for, and on every way
 * out the ones still running are stopped first: all of that is
 * common/base/proc.h's, sp-record only says what an interrupt means.
 *
 * This file is the options, usage and main; the recording is
 * common/record/ (recorder.h names its files and what each does).
 */
#include <sys/types.h>

#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/proc.h"
#include "base/util.h"
#include "base/version.h"
#include "record/record.h"
#include "record/recorder.h"
#include "record/repeat.h"

#define DEFAULT_EVENT	"cpu-clock"
#define DEFAULT_FREQ	997
/*
 * DWARF unwinding copies this much of the user stack per sample.  perf's
 * default, 8192, cuts deep stacks (Rust, C++); 16384 keeps them at about
 * 16 kB per sample, 16 MB per second at 997 Hz.
 */
#define DEFAULT_CALLGRAPH "dwarf,16384"

static void __attribute__((noreturn))
usage(FILE *fp, int status)
{
	fprintf(fp,
	    "usage: sp-record [-hqrvV] [-d seconds] [-e event] [-F hz] [-g mode] "
	    "[-o file]\n"
	    "                 [-P profiler] [--off-cpu] [--perf-arg arg] "
	    "[--record-only]\n"
	    "                 [--samply-arg arg] -p pid[,pid] | [--] command "
	    "[arg ...]\n"
	    "       sp-record --cargo\n"
	    "                 [--bench name | --bin name | --example name | "
	    "--test name |\n"
	    "                 --unit-test[=bin]]\n"
	    "                 [--cargo-arg arg] [--profile name] [option ...] "
	    "[--] [arg ...]\n"
	    "       sp-record --repeat n -o dir [option ...] [--] command "
	    "[arg ...]\n"
	    "                 [vs command [arg ...]]\n");
	if (fp == stdout)
		finish_stdout();
	exit(status);
}


/*
 * The options into o; returns the operands (the command and its
 * arguments) and their number in *n.  Usage errors exit.
 */
static char **
parse_options(int argc, char *argv[], struct rec_opts *o, int *n)
{
	enum { O_CARGO_ARG = REC_O_END, O_OFF_CPU, O_PERF_ARG, O_RECORD_ONLY,
	    O_SAMPLY_ARG, O_REPEAT };
	static const struct option longopts[] = {
		REC_CARGO_LONGOPTS,
		{ "cargo-arg", required_argument, NULL, O_CARGO_ARG },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "perf-arg", required_argument, NULL, O_PERF_ARG },
		{ "profiler", required_argument, NULL, 'P' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "off-cpu", no_argument, NULL, O_OFF_CPU },
		{ "record-only", no_argument, NULL, O_RECORD_ONLY },
		{ "repeat", required_argument, NULL, O_REPEAT },
		{ "samply-arg", required_argument, NULL, O_SAMPLY_ARG },
		{ "verbose", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 }
	};
	const char *bad;
	int ch;

	o->prof = REC_PERF;
	o->event = DEFAULT_EVENT;
	o->freq = DEFAULT_FREQ;
	o->callgraph = DEFAULT_CALLGRAPH;
	while ((ch = getopt_long(argc, argv, "+d:e:F:g:hVo:P:p:qrv", longopts,
	    NULL)) != -1) {
		if (rec_cargo_opt(&o->cargo, ch, optarg))
			continue;
		switch (ch) {
		case 'd':
			if (parse_double(optarg, strlen(optarg),
			    &o->duration) == -1 || !(o->duration > 0) ||
			    o->duration > 1e7)
				errx(1, "-d %s: not a number of seconds",
				    optarg);
			break;
		case 'e':
			o->event = optarg;
			break;
		case 'F':
			o->freq = strtonum(optarg, 1, 1000000, &bad);
			if (bad != NULL)
				errx(1, "-F %s: frequency is %s", optarg, bad);
			break;
		case 'g':
			if (strcmp(optarg, "fp") != 0 &&
			    strcmp(optarg, "lbr") != 0 &&
			    strcmp(optarg, "dwarf") != 0 &&
			    strncmp(optarg, "dwarf,", 6) != 0)
				errx(1, "-g %s: mode is fp, dwarf[,size] or "
				    "lbr", optarg);
			o->callgraph = strcmp(optarg, "dwarf") == 0 ?
			    DEFAULT_CALLGRAPH : optarg;
			break;
		case 'h':
			usage(stdout, 0);
		case 'V':
			version_exit();
		case 'o':
			o->output = optarg;
			rec_repeat_skip(argv, optind, optarg);
			break;
		case 'P':
			if (strcmp(optarg, "perf") == 0)
				o->prof = REC_PERF;
			else if (strcmp(optarg, "samply") == 0)
				o->prof = REC_SAMPLY;
			else
				errx(1, "-P %s: profiler is perf or samply",
				    optarg);
			break;
		case 'p':
			o->pid = rec_parse_pids(optarg);
			o->pids = optarg;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case 'r':
			o->raw = 1;
			break;
		case 'v':
			o->verbose = 1;
			break;
		case O_CARGO_ARG:
			args_add(&o->cargo.args, optarg);
			break;
		case O_OFF_CPU:
			o->off_cpu = 1;
			break;
		case O_PERF_ARG:
			args_add(&o->perf_args, optarg);
			break;
		case O_RECORD_ONLY:
			o->record_only = 1;
			break;
		case O_SAMPLY_ARG:
			args_add(&o->samply_args, optarg);
			break;
		case O_REPEAT:
			o->repeat = (int)strtonum(optarg, 1, 1000000, &bad);
			if (bad != NULL)
				errx(1, "--repeat %s: the number of runs, 1 or "
				    "more", optarg);
			rec_repeat_skip(argv, optind, optarg);
			break;
		default:
			usage(stderr, 1);
		}
	}
	*n = argc - optind;
	return argv + optind;
}

/* The options that do not go together, once all are read. */
static void
check_options(const struct rec_opts *o, int argc)
{
	if (o->pid > 0 && (argc > 0 || o->cargo.cargo))
		usage(stderr, 1);
	if (o->pid <= 0 && argc == 0 && !o->cargo.cargo)
		usage(stderr, 1);
	if (o->duration > 0 && o->pid <= 0)
		errx(1, "-d: only with -p (a command is recorded until it "
		    "ends)");
	if (!o->cargo.cargo && (o->cargo.target || o->cargo.args.n > 0))
		errx(1, "--bench, --bin, --cargo-arg, --example, --test and "
		    "--unit-test go with --cargo");
	if (o->record_only && o->output == NULL)
		errx(1, "--record-only: name the file to keep with -o");
	if (o->record_only && o->raw)
		errx(1, "--record-only and -r: choose one");
	if (o->prof == REC_SAMPLY && o->pids != NULL &&
	    strchr(o->pids, ',') != NULL)
		errx(1, "-p %s: samply records one process at a time",
		    o->pids);
	if (o->prof == REC_SAMPLY && (o->perf_args.n > 0 ||
	    strcmp(o->event, DEFAULT_EVENT) != 0 ||
	    strcmp(o->callgraph, DEFAULT_CALLGRAPH) != 0))
		errx(1, "-e, -g and --perf-arg are for perf, not samply");
	if (o->off_cpu && o->prof == REC_SAMPLY)
		errx(1, "--off-cpu: with perf only (samply records on-CPU "
		    "samples)");
	if (o->off_cpu && strcmp(o->event, "cpu-clock") != 0 &&
	    strcmp(o->event, "task-clock") != 0)
		errx(1, "--off-cpu -e %s: off-CPU intervals are in time, so "
		    "the samples beside them are too: -e cpu-clock or "
		    "task-clock", o->event);
}

/* The lists of arguments (their strings are argv's). */
static void
free_opts(struct rec_opts *o)
{
	free(o->cargo.args.v);
	free(o->perf_args.v);
	free(o->samply_args.v);
}

int
main(int argc, char *argv[])
{
	struct rec_opts o = { 0 };
	const char *shown;
	char **cmd = NULL, *path = NULL, pidstr[32];
	struct args cv = { 0 };
	char **argv0 = argv;
	int n, status;

	rec_internal(argc, argv);
	if (argc >= 3 && strncmp(argv[1], "--exec-fd=", 10) == 0)
		rec_exec_helper(argv[1] + 10, argv + 2);
	if (argc >= 4 && strncmp(argv[1], "--attached=", 11) == 0)
		rec_attached_helper(argv[1] + 11, argv + 2);

	argv = parse_options(argc, argv, &o, &n);
	check_options(&o, n);
	if (o.repeat > 0) {
		if (o.pid > 0 || o.output == NULL || o.record_only || o.raw)
			errx(1, "--repeat N -o DIR: runs a command N times "
			    "into DIR, as symbolized streams (not with -p, -r "
			    "or --record-only)");
		status = rec_repeat(o.repeat, o.output, argc, argv0, argc - n,
		    o.cargo.cargo);
		free_opts(&o);
		return status;
	}
	if (o.off_cpu)
		rec_off_cpu_check();
	proc_signals(&(struct proc_hooks){ rec_interrupt, NULL });
	if (o.pid > 0) {
		rec_check_pids(o.pids);
		snprintf(pidstr, sizeof(pidstr), "%ld", (long)o.pid);
		shown = strchr(o.pids, ',') != NULL ? o.pids : pidstr;
	} else {
		cmd = rec_command(&o, argv, n, &cv, &path);
		shown = cmd[0];
	}

	proc_tmpdir("sp-record");
	if (o.prof == REC_PERF)
		status = rec_record_perf(&o, path, cmd, shown);
	else
		status = rec_record_samply(&o, cmd, shown);
	proc_cleanup();
	free(path);
	if (o.cargo.cargo)
		free(cv.v[0]);
	free(cv.v);
	free_opts(&o);
	finish_stdout();
	return status;
}
