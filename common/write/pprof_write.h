/*
 * pprof_write.h: sample streams (sp(5)) as one pprof profile
 * (profile.proto, gzip-compressed), for go tool pprof, Pyroscope, Grafana
 * and the other viewers that read it.
 *
 * May use base, stream and write (pb_write.h).
 */
#ifndef SP_PPROF_WRITE_H
#define SP_PPROF_WRITE_H

/*
 * Read the streams files[0..nfiles) (standard input when nfiles is 0) and
 * write the profile to outpath (standard output when NULL).  A bad line
 * or file is one line on stderr and exit 1, before anything is written;
 * a failed write exits 1 and removes outpath.
 */
void	 pprof_write(const char *outpath, char **files, int nfiles);

#endif
