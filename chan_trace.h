/*
 * chan_trace.h - what every context waits on, and where: the report of the
 * deadlock error and of the warning at script end, and the backtraces of
 * Coroutine::trace(). A feature above the scheduler core: chan_trace_minit()
 * gives the core its report (chan_report_with()).
 */
#ifndef CHAN_TRACE_H
#define CHAN_TRACE_H

void chan_trace_minit(void);

#endif
