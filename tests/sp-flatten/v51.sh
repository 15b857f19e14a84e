# Processed v51: strings in stringTable._array (the old UI quirk), symbolicated names.
cp "$T/v51.json" . && sp-flatten v51.json
