# Folded stacks after a profile in one stream: their lines stand for several
# samples, which needs the samples column from the start (-c); with -c both
# read.
printf 'a;b 3\n' >f.folded
sp-flatten "$TOP/tests/data/demo-profile.json" f.folded >/dev/null
echo "status $?"
sp-flatten -c "$TOP/tests/data/demo-profile.json" f.folded | tail -n 1
