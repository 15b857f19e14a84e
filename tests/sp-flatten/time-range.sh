# --from and --to keep samples with from <= time <= to (ms, as written in
# the time column), also with -c (merged from the selected samples only)
# and -l.
cp "$T/v55.json" . || exit 1
echo 'plain'; sp-flatten --from 1900001.75 --to 1900003 v55.json | grep -v '^#'
echo '-c (sorted)'; sp-flatten -c --from 1900001.75 --to 1900003 v55.json | grep -v '^#' | sort
echo '--from only'; sp-flatten --from=1900003.5 v55.json | grep -v '^#'
echo '--to only'; sp-flatten --to 1900000.5 v55.json | grep -v '^#'
echo '-l'; sp-flatten -l --from 1900001.75 --to 1900003 v55.json
echo 'from = to'; sp-flatten --from 1900003 --to 1900003 v55.json | grep -v '^#'
