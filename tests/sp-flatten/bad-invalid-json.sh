# JSON with a key not followed by a colon.
printf '{"meta" {"preprocessedProfileVersion": 55}, "threads": []}' > p.json && sp-flatten p.json
