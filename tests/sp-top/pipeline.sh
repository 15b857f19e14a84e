sp-aggregate "$TOP/tests/sp-aggregate/threads.sp" | sp-top -W
