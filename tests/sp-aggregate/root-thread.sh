sp-aggregate -c --root thread "$T/threads.sp"
