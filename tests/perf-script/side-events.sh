# perf script --show-task-events --show-mmap-events: those lines are not
# samples.
printf '%s\n' \
'w 4301 [000] 1637.600000: PERF_RECORD_COMM: w:4301/4301' \
'w 4301 [000] 1637.600001: PERF_RECORD_MMAP2 4301/4301: [0x55d0c0de0000(0x1000) @ 0x1000 fd:01 1234 0]: r-xp /tmp/w' \
'w 4301 [000] 1637.602561:    1001001 cpu-clock: ' \
'	            1140 f+0x17 (/tmp/w)' \
'' \
'w 4301 [000] 1637.603000: PERF_RECORD_EXIT(4301:4301):(4301:4301)' > s.txt &&
sp-flatten s.txt | grep -v '^#'
