# A JSON array (the Chrome trace array form) without CPU profile events.
echo '[{"name":"x","ph":"X","ts":0,"dur":1,"pid":1,"tid":1}]' > trace.json && sp-flatten trace.json
