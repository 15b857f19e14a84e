# No CPU data: no CPU columns; two sources.
sp-top -W < "$T/nocpu.agg"
