# A version 2 stream (sp-flatten -c): a line stands for the samples of its
# ninth column, which the counts of the first line and of #total samples
# and #total empty count; the tree is that of the same samples unmerged.
t=$(printf '\t')
cat > in <<EOT
#sp samples 2
#columns${t}process${t}pid${t}thread${t}tid${t}time${t}weight${t}cpu${t}stack${t}samples
p${t}1${t}t${t}1${t}0${t}6${t}${t}a;b${t}3
p${t}1${t}t${t}1${t}0${t}2${t}${t}a${t}2
p${t}1${t}t${t}1${t}0${t}4${t}${t}${t}4
EOT
sp-tree in
sp-tree --tsv in | grep -v '^#columns'
