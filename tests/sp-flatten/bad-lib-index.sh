# A resource whose library index is out of range.
sed 's/"resourceTable":{"length":1,"lib":\[0\]/"resourceTable":{"length":1,"lib":[5]/' "$T/v55.json" > p.json && grep -q -F '"lib":[5]' p.json && sp-flatten p.json
