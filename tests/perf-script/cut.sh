# perf output cut short: the last record, whose last frame lost its dso, is
# dropped with a warning; the rest is read.
cp "$T/cut.txt" . && sp-flatten cut.txt
