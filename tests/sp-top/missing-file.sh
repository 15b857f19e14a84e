sp-top -f nonexistent.agg
