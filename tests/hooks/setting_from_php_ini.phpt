--TEST--
chan.hooks set in php.ini (here "stream, DNS, curl") is in force from the start: ini_get() shows it as written and Chan\hooks() lists ["stream", "dns"] (names case-blind; curl accepted, not built); ini_restore() goes back to it, not to "all"
--EXTENSIONS--
chan
--INI--
chan.hooks=stream, DNS, curl
--FILE--
<?php
echo json_encode(ini_get('chan.hooks')), " ", json_encode(Chan\hooks()), "\n";
ini_set('chan.hooks', 'sleep');
echo json_encode(ini_get('chan.hooks')), " ", json_encode(Chan\hooks()), "\n";
ini_restore('chan.hooks');
echo json_encode(ini_get('chan.hooks')), " ", json_encode(Chan\hooks()), "\n";
?>
--EXPECT--
"stream, DNS, curl" ["stream","dns"]
"sleep" ["sleep"]
"stream, DNS, curl" ["stream","dns"]
