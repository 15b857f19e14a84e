# Broken speedscope files: each is refused with one line naming the file,
# exit status 1 and nothing on standard output.
h='"$schema":"https://www.speedscope.app/file-format-schema.json","shared":{"frames":[{"name":"a"},{"name":"b"}]}'
j() { printf '{%s,"profiles":[%s]}\n' "$h" "$2" > "$1.json"; }
j frame '{"type":"sampled","unit":"none","samples":[[0,2]],"weights":[1]}'
j weights '{"type":"sampled","unit":"none","samples":[[0,1],[0]],"weights":[1]}'
j unit '{"type":"sampled","unit":"parsecs","samples":[[0]],"weights":[1]}'
j type '{"type":"folded","unit":"none"}'
j close '{"type":"evented","unit":"seconds","events":[{"type":"O","frame":0,"at":0},{"type":"O","frame":1,"at":1},{"type":"C","frame":0,"at":2}]}'
j back '{"type":"evented","unit":"seconds","events":[{"type":"O","frame":0,"at":5},{"type":"C","frame":0,"at":4}]}'
j event '{"type":"evented","unit":"seconds","events":[{"type":"X","frame":0,"at":0}]}'
j huge '{"type":"sampled","unit":"seconds","samples":[[0]],"weights":[1e300]}'
j mixed '{"type":"sampled","unit":"none","samples":[[0]],"weights":[1]},{"type":"sampled","unit":"bytes","samples":[[0]],"weights":[1]}'
for f in frame weights unit type close back event huge mixed; do
	sp-flatten $f.json
	echo "$f: $?" >&2
done
exit 0
