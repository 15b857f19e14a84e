/*
 * dwarf_rust_v0.c: Rust v0 symbol names ("_R...", RFC 2603) demangled
 * byte for byte as LLVM 14's RustDemangle prints them (llvm-cxxfilt and
 * llvm-symbolizer --demangle of Debian bookworm), or refused where LLVM
 * refuses them and prints the name as it is.  It uses base/ only.
 *
 * The grammar is read in one pass that prints as it goes.  What LLVM
 * does beyond the RFC, and what must be the same here for the bytes to
 * be equal:
 *   - the instantiating crate after the path, and the paths of impls
 *     ("M" and "X"), are read without being printed, and a back
 *     reference met while not printing is not followed (so not checked);
 *   - paths, types and consts nest at most 500 deep;
 *   - a back reference must point before its own end;
 *   - decimal numbers do not start with 0 unless they are 0 ("03bar" is
 *     an empty identifier, then "3bar");
 *   - a ".suffix" (LLVM's ".llvm.N") is shown after the name as
 *     " (.suffix)";
 *   - '_ lifetimes of references and of dyn bounds are left out; an
 *     integer const of more than 16 hex digits is printed as "0x" and
 *     its digits; a char const that is not printable ASCII as "\u{"
 *     its hex digits "}".
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "dwarf/dwarf_impl.h"

#define V0_MAX_DEPTH	500

struct v0 {
	const char *s;		/* the name after "_R", up to its first '.' */
	size_t	 n, pos;
	int	 bad;		/* malformed: the name is refused */
	int	 print;		/* 0 while reading what is not shown */
	size_t	 depth;		/* paths, types and consts being read */
	uint64_t bound;		/* lifetimes bound by the binders open */
	struct buf *out;
};

static int
is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int
is_lower(int c)
{
	return c >= 'a' && c <= 'z';
}

static int
is_upper(int c)
{
	return c >= 'A' && c <= 'Z';
}

static void
put(struct v0 *v, const char *s, size_t n)
{
	if (!v->bad && v->print)
		buf_add(v->out, s, n);
}

static void
puts0(struct v0 *v, const char *s)
{
	put(v, s, strlen(s));
}

static void
putc0(struct v0 *v, char c)
{
	put(v, &c, 1);
}

static void
put_u64(struct v0 *v, uint64_t x)
{
	if (!v->bad && v->print)
		buf_printf(v->out, "%llu", (unsigned long long)x);
}

/* The next byte, consumed; 0 and bad at the end. */
static char
take_byte(struct v0 *v)
{
	if (v->pos >= v->n) {
		v->bad = 1;
		return 0;
	}
	return v->s[v->pos++];
}

/* The next byte, not consumed; 0 at the end or once bad. */
static char
peek(const struct v0 *v)
{
	if (v->bad || v->pos >= v->n)
		return 0;
	return v->s[v->pos];
}

static int
eat(struct v0 *v, char c)
{
	if (v->bad || v->pos >= v->n || v->s[v->pos] != c)
		return 0;
	v->pos++;
	return 1;
}

/* <base-62-number>: "_" is 0, "<digits>_" their value + 1; 0 and bad on
 * a byte that is not a digit or on overflow. */
static uint64_t
base62(struct v0 *v)
{
	uint64_t x = 0;
	char c;

	if (eat(v, '_'))
		return 0;
	while ((c = take_byte(v)) != '_') {
		uint64_t d;

		if (is_digit(c))
			d = (uint64_t)(c - '0');
		else if (is_lower(c))
			d = 10 + (uint64_t)(c - 'a');
		else if (is_upper(c))
			d = 36 + (uint64_t)(c - 'A');
		else {
			v->bad = 1;
			return 0;
		}
		if (x > UINT64_MAX / 62 || x * 62 > UINT64_MAX - d) {
			v->bad = 1;
			return 0;
		}
		x = x * 62 + d;
	}
	if (x == UINT64_MAX) {
		v->bad = 1;
		return 0;
	}
	return x + 1;
}

