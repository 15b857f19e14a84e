printf '#sp aggregate 1\n1\t2\tx\t4\tf\n' | sp-top
