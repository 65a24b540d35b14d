module chan-bench/s8

go 1.19
