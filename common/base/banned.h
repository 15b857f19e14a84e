/*
 * banned.h: calls that sp does not use, made into compile errors (after git's
 * banned.h).  Each has a bounded or checked replacement: strlcpy, snprintf,
 * strtonum or the parse_* helpers in util.h.
 */
#ifndef SP_BANNED_H
#define SP_BANNED_H

#define BANNED(func) sorry_##func##_is_banned

#undef strcpy
#define strcpy(x, y) BANNED(strcpy)
#undef strcat
#define strcat(x, y) BANNED(strcat)
#undef sprintf
#define sprintf(...) BANNED(sprintf)
#undef vsprintf
#define vsprintf(...) BANNED(vsprintf)
#undef strtok
#define strtok(x, y) BANNED(strtok)
#undef atoi
#define atoi(x) BANNED(atoi)
#undef atol
#define atol(x) BANNED(atol)
#undef gets
#define gets(x) BANNED(gets)

#endif
