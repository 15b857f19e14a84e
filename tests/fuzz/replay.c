/*
 * replay.c: a main for the fuzz targets of tests/fuzz built without
 * libFuzzer (tests/fuzz/replay.sh): each file named on the command line is
 * read whole and given to LLVMFuzzerTestOneInput once, after
 * LLVMFuzzerInitialize when the target has one, so that the suite replays
 * the seeds and the kept crashing inputs with the plain or the sanitizer
 * build.  Uses only the C library.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int	 LLVMFuzzerInitialize(int *, char ***) __attribute__((weak));
int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
main(int argc, char *argv[])
{
	if (LLVMFuzzerInitialize != NULL)
		LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++) {
		FILE *fp = fopen(argv[i], "rb");
		uint8_t *data = NULL;
		size_t len = 0, cap = 0, n;

		if (fp == NULL) {
			perror(argv[i]);
			return 1;
		}
		do {
			if (len == cap) {
				cap = cap ? cap * 2 : 4096;
				if ((data = realloc(data, cap)) == NULL) {
					perror("replay");
					return 1;
				}
			}
			n = fread(data + len, 1, cap - len, fp);
			len += n;
		} while (n > 0);
		if (ferror(fp)) {
			perror(argv[i]);
			return 1;
		}
		fclose(fp);
		LLVMFuzzerTestOneInput(data, len);
		free(data);
	}
	return 0;
}
