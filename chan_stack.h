/*
 * chan_stack.h - C stacks for coroutines, carved out of slabs.
 *
 * Policy. PHP gives every Fiber its own mapping plus a guard page: two
 * entries in the process's memory map each, so vm.max_map_count (65530)
 * stops a process near 32,000 fibers, and every fiber pays for mmap,
 * mprotect and munmap. Here one anonymous mapping (MAP_NORESERVE: only
 * touched pages cost memory) holds many stacks of chan.stack_size bytes, so
 * a million coroutines need a few thousand mappings. Stacks are reused last
 * in, first out (their pages are warm); up to 16 slabs whose stacks are all
 * free stay mapped for the next coroutines, and any more are unmapped, so
 * memory goes back to the system after a burst. At the end of a request all
 * slabs are unmapped but one, which keeps its first 8 stacks warm for the
 * next request (not under ZTS: see CHAN_SLAB_KEEP_REQUESTS).
 *
 * Overflow. Below every stack lie guard pages made with MADV_GUARD_INSTALL
 * (Linux 6.13+), which fault like PROT_NONE without splitting the mapping.
 * On older kernels mprotect() makes them, at the price of two map entries
 * per stack. A fault in a guard page ends the process with a fatal error
 * naming the coroutine (SIGSEGV handler on an alternate signal stack)
 * (chan_overflow_message() in the scheduler) instead of running into the
 * neighbouring stack; other faults go to the handler that was there before.
 *
 * Only where PHP's fiber switching is boost.context (make_fcontext, exported
 * by the PHP binary) can a context be made on memory of our choosing; other
 * builds (Windows, ucontext) keep zend_fiber_init_context()'s stacks and
 * CHAN_OWN_STACKS is left undefined.
 */
#ifndef CHAN_STACK_H
#define CHAN_STACK_H

#include "php.h"
#include "zend_fibers.h"

#if !defined(PHP_WIN32) && !defined(ZEND_FIBER_UCONTEXT) && defined(__linux__)
#define CHAN_OWN_STACKS 1
#endif

/* chan.stack_size: bounds and default, in bytes. */
#define CHAN_STACK_MIN     (64 * 1024)
#define CHAN_STACK_MAX     (256 * 1024 * 1024)
#define CHAN_STACK_DEFAULT "256K"

extern TSRM_TLS size_t chan_stack_size; /* chan.stack_size, page-rounded; per thread under ZTS */

#ifdef CHAN_OWN_STACKS

typedef struct chan_stack chan_stack;

/* A free stack, or NULL with an exception thrown. Its usable memory is
 * [chan_stack_low(st), (char *) st): the handle sits at the very top. */
chan_stack *chan_stack_get(void);
void chan_stack_put(chan_stack *st);
char *chan_stack_low(const chan_stack *st);

/* End of request, every stack unused: all slabs are unmapped but one, kept
 * with a few warm stacks for the next request (NTS). */
void chan_stack_request_end(void);
/* Unmaps every slab: after a fatal error (stacks still in use) and at
 * module shutdown. */
void chan_stack_release_all(void);

#endif

/* memory_limit. A coroutine's stack lives outside the Zend heap, so each
 * live coroutine is charged CHAN_CORO_CHARGE bytes (the page it keeps
 * resident when parked: its worker, first VM stack page and C frames) to
 * the Zend memory manager, from go() until it ends. The charge is made of
 * blocks emalloc'd and never touched (so they cost no resident memory), one
 * per CHAN_CHARGE_BLOCK bytes of charge, with one spare kept to avoid
 * allocating at a boundary: memory_get_usage() sees parked coroutines, and
 * going over memory_limit is PHP's usual "Allowed memory size ... exhausted"
 * fatal error, raised by the memory manager inside go(). */
#define CHAN_CORO_CHARGE  4096
#define CHAN_CHARGE_BLOCK (256 * 1024)
extern TSRM_TLS size_t chan_charged, chan_charge_room, chan_charge_floor;
void chan_charge_grow(void);
void chan_charge_shrink(void);
static zend_always_inline void chan_charge_add(void)
{
	if (UNEXPECTED((chan_charged += CHAN_CORO_CHARGE) > chan_charge_room)) {
		chan_charge_grow(); /* may end the script: PHP's memory_limit fatal error */
	}
}
static zend_always_inline void chan_charge_remove(void)
{
	if (UNEXPECTED((chan_charged -= CHAN_CORO_CHARGE) < chan_charge_floor)) {
		chan_charge_shrink();
	}
}
/* End of request: gives the blocks back (charge already zero, or not). */
void chan_charge_release(void);

/* The message for a coroutine that overflowed its C stack, given by the
 * scheduler, which knows what runs (the allocator calls nothing above it).
 * It is called in the SIGSEGV handler, on the alternate signal stack: it
 * may read state and must allocate nothing. */
void chan_stack_on_overflow(void (*message)(char *buf, size_t len));

void chan_stack_mshutdown(void);
ZEND_INI_MH(chan_ini_stack_size);

#endif
