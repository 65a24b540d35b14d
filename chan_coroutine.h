/*
 * chan_coroutine.h - the verbs of Chan\Coroutine that other features reuse
 * (the sleep hooks): a feature above the scheduler core.
 */
#ifndef CHAN_COROUTINE_H
#define CHAN_COROUTINE_H

#include "chan_scheduler.h"

/* Runs the others queued before the current context (Coroutine::yield()). */
void chan_yield(void);
/* Parks the current context for seconds >= 0 (INF: until woken by a
 * cancellation or a deadlock); 0 yields. */
void chan_sleep(double seconds);

#endif
