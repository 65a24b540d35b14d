--TEST--
Revolt: the programs on docs/*.md that need Revolt (```php revolt blocks) print their output blocks
--SKIPIF--
<?php
define('REVOLT_SKIPIF', 1);
require __DIR__ . '/lib.php';
revolt_skipif();
if (!is_dir(__DIR__ . '/../../docs')) die('skip no docs/ beside tests/');
if (!is_readable('/proc/self/maps')) die('skip finds its chan.so in /proc/self/maps');
?>
--XLEAK--
The programs run in child processes that call Revolt's
EventLoop::setDriver(), which leaves a garbage driver of Revolt's own
(closures and Fibers in a cycle) that PHP does not free at shutdown; with
the Zend allocator off (valgrind follows the children) that shows as
definitely lost blocks. Revolt with its own StreamSelectDriver and no chan
leaks so too.
--FILE--
<?php
// scripts/check-docs.sh runs the pages' ```php programs with chan alone; a program that needs Revolt and
// revolt-driver/ is fenced ```php revolt instead, has a line starting `require 'vendor/autoload.php';` (Composer's
// autoloader, as a user would have it) and is run here, that line replaced by Revolt's and the driver's
// autoloaders, in a child PHP with this chan.so: it must print exactly the ```text block after it (only
// blank lines between them), with nothing on stderr and exit status 0.
define('REVOLT_SKIPIF', 1); // lib.php: revolt_autoload() only; this process does not install the driver
require __DIR__ . '/lib.php';

$so = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~(/\S*chan\.so)$~', trim($line), $m)) {
        $so = $m[1];
        break;
    }
}
$autoload = 'require ' . var_export(revolt_autoload(), true) . '; require '
    . var_export(realpath(__DIR__ . '/../../revolt-driver/src/autoload.php'), true) . ';';

$programs = [];
foreach (glob(__DIR__ . '/../../docs/*.md') as $page) {
    $lines = file($page, FILE_IGNORE_NEW_LINES);
    for ($i = 0; $i < count($lines); $i++) {
        if ($lines[$i] !== '```php revolt') {
            continue;
        }
        $where = basename($page) . ':' . ($i + 1);
        $code = [];
        for ($i++; $i < count($lines) && $lines[$i] !== '```'; $i++) {
            $code[] = $lines[$i];
        }
        for ($i++; $i < count($lines) && trim($lines[$i]) === ''; $i++);
        $want = null;
        if (($lines[$i] ?? null) === '```text') {
            $want = [];
            for ($i++; $i < count($lines) && $lines[$i] !== '```'; $i++) {
                $want[] = $lines[$i];
            }
        }
        $programs[] = [$where, $code, $want];
    }
}

$failed = 0;
foreach ($programs as [$where, $code, $want]) {
    $require = false;
    foreach ($code as $n => $line) {
        if (str_starts_with($line, "require 'vendor/autoload.php';")) {
            $require = $n;
            break;
        }
    }
    if (($code[0] ?? '') !== '<?php' || $require === false || $want === null) {
        echo "$where: not a program starting with <?php and require 'vendor/autoload.php';, followed by a ```text block\n";
        $failed++;
        continue;
    }
    $code[$require] = $autoload;
    $file = tempnam(sys_get_temp_dir(), 'chan-docs-') . '.php';
    file_put_contents($file, implode("\n", $code) . "\n");
    $proc = proc_open(
        [PHP_BINARY, '-n', '-d', "extension=$so", '-d', 'display_errors=stderr', '-d', 'error_reporting=-1', $file],
        [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
        $pipes,
    );
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    $rc = proc_close($proc);
    unlink($file);
    unlink(substr($file, 0, -4));
    $expected = implode("\n", $want) . "\n";
    if ($rc !== 0 || $err !== '' || $out !== $expected) {
        $failed++;
        echo "$where: exit status $rc\n--- output block:\n$expected--- actual output:\n$out--- stderr:\n$err";
    }
}
echo count($programs) > 0 ? "programs: some" : "programs: none", ", failed: $failed\n";
?>
--EXPECT--
programs: some, failed: 0
