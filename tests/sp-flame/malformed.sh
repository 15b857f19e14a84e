# malformed folded lines skipped with one warning; blank and comment lines silently
printf 'a;b 3\nno count\na;c -2\n\n# comment\na;d 1\n' | sp-flame | grep '<title>'
