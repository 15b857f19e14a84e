# A Gecko version newer than the reader knows.
sed 's/"version": 20,/"version": 37,/' "$T/gecko-v20.json" > p.json && sp-flatten p.json
