/*
 * pipe_size.h: a bigger kernel buffer for the pipes a sample stream goes
 * through (Linux's F_SETPIPE_SZ; elsewhere nothing).
 */
#ifndef SP_PIPE_SIZE_H
#define SP_PIPE_SIZE_H

/*
 * When fd is a pipe, ask for a buffer of a megabyte (or the most the
 * system allows a user, /proc/sys/fs/pipe-max-size).  Only a hint: a
 * refusal changes nothing but speed.
 */
void	 pipe_grow(int fd);

#endif
