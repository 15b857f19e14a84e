/*
 * frame.h: one frame of a stack as sp(5) writes it, split into its parts:
 * "LIB!0xADDR", "LIB!NAME" or "NAME", with sp-symbolize's " @ FILE:LINE"
 * (split at the last " @ ") and " (inlined)".  The parts stay escaped, as
 * spans of the frame; the caller unescapes what it keeps.  Used by the
 * writers of other formats (sp-pprof, sp-fxprof, sp-speedscope).
 */
#ifndef SP_FRAME_H
#define SP_FRAME_H

#include <stddef.h>
#include <stdint.h>

struct sp_frame {
	const char *lib, *name, *file;	/* escaped spans; lib NULL: none */
	size_t	 liblen, namelen, filelen;
	int64_t	 line;			/* 0 when none */
	int	 inlined;		/* ends in " (inlined)" */
	int	 is_addr;		/* the name is "0x..." as sp writes an
					   address (lib or not), addr set */
	uint64_t addr;
};

/* Split the escaped frame s[0..n) into fr. */
void	 sp_frame_split(const char *s, size_t n, struct sp_frame *fr);

#endif
