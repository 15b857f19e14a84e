# --factor: counts in titles scaled
cp "$T/small.folded" .
sp-flame --factor 1000 --countname ns small.folded | grep '<title>'
