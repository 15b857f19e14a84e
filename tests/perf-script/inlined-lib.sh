# An inlined frame gets the library of the code it is in, never the
# callee's: perf script prints some chains with no real frame at the
# inlined frames' address (libc's read under the kernel's frames), where
# the callee is the kernel.  On the corpus files where this was seen
# (42 and 18 such frames before): no kernel library on an inlined frame
# at a user address, and perf's libfontconfig and libc frames where
# perf's addresses put them.
[ -n "$SHARED" ] && [ -d "$SHARED/corpus/perf-script" ] ||
	{ echo "no ../shared/corpus: skipped" >&2; exit 77; }
P=$SHARED/corpus/perf-script
for f in ffprof-graphviz-with-header ffprof-gzip; do
	sp-flatten "$P/$f.perf.gz" >"$f.stream" || exit 1
	grep -v '^#' "$f.stream" | cut -f8 | tr ';' '\n' |
	    grep '(inlined)$' | sort | uniq -c >"$f.inl"
	if grep '\[kernel.kallsyms\]!' "$f.inl" >&2; then
		echo "$f: kernel's library on inlined user frames" >&2
		exit 1
	fi
	echo "$f: $(awk '{ n += $1 } END { print n }' "$f.inl") inlined frames" >&2
done
grep ' libc-2.31.so!__GI___libc_read (inlined)$' ffprof-graphviz-with-header.inl
grep ' libfontconfig.so.1.12.0!IA__FcStrCmp (inlined)$' ffprof-graphviz-with-header.inl
grep ' libc-2.31.so!__GI___libc_read (inlined)$' ffprof-gzip.inl
