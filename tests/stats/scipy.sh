# Welch's test of common/stats/ (two-sided, and one-sided for a growth)
# against SciPy on 300 random sets of runs
# (fixed seed; skewed and heavy-tailed as well as normal), to 1e-6
# relative.  Skips where Debian's python3-scipy is not installed
# (/usr/bin/python3: the python3 first on PATH may be another one).
/usr/bin/python3 -c 'import scipy' 2>/dev/null ||
    { echo "SciPy missing: apt-get install python3-scipy" >&2; exit 77; }
. "$T/build-check"
/usr/bin/python3 - <<'PY' || exit 1
import subprocess, numpy as np, scipy.stats as st
rng = np.random.default_rng(27)
cases, lines = [], []
for i in range(300):
    na, nb = rng.integers(3, 12, size=2)
    kind = i % 3
    def draw(n):
        if kind == 0: return rng.normal(100, 10, n)
        if kind == 1: return rng.lognormal(4, 0.5, n)
        return 100 + rng.standard_t(2, n) * 5
    a, b = draw(na), draw(nb)
    level = [0.9, 0.95, 0.99][i % 3]
    cases.append((a, b, level))
    lines.append("%r %d %s %d %s" % (level, na, " ".join(map(repr, a)), nb,
        " ".join(map(repr, b))))
out = subprocess.run(["./check", "-"], input="\n".join(lines) + "\n",
    capture_output=True, text=True, check=True).stdout.split("\n")
bad = 0
for (a, b, level), got in zip(cases, out):
    got = [float(x) for x in got.split()]
    r = st.ttest_ind(b, a, equal_var=False)
    va, vb = np.var(a, ddof=1) / len(a), np.var(b, ddof=1) / len(b)
    df = (va + vb) ** 2 / (va ** 2 / (len(a) - 1) + vb ** 2 / (len(b) - 1))
    se = np.sqrt(va + vb)
    tc = st.t.ppf(1 - (1 - level) / 2, df)
    d = np.mean(b) - np.mean(a)
    want = [r.statistic, r.pvalue, df, d - tc * se, d + tc * se,
        (tc + st.t.ppf(0.8, df)) * se,
        st.ttest_ind(b, a, equal_var=False, alternative="greater").pvalue]
    for g, w in zip(got, want):
        if abs(g - w) > 1e-6 * max(1, abs(w)):
            print("differs:", got, want)
            bad += 1
            break
if bad:
    raise SystemExit(1)
PY
