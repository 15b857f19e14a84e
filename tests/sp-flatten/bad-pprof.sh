# Broken pprof profiles, made byte by byte (profile.proto's field numbers):
# each is refused with one line naming the file, exit status 1 and nothing
# on standard output.  ok.pb is the valid profile the others are cut from:
# one sample of weight 5 in function main.
p() { printf "$2" > "$1.pb"; }
p ok '\012\004\010\001\020\002\022\006\012\001\001\022\001\005"\006\010\001"\002\010\001*\004\010\001\020\0032\0002\007samples2\005count2\004main'
# cut short in a location
p truncated '\012\004\010\001\020\002\022\006\012\001\001\022\001\005"\006\010\001"\002'
# a location's line as a varint instead of a message
p wire-type '\012\004\010\001\020\002\022\006\012\001\001\022\001\005"\004\010\001 \001*\004\010\001\020\0032\0002\007samples2\005count2\004main'
# a sample of location 9, which is not there
p location-id '\012\004\010\001\020\002\022\006\012\001\011\022\001\005"\006\010\001"\002\010\001*\004\010\001\020\0032\0002\007samples2\005count2\004main'
# a function named by string 99 of 4
p string-index '\012\004\010\001\020\002\022\006\012\001\001\022\001\005"\006\010\001"\002\010\001*\004\010\001\020c2\0002\007samples2\005count2\004main'
# a value of eleven varint bytes
p huge-varint '\012\004\010\001\020\002\022\020\012\001\001\022\013\377\377\377\377\377\377\377\377\377\377\001"\006\010\001"\002\010\001*\004\010\001\020\0032\0002\007samples2\005count2\004main'
# a sample whose length is 2^64 - 1
p huge-length '\012\004\010\001\020\002\022\377\377\377\377\377\377\377\377\377\001'
# location id 1 twice
p duplicate-id '\012\004\010\001\020\002\022\006\012\001\001\022\001\005"\006\010\001"\002\010\001"\006\010\001"\002\010\001*\004\010\001\020\0032\0002\007samples2\005count2\004main'
# no sample types at all
p no-types '\022\006\012\001\001\022\001\005"\006\010\001"\002\010\001*\004\010\001\020\0032\0002\007samples2\005count2\004main'
sp-flatten ok.pb | grep -v '^#' >&2
for f in truncated wire-type location-id string-index huge-varint \
    huge-length duplicate-id no-types; do
	sp-flatten $f.pb
	echo "$f: $?" >&2
done
sp-flatten -s alloc_space ok.pb
echo "-s alloc_space: $?" >&2
exit 0
