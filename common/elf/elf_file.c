/*
 * elf_file.c: ELF headers and section tables read with every bound
 * checked (elf_file.h).  It uses nothing.
 */
#include <string.h>

#include "elf/elf_file.h"

uint64_t
elf_get(const struct elf_file *e, const unsigned char *p, int n)
{
	uint64_t v = 0;

	for (int i = 0; i < n; i++)
		v |= (uint64_t)p[e->be ? n - 1 - i : i] << (8 * i);
	return v;
}

int
elf_header(struct elf_file *e, const unsigned char *h, size_t hn,
    uint64_t size, const char **why)
{
	memset(e, 0, sizeof(*e));
	if (hn < 52 || size < 52 || memcmp(h, "\177ELF", 4) != 0) {
		*why = "not an ELF file";
		return -1;
	}
	if ((h[4] != 1 && h[4] != 2) || (h[5] != 1 && h[5] != 2)) {
		*why = "unknown ELF class or byte order";
		return -1;
	}
	e->is64 = h[4] == 2;
	e->be = h[5] == 2;
	if (e->is64 && (hn < 64 || size < 64)) {
		*why = "not an ELF file";
		return -1;
	}
	e->size = size;
	e->type = elf_get(e, h + 16, 2);
	e->machine = elf_get(e, h + 18, 2);
	if (e->is64) {
		e->phoff = elf_get(e, h + 32, 8);
		e->shoff = elf_get(e, h + 40, 8);
		e->phentsize = elf_get(e, h + 54, 2);
		e->phnum = elf_get(e, h + 56, 2);
		e->shentsize = elf_get(e, h + 58, 2);
		e->shnum = elf_get(e, h + 60, 2);
		e->shstrndx = elf_get(e, h + 62, 2);
	} else {
		e->phoff = elf_get(e, h + 28, 4);
		e->shoff = elf_get(e, h + 32, 4);
		e->phentsize = elf_get(e, h + 42, 2);
		e->phnum = elf_get(e, h + 44, 2);
		e->shentsize = elf_get(e, h + 46, 2);
		e->shnum = elf_get(e, h + 48, 2);
		e->shstrndx = elf_get(e, h + 50, 2);
	}
	return 0;
}

void
elf_shdr_decode(const struct elf_file *e, const unsigned char *s,
    struct elf_shdr *sh)
{
	sh->name = elf_get(e, s, 4);
	sh->type = elf_get(e, s + 4, 4);
	if (e->is64) {
		sh->flags = elf_get(e, s + 8, 8);
		sh->addr = elf_get(e, s + 16, 8);
		sh->off = elf_get(e, s + 24, 8);
		sh->size = elf_get(e, s + 32, 8);
		sh->link = elf_get(e, s + 40, 4);
		sh->info = elf_get(e, s + 44, 4);
		sh->align = elf_get(e, s + 48, 8);
		sh->entsize = elf_get(e, s + 56, 8);
	} else {
		sh->flags = elf_get(e, s + 8, 4);
		sh->addr = elf_get(e, s + 12, 4);
		sh->off = elf_get(e, s + 16, 4);
		sh->size = elf_get(e, s + 20, 4);
		sh->link = elf_get(e, s + 24, 4);
		sh->info = elf_get(e, s + 28, 4);
		sh->align = elf_get(e, s + 32, 4);
		sh->entsize = elf_get(e, s + 36, 4);
	}
}

int
elf_in_file(const struct elf_file *e, uint64_t off, uint64_t n)
{
	return off <= e->size && n <= e->size - off;
}

int
elf_open_mem(struct elf_file *e, const unsigned char *p, size_t n,
    const char **why)
{
	struct elf_shdr s0, str;

	if (elf_header(e, p, n, n, why) == -1)
		return -1;
	e->p = p;
	if (e->shoff == 0 || e->shentsize < (e->is64 ? 64u : 40u) ||
	    !elf_in_file(e, e->shoff, e->shentsize)) {
		*why = "bad section headers";
		return -1;
	}
	/* Extended numbering: the real counts are in section 0. */
	if (e->shnum == 0 || e->shstrndx == 0xffff) {
		elf_shdr_decode(e, p + e->shoff, &s0);
		if (e->shnum == 0)
			e->shnum = s0.size;
		if (e->shstrndx == 0xffff)
			e->shstrndx = s0.link;
	}
	if (e->shnum == 0 || e->shnum > (n - e->shoff) / e->shentsize ||
	    e->shstrndx >= e->shnum) {
		*why = "bad section headers";
		return -1;
	}
	elf_section(e, e->shstrndx, &str);
	if (!elf_in_file(e, str.off, str.size)) {
		*why = "bad section name table";
		return -1;
	}
	e->stroff = str.off;
	e->strsz = str.size;
	return 0;
}

void
elf_section(const struct elf_file *e, uint64_t i, struct elf_shdr *sh)
{
	elf_shdr_decode(e, e->p + e->shoff + i * e->shentsize, sh);
}

const char *
elf_section_name(const struct elf_file *e, const struct elf_shdr *sh)
{
	const unsigned char *s = e->p + e->stroff;

	if (sh->name >= e->strsz ||
	    memchr(s + sh->name, '\0', (size_t)(e->strsz - sh->name)) == NULL)
		return NULL;
	return (const char *)s + sh->name;
}

const unsigned char *
elf_section_bytes(const struct elf_file *e, const struct elf_shdr *sh)
{
	if (!elf_in_file(e, sh->off, sh->size))
		return NULL;
	return e->p + sh->off;
}
