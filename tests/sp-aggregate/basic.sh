sp-aggregate "$T/threads.sp"
