sp-aggregate "$T/threads.sp" nonexistent.sp
