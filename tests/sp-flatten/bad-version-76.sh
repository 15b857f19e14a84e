# A processed version newer than the reader knows.
sed 's/"preprocessedProfileVersion":55/"preprocessedProfileVersion":76/' "$T/v55.json" > p.json && sp-flatten p.json
