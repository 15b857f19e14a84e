# Bad arguments: a message and exit 1, nothing read.
sp-filter --merge 'a;b' </dev/null; echo "status $?"
sp-filter --merge 'a\x' </dev/null; echo "status $?"
sp-filter --keep-prefix '' </dev/null; echo "status $?"
sp-filter --collapse-lib 'a!b' </dev/null; echo "status $?"
sp-filter --from 2 --to 1 </dev/null; echo "status $?"
sp-filter --from x </dev/null; echo "status $?"
sp-filter --bogus </dev/null 2>&1 | head -n 1; 
