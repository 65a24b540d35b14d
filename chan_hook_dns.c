/*
 * chan_hook_dns.c - the family "dns": gethostbyname(), gethostbynamel()
 * and gethostbyaddr() look the name up on a helper thread
 * (chan_offload.h) while the calling context parks, instead of the
 * process.
 *
 * The lookup is the one PHP makes, with the same libc call and flags
 * (gethostbyname_r() for the first two, getnameinfo() with NI_NAMEREQD for
 * the third), so /etc/hosts, nsswitch.conf, IPv6 and failures behave as in
 * PHP; the result is made from it as PHP makes it. What PHP answers
 * without a lookup (a name longer than MAXFQDNLEN, an address that is not
 * one) goes to PHP's own function, with its warning. A parked lookup is a
 * checkpoint: cancellation and deadlines end it with their exceptions (the
 * lookup finishes on its thread, unseen).
 *
 * The lookup of a tcp:// or udp:// connect to a host name is made here too
 * (chan_hook_dns_lookup(), getaddrinfo() as PHP asks it), for
 * chan_hook_stream.c to connect to each address. Not yet: dns_get_record(),
 * checkdnsrr(), getmxrr(), and the lookup of an ssl:// or tls:// connect:
 * they block the process.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_hook.h"
#include "chan_offload.h"

#ifdef CHAN_HAVE_HOOK_DNS

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef MAXFQDNLEN
#define MAXFQDNLEN 255
#endif

/* A lookup, in plain C memory (chan_offload.h). */
typedef struct {
	char *name; /* the host name, or the address's text */
	/* by name */
	bool found;
	size_t naddrs;
	struct in_addr *addrs;
	/* by address */
	struct sockaddr_storage sa;
	socklen_t salen;
	char *host; /* NULL: not found */
	/* for a connect */
	int socktype, family, gai;
	struct sockaddr_storage *sas;
	size_t nsas;
} chan_dns_lookup;

static chan_dns_lookup *chan_dns_new(const char *name)
{
	chan_dns_lookup *l = calloc(1, sizeof(*l));
	if (l && !(l->name = strdup(name))) {
		free(l);
		l = NULL;
	}
	return l;
}

static void chan_dns_free(void *arg)
{
	chan_dns_lookup *l = arg;
	free(l->name);
	free(l->addrs);
	free(l->host);
	free(l->sas);
	free(l);
}

/* On the helper thread: what gethostbyname_r() gives for the name. */
static void chan_dns_by_name(void *arg)
{
	chan_dns_lookup *l = arg;
	struct hostent he, *hp = NULL;
	size_t len = 1024;
	char *buf = NULL;
	int herr = 0, rc;
	for (;;) {
		char *more = realloc(buf, len);
		if (!more) {
			rc = ENOMEM;
			break;
		}
		buf = more;
		rc = gethostbyname_r(l->name, &he, buf, len, &hp, &herr);
		if (rc != ERANGE || len >= (1u << 20)) {
			break;
		}
		len *= 2;
	}
	if (rc == 0 && hp) {
		l->found = true;
		size_t n = 0;
		while (hp->h_addr_list && hp->h_addr_list[n]) {
			n++;
		}
		l->addrs = n ? malloc(n * sizeof(struct in_addr)) : NULL;
		for (size_t i = 0; l->addrs && i < n; i++) {
			memcpy(&l->addrs[i], hp->h_addr_list[i], sizeof(struct in_addr));
		}
		l->naddrs = l->addrs ? n : 0;
	}
	free(buf);
}

/* On the helper thread: the name getnameinfo() gives for the address. */
static void chan_dns_by_addr(void *arg)
{
	chan_dns_lookup *l = arg;
	char out[NI_MAXHOST];
	if (getnameinfo((struct sockaddr *) &l->sa, l->salen, out, sizeof(out), NULL, 0, NI_NAMEREQD) == 0) {
		l->host = strdup(out);
	}
}

/* On the helper thread: the addresses getaddrinfo() gives for a connect. */
static void chan_dns_for_connect(void *arg)
{
	chan_dns_lookup *l = arg;
	struct addrinfo hints, *res = NULL;
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = l->family;
	hints.ai_socktype = l->socktype;
	l->gai = getaddrinfo(l->name, NULL, &hints, &res);
	if (l->gai != 0) {
		return;
	}
	size_t n = 0;
	for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
		n++;
	}
	l->sas = n ? calloc(n, sizeof(struct sockaddr_storage)) : NULL;
	for (struct addrinfo *ai = res; l->sas && ai; ai = ai->ai_next) {
		if (ai->ai_addrlen <= sizeof(struct sockaddr_storage)) {
			memcpy(&l->sas[l->nsas++], ai->ai_addr, ai->ai_addrlen);
		}
	}
	freeaddrinfo(res);
}

int chan_hook_dns_lookup(const char *host, int socktype, struct sockaddr_storage **addrs, size_t *n)
{
	static int ipv6 = -1; /* PHP asks once whether an IPv6 socket can be made; so does the hook */
	if (ipv6 < 0) {
		int s = socket(PF_INET6, SOCK_DGRAM, 0);
		ipv6 = s >= 0;
		if (s >= 0) {
			close(s);
		}
	}
	chan_dns_lookup *l = chan_dns_new(host);
	if (!l) {
		return EAI_MEMORY;
	}
	l->socktype = socktype;
	l->family = ipv6 ? AF_UNSPEC : AF_INET;
	if (!chan_offload(chan_dns_for_connect, l, chan_dns_free)) {
		return -1;
	}
	int gai = l->gai;
	*addrs = l->sas;
	*n = l->nsas;
	l->sas = NULL;
	chan_dns_free(l);
	return gai;
}

