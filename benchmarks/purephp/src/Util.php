<?php
/**
 * Helpers that make the model's errors look like the extension's: an
 * exception thrown by an internal function carries the file and line of the
 * user code that called it, and a warning raised by the extension outside
 * any user frame says "in Unknown on line 0".
 *
 * @internal
 */

declare(strict_types=1);

namespace PurePhp\Chan;

final class Util
{
    private static string $dir = '';
    /** @var array<class-string, array{\ReflectionProperty, \ReflectionProperty}> */
    private static array $location = [];

    public static function init(): void
    {
        self::$dir = __DIR__ . DIRECTORY_SEPARATOR;
        foreach ([\Exception::class, \Error::class] as $base) {
            self::$location[$base] = [new \ReflectionProperty($base, 'file'), new \ReflectionProperty($base, 'line')];
        }
    }

    /**
     * Gives $e the file and line of the innermost user frame (outside the
     * model's sources), as for an exception thrown by an internal function.
     * Only the error paths pay for it.
     *
     * @template T of \Throwable
     * @param T $e
     * @return T
     */
    public static function at(\Throwable $e): \Throwable
    {
        foreach (\debug_backtrace(\DEBUG_BACKTRACE_IGNORE_ARGS) as $frame) {
            if (isset($frame['file']) && !\str_starts_with($frame['file'], self::$dir)) {
                [$file, $line] = self::$location[$e instanceof \Exception ? \Exception::class : \Error::class];
                $file->setValue($e, $frame['file']);
                $line->setValue($e, $frame['line'] ?? 0);
                break;
            }
        }
        return $e;
    }

    /**
     * An E_WARNING as PHP raises it from internal code at $file:$line: the
     * user error handler first, else display and log as php.ini says.
     */
    public static function warn(string $message, string $file, int $line): void
    {
        $handler = \set_error_handler(static fn () => false);
        \restore_error_handler();
        if ($handler !== null && $handler(\E_WARNING, $message, $file, $line) !== false) {
            return;
        }
        if (!(\error_reporting() & \E_WARNING)) {
            return;
        }
        if (\filter_var(\ini_get('log_errors'), \FILTER_VALIDATE_BOOLEAN)) {
            \error_log("PHP Warning:  {$message} in {$file} on line {$line}");
        }
        $display = \strtolower((string) \ini_get('display_errors'));
        if ($display === 'stderr') {
            \fwrite(\STDERR, "Warning: {$message} in {$file} on line {$line}\n");
        } elseif ($display === 'stdout' || \filter_var($display, \FILTER_VALIDATE_BOOLEAN)) {
            echo \ini_get('error_prepend_string'), "\nWarning: {$message} in {$file} on line {$line}\n",
                \ini_get('error_append_string');
        }
    }

    /** The script is ending because of a fatal error (an uncaught exception included). */
    public static function fatalErrorHappened(): bool
    {
        $e = \error_get_last();
        return $e !== null && ($e['type'] & (\E_ERROR | \E_PARSE | \E_CORE_ERROR | \E_COMPILE_ERROR | \E_USER_ERROR | \E_RECOVERABLE_ERROR)) !== 0;
    }

    /** zend_zval_type_name(): "int", "null", a class name, "resource"... */
    public static function typeName(mixed $v): string
    {
        if (\is_object($v)) {
            return \get_class($v);
        }
        if (\is_resource($v) || \gettype($v) === 'resource (closed)') {
            return 'resource';
        }
        return \get_debug_type($v);
    }
}
