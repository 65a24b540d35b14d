<?php
/**
 * The exception hierarchy of SPEC.md, in the model's namespace.
 *
 *   Error            extends \Error             misuse: nested run, foreign Fiber, negative counter
 *   DeadlockError    extends Error
 *   Exception        extends \RuntimeException
 *   ClosedException  extends Exception
 *   TimeoutException extends Exception
 *
 * Messages are the extension's, word for word (they name "Chan\..." classes,
 * not "PurePhp\Chan\..."), so traces of the two can be compared after mapping
 * the class names only.
 */

declare(strict_types=1);

namespace PurePhp\Chan;

class Error extends \Error {}

class DeadlockError extends Error {}

class Exception extends \RuntimeException {}

class ClosedException extends Exception {}

class TimeoutException extends Exception {}
