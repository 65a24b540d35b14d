dnl config.m4 for extension chan

PHP_ARG_ENABLE([chan],
  [whether to enable chan support],
  [AS_HELP_STRING([--enable-chan], [Enable Go-style coroutine channels])],
  [no])

PHP_ARG_ENABLE([chan-dev],
  [whether to build chan for development],
  [AS_HELP_STRING([--enable-chan-dev], [chan: -O0 -g, assertions, -Wall -Wextra -Werror])],
  [no], [no])

PHP_ARG_ENABLE([chan-sanitizers],
  [whether to build chan with ASan and UBSan],
  [AS_HELP_STRING([--enable-chan-sanitizers], [chan: -fsanitize=address,undefined (run PHP with LD_PRELOAD of libasan)])],
  [no], [no])

if test "$PHP_CHAN" != "no"; then
  dnl The minimum PHP, as in package.xml, composer.json and chan.stub.php.
  chan_php_vernum=`$PHP_CONFIG --vernum 2>/dev/null`
  if test -n "$chan_php_vernum" && test "$chan_php_vernum" -lt 80200; then
    AC_MSG_ERROR([chan needs PHP 8.2 or later (this is $chan_php_vernum)])
  fi
  CHAN_CFLAGS="-std=gnu11 -fvisibility=hidden -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers -DZEND_ENABLE_STATIC_TSRMLS_CACHE=1"
  if test "$PHP_CHAN_DEV" != "no"; then
    CHAN_CFLAGS="$CHAN_CFLAGS -O0 -g -Werror -DCHAN_DEBUG=1"
  fi
  if test "$PHP_CHAN_SANITIZERS" != "no"; then
    CHAN_CFLAGS="$CHAN_CFLAGS -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined"
    PHP_ADD_LIBRARY(asan, 1, CHAN_SHARED_LIBADD)
    PHP_ADD_LIBRARY(ubsan, 1, CHAN_SHARED_LIBADD)
  fi

  dnl Optional: lets coroutine stacks be registered with valgrind.
  AC_CHECK_HEADERS([valgrind/valgrind.h])
  AC_CHECK_HEADERS([stdatomic.h], [], [AC_MSG_ERROR([chan needs a C11 compiler with <stdatomic.h>])])
  PHP_ADD_LIBRARY(pthread, 1, CHAN_SHARED_LIBADD)
  PHP_SUBST(CHAN_SHARED_LIBADD)

  PHP_NEW_EXTENSION(chan,
    chan.c chan_scheduler.c chan_coroutine.c chan_stack.c chan_loop.c chan_poll_epoll.c chan_poll_poll.c chan_io.c chan_channel.c chan_timer.c chan_signal.c chan_select.c chan_waitgroup.c chan_group.c chan_cancel.c chan_local.c chan_trace.c chan_shared.c chan_hook.c chan_hook_sleep.c chan_hook_stream.c chan_hook_select.c chan_hook_sockets.c chan_hook_process.c chan_hook_dns.c chan_offload.c chan_lockfree.c chan_mutex.c,
    $ext_shared, , $CHAN_CFLAGS)
fi
