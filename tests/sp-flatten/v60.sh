# Processed v60: tables in shared, used by two threads.
cp "$T/v60.json" . && sp-flatten v60.json
