module chan-bench/gochan

go 1.19
