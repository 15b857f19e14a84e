# No perf anywhere on PATH.
PATH=$(dirname "$(command -v sp-record)")
sp-record -- /bin/true
