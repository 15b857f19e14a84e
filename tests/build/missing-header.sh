# A build without libbsd's overlay stops before compiling, with one
# sentence naming the package; and a file compiled without it (the include
# path removed from the Makefile's own command) fails with a compile error
# naming the undeclared function, never a link or a binary that crashes
# (getprogname() implicitly declared once did).
case $(uname -s) in
Darwin|*BSD|DragonFly) echo "libc has getprogname here: no overlay to remove" >&2; exit 77 ;;
esac
command -v make >/dev/null 2>&1 || { echo "make is not installed" >&2; exit 77; }
command -v cc >/dev/null 2>&1 || { echo "no C compiler (cc)" >&2; exit 77; }
b=$PWD/b
if make -s -C "$TOP" O="$b" BSD_CFLAGS= all >out 2>err; then
	echo "make without libbsd's overlay succeeded"
	exit 1
fi
grep -q "^sp needs libbsd's overlay.*libbsd-dev" err || { echo "no sentence naming libbsd-dev:"; cat err; exit 1; }
[ ! -e "$b/bin/sp-flatten" ] && [ ! -e "$b/common/base/util.o" ] ||
    { echo "objects were built despite the failed check"; exit 1; }

# The Makefile's command for one object that calls getprogname(), as make
# would run it (make -n prints it), without the overlay.
o=$b/common/base/input.o
cmd=$(make -s -n -C "$TOP" O="$b" BSD_CFLAGS= "$o" 2>/dev/null | grep -F -- "-c -o $o ")
[ -n "$cmd" ] || { echo "make -n printed no command for $o"; exit 1; }
mkdir -p "$b/common/base"
if (cd "$TOP" && eval "$cmd") >out 2>err; then
	echo "compiled without libbsd's overlay: $cmd"
	exit 1
fi
grep -q "error: .*getprogname" err || { echo "not a compile error naming getprogname:"; cat err; exit 1; }
[ ! -e "$o" ] || { echo "$o was written"; exit 1; }
