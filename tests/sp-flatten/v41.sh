# Processed v41: global libs, per-thread tables, numeric pid/tid, stack category columns; threadCPUDelta without sampleUnits is no cpu.
cp "$T/v41.json" . && sp-flatten v41.json
