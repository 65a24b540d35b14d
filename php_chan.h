#ifndef PHP_CHAN_H
#define PHP_CHAN_H

#include "php.h"
#include "chan_compat.h"

#define PHP_CHAN_VERSION "0.1.0"

extern zend_module_entry chan_module_entry;
#define phpext_chan_ptr &chan_module_entry

#if defined(ZTS) && defined(COMPILE_DL_CHAN)
ZEND_TSRMLS_CACHE_EXTERN()
#endif

/* Class entries, registered in chan.c from the generated arginfo. */
extern zend_class_entry *chan_ce_channel;
extern zend_class_entry *chan_ce_channel_iterator;
extern zend_class_entry *chan_ce_waitgroup;
extern zend_class_entry *chan_ce_coroutine;
extern zend_class_entry *chan_ce_error;
extern zend_class_entry *chan_ce_deadlock_error;
extern zend_class_entry *chan_ce_exception;
extern zend_class_entry *chan_ce_closed_exception;
extern zend_class_entry *chan_ce_timeout_exception;
extern zend_class_entry *chan_ce_cancelled_exception;
extern zend_class_entry *chan_ce_group;
extern zend_class_entry *chan_ce_shared_channel;

/* Per concern: attach handlers to the class entries made in chan.c. */
void chan_scheduler_minit(void);
void chan_channel_minit(void);
void chan_waitgroup_minit(void);
void chan_group_minit(void);
void chan_io_minit(void);
void chan_shared_minit(void);
void chan_signal_minit(void);
void chan_signal_rshutdown(void);
/* What waitReadable()/waitWritable() accept in this build, for phpinfo(). */
const char *chan_io_kinds(void);
void chan_io_mshutdown(void);

void chan_scheduler_mshutdown(void);
void chan_scheduler_rinit(void);
void chan_scheduler_rshutdown(void);

#endif
