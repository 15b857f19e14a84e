# Why the default is DWARF: with frame pointers (-g fp), even a build with
# -fno-omit-frame-pointer loses the caller of a leaf function, because GCC
# gives leaves no frame.  hot_leaf then sits right under main.
. "$T/real-setup"
[ "${SP_SANITIZED:-}" = 1 ] && { echo "slow recording skipped under sanitizers" >&2; exit 77; }
cc -g -O2 -fno-omit-frame-pointer -o hotfp "$TOP/tests/workloads/hot.c" || exit 1
sp-record -g fp -- ./hotfp 0.3 >out 2>err
st=$?
cannot $st err
[ $st -eq 0 ] || { cat err >&2; exit 1; }
grep -q 'hotfp!main;hotfp!hot_leaf' out || exit 1
! grep -q 'hotfp!hot_caller;hotfp!hot_leaf' out
