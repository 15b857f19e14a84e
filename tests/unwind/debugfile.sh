# The program's call-frame information from a separate debug file: a
# copy of the program without .eh_frame (renamed away) nor debug
# sections, whose .gnu_debuglink names a file holding .debug_frame
# (compressed with zlib, as Debian's debug files are).  The unwinding
# through it agrees with backtrace() as in full.
command -v objcopy >/dev/null 2>&1 || { echo "no objcopy" >&2; exit 77; }
# shellcheck disable=SC2034 # read by build-chain
BOTH_CFI=1
. "$T/build-chain"
objcopy --only-keep-debug --compress-debug-sections=zlib chain chain.debug &&
objcopy --strip-debug --rename-section .eh_frame=.gone1 \
    --rename-section .eh_frame_hdr=.gone2 --add-gnu-debuglink=chain.debug \
    chain chain.stripped || exit 1
readelf -S chain.debug | grep -q '\.debug_frame' ||
	{ echo "no .debug_frame in chain.debug" >&2; exit 1; }
./chain other "$PWD/chain.stripped"
