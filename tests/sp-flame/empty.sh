# empty input: an SVG saying so, exit 2
: | sp-flame
