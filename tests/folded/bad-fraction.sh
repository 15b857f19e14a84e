# A fractional count cannot be a sample weight: an error, nothing out.
printf 'main;a 3\nmain;b 2.5\n' | gzip -c >f.gz
sp-flatten f.gz
