# --notes: a comment ("--" made safe)
cp "$T/small.folded" .
sp-flame --notes 'run 12 -- nightly' small.folded | grep NOTES
