--TEST--
Hooked reads return what PHP's return: a parked fread($a, 100) returns the 3 bytes the peer wrote (it does not wait for 100); with 150 bytes waiting, fread($a, 100) returns 100 and fread($a, 50) the other 50 without parking (as in PHP, a second fread($a, 100) there would wait for more); a parked fgets() does not return a partial line: the peer writes "ab", then later "c\nd", and fgets() returns "abc\n", and once the peer has closed, the following fread($a, 100) returns the "d" left in the buffer
--EXTENSIONS--
chan
--FILE--
<?php
use function Chan\go;

[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$turn = new Chan\Channel();
go(function () use ($a, $turn) {
    $r = fread($a, 100);
    echo "R fread(100) got ", var_export($r, true), "\n";
    $turn->push('R read');
    $turn->pop();
    $r1 = fread($a, 100);
    $r2 = fread($a, 50);
    echo "R fread(100), fread(50) got ", strlen($r1), " and ", strlen($r2), " bytes\n";
    $turn->push('R read');
    $r = fgets($a);
    echo "R fgets got ", var_export($r, true), "\n";
    $r = fread($a, 100);
    echo "R then fread got ", var_export($r, true), "\n";
});
go(function () use ($b, $turn) {
    fwrite($b, "abc");
    echo "W wrote 'abc'\n";
    $m = $turn->pop();
    echo "W: $m\n";
    fwrite($b, str_repeat('x', 150));
    echo "W wrote 150 bytes\n";
    $turn->push('go on');
    $m = $turn->pop();
    echo "W: $m\n";
    fwrite($b, "ab");
    echo "W wrote 'ab'\n";
    usleep(100000);   // R may see "ab" alone meanwhile: fgets must keep waiting for the end of the line
    fwrite($b, "c\nd");
    echo "W wrote 'c\\nd'\n";
    fclose($b);
});
Chan\run(fn () => null);
?>
--EXPECT--
W wrote 'abc'
R fread(100) got 'abc'
W: R read
W wrote 150 bytes
R fread(100), fread(50) got 100 and 50 bytes
W: R read
W wrote 'ab'
W wrote 'c\nd'
R fgets got 'abc
'
R then fread got 'd'
