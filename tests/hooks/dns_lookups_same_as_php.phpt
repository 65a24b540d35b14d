--TEST--
The family "dns": gethostbyname(), gethostbynamel() and gethostbyaddr() in a coroutine give exactly PHP's own results (the same calls in main with chan.hooks "none"): names from /etc/hosts, IPv4 and IPv6 literals, names with an IPv6 address, a name that does not exist (.invalid: gethostbynamel() false), an address with no name (given back), and what PHP answers without a lookup (a name over 255 characters, "not an address": its warnings, same text); a coroutine queued before the lookup runs before it returns, so the lookup parked its caller
--EXTENSIONS--
chan
--FILE--
<?php
putenv('RES_OPTIONS=timeout:1 attempts:1'); // a resolver that does not answer costs 1 s, not 10
$names = ['localhost', '127.0.0.1', '::1', 'ip6-localhost', 'no-such-host.invalid', str_repeat('a', 256), 'LOCALHOST'];
$addrs = ['127.0.0.1', '::1', '192.0.2.1', '300.1.1.1', 'not an address'];
$calls = function () use ($names, $addrs) {
    $r = [];
    $warnings = [];
    set_error_handler(function ($no, $msg) use (&$warnings) { $warnings[] = $msg; return true; });
    foreach ($names as $n) {
        $r["byname $n"] = gethostbyname($n);
        $r["bynamel $n"] = gethostbynamel($n);
    }
    foreach ($addrs as $a) {
        $r["byaddr $a"] = gethostbyaddr($a);
    }
    restore_error_handler();
    $r['warnings'] = $warnings;
    return $r;
};

ini_set('chan.hooks', 'none');
$php = $calls();
ini_restore('chan.hooks');
var_dump(in_array('dns', Chan\hooks(), true));

Chan\run(function () use ($calls, $php) {
    $order = [];
    Chan\go(function () use (&$order) { $order[] = 'queued coroutine'; });
    $ours = $calls();
    $order[] = 'lookups';
    foreach ($php as $k => $v) {
        if ($ours[$k] !== $v) {
            echo "$k DIFFERS: ", var_export($ours[$k], true), ' vs PHP ', var_export($v, true), "\n";
        }
    }
    echo count($php), " results compared\n", implode(', ', $order), "\n";
});
// what PHP gave, as far as it does not depend on the machine's /etc/hosts
echo json_encode([$php['byname localhost'], in_array('127.0.0.1', $php['bynamel localhost'], true),
    $php['bynamel no-such-host.invalid'], $php['byname no-such-host.invalid'], $php['byaddr 192.0.2.1'],
    $php['byaddr 300.1.1.1']]), "\n";
echo implode("\n", $php['warnings']), "\n";
?>
--EXPECTF--
bool(true)
20 results compared
queued coroutine, lookups
["127.0.0.1",true,false,"no-such-host.invalid","192.0.2.1",false]
%AHost name cannot be longer than 255 characters
%AHost name cannot be longer than 255 characters
%AAddress is not a valid IPv4 or IPv6 address
%AAddress is not a valid IPv4 or IPv6 address
