# --significant: z in titles, frames within noise grey
cp "$T/after.folded" "$T/before.folded" .
sp-flame --diff --significant --z 2 before.folded after.folded | grep '<title>'
