sp-top < "$TOP/tests/sp-aggregate/threads.sp"
