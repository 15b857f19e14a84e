sp-aggregate -c -r comm-pid "$T/threads.sp"
