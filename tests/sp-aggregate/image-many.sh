# --image with more frames than the table first holds (the rows move as it
# grows): the image's frame, seen early, still gets the self weight.
awk 'BEGIN { for (s = 0; s < 3; s++) {
	st = "app!main;app!run" s
	for (i = 0; i < 40; i++)
		st = st ";lib!f" s "_" i
	printf "p\t1\tt\t1\t0\t%d\t%d\t%s\n", s + 1, 10 * (s + 1), st } }' > s.sp
sp-aggregate -i app s.sp | grep -v 'lib!'
