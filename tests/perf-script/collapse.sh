# -c merges identical thread+stack samples, summing weight and cpu.
cp "$T/basic.txt" . && sp-flatten -c basic.txt | grep -v '^#' | sort
