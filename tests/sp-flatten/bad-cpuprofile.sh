# Broken V8 .cpuprofile files and Chrome traces: each is refused with one
# line naming the file, exit status 1 and nothing on standard output.
n='"callFrame":{"functionName":"f","url":"a.js","lineNumber":0,"columnNumber":0}'
j() { printf '%s\n' "$2" > "$1.cpuprofile"; }
j cycle '{"nodes":[{"id":1,"parent":2,'"$n"'},{"id":2,"parent":1,'"$n"'}],"samples":[1],"timeDeltas":[0]}'
j self-parent '{"nodes":[{"id":1,"parent":1,'"$n"'}],"samples":[1]}'
j no-node '{"nodes":[{"id":1,'"$n"'}],"samples":[1,7],"timeDeltas":[0,1]}'
j no-child '{"nodes":[{"id":1,"children":[5],'"$n"'}],"samples":[1]}'
j no-parent '{"nodes":[{"id":1,"parent":5,'"$n"'}],"samples":[1]}'
j twice '{"nodes":[{"id":1,'"$n"'},{"id":1,'"$n"'}],"samples":[1]}'
j deltas '{"nodes":[{"id":1,'"$n"'}],"samples":[1,1],"timeDeltas":[0]}'
j no-callframe '{"nodes":[{"id":1}],"samples":[1]}'
j bad-line '{"nodes":[{"id":1,"callFrame":{"functionName":"f","url":"a.js","lineNumber":"x"}}],"samples":[1]}'
j truncated '{"nodes":[{"id":1,'"$n"'}],"samples":[1'
j trace-chunk '{"traceEvents":[{"name":"ProfileChunk","pid":1,"tid":2,"id":"0x1","args":{"data":{"cpuProfile":{"nodes":[{"id":1,"parent":3,'"$n"'}],"samples":[1]}}}}]}'
for f in cycle self-parent no-node no-child no-parent twice deltas \
    no-callframe bad-line truncated trace-chunk; do
	sp-flatten $f.cpuprofile
	echo "$f: $?" >&2
done
exit 0
