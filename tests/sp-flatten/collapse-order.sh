# -c writes merged lines "in the order their first sample was seen"
# (sp-flatten(1)), an empty stack included: here the empty stack is first
# seen after the other two stacks of the thread.
cp "$T/v55.json" . && sp-flatten -c v55.json | grep -v '^#'
