# --root-at: samples with the frame, from its first (outermost) occurrence; later ones stay
sp-filter --root-at app!fib "$T/in.sp"
