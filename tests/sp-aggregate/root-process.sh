sp-aggregate -c -r process "$T/threads.sp"
