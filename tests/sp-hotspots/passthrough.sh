# The symbolizer options reach sp-symbolize: --backend addr2line and
# --symbolizer give the same report as the default; --image names the
# image of a binary whose file name differs; --force uses a binary of
# another build.
. "$T/fixtures.inc"
build
stream > p.sp
sp-hotspots --profile p.sp --binary ./app --targets hot > ref 2> err ||
    { cat err; exit 1; }
if command -v addr2line >/dev/null 2>&1; then
	sp-hotspots --profile p.sp --binary ./app --targets hot \
	    --backend addr2line > out 2> err || { cat err; exit 1; }
	check "addr2line: SELF" "$(val SELF app!hot_function)" \
	    "$((W1 + W2)) $((W1 + W2))"
	check "addr2line: HOT_LINE" \
	    "$(lineval app!hot_function /src/app.c:$L_HOT)" "$W1 $W1"
	grep -q 'resolved addresses: app 5/5 (addr2line)' out || fail=1
fi
sp-hotspots --profile p.sp --binary ./app --targets hot \
    --symbolizer "$(command -v llvm-symbolizer || command -v addr2line)" \
    > out 2> err || { cat err; exit 1; }
check "--symbolizer: SELF" "$(val SELF app!hot_function)" \
    "$((W1 + W2)) $((W1 + W2))"
cp app app.debug
sp-hotspots --profile p.sp --binary app.debug --image app --targets hot \
    > out 2> err || { cat err; exit 1; }
check "--image: HOT_LINE" "$(lineval app!hot_function /src/app.c:$L_HOT)" \
    "$W1 $W1"
# Another build (the ENTRY_LINE mark moved by a line) used with --force.
mkdir other && sed 's|^\t__asm__ volatile(".globl entry_mark|\t;\n&|' app.c \
    > other/app.c && (cd other && gcc -g -O2 -o app app.c -L.. -lhs) ||
    exit 1
sp-hotspots --profile p.sp --binary other/app > out 2> err && fail=1
grep -q 'does not match the profile' err || fail=1
sp-hotspots --profile p.sp --binary other/app --force > out 2> err ||
    { cat err; exit 1; }
grep -q '^SELF: ' out || fail=1
exit $fail
