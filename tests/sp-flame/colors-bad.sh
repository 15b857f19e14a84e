# an unknown palette is an error naming the choices
cp "$T/small.folded" .
sp-flame --colors pink small.folded
