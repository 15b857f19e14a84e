# --skip-after: the callers of the frame go (as cargo flamegraph --skip-after main); samples without it stay
sp-filter --skip-after app!main "$T/in.sp" | grep -v "^#"
