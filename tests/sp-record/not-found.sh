# A command that is not there, or not executable: said before perf runs.
. "$T/fake-setup"
sp-record -- nothere-sp-record-test
echo "status $?"
sp-record -- ./nothere
echo "status $?"
: >plain
sp-record -- ./plain
echo "status $?"
[ -z "$(ls tmp)" ] && [ ! -f perf.data ]
