# Processed v66: stackTable.prefixOffset, nativeSymbols, labels and an absolute address without library.
cp "$T/v66.json" . && sp-flatten v66.json
