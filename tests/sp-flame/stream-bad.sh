# a malformed stream line: an error naming the line, nothing written
printf '#sp samples 1\na\tb\n' | sp-flame
