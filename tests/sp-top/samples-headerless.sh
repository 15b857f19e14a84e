grep -v "^#" "$TOP/tests/sp-aggregate/threads.sp" | sp-top
