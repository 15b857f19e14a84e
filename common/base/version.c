/* version.c: the --version of every tool (see version.h). */
#include <stdio.h>
#include <stdlib.h>

#include "base/util.h"
#include "base/version.h"
#include "sp_version.h"	/* $(O)/gen/sp_version.h, written by the Makefile */

void
version_exit(void)
{
	printf("%s (sp) %s\n", getprogname(), SP_VERSION);
	finish_stdout();
	exit(0);
}
