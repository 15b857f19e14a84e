# --cp: palette.map read, used and written back sorted with every name drawn
cp "$T/small.folded" .
printf 'main->rgb(1,2,3)\n' >palette.map && sp-flame --cp small.folded | grep -o 'fill="rgb([0-9,]*)"' && cat palette.map
