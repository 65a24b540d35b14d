/*
 * chan_sockets.h - ext-sockets' Socket objects, for chan_io.c (their
 * descriptor) and chan_hook_sockets.c (their descriptor and blocking
 * mode). chan does not link against ext/sockets and loads without it: the
 * layout of php_socket comes from ext-sockets' own header of the PHP chan
 * is built for (CHAN_HAVE_SOCKETS where the header is there), and a Socket
 * is recognised at run time by its class.
 */
#ifndef CHAN_SOCKETS_H
#define CHAN_SOCKETS_H

#include "php.h"

/* The header keeps its declarations behind HAVE_SOCKETS, which a phpize
 * build of chan does not have. */
#if defined(__has_include)
#if __has_include("ext/sockets/php_sockets.h")
#ifndef HAVE_SOCKETS
#define HAVE_SOCKETS 1
#endif
#include "ext/sockets/php_sockets.h"
#define CHAN_HAVE_SOCKETS 1
#endif
#endif

#ifdef CHAN_HAVE_SOCKETS
/* obj's php_socket when it is an ext-sockets Socket, else NULL. */
static zend_always_inline php_socket *chan_socket_of(zend_object *obj)
{
	if (obj->ce->type != ZEND_INTERNAL_CLASS || !zend_string_equals_literal(obj->ce->name, "Socket")) {
		return NULL;
	}
	return (php_socket *) ((char *) obj - offsetof(php_socket, std));
}
#endif

#endif
