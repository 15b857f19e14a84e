# After grep: the weight is the sum of self.
grep -v "^#" "$T/rust.agg" | sp-top -W
