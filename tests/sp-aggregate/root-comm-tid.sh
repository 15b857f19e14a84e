sp-aggregate -c -r comm-tid --cpu "$T/threads.sp"
