--TEST--
chan.hooks: the default is "all" and Chan\hooks() then lists exactly the built families ["sleep", "stream", "dns", "process"] in that order; ini_set() accepts "sleep", "none", "sleep, stream" (spaces ignored), "ALL" / "Sleep,STREAM" (case ignored), and "dns" / "process,curl,pgsql" (accepted, returning the old value; curl and pgsql not listed since this build lacks them); an unknown name alone or in a list is refused with PHP's warning, ini_set() returns false and both the setting and Chan\hooks() stay unchanged
--EXTENSIONS--
chan
--FILE--
<?php
echo "default: ", json_encode(ini_get('chan.hooks')), " ", json_encode(Chan\hooks()), "\n";
foreach (['sleep', 'none', 'sleep, stream', 'ALL', 'dns', 'stream', 'process,curl,pgsql', 'Sleep,STREAM',
          'bogus', 'sleep,bogus', 'sleeps', 'stream,dns', 'none'] as $v) {
    $r = ini_set('chan.hooks', $v);
    echo json_encode($v), " -> ", json_encode($r), ", now ", json_encode(ini_get('chan.hooks')), " ",
         json_encode(Chan\hooks()), "\n";
}
ini_restore('chan.hooks');
echo "restored: ", json_encode(ini_get('chan.hooks')), " ", json_encode(Chan\hooks()), "\n";
?>
--EXPECTF--
default: "all" ["sleep","stream","dns","process"]
"sleep" -> "all", now "sleep" ["sleep"]
"none" -> "sleep", now "none" []
"sleep, stream" -> "none", now "sleep, stream" ["sleep","stream"]
"ALL" -> "sleep, stream", now "ALL" ["sleep","stream","dns","process"]
"dns" -> "ALL", now "dns" ["dns"]
"stream" -> "dns", now "stream" ["stream"]
"process,curl,pgsql" -> "stream", now "process,curl,pgsql" ["process"]
"Sleep,STREAM" -> "process,curl,pgsql", now "Sleep,STREAM" ["sleep","stream"]

Warning: Invalid "chan.hooks" setting: "bogus" is not "all", "none" or a comma list of sleep, stream, dns, process, curl, pgsql in %s on line %d
"bogus" -> false, now "Sleep,STREAM" ["sleep","stream"]

Warning: Invalid "chan.hooks" setting: "sleep,bogus" is not "all", "none" or a comma list of sleep, stream, dns, process, curl, pgsql in %s on line %d
"sleep,bogus" -> false, now "Sleep,STREAM" ["sleep","stream"]

Warning: Invalid "chan.hooks" setting: "sleeps" is not "all", "none" or a comma list of sleep, stream, dns, process, curl, pgsql in %s on line %d
"sleeps" -> false, now "Sleep,STREAM" ["sleep","stream"]
"stream,dns" -> "Sleep,STREAM", now "stream,dns" ["stream","dns"]
"none" -> "stream,dns", now "none" []
restored: "all" ["sleep","stream","dns","process"]
