# A Go program profiled by go test -cpuprofile: sp-flatten reads the pprof
# file into the samples go tool pprof -raw prints (the same aggregate,
# frame by frame, by samples and cpu time), and go tool pprof -top's
# figures for the hot functions are sp-top's.  The test runs until it has
# used 0.5 s of CPU, so that a busy machine still gives samples.
. "$TOP/tests/lib/pprof"
. "$TOP/tests/lib/pprof-reader"
mkdir hot && cd hot || exit 1
cat > go.mod <<'EOG'
module example.com/hot

go 1.19
EOG
cat > hot.go <<'EOG'
package hot

//go:noinline
func Spin(n int) uint64 {
	var x uint64 = 1
	for i := 0; i < n; i++ {
		x = x*6364136223846793005 + 1442695040888963407
		x ^= x >> 17
	}
	return x
}

//go:noinline
func Mix(n int) uint64 {
	var s uint64
	for i := 0; i < n; i++ {
		s += Spin(50)
	}
	return s
}
EOG
cat > hot_test.go <<'EOG'
package hot

import (
	"syscall"
	"testing"
)

var sink uint64

func cpuTime() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}

func TestHot(t *testing.T) {
	end := cpuTime() + 500e6
	for cpuTime() < end {
		sink += Spin(100000) + Mix(1000)
	}
}
EOG
go test -count=1 -cpuprofile cpu.pprof -run TestHot . > test.log 2>&1 ||
    { cat test.log; exit 1; }
cd .. && mv hot/cpu.pprof . || exit 1
sp-flatten cpu.pprof > s || exit 1
sp-aggregate s > sp.agg || exit 1
pprof_raw_stream cpu.pprof | sp-aggregate > go.agg || exit 1
grep -v '^#' sp.agg | LC_ALL=C sort > sp.rows
grep -v '^#' go.agg | LC_ALL=C sort > go.rows
diff -u go.rows sp.rows || exit 1
for k in weight cpu; do
	a=$(grep "^#total	$k	" sp.agg) b=$(grep "^#total	$k	" go.agg)
	[ "$a" = "$b" ] || { echo "totals differ: $a, $b"; exit 1; }
done
grep -q '^[1-9][0-9]*	[0-9]*	[0-9]*	[0-9]*	[^	]*!example.com/hot.Spin$' sp.agg ||
    { echo "no self time in Spin"; cat sp.agg; exit 1; }
# go tool pprof -top (functions; Spin and Mix are never inlined) and sp-top.
for f in Spin Mix; do
	g=$(go tool pprof -top -sample_index=samples -symbolize=none -nodecount=1000 cpu.pprof 2>/dev/null |
	    awk -v f="example.com/hot.$f" '$6 == f { print $1, $4 }')
	s=$(sp-aggregate -L s | sp-top -W 1000 |
	    awk -v f="example.com/hot.$f" '$NF == f { print $1, $4 }')
	[ -n "$g" ] && [ "$g" = "$s" ] || { echo "$f: go tool pprof $g, sp-top $s"; exit 1; }
done
