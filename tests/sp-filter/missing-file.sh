sp-filter --merge a no-such-file
