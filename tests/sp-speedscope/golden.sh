# The file of tests/sp-fxprof/small.sp (see sp-fxprof/golden.sh), pretty-
# printed by python3 for a readable golden.
sp-speedscope "$T/../sp-fxprof/small.sp" > s.json || exit 1
python3 -m json.tool --indent 1 s.json
