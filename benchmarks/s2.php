<?php
/**
 * S2, switch-heavy (../shared/BENCHMARKS.md): S1 with capacity 1 and with
 * capacity 0 (unbuffered), C = 1, 100, 500, both rings, both spawn orders of
 * S1, beside Go (benchmarks/gobaseline.php) when it is installed. Besides
 * msgs/s it reports context switches per message, from Chan\Coroutine::stats()
 * ['switches'] taken before the first spawn and after the last consumer, and
 * the ratio to the issue's S2 target: msgs/s at least 1 / (floor (a) +
 * floor (b)), the work of one message plus one Fiber resume+suspend pair,
 * both floors measured in the same run.
 */

declare(strict_types=1);

/** S2 section; uses s1_once() from s1.php. */
function s2(array $opt, array $floors): array
{
    $M = $opt['quick'] ? 250 : 1000;
    $targetNs = $floors['a_ns'] + $floors['b_ns'];
    $goBin = $opt['go'][0] ?? null;
    $rows = [];
    $data = [];
    foreach ([1, 0] as $capacity) {
        foreach ([1, 100, 500] as $C) {
            foreach (BENCH_ORDERS as $order) {
                $measured = s1_measure_rings($opt['runs'], $C, $M, $capacity, $order, $goBin);
                $go = $measured['go'] ?? null;
                foreach (s1_plot_points($measured, "s2 capacity {$capacity} {$order}", $C, $data) as $ring => $s) {
                    $rows[] = [
                        (string) $capacity,
                        (string) $C,
                        s1_order_cell($order),
                        $ring,
                        bench_int($s['msgs_per_s']),
                        ...s1_go_cells($s, $go),
                        bench_num($s['switches_per_msg'], 3),
                        bench_num($targetNs / $s['ns_per_msg'], 3),
                        bench_int(2 * $s['msgs_per_s']),
                        bench_num($floors['a_ns'] / $s['ns_per_msg'], 3),
                        bench_num($s['ns_per_msg'], 0),
                        bench_num($s['cpu_ns_per_msg'], 0),
                        $s['spread'],
                    ];
                }
            }
        }
    }
    return [
        'data' => $data,
        'title' => 'S2: switch-heavy (capacity 1 and 0)',
        'intro' => "S1 with `new Channel(1, \$lock)` and `new Channel(0, \$lock)`: C producers push M={$M} each, "
            . 'C consumers pop M each, spawned paired or producers first as in S1. Medians of ' . $opt['runs'] . ' run(s).',
        'headers' => ['capacity', 'C', 'spawn order', 'ring', 'msgs/s', ...s1_go_headers($goBin),
            'switches/msg', 'ratio to target', 'published metric (2 x msgs/s)', 'ratio to floor (a)', 'ns/msg', 'CPU ns/msg', 'spread'],
        'rows' => $rows,
        'notes' => [
            sprintf('ratio to target = (floor (a) + floor (b)) / channel ns per message, with floor (a) + floor (b) = %.1f + %.1f = %.1f ns '
                . '(the target of the performance issue: one message\'s work plus one Fiber resume+suspend pair; 1.0 or more meets it, '
                . 'i.e. at least %s msgs/s).', $floors['a_ns'], $floors['b_ns'], $targetNs, bench_int(1e9 / $targetNs)),
            'switches/msg = delta of Chan\\Coroutine::stats()[\'switches\'] over the timed part / messages. '
            . 'At capacity 0 the channel has no buffer (the current C allocates no ring for it), so a difference between '
            . 'its lockfree and mutex rows is noise: use it to judge the spread.',
            ...s1_go_note($opt),
        ],
    ];
}
