--TEST--
SharedChannel leaves nothing behind: its descriptors and mapping go with the last reference, nothing of its own appears in /dev/shm (entries named chan; other programs come and go there), and 'processes' counts the processes that hold it (a child killed with SIGKILL included, until a survivor notices)
--EXTENSIONS--
chan
pcntl
posix
--SKIPIF--
<?php if (!is_dir('/proc/self/fd')) die('skip needs /proc'); ?>
--FILE--
<?php
use Chan\SharedChannel;

function fds(): int { return count(scandir('/proc/self/fd')) - 2; }
function shared_maps(): int {
    return count(array_filter(file('/proc/self/maps'), fn($l) => preg_match('/^\S+ ...s /', $l)));
}
// The event loop's own descriptor (epoll) is made on the first wait and
// lives as long as the process: make it before counting.
$pair = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
try { Chan\Coroutine::waitReadable($pair[0], 0.001); } catch (Chan\TimeoutException) {}
unset($pair);
// chan's own names only: other programs of the machine come and go there
function chan_shm(): array {
    return array_values(array_filter(is_dir('/dev/shm') ? scandir('/dev/shm') : [], fn ($n) => stripos($n, 'chan') !== false));
}
$shm = chan_shm();
$fds = fds();
$maps = shared_maps();

foreach ([false, true] as $lock) {
    $ch = new SharedChannel(8, $lock, 256);
    echo "while held: fds +", fds() - $fds, ", shared mappings +", shared_maps() - $maps, "\n";
    $ready = new SharedChannel(2);
    $kids = [];
    for ($i = 0; $i < 2; $i++) {
        $pid = pcntl_fork();
        if ($pid === 0) {
            $ch->push("child $i");
            $ready->push($i);
            if ($i === 0) {
                exit(0);                   // leaves cleanly
            }
            while (true) { usleep(10000); } // killed below
        }
        $kids[] = $pid;
    }
    $ready->pop(10);
    $ready->pop(10);
    pcntl_waitpid($kids[0], $st);
    echo "processes with one child alive: ", $ch->stats()['processes'], "\n";
    posix_kill($kids[1], SIGKILL);
    pcntl_waitpid($kids[1], $st);
    echo "processes after SIGKILL: ", $ch->stats()['processes'], "\n";
    $got = [$ch->pop(), $ch->pop()];
    sort($got);
    echo implode(', ', $got), "\n";
    unset($ch, $ready);
    echo "after: fds +", fds() - $fds, ", shared mappings +", shared_maps() - $maps, "\n";
}
var_dump(chan_shm() === $shm);
--EXPECT--
while held: fds +2, shared mappings +1
processes with one child alive: 2
processes after SIGKILL: 1
child 0, child 1
after: fds +0, shared mappings +0
while held: fds +2, shared mappings +1
processes with one child alive: 2
processes after SIGKILL: 1
child 0, child 1
after: fds +0, shared mappings +0
bool(true)
