# Event lines with pid/tid, cpu and period; kernel and user frames, leaf
# first and with +0x offsets; the --header block; cpu-clock's period is ns;
# a thread named with a space belongs to the process of its main thread.
cp "$T/basic.txt" . && sp-flatten basic.txt
