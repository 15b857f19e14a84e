# perf record without -g, perf script -F comm,tid,time,event: records with
# no frames and no blank lines are samples with empty stacks.
printf '%s\n' 'sleep 42 [000] 1.000000: cpu-clock:' 'sleep 42 [000] 1.001000: cpu-clock:' > n.txt &&
sp-flatten n.txt
