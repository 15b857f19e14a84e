# Processed v0: no preprocessedProfileVersion, threads[0].stringArray, per-thread libs; a hex func name is replaced by frame.address.
cp "$T/v0.json" . && sp-flatten v0.json
