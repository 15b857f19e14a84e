# A bad line: one message naming the file and line, exit 1; what came
# before it has been written (sp-filter streams).
printf '#sp samples 1\np\t1\tt\t1\t0\t1\t\ta\np\t1\tt\t1\tx\t1\t\ta\n' > bad.sp
sp-filter --merge a bad.sp; echo "status $?"
printf 'p\t1\tt\t1\t0\t1\t\ta\\x\n' | sp-filter --merge a; echo "status $?"
printf 'p\t1\tt\t1\t0\t1\n' | sp-filter; echo "status $?"
printf 'p\t1\tt\t1\t0\t-1\t\ta\n' | sp-filter; echo "status $?"
printf '\n' | sp-filter; echo "status $?"
printf '#sp aggregate 1\n' | sp-filter; echo "status $?"
printf '#sp samples 9\n' | sp-filter; echo "status $?"
