# Headers are deduplicated, #total summed, "-" is standard input.
sp-aggregate "$T/threads.sp" - < "$T/nocpu.sp"
