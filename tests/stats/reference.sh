# The t distribution, Welch's test and Benjamini-Hochberg's q-values of
# common/stats/ against values from SciPy and R (written in check.c).
. "$T/build-check"
./check
