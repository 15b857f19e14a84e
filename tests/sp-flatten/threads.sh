# -l lists the threads of several inputs: samples, weight and CPU ms (the
# first sample of each thread counts 0); "-" when a thread has no cpu; a
# thread without samples is not listed.
for f in v49 v55 gecko-v20 v41; do cp "$T/$f.json" . || exit 1; done
sp-flatten -l v49.json v55.json gecko-v20.json v41.json
