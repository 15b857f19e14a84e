# AArch64 PLT stubs (adrp x16; ldr x17, [x16, #off]; after "bti c" with
# BTI) named NAME@plt: a shared library linked by lld for AArch64, plain
# (16-byte stubs), with BTI and with BTI and PAC (24-byte stubs), a
# sample at every word of its .plt.  Each must come out as llvm-objdump's
# name for the stub holding it; the 32-byte header stays a bare address.
. "$T/fixtures.inc"
need clang ld.lld llvm-objdump readelf llvm-symbolizer
printf 'extern int ext1(int), ext2(int);\n' >a.c
printf 'int f(int x) { return ext1(x) + ext2(x); }\n' >>a.c
fail=0
for v in "" "-mbranch-protection=bti -Wl,-z,force-bti" \
    "-mbranch-protection=standard -Wl,-z,force-bti,-z,pac-plt"; do
	# shellcheck disable=SC2086
	if ! clang --target=aarch64-linux-gnu -O2 -fPIC -shared -nostdlib \
	    -fuse-ld=lld -Wl,--build-id $v -o liba.so a.c 2>cc.err; then
		echo "skipped: clang cannot link for AArch64:" \
		    "$(tail -n 1 cc.err)" >&2
		exit 77
	fi
	b=$(firstload liba.so)
	llvm-objdump -d -j .plt liba.so |
	    awk '/^[0-9a-f]+ <.*>:$/ { print $1, substr($2, 2, length($2) - 3) }' \
	    >stubs
	set -- $(readelf -SW liba.so | awk '$2 == ".plt" { print $4, $6 }')
	[ $# -eq 2 ] || { echo "$v: no .plt" >&2; exit 1; }
	lo=$((0x$1)) end=$((0x$1 + 0x$2))
	{
		printf '#sp samples 1\n'
		libline 0 liba.so "$PWD/liba.so" "$(buildid liba.so)"
		columns
		a=$lo
		while [ $a -lt $end ]; do
			sample 1 "liba.so!$(printf '0x%x' $((a - b)))"
			a=$((a + 4))
		done
	} >in.tsv
	sp-symbolize -q in.tsv 2>/dev/null |
	    awk -F '\t' '!/^#/ { print $8 }' | sed 's/^liba\.so!//' >got
	# The name of each word: its stub's, by objdump's starts.
	a=$lo
	while [ $a -lt $end ]; do
		n=
		while read -r s sn; do
			[ $((0x$s)) -le $a ] && n=$sn
		done <stubs
		case $n in
		*@plt) printf '%s\n' "$n" ;;
		*) printf '0x%x\n' $((a - b)) ;;
		esac
		a=$((a + 4))
	done >want
	grep -q '^ext2@plt$' want || { echo "$v: no ext2@plt" >&2; exit 1; }
	diff -u want got >&2 || { echo "$v: names differ (above)" >&2; fail=1; }
done
exit $fail
