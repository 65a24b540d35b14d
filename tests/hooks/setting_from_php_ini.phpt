--TEST--
chan.hooks set in php.ini (here "stream, DNS") is in force from the start: ini_get() shows it as written and Chan\hooks() lists only ["stream"] (dns accepted, not built); ini_restore() goes back to it, not to "all"
--EXTENSIONS--
chan
--INI--
chan.hooks=stream, DNS
--FILE--
<?php
echo json_encode(ini_get('chan.hooks')), " ", json_encode(Chan\hooks()), "\n";
ini_set('chan.hooks', 'sleep');
echo json_encode(ini_get('chan.hooks')), " ", json_encode(Chan\hooks()), "\n";
ini_restore('chan.hooks');
echo json_encode(ini_get('chan.hooks')), " ", json_encode(Chan\hooks()), "\n";
?>
--EXPECT--
"stream, DNS" ["stream"]
"sleep" ["sleep"]
"stream, DNS" ["stream"]
