# Aggregate tables and samples mixed; a table without headers too.
sp-aggregate "$T/table.agg" "$T/threads.sp"
