# Selection: -t and -P are fnmatch patterns on thread and process names,
# -T and -p exact tids and pids; the same option given twice is "or",
# different options "and".  Headers stay.
cp "$T/v41.json" . && cp "$T/gecko-v20.json" . || exit 1
echo '-t work*'; sp-flatten -t 'work*' v41.json | grep -v '^#'
echo '-T 5001 -T 5000'; sp-flatten -T 5001 -T 5000 v41.json | grep -v '^#'
echo '-t nothing'; sp-flatten -t nothing v41.json | grep -v '^#'
echo '-p 300'; sp-flatten -p 300 gecko-v20.json | grep -v '^#'
echo '-P Parent* -t Gecko*'; sp-flatten -P 'Parent*' -t 'Gecko*' gecko-v20.json | grep -v '^#'
echo '-P Parent* -p 300'; sp-flatten -P 'Parent*' -p 300 gecko-v20.json
echo '--pid 100 --tid 100 --thread G?ckoMain --process "Parent Process"'
sp-flatten --pid 100 --tid 100 --thread 'G?ckoMain' --process 'Parent Process' gecko-v20.json | grep -c -v '^#'
