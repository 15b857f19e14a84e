sp-aggregate -c --cpu "$T/threads.sp"
