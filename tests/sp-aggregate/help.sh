sp-aggregate -h
