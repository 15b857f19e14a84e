sp-tree nonexistent.sp
