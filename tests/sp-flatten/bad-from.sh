# A time that is not a number.
sp-flatten --from 1ms "$T/v0.json"
