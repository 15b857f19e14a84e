# A write error on standard output is an error.
. "$T/fake-setup"
sp-record -- true >/dev/full 2>err
[ $? -eq 1 ] && grep -q 'No space left on device' err
