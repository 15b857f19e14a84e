# Processed v58: func.source instead of fileName, weight null, Windows paths escaped in #lib.
cp "$T/v58.json" . && sp-flatten v58.json
