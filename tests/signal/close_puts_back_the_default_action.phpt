--TEST--
While a signal channel is open the signal's default action does not happen (SIGTERM does not end the process); close() puts it back and so does dropping the last reference to the channel (only the last channel of a signal puts it back; a refused call leaves nothing listening): each time a child PHP then ends by the signal (exit status 128 + the signal's number)
--EXTENSIONS--
chan
--SKIPIF--
<?php
// run-tests -m (USE_ZEND_ALLOC=0) has valgrind follow children, and one
// ended by SIGTERM has its memory reported as lost
if (getenv('USE_ZEND_ALLOC') === '0') die('skip its children end by SIGTERM, whose memory valgrind then reports as leaked');
?>
--FILE--
<?php
$php = (getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY) . ' ' . (getenv('TEST_PHP_EXTRA_ARGS') ?: '');
$kill = 'exec("kill -TERM " . getmypid());';
$cases = [
    'open' => '$c = Chan\signal(Chan\SIGTERM); ' . $kill . ' echo "alive ", $c->pop(), "\n";',
    'closed' => '$c = Chan\signal(Chan\SIGTERM); $c->close(); ' . $kill . ' echo "alive\n";',
    'dropped' => 'Chan\signal(Chan\SIGTERM, Chan\SIGINT); $c = Chan\signal(Chan\SIGINT); unset($c); ' . $kill . ' echo "alive\n";',
    'refused' => 'try { Chan\\signal(Chan\\SIGTERM, 9); } catch (ValueError) {} ' . $kill . ' echo "alive\\n";',
    'two, one closed' => '$a = Chan\signal(Chan\SIGTERM); $b = Chan\signal(Chan\SIGTERM); $a->close(); ' . $kill . ' echo "alive ", $b->pop(), "\n";',
];
foreach ($cases as $name => $code) {
    $file = tempnam(sys_get_temp_dir(), 'chan');
    file_put_contents($file, "<?php\n$code");
    $out = [];
    exec("$php " . escapeshellarg($file) . ' 2>/dev/null; echo "status $?"', $out);
    unlink($file);
    echo "$name: ", implode(' | ', $out), "\n";
}
?>
--EXPECT--
open: alive 15 | status 0
closed: status 143
dropped: status 143
refused: status 143
two, one closed: alive 15 | status 0
