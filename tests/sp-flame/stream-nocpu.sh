# --cpu on a stream without cpu values
printf '#sp samples 1\np\t1\tt\t1\t0\t1\t\ta;b\n' | sp-flame --cpu
