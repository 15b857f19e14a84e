# A JSON object that is no profile.
echo '{"hello": "world", "n": [1, 2, 3]}' > p.json && sp-flatten p.json
