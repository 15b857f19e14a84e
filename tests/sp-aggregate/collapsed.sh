sp-aggregate -c "$T/threads.sp"
