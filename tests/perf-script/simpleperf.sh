# simpleperf's text: tabs between fields; task-clock's period is ns.
cp "$T/simpleperf.txt" . && sp-flatten simpleperf.txt
