# Demangling: C++, Rust legacy (its ::h<hash> dropped unless --keep-hash,
# its escapes decoded: llvm-symbolizer 14 leaves "$u7b$" and "$LT$" as they
# are, binutils and perf report decode them) and Rust v0, whose foo::bar::<[u8; 2]> holds a ';' that must be escaped
# in the stream (and becomes ':' in folded stacks).  llvm-symbolizer and
# addr2line (which drops the hash itself) agree.
. "$T/fixtures.inc"
need gcc nm readelf llvm-symbolizer addr2line
cp "$T/rust.c" . && gcc -g -O0 -o r rust.c || exit 1
s="r!$(rel r _ZN3foo3bar17h0123456789abcdefE)"
s="$s;r!$(rel r _RNvCskwGfYPst2Cb_3foo16example_function)"
s="$s;r!$(rel r _RINvC3foo3barAhj2_E);r!$(rel r _ZN2ns5Thing6methodEv)"
s="$s;r!$(rel r '_ZN3std2rt10lang_start28_$u7b$$u7b$closure$u7d$$u7d$17h0123456789abcdefE')"
s="$s;r!$(rel r '_ZN4core3ptr85drop_in_place$LT$std..rt..lang_start$LT$$LP$$RP$$GT$..$u7b$$u7b$closure$u7d$$u7d$$GT$17h0123456789abcdefE')"
{ printf '#sp samples 1\n'; columns; sample 1 "$s"; } >in.tsv
sp-symbolize -q -b r in.tsv | tail -n 1
sp-symbolize -q --keep-hash -b r in.tsv | tail -n 1
sp-symbolize -q --backend addr2line -b r in.tsv | tail -n 1
echo "$s 5" | tr -d '\\' >folded.txt
sp-symbolize -q -b r folded.txt
