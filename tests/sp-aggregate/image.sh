# Self goes to the innermost frame of app; totals are unchanged.
sp-aggregate -i app "$T/threads.sp"
