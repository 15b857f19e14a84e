# A string where a column must be.
sed 's/"stack":\[0,1,null,1,0\]/"stack":"01010"/' "$T/v55.json" > p.json && grep -q -F '"01010"' p.json && sp-flatten p.json
