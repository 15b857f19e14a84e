# Processed v0 recognised by threads[0].stringTable._array (the old UI's
# string table) instead of stringArray: the same samples as v0.json.
sed 's/"stringArray": \[/"stringTable": {"_stringToIndex": {}, "_array": [/; s/^        "libxul.so"\],$/        "libxul.so"]},/' "$T/v0.json" > v0.json &&
grep -q '_array' v0.json && grep -q '"libxul.so"\]},' v0.json || exit 2
sp-flatten v0.json
