sp-aggregate "$T/threads.sp" > /dev/full
