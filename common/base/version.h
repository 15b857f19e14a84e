/*
 * version.h: the toolkit's one version, printed by every tool's --version.
 * It comes from the Makefile (git describe in a checkout, else the version
 * written there), through the generated header gen/sp_version.h, so that only
 * version.o is rebuilt when it changes.
 */
#ifndef SP_VERSION_H
#define SP_VERSION_H

/*
 * Print "PROGRAM (sp) VERSION" (e.g. "0.9" or "0.9-12-gabc1234") on
 * standard output, check it and exit 0.
 */
_Noreturn void	 version_exit(void);

#endif
