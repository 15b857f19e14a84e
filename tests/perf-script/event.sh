# --event chooses the event: by name, with or without modifiers.
sp-flatten --help 2>&1 | grep -q -e --event || { echo "sp-flatten has no --event yet" >&2; exit 77; }
cp "$T/events.txt" . && sp-flatten --event cycles events.txt && sp-flatten --event instructions:u events.txt | grep -v '^#' &&
sp-flatten --event sched:sched_switch events.txt | grep -v '^#' && sp-flatten --event nosuch events.txt
