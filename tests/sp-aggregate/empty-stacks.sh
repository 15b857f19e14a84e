printf 'p\t1\tt\t1\t0\t3\t7\t\np\t1\tt\t1\t1\t1\t\t\n' | sp-aggregate
