# A JSON profile cut short.
head -c 700 "$T/v55.json" > p.json && sp-flatten p.json
