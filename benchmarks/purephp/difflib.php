<?php
/**
 * Differential runner shared by selftest.php: runs one PHP program written
 * against the extension's API (namespace Chan) twice, in fresh processes:
 *
 *   extension:  php -d extension=CHAN_SO  prog.php
 *   model:      php -d auto_prepend_file=bootstrap.php  prog.php  with every
 *               "Chan\" name rewritten to "\PurePhp\Chan\"
 *
 * Both runs use the same file path (so paths and line numbers in messages
 * agree) and the same php.ini. The model's output is mapped back
 * ("PurePhp\Chan\" -> "Chan\"), and stack traces, which necessarily differ
 * (the model's frames are PHP frames), are reduced to "Stack trace: ..." on
 * both sides. What is compared: stdout, stderr, exit status.
 */

declare(strict_types=1);

const DIFF_BOOTSTRAP = __DIR__ . '/bootstrap.php';

/**
 * Rewrites every reference to the extension's namespace to the model's
 * (names in code, and "Chan\..." inside string literals, so that code
 * comparing class names keeps working), and appends the end-of-script marker
 * (see Scheduler::$endMarkerExpected) so that the model can tell exit() in
 * main from the script's end.
 */
function diff_to_model(string $code): string
{
    $out = '';
    $tokens = token_get_all($code);
    foreach ($tokens as $i => $t) {
        if (!is_array($t)) {
            $out .= $t;
            continue;
        }
        [$id, $text] = $t;
        if ($id === T_NAME_QUALIFIED && str_starts_with($text, 'Chan\\')) {
            $text = 'PurePhp\\' . $text;
        } elseif ($id === T_NAME_FULLY_QUALIFIED && str_starts_with($text, '\\Chan\\')) {
            $text = '\\PurePhp' . $text;
        } elseif ($id === T_STRING && $text === 'Chan' && ($tokens[$i + 1] ?? null) === [T_NS_SEPARATOR, '\\', $t[2]]) {
            $text = 'PurePhp\\Chan';
        } elseif ($id === T_CONSTANT_ENCAPSED_STRING || $id === T_ENCAPSED_AND_WHITESPACE) {
            $text = preg_replace('/(?<![A-Za-z0-9_\\\\])Chan(\\\\{1,2})(?=[A-Za-z_])/', 'PurePhp$1Chan$1', $text);
        }
        $out .= $text;
    }
    $last = end($tokens);
    $inHtml = $tokens === [] || (is_array($last) && in_array($last[0], [T_INLINE_HTML, T_CLOSE_TAG], true));
    $marker = '\\PurePhp\\Chan\\Scheduler::scriptEnd();';
    return $out . ($inHtml ? "<?php {$marker}" : "\n;{$marker}\n");
}

/** Maps the model's names back and blanks out what legitimately differs. */
function diff_normalize(string $out, bool $model): string
{
    if ($model) {
        $out = str_replace(['PurePhp\\\\Chan\\\\', 'PurePhp\\Chan\\'], ['Chan\\\\', 'Chan\\'], $out);
    }
    // A TypeError from a PHP function's parameter types says where it was
    // called from; one from an internal function's parsing does not.
    $out = preg_replace('/(must be of type [^\n]*? given), called in .*? on line \d+/', '$1', $out);
    // The extension's report of where each blocked context waits (after
    // "deadlock!" and after the script-end warning's "destroying them:");
    // the model does not make it: phpt tests check it.
    $out = preg_replace('/(deadlock!|destroying (?:it|them)):?(?:\n\n?(?:main|coroutine \d+) \[[^\]\n]*\](?: at [^\n]*?:\d+)?(?:, created at [^\n]*?:\d+)?|\n\.\.\. and \d+ more)+/', '$1', $out);
    $out = preg_replace('/(blocked forever at script end, destroying (?:it|them)):/', '$1', $out);
    // Stack traces: the model's coroutines run inside PHP frames.
    $out = preg_replace('/Stack trace:\n(#\d+ [^\n]*\n?)*/', "Stack trace: ...\n", $out);
    return $out;
}

/**
 * Runs $argv with $stdin closed; returns [stdout, stderr, exit status, seconds].
 *
 * @param list<string> $argv
 * @return array{0: string, 1: string, 2: int, 3: float}
 */
