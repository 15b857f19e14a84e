sp-aggregate -x "$T/threads.sp"
