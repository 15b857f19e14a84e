# Ubuntu's perf wrapper without the tools for the running kernel.
. "$T/fake-setup"
FAKE_MODE=nokernel sp-record -- true
