# More threads than the stream writer's first allocation holds: the reader
# keeps each thread's handle while later threads are added, so the handles
# must stay valid (they pointed into a reallocated array before; ASan
# caught it in the sanitizer run).  Two samples a thread, 40 threads.
for i in $(seq 1 40); do
	printf 'comm%d %d/%d [000] 1.%06d: 1 cpu-clock:u:\n\t    1234 f (/bin/x)\n\n' \
	    "$i" "$i" "$i" "$i"
done > many.txt
for i in $(seq 1 40); do
	printf 'comm%d %d/%d [000] 2.%06d: 1 cpu-clock:u:\n\t    1234 g (/bin/x)\n\n' \
	    "$i" "$i" "$i" "$i"
done >> many.txt
sp-flatten many.txt | sp-aggregate | sed -n '/^[^#]/p' | sort
