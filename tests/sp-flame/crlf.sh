# CRLF line endings are line endings
printf 'a;b 3\r\na;c 1\r\n' | sp-flame | grep '<title>'
