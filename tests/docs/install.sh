# make install puts every program, script and man page under DESTDIR,
# PREFIX and MANPREFIX; make uninstall takes them away again.  The install
# is make install-built, make install's second half: the build under test
# may have other flags than make's defaults (the sanitizers', -Werror), and
# make install would rebuild it while other cases run its programs.
bindir=$(dirname "$(command -v sp-flatten)")
O=$(dirname "$bindir")
d=$PWD/dest
make -s -C "$TOP" O="$O" install-built DESTDIR="$d" PREFIX=/opt/sp \
    MANPREFIX=/opt/sp/man >log 2>&1 || { cat log; exit 1; }
for t in sp-flatten sp-aggregate sp-top sp-symbolize sp-record sp-hotspots; do
	[ -x "$d/opt/sp/bin/$t" ] || { echo "missing bin/$t"; exit 1; }
	[ -f "$d/opt/sp/man/man1/$t.1" ] || { echo "missing man1/$t.1"; exit 1; }
done
[ -f "$d/opt/sp/man/man5/sp.5" ] || { echo "missing man5/sp.5"; exit 1; }
"$d/opt/sp/bin/sp-flatten" "$TOP/tests/data/demo-profile.json" |
    "$d/opt/sp/bin/sp-aggregate" | "$d/opt/sp/bin/sp-top" 3 >top ||
    { echo "installed pipeline failed"; exit 1; }
grep -q 'Triangle::hit' top || { echo "installed pipeline: wrong table"; cat top; exit 1; }
make -s -C "$TOP" O="$O" uninstall DESTDIR="$d" PREFIX=/opt/sp \
    MANPREFIX=/opt/sp/man >log 2>&1 || { cat log; exit 1; }
left=$(find "$d" -type f | wc -l)
[ "$left" -eq 0 ] || { echo "uninstall left $left files"; find "$d" -type f; exit 1; }
