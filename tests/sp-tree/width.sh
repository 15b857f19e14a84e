# Names shortened as sp-top does, to the columns left beside the glyphs.
t=$(printf "\t")
printf "p${t}1${t}t${t}1${t}0${t}1${t}${t}app!main;app!alpha::beta::gamma::delta::epsilon::zeta::eta::theta::iota::kappa<alloc::vec::Vec<u8>>\n" > in
sp-tree -w 70 in
sp-tree -W in
COLUMNS=60 sp-tree -L in
