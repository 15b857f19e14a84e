/*
 * repeat.h: sp-record --repeat N -o DIR: a set of runs (sp-diff(1)'s
 * "Sets of runs"), one sample stream a run, compressed, in DIR; with a
 * command "A ... vs B ...", the two recorded in turn (A B A B ...) into
 * DIR/a and DIR/b, so that the drift of a machine falls on both alike.
 * It uses base/ (proc.h) and zlib; each run is sp-record itself, run again
 * with the same options, so that a run of a set is what one recording
 * would be.
 */
#ifndef SP_REPEAT_H
#define SP_REPEAT_H

/*
 * Note, in getopt's loop, that the option just read (-o or --repeat, with
 * its argument optarg) is not passed on to the runs.
 */
void	 rec_repeat_skip(char **argv, int optind, const char *optarg);
/*
 * Record n runs (n >= 1) of argv[first..argc) (the command) into dir,
 * each with sp-record's options argv[1..first) but those skipped (with
 * cargo, argv[first..argc) are the arguments of cargo's target).
 * Returns the exit status: 0, or the status of the first run that failed
 * (the runs before it are kept, it is not).
 */
int	 rec_repeat(int n, const char *dir, int argc, char **argv, int first,
	    int cargo);

#endif
