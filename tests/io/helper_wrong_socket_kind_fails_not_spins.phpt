--TEST--
A helper used on a socket of the wrong kind fails with false instead of spinning: Chan\stream_socket_accept on a connected socket (always readable once its peer closed) warns "Accept failed"
--EXTENSIONS--
chan
--FILE--
<?php
[$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
fclose($b);   // $a is readable for good (end of file), and no listening socket
var_dump(Chan\stream_socket_accept($a, 5));
var_dump(Chan\stream_socket_accept($a, 0));
echo "done\n";
?>
--EXPECTF--
Warning: Chan\stream_socket_accept(): Accept failed: %s in %s on line %d
bool(false)

Warning: Chan\stream_socket_accept(): Accept failed: %s in %s on line %d
bool(false)
done