/* [tag <base-62-number>]: 0 when the tag is absent, else the number + 1
 * (disambiguators and binders). */
static uint64_t
opt_base62(struct v0 *v, char tag)
{
	uint64_t x;

	if (!eat(v, tag))
		return 0;
	x = base62(v);
	if (v->bad || x == UINT64_MAX) {
		v->bad = 1;
		return 0;
	}
	return x + 1;
}

/* <decimal-number>: "0" or a digit 1-9 and more digits. */
static uint64_t
decimal(struct v0 *v)
{
	uint64_t x = 0;
	char c = peek(v);

	if (!is_digit(c)) {
		v->bad = 1;
		return 0;
	}
	if (c == '0') {
		v->pos++;
		return 0;
	}
	while (is_digit(c = peek(v))) {
		uint64_t d = (uint64_t)(c - '0');

		if (x > UINT64_MAX / 10 || x * 10 > UINT64_MAX - d) {
			v->bad = 1;
			return 0;
		}
		x = x * 10 + d;
		v->pos++;
	}
	return x;
}

/* <hex-number>: "0_" or a digit 1-9a-f and more, then "_".  Its digits
 * at *dig, *ndig (0 when bad); the value is meaningless past 16 digits. */
static uint64_t
hex(struct v0 *v, const char **dig, size_t *ndig)
{
	size_t start = v->pos;
	uint64_t x = 0;
	char c = peek(v);

	if (!is_digit(c) && !(c >= 'a' && c <= 'f'))
		v->bad = 1;
	if (eat(v, '0')) {
		if (!eat(v, '_'))
			v->bad = 1;
	} else {
		while (!v->bad && !eat(v, '_')) {
			c = take_byte(v);
			x *= 16;
			if (is_digit(c))
				x += (uint64_t)(c - '0');
			else if (c >= 'a' && c <= 'f')
				x += 10 + (uint64_t)(c - 'a');
			else
				v->bad = 1;
		}
	}
	if (v->bad) {
		*dig = "";
		*ndig = 0;
		return 0;
	}
	*dig = v->s + start;
	*ndig = v->pos - 1 - start;
	return x;
}

struct ident {
	const char *s;
	size_t	 n;
	int	 puny;
};

static int
ident_byte(char c)
{
	return is_digit(c) || is_lower(c) || is_upper(c) || c == '_';
}

/* <undisambiguated-identifier> = ["u"] <decimal-number> ["_"] <bytes>. */
static struct ident
identifier(struct v0 *v)
{
	struct ident id = { "", 0, 0 };
	uint64_t len;

	id.puny = eat(v, 'u');
	len = decimal(v);
	(void)eat(v, '_');
	if (v->bad || len > v->n - v->pos) {
		v->bad = 1;
		return id;
	}
	for (size_t i = 0; i < len; i++)
		if (!ident_byte(v->s[v->pos + i])) {
			v->bad = 1;
			return id;
		}
	id.s = v->s + v->pos;
	id.n = (size_t)len;
	v->pos += (size_t)len;
	return id;
}

/* Code point c as UTF-8 in u[0..return); 0 for a surrogate or past
 * U+10FFFF. */
