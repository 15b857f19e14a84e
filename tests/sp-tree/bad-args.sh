for a in "-m -1" "-m 101" "-m x" "-d 0" "-r tid" "-w 0" "--callers" "--callers a;b" "--callees a\\" "-i --callers a"; do
	sp-tree $a < /dev/null > out 2> err
	echo "status $? stdout $(wc -c < out): $(cat err)"
done
