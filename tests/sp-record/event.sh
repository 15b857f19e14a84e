# An event perf does not know: one sentence, exit status 1.
command -v perf >/dev/null 2>&1 || { echo "perf is not installed" >&2; exit 77; }
sp-record -e nosuchevent -- true
