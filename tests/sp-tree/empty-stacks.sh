# Empty stacks are no node: percentages are of the weight with a stack, and
# the first line gives the number and weight of the others.  Only empty
# stacks: no node at all.
t=$(printf "\t")
printf "p${t}1${t}t${t}1${t}0${t}5${t}${t}\np${t}1${t}t${t}1${t}1${t}2${t}${t}a;b\n" > in
sp-tree in
printf "p${t}1${t}t${t}1${t}0${t}5${t}${t}\n" > in
sp-tree in
sp-tree --tsv in
