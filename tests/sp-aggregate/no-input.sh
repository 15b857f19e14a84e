# Headers only (or nothing): a table with no rows.
: | sp-aggregate
