# tests/stats/build.sh: sourced by the cases; builds check.c against the
# library of the build under test (BINDIR/../libsp.a), with the sanitizers
# when SP_SANITIZED is set.  Skips (77) when there is no compiler.
command -v cc >/dev/null 2>&1 || { echo "no C compiler (cc)" >&2; exit 77; }
bindir=$(dirname "$(command -v sp-diff)")
san=
[ -n "${SP_SANITIZED:-}" ] &&
    san="-fsanitize=address,undefined -fno-sanitize-recover=all"
# shellcheck disable=SC2086
cc -std=c11 -O1 $san -I"$TOP/common" -o check "$T/check.c" \
    "$bindir/../libsp.a" -lm || exit 1
