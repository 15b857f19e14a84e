sp-tree --bogus
