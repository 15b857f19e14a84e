# --lines with a text in no function's NAME: one line on stderr each, with
# the functions that contain it in another case, exit 1, nothing written.
sp-aggregate -l HOT -l nowhere -l hot "$T/lines.sp"
echo "status $?"
