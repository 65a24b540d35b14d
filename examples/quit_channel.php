<?php
/**
 * A worker stopped by a quit channel.
 *
 * The worker loops on Chan\select() over two channels: $jobs brings work,
 * $quit tells it to stop. Closing $quit is the stop signal: a closed channel
 * is always ready, so every select on it fires, however many workers
 * listen. The worker reports back on $stopped before it returns, so the
 * caller knows it is really gone.
 *
 * Run: php -d extension=modules/chan.so examples/quit_channel.php
 */

use Chan\Channel;
use Chan\Coroutine;
use function Chan\go;
use function Chan\select;

function worker(string $name, Channel $jobs, Channel $quit, Channel $stopped): void
{
    $done = 0;
    for (;;) {
        [$key, $job] = select(['job' => $jobs, 'quit' => $quit]);
        if ($key === 'quit') {
            break;
        }
        echo "$name: job $job -> ", $job * $job, "\n";
        $done++;
    }
    echo "$name: quitting after $done jobs\n";
    $stopped->push($name);
}

$jobs = new Channel();      // unbuffered: each push waits until the worker takes the job
$quit = new Channel();      // never carries a value: closing it is the signal
$stopped = new Channel();

go('worker', 'worker', $jobs, $quit, $stopped);

for ($i = 1; $i <= 4; $i++) {
    $jobs->push($i);        // returns once the worker has taken job $i
}
// Every job has been taken; give the worker a turn to finish the last one.
Coroutine::yield();

echo "main: closing quit\n";
$quit->close();
$who = $stopped->pop();    // waits for the worker's goodbye
echo "main: $who stopped\n";
echo "main: live coroutines: ", Coroutine::count(), "\n";
