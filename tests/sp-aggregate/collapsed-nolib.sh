sp-aggregate --collapsed --no-lib "$T/threads.sp"
