# -l on a wall-time table (#units weight=wall-ns, as sp-flatten writes an
# off-CPU recording): the line view shows wall time in ms, as the main
# view does, with CPU beside it.
sp-aggregate "$T/wall-lines.sp" | sp-top -l
