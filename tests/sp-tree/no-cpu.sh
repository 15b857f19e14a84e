t=$(printf "\t")
printf "p${t}1${t}t${t}1${t}0${t}3${t}${t}a;b\np${t}1${t}t${t}1${t}1${t}1${t}${t}a\n" > in
sp-tree in
sp-tree --tsv in
