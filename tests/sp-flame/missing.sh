# a missing file is an error naming it
sp-flame no-such-file
