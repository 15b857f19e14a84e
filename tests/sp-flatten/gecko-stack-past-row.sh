# Gecko: the samples schema puts "stack" past the end of every row (rows
# are shorter than the schema): every sample has an empty stack.  From a
# fuzzer crash (UBSan: memcpy from a null pointer for an empty stack).
sed 's/"schema":{"stack":0,"time":1},"data":\[\[1,0.5\]/"schema":{"stack":5,"time":1},"data":[[1,0.5]/' "$T/gecko-min.json" > p.json &&
grep -q '"stack":5' p.json && sp-flatten p.json && sp-flatten -c p.json | grep -v '^#'
