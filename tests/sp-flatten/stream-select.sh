# sp-flatten's selection options and -c, -l on a sample stream: the lines
# of the selected threads and times, as from a profile.
cp "$T/stream.sp" . || exit 2
s=stream.sp
for o in "-t main" "-t worker*" "-T 11" "-p 20" "-P app" "--from 1 --to 2.5" "-P app -c" "-l"; do
	echo "== sp-flatten $o"
	sp-flatten $o "$s" | grep -v -e '^#source' -e '^#format' -e '^#lib' || exit 1
done
# The demo profile: every option gives from its stream what it gives from
# the profile.
p=$TOP/tests/data/demo-profile.json
sp-flatten "$p" >a.sp || exit 1
for o in "-t rayon*" "-T 4242" "-p 4242" "-P raytrace" "--from 100 --to 300" "-c" "-l" "-c -t main --from 50"; do
	sp-flatten $o "$p" >want && sp-flatten $o a.sp >got || exit 1
	cmp -s want got || { echo "sp-flatten $o: the stream gives other lines"; diff want got | head; exit 1; }
done
