# repeated --keep: every frame must occur (AND)
sp-filter --keep app!main --keep app!run "$T/in.sp"
