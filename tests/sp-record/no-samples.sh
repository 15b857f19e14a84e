# perf recorded nothing: an error, and no stream.
. "$T/fake-setup"
FAKE_MODE=nosamples sp-record -- true
