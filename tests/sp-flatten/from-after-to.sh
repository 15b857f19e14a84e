# --from after --to is an error.
sp-flatten --from 5 --to 4.5 "$T/v0.json"
