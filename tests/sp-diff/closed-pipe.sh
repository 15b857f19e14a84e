# A reader that stops early (head) ends sp-diff quietly.
sp-flatten "$TOP/tests/data/demo-profile.json" > p.sp || exit 1
sp-diff p.sp p.sp | head -n 1
