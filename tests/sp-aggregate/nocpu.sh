sp-aggregate "$T/nocpu.sp"
