--TEST--
Chan\fgets whose timeout expires in the middle of a line throws Chan\TimeoutException and loses nothing: the next call returns the whole line once its end arrives
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Coroutine;
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
fwrite($b, "partial");
try {
    Chan\fgets($a, null, 0.05);
} catch (Chan\TimeoutException $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
Chan\go(function () use ($b) {
    Coroutine::sleep(0.01);
    fwrite($b, " line\nnext");
});
var_dump(Chan\fgets($a, null, 30));
fclose($b);
var_dump(Chan\fgets($a, null, 30));   // what is left at end of file
var_dump(Chan\fgets($a, null, 30));   // then false
?>
--EXPECT--
Chan\TimeoutException: Chan\fgets() timed out
string(13) "partial line
"
string(4) "next"
bool(false)
