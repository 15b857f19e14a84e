: | sp-top