/* The host name argument as PHP reads it, when PHP would look it up. */
static const char *chan_dns_name_arg(zend_execute_data *execute_data)
{
	zval *z = ZEND_NUM_ARGS() == 1 ? ZEND_CALL_ARG(execute_data, 1) : NULL;
	if (!z || Z_TYPE_P(z) != IS_STRING || Z_STRLEN_P(z) > MAXFQDNLEN || strlen(Z_STRVAL_P(z)) != Z_STRLEN_P(z)) {
		return NULL; /* PHP's own: coercion, its errors and warnings, no lookup */
	}
	return Z_STRVAL_P(z);
}

/* The lookup by name of a hooked call, made; NULL when the call is over
 * already: PHP's own function ran (nothing to look up here), or the wait
 * was ended (thrown). */
static chan_dns_lookup *chan_dns_call_by_name(INTERNAL_FUNCTION_PARAMETERS, zif_handler prev)
{
	const char *name = chan_hook_active(CHAN_HOOK_DNS) ? chan_dns_name_arg(execute_data) : NULL;
	chan_dns_lookup *l = name ? chan_dns_new(name) : NULL;
	if (!l) {
		prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return NULL;
	}
	return chan_offload(chan_dns_by_name, l, chan_dns_free) ? l : NULL;
}

static zif_handler chan_gethostbyname_prev;
static ZEND_NAMED_FUNCTION(chan_hook_gethostbyname)
{
	chan_dns_lookup *l = chan_dns_call_by_name(INTERNAL_FUNCTION_PARAM_PASSTHRU, chan_gethostbyname_prev);
	if (!l) {
		return;
	}
	char text[INET_ADDRSTRLEN];
	if (l->found && l->naddrs > 0 && inet_ntop(AF_INET, &l->addrs[0], text, sizeof(text))) {
		RETVAL_STRING(text);
	} else {
		RETVAL_STRING(l->name); /* not found: PHP gives the name back */
	}
	chan_dns_free(l);
}

static zif_handler chan_gethostbynamel_prev;
static ZEND_NAMED_FUNCTION(chan_hook_gethostbynamel)
{
	chan_dns_lookup *l = chan_dns_call_by_name(INTERNAL_FUNCTION_PARAM_PASSTHRU, chan_gethostbynamel_prev);
	if (!l) {
		return;
	}
	if (!l->found) {
		RETVAL_FALSE;
	} else {
		array_init(return_value);
		for (size_t i = 0; i < l->naddrs; i++) {
			char text[INET_ADDRSTRLEN];
			if (inet_ntop(AF_INET, &l->addrs[i], text, sizeof(text))) {
				add_next_index_string(return_value, text);
			}
		}
	}
	chan_dns_free(l);
}

static zif_handler chan_gethostbyaddr_prev;
static ZEND_NAMED_FUNCTION(chan_hook_gethostbyaddr)
{
	const char *ip = chan_hook_active(CHAN_HOOK_DNS) ? chan_dns_name_arg(execute_data) : NULL;
	chan_dns_lookup *l = ip ? chan_dns_new(ip) : NULL;
	if (l) { /* an IPv6 address first, as PHP tries them */
		struct sockaddr_in6 *sa6 = (struct sockaddr_in6 *) &l->sa;
		struct sockaddr_in *sa4 = (struct sockaddr_in *) &l->sa;
		if (inet_pton(AF_INET6, ip, &sa6->sin6_addr) == 1) {
			sa6->sin6_family = AF_INET6;
			l->salen = sizeof(*sa6);
		} else if (inet_pton(AF_INET, ip, &sa4->sin_addr) == 1) {
			sa4->sin_family = AF_INET;
			l->salen = sizeof(*sa4);
		}
	}
	if (!l || !l->salen) { /* not an address: PHP's own warning */
		if (l) {
			chan_dns_free(l);
		}
		chan_gethostbyaddr_prev(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	if (!chan_offload(chan_dns_by_addr, l, chan_dns_free)) {
		return; /* thrown */
	}
	RETVAL_STRING(l->host ? l->host : ip); /* not found: PHP gives the address back */
	chan_dns_free(l);
}

static const chan_wrapped_function chan_dns_calls[] = {
    {"gethostbyname", chan_hook_gethostbyname, &chan_gethostbyname_prev},
    {"gethostbynamel", chan_hook_gethostbynamel, &chan_gethostbynamel_prev},
    {"gethostbyaddr", chan_hook_gethostbyaddr, &chan_gethostbyaddr_prev},
};

void chan_hook_dns_minit(void)
{
	chan_wrap_functions(chan_dns_calls, sizeof(chan_dns_calls) / sizeof(chan_dns_calls[0]));
}

void chan_hook_dns_mshutdown(void)
{
	chan_unwrap_functions(chan_dns_calls, sizeof(chan_dns_calls) / sizeof(chan_dns_calls[0]));
}

#else

void chan_hook_dns_minit(void)
{
}

void chan_hook_dns_mshutdown(void)
{
}

#endif
