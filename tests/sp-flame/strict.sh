# --strict: malformed lines are an error, nothing on stdout
printf 'a;b 3\nno count\na;c -2\n' | sp-flame --strict
