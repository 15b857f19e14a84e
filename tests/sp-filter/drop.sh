# --drop: samples whose stack contains the frame go
sp-filter --drop app!run "$T/in.sp"
