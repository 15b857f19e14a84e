# -o into a missing directory: an error
cp "$T/small.folded" .
sp-flame -o /nonexistent/dir/out.svg small.folded
