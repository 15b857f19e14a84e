# A frame argument that names no frame of the samples: the stream goes out
# unchanged, then one line on stderr per such argument, with the frames
# that contain its text, and exit 1 (sp(5), Frame arguments).
sp-filter --merge app!nothing --hide "no*" --collapse-lib nolib "$T/in.sp" 2>err | cmp - "$T/in.sp" && echo same; cat err
sp-filter --keep app!nothing "$T/in.sp"; echo "status $?"
sp-filter --root-at fi "$T/in.sp" | grep -vc "^#"; echo "status $?"
