# --lines: rows per matching function and per function and line; self of
# the leaf's line, total once per sample (the 3-deep recursion at h.c:20
# counts 3 once); " (inlined)" dropped; a frame without a line counts for
# its function only; -i moves self to the image's innermost frame.
echo "== -l hot"
sp-aggregate -l hot "$T/lines.sp" | grep -v '^#'
echo "== -l hot -i app"
sp-aggregate -l hot -i app "$T/lines.sp" | grep -v '^#'
echo "== -l cold -l memcpy -L"
sp-aggregate -l cold --lines=memcpy -L "$T/lines.sp" | grep -v '^#'
echo "== --no-lines"
sp-aggregate --no-lines "$T/lines.sp" | grep -v '^#'
