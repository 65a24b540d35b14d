<?php
// Prepended (auto_prepend_file) to every php-src test in pass (c) of
// tests/phpsrc/run.sh: a coroutine lives beside main from the first line of
// the test to its end, so every hooked call main makes (sleep(), a read on a
// blocking socket, ...) parks main instead of blocking the process, and the
// coroutine wakes every 10 ms meanwhile. It prints nothing.
//
// It leaves no trace a test could see: no object (a Closure or a Channel
// would shift the #N of every object a test var_dump()s), no global
// variable, no class; only the two functions below. It ends at script end:
// the shutdown function registered here runs before Chan's own drain (go()
// registers that one after it), raises the flag, and the drain then waits at
// most 10 ms for the coroutine to see it. exit() and fatal errors end it as
// they end every coroutine.

function chan_phpsrc_beside_stop(bool $stop = false): bool
{
	static $stopped = false;
	return $stopped = $stopped || $stop;
}

function chan_phpsrc_beside(): void
{
	while (!chan_phpsrc_beside_stop()) {
		Chan\Coroutine::sleep(0.01);
	}
}

register_shutdown_function('chan_phpsrc_beside_stop', true);
Chan\go('chan_phpsrc_beside');
