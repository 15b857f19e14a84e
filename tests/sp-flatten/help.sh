# -h and --help print the usage on stdout, status 0.
sp-flatten -h && sp-flatten --help
