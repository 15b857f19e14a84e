# --root: the recording and perf script run through sudo (a stand-in
# here); -c's perf arguments go to sp-record: the event, frequency and
# call-graph mode as its options, the rest as --perf-arg; --open opens the
# picture with xdg-open (a stand-in).
. "$T/setup"
need_flame
fake_perf
printf '#!/bin/sh\necho "sudo $1" >>"$FAKE_LOG"\nexec "$@"\n' >bin/sudo
printf '#!/bin/sh\necho "xdg-open $*" >>"$FAKE_LOG"\n' >bin/xdg-open
chmod +x bin/sudo bin/xdg-open
sp-flamegraph --root --open -c 'record -e task-clock -F 499 --call-graph fp -m 16' \
    -o r.svg -- true 2>err || { cat err; exit 1; }
sed 's|reads .*/perf.data:|reads DATA:|' err
[ "$(count r.svg 'hot!main')" = 3 ] || exit 1
sed -e "s|$PWD|DIR|g" -e 's|[^ ]*/sp-record-exec|sp-record-exec|' -e 's|/[^ ]*/sp-record|sp-record|' \
    -e 's|--exec-fd=[0-9:]*|--exec-fd=N|' -e 's|-o [^ ]*perf.data|-o DATA|' \
    -e 's|-i [^ ]*perf.data|-i DATA|' -e 's| /[^ ]*/true| TRUE|' log
