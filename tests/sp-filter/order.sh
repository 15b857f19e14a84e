# options apply in the order given
sp-filter --root-at app!run --keep-prefix "app!run;app!a" "$T/in.sp" | grep -v "^#"; echo ==; sp-filter --keep-prefix "app!run;app!a" --root-at app!run "$T/in.sp" | grep -vc "^#"; sp-filter --merge app!run --keep-prefix "app!main;app!fib" "$T/in.sp" | grep -v "^#"
