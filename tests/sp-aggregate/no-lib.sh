sp-aggregate -L "$T/threads.sp"
