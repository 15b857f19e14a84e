# The same events as perf script text (perf script --header
# --show-switch-events -F comm,pid,tid,time,period,event,ip,sym,dso,trace):
# the header names sched:sched_switch and context_switch, the tracepoint's
# lines carry prev_state, PERF_RECORD_SWITCH IN lines end the intervals; an
# interval open at the end ends at the last line's time.  Without the
# header, the text is read as before (the first event's samples).
sp-flatten "$T/script.txt" 2>&1 | grep -v '^#source'
echo '--- without the header'
grep -v '^#' "$T/script.txt" | sp-flatten 2>&1 | grep -v '^#source'
