# 100000 nested arrays: at the top, inside an ignored key of a profile and
# unclosed: a clear error or a normal result, never a crash or a hang.
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "["; for (i = 0; i < 100000; i++) printf "]"; print "" }' > a.json
sp-flatten a.json
awk 'BEGIN { printf "{\"meta\":{\"preprocessedProfileVersion\":56},\"pages\":"
for (i = 0; i < 100000; i++) printf "["; for (i = 0; i < 100000; i++) printf "]"
print ",\"threads\":[],\"shared\":{\"stringArray\":[]}}" }' > b.json
sp-flatten b.json | grep '^#format'
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "{\"a\":["; print "" }' > c.json
sp-flatten c.json
exit 0