function diff_exec(array $argv, float $limit = 60.0): array
{
    $t0 = microtime(true);
    $proc = proc_open($argv, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    if (!is_resource($proc)) {
        throw new RuntimeException('cannot start ' . implode(' ', $argv));
    }
    fclose($pipes[0]);
    stream_set_blocking($pipes[1], false);
    stream_set_blocking($pipes[2], false);
    $out = $err = '';
    $killed = false;
    while (true) {
        $r = [$pipes[1], $pipes[2]];
        $w = $e = null;
        if (@stream_select($r, $w, $e, 0, 200000) === false) {
            break;
        }
        foreach ($r as $p) {
            $chunk = fread($p, 65536);
            if ($p === $pipes[1]) {
                $out .= $chunk;
            } else {
                $err .= $chunk;
            }
        }
        if (feof($pipes[1]) && feof($pipes[2])) {
            break;
        }
        if (!$killed && microtime(true) - $t0 > $limit) {
            proc_terminate($proc, 9);
            $killed = true;
            $err .= "\n[killed after {$limit} s]\n";
        }
    }
    fclose($pipes[1]);
    fclose($pipes[2]);
    $status = proc_close($proc);
    return [$out, $err, $status, microtime(true) - $t0];
}

/**
 * Runs $code (written for namespace Chan) on both implementations.
 *
 * @param list<string> $phpArgs extra php arguments (e.g. ['-d', 'display_errors=1'])
 * @return array{ext: array{0: string, 1: string, 2: int, 3: float}, model: array{0: string, 1: string, 2: int, 3: float}, same: bool}
 */
function diff_run(string $code, string $name, string $chanSo, string $php = PHP_BINARY, array $phpArgs = [], string $dir = ''): array
{
    $dir = $dir !== '' ? $dir : sys_get_temp_dir() . '/purephp-diff-' . getmypid();
    if (!is_dir($dir)) {
        mkdir($dir, 0777, true);
    }
    $file = $dir . '/' . preg_replace('/[^A-Za-z0-9_.-]/', '_', $name) . '.php';

    file_put_contents($file, $code);
    $ext = diff_exec(array_merge([$php], $phpArgs, ['-d', 'extension=' . $chanSo, $file]));

    file_put_contents($file, diff_to_model($code));
    putenv('PUREPHP_CHAN_END_MARKER=1');
    $model = diff_exec(array_merge([$php], $phpArgs, ['-d', 'auto_prepend_file=' . DIFF_BOOTSTRAP, $file]));
    putenv('PUREPHP_CHAN_END_MARKER');
    @unlink($file);

    $e = [diff_normalize($ext[0], false), diff_normalize($ext[1], false), $ext[2]];
    $m = [diff_normalize($model[0], true), diff_normalize($model[1], true), $model[2]];
    return ['ext' => [$e[0], $e[1], $e[2], $ext[3]], 'model' => [$m[0], $m[1], $m[2], $model[3]], 'same' => $e === $m];
}

/** A unified-looking diff of two texts, line by line (small inputs). */
function diff_text(string $a, string $b, string $la = 'extension', string $lb = 'model'): string
{
    $x = explode("\n", $a);
    $y = explode("\n", $b);
    $n = count($x);
    $m = count($y);
    // LCS table
    $L = array_fill(0, $n + 1, array_fill(0, $m + 1, 0));
    for ($i = $n - 1; $i >= 0; $i--) {
        for ($j = $m - 1; $j >= 0; $j--) {
            $L[$i][$j] = $x[$i] === $y[$j] ? $L[$i + 1][$j + 1] + 1 : max($L[$i + 1][$j], $L[$i][$j + 1]);
        }
    }
    $out = "--- {$la}\n+++ {$lb}\n";
    $i = $j = 0;
    while ($i < $n || $j < $m) {
        if ($i < $n && $j < $m && $x[$i] === $y[$j]) {
            $out .= '  ' . $x[$i] . "\n";
            $i++;
            $j++;
        } elseif ($j < $m && ($i >= $n || $L[$i][$j + 1] >= $L[$i + 1][$j])) {
            $out .= '+ ' . $y[$j++] . "\n";
        } else {
            $out .= '- ' . $x[$i++] . "\n";
        }
    }
    return $out;
}
