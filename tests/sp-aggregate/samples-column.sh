# A version 2 stream: the samples column counts towards #total samples and
# #total empty; lines without it count 1 (sp(5)).
t=$(printf '\t')
cat > in <<END
#sp samples 2
p${t}1${t}t${t}1${t}0${t}5${t}100${t}a;b${t}3
p${t}1${t}t${t}1${t}1${t}1${t}${t}a;c
p${t}1${t}t${t}1${t}2${t}4${t}${t}${t}2
END
sp-aggregate in
