# -h prints the usage on stdout; options that cannot apply are refused in
# one sentence, with status 1 and nothing written.
sp-flamegraph -h >out || exit 1
grep -q '^usage: sp-flamegraph ' out || exit 1
for args in "" "-x -- true" "-p 1 -- true" "--perfdata p --input i" \
    "--bin x -- true" "--release -- true" "--binary b -- true" \
    "--input i --binary b --mixed" "-d 1 -- true" "-d x -p 1" \
    "-F 0 -- true" "--perfdata p -F 99" "--input i -c record" \
    "--perfdata p --ignore-status" "--input i --root" \
    "--cargo --bin a --test b" "--image-width x -- true" \
    "-c 'stat' -- true"; do
	eval "sp-flamegraph $args" >o 2>e
	echo "$args: status $? $(grep -v '^ ' e | head -n 1)"
	[ -s o ] && exit 1
done
ls