static size_t
utf8(uint64_t c, char u[4])
{
	if (c >= 0xd800 && c <= 0xdfff)
		return 0;
	if (c <= 0x7f) {
		u[0] = (char)c;
		return 1;
	}
	if (c <= 0x7ff) {
		u[0] = (char)(0xc0 | c >> 6);
		u[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c <= 0xffff) {
		u[0] = (char)(0xe0 | c >> 12);
		u[1] = (char)(0x80 | (c >> 6 & 0x3f));
		u[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	if (c <= 0x10ffff) {
		u[0] = (char)(0xf0 | c >> 18);
		u[1] = (char)(0x80 | (c >> 12 & 0x3f));
		u[2] = (char)(0x80 | (c >> 6 & 0x3f));
		u[3] = (char)(0x80 | (c & 0x3f));
		return 4;
	}
	return 0;
}

/*
 * The punycode (RFC 3492) of s[0..n), Rust's delimiter '_' (the last
 * one), decoded as UTF-8 onto out.  Returns -1, out unchanged, when it
 * does not decode: a bad digit, an overflow, a code point UTF-8 cannot
 * hold; every decoded point is checked as LLVM does, not only the last.
 */
static int
punycode(const char *s, size_t n, struct buf *out)
{
	uint64_t *cp, i, bias = 72, c = 0x80, damp = 700;
	size_t np = 0, in = 0, delim = n;
	char u[4];
	int ret = -1;

	for (size_t k = 0; k < n; k++)
		if (s[k] == '_')
			delim = k;
	cp = xreallocarray(NULL, n + 1, sizeof(*cp));
	if (delim < n) {
		for (; in < delim; in++)
			cp[np++] = (unsigned char)s[in];
		in++;
	}
	for (i = 0; in < n; i++) {
		uint64_t old = i, w = 1, delta, k, t;

		for (k = 36;; k += 36) {
			uint64_t d;
			char ch;

			if (in == n)
				goto out;
			ch = s[in++];
			if (is_lower(ch))
				d = (uint64_t)(ch - 'a');
			else if (is_digit(ch))
				d = 26 + (uint64_t)(ch - '0');
			else
				goto out;
			if (d > (UINT64_MAX - i) / w)
				goto out;
			i += d * w;
			t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
			if (d < t)
				break;
			if (w > UINT64_MAX / (36 - t))
				goto out;
			w *= 36 - t;
		}
		/* Adapt the bias (RFC 3492 6.1). */
		delta = (i - old) / damp;
		damp = 2;
		delta += delta / (np + 1);
		for (k = 0; delta > 35 * 26 / 2; k += 36)
			delta /= 35;
		bias = k + 36 * delta / (delta + 38);
		if (i / (np + 1) > UINT64_MAX - c)
			goto out;
		c += i / (np + 1);
		i %= np + 1;
		if (utf8(c, u) == 0)
			goto out;
		memmove(cp + i + 1, cp + i, (np - (size_t)i) * sizeof(*cp));
		cp[i] = c;
		np++;
	}
	for (size_t k = 0; k < np; k++)
		buf_add(out, u, utf8(cp[k], u));
	ret = 0;
out:
	free(cp);
	return ret;
}

static void
put_ident(struct v0 *v, struct ident id)
{
	if (v->bad || !v->print)
		return;
	if (!id.puny)
		put(v, id.s, id.n);
	else if (punycode(id.s, id.n, v->out) == -1)
		v->bad = 1;
}

/* Lifetime 0 is '_; the others count binders from the innermost out,
 * 'a to 'z, then 'z1, 'z2... */
static void
put_lifetime(struct v0 *v, uint64_t x)
{
	uint64_t depth;

	if (x == 0) {
		puts0(v, "'_");
		return;
	}
	if (x - 1 >= v->bound) {
		v->bad = 1;
		return;
	}
	depth = v->bound - x;
	putc0(v, '\'');
	if (depth < 26)
		putc0(v, (char)('a' + depth));
	else {
		putc0(v, 'z');
		put_u64(v, depth - 26 + 1);
	}
}

static const char *
basic_type(char c)
{
	switch (c) {
	case 'a': return "i8";
	case 'b': return "bool";
	case 'c': return "char";
	case 'd': return "f64";
	case 'e': return "str";
	case 'f': return "f32";
	case 'h': return "u8";
	case 'i': return "isize";
	case 'j': return "usize";
	case 'l': return "i32";
	case 'm': return "u32";
	case 'n': return "i128";
	case 'o': return "u128";
	case 'p': return "_";
	case 's': return "i16";
	case 't': return "u16";
	case 'u': return "()";
	case 'v': return "...";
	case 'x': return "i64";
	case 'y': return "u64";
	case 'z': return "!";
	default: return NULL;
	}
}

/* What a back reference points at. */
enum { BR_PATH, BR_TYPE, BR_CONST };

static int	path(struct v0 *, int in_type, int leave_open);
static void	type(struct v0 *);
static void	konst(struct v0 *);

/* What a back reference points at ("B" read), read there and printed;
 * not followed while not printing.  Returns path()'s answer for a path. */
static int
backref(struct v0 *v, int what, int in_type, int leave_open)
{
	uint64_t to = base62(v);
	size_t save;
	int open = 0;

	if (v->bad || to >= v->pos) {
		v->bad = 1;
		return 0;
	}
	if (!v->print)
		return 0;
	save = v->pos;
	v->pos = (size_t)to;
	if (what == BR_PATH)
		open = path(v, in_type, leave_open);
	else if (what == BR_TYPE)
		type(v);
	else
		konst(v);
	v->pos = save;
	return open;
}

/* <binder> = "G" <base-62-number>: "for<'a, 'b> " and the lifetimes
 * bound.  Fewer bytes left than lifetimes bound is malformed (LLVM's
 * guard against huge output). */
static void
binder(struct v0 *v)
{
	uint64_t nb = opt_base62(v, 'G');

	if (v->bad || nb == 0)
		return;
	if (nb >= v->n - v->bound) {
		v->bad = 1;
		return;
	}
	puts0(v, "for<");
	for (uint64_t k = 0; k < nb; k++) {
		v->bound++;
		if (k > 0)
			puts0(v, ", ");
		put_lifetime(v, 1);
	}
	puts0(v, "> ");
}

/* <generic-arg> = "L" <lifetime> | "K" <const> | <type>. */
static void
generic_arg(struct v0 *v)
{
	if (eat(v, 'L'))
		put_lifetime(v, base62(v));
	else if (eat(v, 'K'))
		konst(v);
	else
		type(v);
}

/* <impl-path> = [<disambiguator>] <path>, never printed. */
static void
impl_path(struct v0 *v, int in_type)
{
	int print = v->print;

	v->print = 0;
	(void)opt_base62(v, 's');
	(void)path(v, in_type, 0);
	v->print = print;
}

/*
 * <path>.  In a type the generic arguments follow the name without
 * "::".  With leave_open, a path ending in generic arguments is left
 * without its ">" (a dyn trait's associated types follow): returns 1
 * when so.
 */
static int
path(struct v0 *v, int in_type, int leave_open)
{
	struct ident id;
	uint64_t dis;
	int open = 0;
	char ns;

	if (v->bad || v->depth >= V0_MAX_DEPTH) {
		v->bad = 1;
		return 0;
	}
	v->depth++;
	switch (take_byte(v)) {
	case 'C':
		(void)opt_base62(v, 's');
		put_ident(v, identifier(v));
		break;
	case 'M':
		impl_path(v, in_type);
		puts0(v, "<");
		type(v);
		puts0(v, ">");
		break;
	case 'X':
		impl_path(v, in_type);
		/* FALLTHROUGH */
	case 'Y':
		puts0(v, "<");
		type(v);
		puts0(v, " as ");
		(void)path(v, 1, 0);
		puts0(v, ">");
		break;
	case 'N':
		ns = take_byte(v);
		if (!is_lower(ns) && !is_upper(ns)) {
			v->bad = 1;
			break;
		}
		(void)path(v, in_type, 0);
		dis = opt_base62(v, 's');
		id = identifier(v);
		if (is_upper(ns)) {
			puts0(v, "::{");
			if (ns == 'C')
				puts0(v, "closure");
			else if (ns == 'S')
				puts0(v, "shim");
			else
				putc0(v, ns);
			if (id.n > 0) {
				putc0(v, ':');
				put_ident(v, id);
			}
			putc0(v, '#');
			put_u64(v, dis);
			putc0(v, '}');
		} else if (id.n > 0) {
			puts0(v, "::");
			put_ident(v, id);
		}
		break;
	case 'I':
		(void)path(v, in_type, 0);
		if (!in_type)
			puts0(v, "::");
		puts0(v, "<");
		for (size_t k = 0; !v->bad && !eat(v, 'E'); k++) {
			if (k > 0)
				puts0(v, ", ");
			generic_arg(v);
		}
		if (leave_open)
			open = 1;
		else
			puts0(v, ">");
		break;
	case 'B':
		open = backref(v, BR_PATH, in_type, leave_open);
		break;
	default:
		v->bad = 1;
		break;
	}
	v->depth--;
	return open;
}

/* <fn-sig> = [<binder>] ["U"] ["K" <abi>] {<type>} "E" <type>. */
static void
fn_sig(struct v0 *v)
{
	uint64_t bound = v->bound;

	binder(v);
	if (eat(v, 'U'))
		puts0(v, "unsafe ");
	if (eat(v, 'K')) {
		puts0(v, "extern \"");
		if (eat(v, 'C'))
			puts0(v, "C");
		else {
			struct ident id = identifier(v);

			if (id.puny)
				v->bad = 1;
			/* The ABI's "-" is mangled as "_". */
			for (size_t k = 0; k < id.n; k++)
				putc0(v, id.s[k] == '_' ? '-' : id.s[k]);
		}
		puts0(v, "\" ");
	}
	puts0(v, "fn(");
	for (size_t k = 0; !v->bad && !eat(v, 'E'); k++) {
		if (k > 0)
			puts0(v, ", ");
		type(v);
	}
	puts0(v, ")");
	if (!eat(v, 'u')) {
		puts0(v, " -> ");
		type(v);
	}
	v->bound = bound;
}

/* <dyn-trait> = <path> {"p" <undisambiguated-identifier> <type>}: the
 * associated types inside the trait's "<...>". */
static void
dyn_trait(struct v0 *v)
{
	int open = path(v, 1, 1);

	while (!v->bad && eat(v, 'p')) {
		struct ident id;

		if (!open) {
			open = 1;
			putc0(v, '<');
		} else
			puts0(v, ", ");
		id = identifier(v);
		put(v, id.s, id.n);	/* LLVM does not decode punycode here */
		puts0(v, " = ");
		type(v);
	}
	if (open)
		puts0(v, ">");
}

/* <dyn-bounds> = [<binder>] {<dyn-trait>} "E". */
static void
dyn_bounds(struct v0 *v)
{
	uint64_t bound = v->bound;

	puts0(v, "dyn ");
	binder(v);
	for (size_t k = 0; !v->bad && !eat(v, 'E'); k++) {
		if (k > 0)
			puts0(v, " + ");
		dyn_trait(v);
	}
	v->bound = bound;
}

static void
type(struct v0 *v)
{
	const char *basic;
	size_t start = v->pos;
	uint64_t lt;
	char c;

	if (v->bad || v->depth >= V0_MAX_DEPTH) {
		v->bad = 1;
		return;
	}
	v->depth++;
	c = take_byte(v);
	if ((basic = basic_type(c)) != NULL) {
		puts0(v, basic);
		v->depth--;
		return;
	}
	switch (c) {
	case 'A':
		puts0(v, "[");
		type(v);
		puts0(v, "; ");
		konst(v);
		puts0(v, "]");
		break;
	case 'S':
		puts0(v, "[");
		type(v);
		puts0(v, "]");
		break;
	case 'T': {
		size_t k;

		puts0(v, "(");
		for (k = 0; !v->bad && !eat(v, 'E'); k++) {
			if (k > 0)
				puts0(v, ", ");
			type(v);
		}
		if (k == 1)
			puts0(v, ",");
		puts0(v, ")");
		break;
	}
	case 'R':
	case 'Q':
		putc0(v, '&');
		if (eat(v, 'L') && (lt = base62(v)) != 0) {
			put_lifetime(v, lt);
			putc0(v, ' ');
		}
		if (c == 'Q')
			puts0(v, "mut ");
		type(v);
		break;
	case 'P':
		puts0(v, "*const ");
		type(v);
		break;
	case 'O':
		puts0(v, "*mut ");
		type(v);
		break;
	case 'F':
		fn_sig(v);
		break;
	case 'D':
		dyn_bounds(v);
		if (eat(v, 'L')) {
			if ((lt = base62(v)) != 0) {
				puts0(v, " + ");
				put_lifetime(v, lt);
			}
		} else
			v->bad = 1;
		break;
	case 'B':
		(void)backref(v, BR_TYPE, 0, 0);
		break;
	default:
		v->pos = start;
		(void)path(v, 1, 0);
		break;
	}
	v->depth--;
}

static void
const_int(struct v0 *v)
{
	const char *dig;
	size_t nd;
	uint64_t x;

	if (eat(v, 'n'))
		putc0(v, '-');
	x = hex(v, &dig, &nd);
	if (nd <= 16)
		put_u64(v, x);
	else {
		puts0(v, "0x");
		put(v, dig, nd);
	}
}

static void
const_bool(struct v0 *v)
{
	const char *dig;
	size_t nd;

	(void)hex(v, &dig, &nd);
	if (nd == 1 && dig[0] == '0')
		puts0(v, "false");
	else if (nd == 1 && dig[0] == '1')
		puts0(v, "true");
	else
		v->bad = 1;
}

static void
const_char(struct v0 *v)
{
	const char *dig;
	size_t nd;
	uint64_t x = hex(v, &dig, &nd);

	if (v->bad || nd > 6) {
		v->bad = 1;
		return;
	}
	putc0(v, '\'');
	switch (x) {
	case '\t':
		puts0(v, "\\t");
		break;
	case '\r':
		puts0(v, "\\r");
		break;
	case '\n':
		puts0(v, "\\n");
		break;
	case '\\':
		puts0(v, "\\\\");
		break;
	case '"':
		puts0(v, "\"");
		break;
	case '\'':
		puts0(v, "\\'");
		break;
	default:
		if (x >= 0x20 && x <= 0x7e)
			putc0(v, (char)x);
		else {
			puts0(v, "\\u{");
			put(v, dig, nd);
			putc0(v, '}');
		}
		break;
	}
	putc0(v, '\'');
}

/* <const> = <basic-type> <const-data> | "p" | <backref>. */
static void
konst(struct v0 *v)
{
	char c;

	if (v->bad || v->depth >= V0_MAX_DEPTH) {
		v->bad = 1;
		return;
	}
	v->depth++;
	switch (c = take_byte(v)) {
	case 'a': case 's': case 'l': case 'x': case 'n': case 'i':
	case 'h': case 't': case 'm': case 'y': case 'o': case 'j':
		const_int(v);
		break;
	case 'b':
		const_bool(v);
		break;
	case 'c':
		const_char(v);
		break;
	case 'p':
		putc0(v, '_');
		break;
	case 'B':
		(void)backref(v, BR_CONST, 0, 0);
		break;
	default:
		v->bad = 1;
		break;
	}
	v->depth--;
}

int
dwarf_rust_v0(const char *s, size_t n, struct buf *out)
{
	struct v0 v;
	const char *dot;
	size_t start = out->len;

	if (n < 2 || s[0] != '_' || s[1] != 'R')
		return -1;
	memset(&v, 0, sizeof(v));
	v.s = s + 2;
	v.n = n - 2;
	if ((dot = memchr(v.s, '.', v.n)) != NULL)
		v.n = (size_t)(dot - v.s);
	v.print = 1;
	v.out = out;
	(void)path(&v, 0, 0);
	if (v.pos != v.n) {
		/* The instantiating crate, not shown. */
		v.print = 0;
		(void)path(&v, 0, 0);
	}
	if (v.bad || v.pos != v.n) {
		out->len = start;
		if (out->s != NULL)
			out->s[start] = '\0';
		return -1;
	}
	if (dot != NULL) {
		buf_adds(out, " (");
		buf_add(out, dot, (size_t)(s + n - dot));
		buf_addc(out, ')');
	}
	return 0;
}
