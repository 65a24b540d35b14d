# Plots of the S1 and S2 sweeps for one spawn order: messages/s against
# concurrency C, one curve per ring (and capacity), the Go baseline where the
# data has it, floor (a) drawn as a horizontal line at
# 1e9 / (floor ns per push+pop pair) messages/s.
#
#   gnuplot -e "data='benchmarks/results/latest.dat'; mode='opcache off'; order='paired'; \
#               s1_png='benchmarks/results/s1.png'; s2_png='benchmarks/results/s2.png'" benchmarks/plot.gp
#
# order is paired (the default) or producers-first. data is what
# benchmarks/run.php writes next to its markdown (--data): blocks named
# "floor a" (ns, msgs/s), "s1 ORDER lockfree", "s1 ORDER mutex", "s1 ORDER go",
# "s2 capacity 1 ORDER lockfree", ... (C, median msgs/s, min, max over the runs).
# Points are medians, error bars span the slowest to the fastest run; the
# series are drawn a few percent left or right of their C so the bars do not
# hide each other.
# scripts/bench.sh runs this.

if (!exists("data") || !exists("s1_png") || !exists("s2_png")) {
	print "usage: gnuplot -e \"data='FILE.dat'; mode='opcache off'; s1_png='s1.png'; s2_png='s2.png'\" benchmarks/plot.gp"
	exit status 2
}
if (!exists("mode")) { mode = "" }
if (!exists("order")) { order = "paired" }
order_title = (order eq "paired") ? "spawned in pairs (producer 0, consumer 0, producer 1, ...)" : "all producers spawned first, then all consumers"
# The Go series, drawn only when the data has them (run.php --no-go, or no go command: none).
has_go = system(sprintf("grep -c '^# s1 %s go$' '%s'", order, data)) + 0 > 0

stats data index "floor a" using 1 nooutput
floor_ns = STATS_max
stats data index "floor a" using 2 nooutput
floor_m = STATS_max / 1e6            # floor (a) in million msgs/s
floor_title = sprintf("floor (a): SplQueue push+pop in a plain loop, 1e9 / %.1f ns = %.1f M/s", floor_ns, floor_m)

set terminal pngcairo size 1100,760 font "DejaVu Sans,11" noenhanced
set termoption dashed
set logscale x 10
set grid xtics ytics mytics lc rgb "#dddddd"
set xlabel "concurrency C: C producer and C consumer coroutines (log scale); points: median of the runs, bars: slowest to fastest run"
set ylabel "messages per second (millions), 1 message = 1 push + 1 pop"
set format y "%.0f M"
set yrange [0:*]
set key outside below center vertical Left reverse box width 2 height 0.5
set border lw 1.2
set style line 1 lc rgb "#1f77b4" lw 2.5 pt 7 ps 1.3 dt 1
set style line 2 lc rgb "#d62728" lw 2.5 pt 5 ps 1.3 dt 2
set style line 3 lc rgb "#2ca02c" lw 2.5 pt 9 ps 1.5 dt 1
set style line 4 lc rgb "#ff7f0e" lw 2.5 pt 11 ps 1.5 dt 2
set style line 9 lc rgb "#000000" lw 2 dt 3
set style line 5 lc rgb "#9467bd" lw 2.5 pt 13 ps 1.5 dt 1
set style line 6 lc rgb "#8c564b" lw 2.5 pt 15 ps 1.5 dt 2

suffix = (mode eq "") ? "" : " [" . mode . "]"

# --- S1 ---
set output s1_png
set bmargin 9          # room for the x label and a 4-line key below it
set title "S1 concurrency sweep: C producers push 1000 values each into one Channel(1024), C consumers pop them\n" . order_title . suffix
set xrange [0.7:700]
set xtics ("1" 1, "10" 10, "50" 50, "100" 100, "200" 200, "500" 500)
set mytics 2
plot \
	floor_m with lines ls 9 title floor_title, \
	data index ("s1 " . order . " lockfree") using ($1*0.96):($2/1e6):($3/1e6):($4/1e6) with yerrorlines ls 1 title "lock-free ring: new Channel(1024, false)", \
	data index ("s1 " . order . " mutex") using ($1*1.04):($2/1e6):($3/1e6):($4/1e6) with yerrorlines ls 2 title "mutex ring: new Channel(1024, true)", \
	for [g=1:has_go] data index ("s1 " . order . " go") using ($1*1.0):($2/1e6):($3/1e6):($4/1e6) with yerrorlines ls 5 title "Go (GOMAXPROCS=1): make(chan msg, 1024)"

# --- S2 ---
# Issue 4's S2 target: the work of a message plus one Fiber resume+suspend
# pair, 1e9 / (floor a + floor b) msgs/s (only drawn when the data has floor b).
s2_target = 0
if (system(sprintf("grep -c '^# floor b' '%s'", data)) + 0 > 0) {
	stats data index "floor b" using 1 nooutput
	s2_target = 1e3 / (floor_ns + STATS_max)   # million msgs/s
}
target_title = sprintf("S2 target: 1e9 / (floor a + floor b: one Fiber resume+suspend pair) = %.2f M/s", s2_target)
set output s2_png
set bmargin 12         # 7-line key
set title "S2 switch-heavy: S1 with capacity 1 and 0 (unbuffered)\n" . order_title . suffix
set xrange [0.7:700]
set xtics ("1" 1, "100" 100, "500" 500)
set style line 8 lc rgb "#7f7f7f" lw 2 dt 4
plot \
	floor_m with lines ls 9 title floor_title, \
	(s2_target > 0 ? s2_target : 1/0) with lines ls 8 title (s2_target > 0 ? target_title : "S2 target: no floor b in the data"), \
	data index ("s2 capacity 1 " . order . " lockfree") using ($1*0.92):($2/1e6):($3/1e6):($4/1e6) with yerrorlines ls 1 title "capacity 1, lock-free ring", \
	data index ("s2 capacity 1 " . order . " mutex") using ($1*0.97):($2/1e6):($3/1e6):($4/1e6) with yerrorlines ls 2 title "capacity 1, mutex ring", \
	data index ("s2 capacity 0 " . order . " lockfree") using ($1*1.03):($2/1e6):($3/1e6):($4/1e6) with yerrorlines ls 3 title "capacity 0 (no ring; lock=false)", \
	data index ("s2 capacity 0 " . order . " mutex") using ($1*1.08):($2/1e6):($3/1e6):($4/1e6) with yerrorlines ls 4 title "capacity 0 (no ring; lock=true)", \
	for [g=1:has_go] data index ("s2 capacity 1 " . order . " go") using ($1*0.95):($2/1e6):($3/1e6):($4/1e6) with yerrorlines ls 5 title "Go (GOMAXPROCS=1): make(chan msg, 1)", \
	for [g=1:has_go] data index ("s2 capacity 0 " . order . " go") using ($1*1.05):($2/1e6):($3/1e6):($4/1e6) with yerrorlines ls 6 title "Go (GOMAXPROCS=1): make(chan msg) (unbuffered)"

unset output
