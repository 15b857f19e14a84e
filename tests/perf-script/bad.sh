# A line that is neither an event nor a frame, with more input after it:
# an error naming the file and the line, exit status 1.
{ sed -n 1,3p "$T/cut.txt"; echo 'this is not perf output'; cat "$T/basic.txt"; } > mixed.txt &&
sp-flatten mixed.txt > /dev/null
