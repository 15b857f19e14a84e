sp-top -W -f "$T/nocpu.agg" 2
