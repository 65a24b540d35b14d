/*
 * chan_local.h - Coroutine::local(): each context's own ArrayObject, made
 * on first use and released when the context ends. A feature above the
 * scheduler core (a listener on the coroutine's end).
 */
#ifndef CHAN_LOCAL_H
#define CHAN_LOCAL_H

void chan_local_minit(void);
/* Releases main's values (a coroutine's go when it ends). */
void chan_local_rshutdown(void);

#endif
