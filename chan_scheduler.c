/*
 * chan_scheduler.c - run queue, switching, teardown, and the verbs that
 * chan_coroutine.c (Chan\go, Chan\run, Chan\Coroutine) calls. The design
 * is described in chan_scheduler.h.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_compat.h"
#include "chan_scheduler.h"
#include "chan_stack.h"
#include "chan_loop.h"
#include "zend_exceptions.h"
#include "zend_observer.h"
#include "zend_builtin_functions.h"
#include "ext/standard/basic_functions.h"

#ifdef PHP_WIN32
#include <windows.h>
#else
#include <time.h>
#endif

/* A C stack with its VM stack: coroutines run on workers, one at a time;
 * a worker whose coroutine ended runs the next new one or waits idle.
 * With our own stacks the worker lives at the top of its C stack, above the
 * first page of its VM stack, so a parked coroutine's frames, VM and C,
 * usually share one page of memory. */
typedef struct chan_worker {
	zend_fiber_context ctx; /* first: the context is the worker */
	zend_vm_stack vm_stack;
	struct chan_worker *next;
#ifdef CHAN_OWN_STACKS
	chan_stack *stack;
	char *stack_low;
	zend_vm_stack first_page; /* embedded below the worker, not emalloc'd */
#endif
} chan_worker;

/* The first VM stack page: room for a coroutine's function and a few calls
 * below it; deeper calls get ZEND_FIBER_VM_STACK_SIZE pages on demand. With
 * the ~1.3 KB of C frames of a coroutine parked in pop() (gcc -O2) and the
 * worker, it still fits in the stack's top page: 2560 would not. */
#define CHAN_VM_FIRST_PAGE 2048

/* Where the worker, the first VM page and the C frames start within their
 * cache lines decides how many lines a resume touches: the worker and the
 * top of the C stack sit on 64-byte boundaries (benchmarks/REPORT.md, issue
 * 16). Moving the first VM page 48 bytes further down measured a few
 * simulated misses fewer, but it left a dev build (-O0) on PHP 8.4 with its
 * C frames 16 bytes past the top page: one more page, 4 KiB of RSS, per
 * parked coroutine. So no skew: the top page's room for C frames comes
 * first. */
#define CHAN_VM_FIRST_PAGE_SKEW 0

typedef struct chan_sched {
	chan_coro main;
	chan_coro *current;
	chan_coro *runq_head, *runq_tail;
	chan_coro *live; /* every coroutine not yet dead, main excluded */
	chan_coro *destroyer;
	zend_long next_id, peak, spawned; /* live: chan_live_count */
	uint64_t switches;
	zend_object *abort_ex;  /* escaped a coroutine; main rethrows it */
	zend_object *signal_ex; /* thrown by a signal handler (chan_interrupt()) */
	chan_wake pending;      /* what a dying coroutine hands to main */
	chan_worker *idle;      /* contexts waiting for a coroutine to run */
	uint32_t idle_len;
	chan_worker *dead_worker; /* freed once its context is surely gone */
	chan_worker *dying;       /* own stacks: ended; freed where it switched to */
	HashTable *by_id;         /* live coroutines by id, made on first lookup */
	/* The files coroutines were created in, one reference each for the
	 * request (an eval()'s or an include's name goes with its code), so a
	 * coroutine borrows its own: nothing to release when it ends. */
	HashTable *created_files;
	zend_string *created_last;
	bool in_run, exiting, shutdown, drain_registered;
} chan_sched;

/* Idle contexts kept for reuse: each holds a C stack and a VM stack page,
 * so a coroutine that needs a context while one is idle makes none. On our
 * own stacks none are kept: a context is made on a warm stack from the slabs
 * as cheaply as an idle one is resumed (measured), and idle ones would keep
 * their slabs from being unmapped after a burst. */
#ifdef CHAN_OWN_STACKS
#define CHAN_IDLE_MAX 0
#else
#define CHAN_IDLE_MAX 64
#endif

ZEND_TLS chan_sched S;
TSRM_TLS zend_long chan_live_count;

#ifdef __GNUC__
_Static_assert(offsetof(chan_coro, by_deadline) < 64, "chan_coro's hot fields must fit in its first cache line");
#endif

TSRM_TLS zend_long chan_max_coroutines;

/* Bottom frame of every coroutine's VM stack; never called. */
static zend_function chan_coro_frame_func = {ZEND_INTERNAL_FUNCTION};

/* Identifies our contexts to fiber observers. */
static const char chan_coro_kind = 0;

/* --- run queue -------------------------------------------------------- */

/* Returns whether the queue was empty: co runs next. */
static zend_always_inline bool runq_push(chan_coro *co)
{
	co->next = NULL;
	chan_coro *tail = S.runq_tail;
	S.runq_tail = co;
	if (tail) {
		tail->next = co;
		return false;
	}
	S.runq_head = co;
	return true;
}

static zend_always_inline chan_coro *runq_shift(void)
{
	chan_coro *co = S.runq_head;
	if (co) {
		S.runq_head = co->next;
		if (!S.runq_head) {
			S.runq_tail = NULL;
		}
	}
	return co;
}

/* Only on the rare paths (abort, exit): the queue is singly linked. */
static void runq_remove(chan_coro *co)
{
	chan_coro **link = &S.runq_head, *prev = NULL;
	while (*link && *link != co) {
		prev = *link;
		link = &(*link)->next;
	}
	if (*link) {
		*link = co->next;
		if (S.runq_tail == co) {
			S.runq_tail = prev;
		}
	}
}

/* A hint to fetch the line at p (read or written soon); never faults. */
#if defined(__GNUC__) || defined(__clang__)
#define CHAN_PREFETCH(p) __builtin_prefetch((const void *) (p), 1, 3)
#else
#define CHAN_PREFETCH(p) ((void) 0)
#endif

/* Below this many live coroutines what a switch touches stays in the caches
 * (15 to 25 lines each: 32 of them fill this CPU's 32 KiB L1 data cache) and
 * chan_switch()'s prefetches would cost their instructions for nothing. */
#define CHAN_PREFETCH_MIN_LIVE 32
#define CHAN_PREFETCHING()     (chan_live_count >= CHAN_PREFETCH_MIN_LIVE)

/* --- waking and parking ----------------------------------------------- */

static void chan_unlink_waits(chan_coro *co)
{
	for (uint32_t i = 0; i < co->nwaits; i++) {
		if (co->waits[i].q) {
			chan_waitq_remove(&co->waits[i]);
		}
	}
	if (co->timer) {
		chan_timer_remove(co);
	}
}

void chan_wakeup(chan_coro *co, chan_wake why, chan_waiter *fired)
{
	CHAN_ASSERT(co->state == CHAN_CORO_PARKED);
	chan_unlink_waits(co);
	co->fired = fired ? fired->index : 0;
	co->wake = why;
	co->state = CHAN_CORO_RUNNABLE;
	/* When the run queue was empty (a hand-off through a channel) co runs
	 * next: stage (2) of chan_switch()'s prefetching, early. Behind others,
	 * stages (1) and (2) reach it in turn. */
	if (runq_push(co) && CHAN_PREFETCHING()) {
		CHAN_PREFETCH(co->context);
		CHAN_PREFETCH(co->frame);
	}
}

bool chan_others_runnable(void)
{
	return S.runq_head != NULL;
}

chan_coro *chan_current(void)
{
	return S.current;
}

#ifdef CHAN_OWN_STACKS
static void chan_worker_reap(void);
#endif

/* Switching to a coroutine that ran long ago touches a dozen cache lines of
 * its memory that are cold once coroutines are many, one after the other,
 * and the first of them usually misses the TLB too. They are prefetched a
 * switch ahead, in stages, as each address becomes known without waiting:
 * (1) when a switch is decided, the chan_coro of the new head of the run
 * queue, the coroutine that will most likely run after the one switched to;
 * (2) once switched to, that head's worker (the context, and with it the
 * stack's top page into the TLB) and the VM frame it parked in, both
 * addresses read from the line (1) fetched; (3) at the next switch, when the
 * head is about to be resumed, the lines of its C stack from its saved stack
 * pointer up (8 lines: boost.context's saved registers, the VM state
 * zend_fiber_switch_context() saved in its frame, the frames on the way back
 * up to the VM), read from the worker line (2) fetched. Prefetches change no
 * order and cannot fault; with few coroutines they are skipped
 * (CHAN_PREFETCH_MIN_LIVE). */
static zend_always_inline void chan_prefetch_stack(zend_fiber_context *ctx)
{
	const char *sp = (const char *) ((uintptr_t) ctx->handle & ~(uintptr_t) 63);
	CHAN_PREFETCH(sp);
	CHAN_PREFETCH(sp + 64);
	CHAN_PREFETCH(sp + 128);
	CHAN_PREFETCH(sp + 192);
	CHAN_PREFETCH(sp + 256);
	CHAN_PREFETCH(sp + 320);
	CHAN_PREFETCH(sp + 384);
	CHAN_PREFETCH(sp + 448);
}

static zend_always_inline void chan_switch(chan_coro *to)
{
	zend_fiber_transfer transfer = {.context = to->context, .flags = 0};
	ZVAL_NULL(&transfer.value);
	to->state = CHAN_CORO_RUNNING;
	S.current = to;
	S.switches++;
	if (CHAN_PREFETCHING()) {
		chan_prefetch_stack(to->context); /* (3) */
		CHAN_PREFETCH(S.runq_head);       /* (1) (NULL: a no-op) */
	}
	zend_fiber_switch_context(&transfer);
#ifdef CHAN_OWN_STACKS
	if (UNEXPECTED(S.dying)) {
		chan_worker_reap();
	}
#endif
	if (CHAN_PREFETCHING()) {
		chan_coro *head = S.runq_head;
		if (head && head->context) { /* (2) */
			CHAN_PREFETCH(head->context);
			CHAN_PREFETCH(head->frame);
		}
	}
}

/* A signal came while every context waited: the loop's wait ended (EINTR)
 * and PHP asks for its interrupt (pcntl_async_signals(true) handlers). They
 * run now, as the VM would have run them at its next instruction, on the
 * stack of the context that waits in the loop; what they throw, that
 * context's waiting call throws (CHAN_WAKE_SIGNAL). A handler cannot wait
 * (pcntl blocks fiber switches while it runs: chan_can_block() says no).
 * max_execution_time's interrupt is left for the VM. */
static void chan_interrupt(void)
{
	if (!zend_interrupt_function || zend_atomic_bool_load_ex(&EG(timed_out))) {
		return;
	}
	zend_atomic_bool_store_ex(&EG(vm_interrupt), false);
	zend_interrupt_function(EG(current_execute_data));
	if (UNEXPECTED(EG(exception))) {
		zend_object *ex = EG(exception);
		GC_ADDREF(ex);
		zend_clear_exception();
		if (S.signal_ex) { /* not taken yet (it cannot be: the taker runs before the loop waits again) */
			zend_exception_set_previous(ex, S.signal_ex);
		}
		S.signal_ex = ex;
		if (S.current->state == CHAN_CORO_PARKED) {
			chan_wakeup(S.current, CHAN_WAKE_SIGNAL, NULL);
		}
	}
}

/* The context to run after the current one gives up the CPU: the head of
 * the run queue, after waiting for timers or I/O if need be. The event loop
 * is looked at on every pick (due timers as Go does, descriptors every few
 * dozen picks), so a busy run queue cannot starve a sleeper or a ready
 * stream. When nothing can ever run, main is woken with a deadlock (main
 * itself included). */
static chan_coro *chan_pick_next(void)
{
	for (;;) {
		chan_loop_tick();
		chan_coro *next = runq_shift();
		if (next) {
			return next;
		}
		if (chan_loop_block()) {
			if (UNEXPECTED(zend_atomic_bool_load_ex(&EG(vm_interrupt)))) {
				chan_interrupt();
			}
			continue;
		}
		CHAN_ASSERT(S.main.state == CHAN_CORO_PARKED);
		chan_wakeup(&S.main, CHAN_WAKE_DEADLOCK, NULL);
	}
}

static bool chan_bind(chan_coro *co);
static void chan_switch_first(chan_coro *to);

/* Gives up the CPU; returns once this context has been picked again. */
static void chan_schedule(void)
{
	chan_coro *self = S.current;
	chan_coro *next;
	self->frame = EG(current_execute_data);
	while ((next = chan_pick_next()) != self && UNEXPECTED(!next->context)) {
		if (chan_bind(next)) {
			chan_switch_first(next); /* the only switch to a context that never ran */
			return;
		}
	}
	if (next != self) {
		chan_switch(next);
	} else {
		self->state = CHAN_CORO_RUNNING;
	}
}

/* withTimeout()'s deadline, when it comes before the caller's own timeout,
 * becomes the timer: its expiry wakes the caller with CHAN_WAKE_DEADLINE. */
static double chan_deadline_timeout(chan_coro *self, double timeout)
{
	uint64_t now = chan_now_ns();
	double left = self->deadline > now ? (double) (self->deadline - now) / 1e9 : 0;
	if (timeout < 0 || left < timeout) {
		self->by_deadline = true;
		return left;
	}
	return timeout;
}

chan_wake chan_wait(chan_waiter *w, uint32_t n, double timeout)
{
	chan_coro *self = S.current;
	self->waits = w;
	self->nwaits = n;
	self->wake = CHAN_WAKE_NONE;
	if (UNEXPECTED(self->deadline)) {
		timeout = chan_deadline_timeout(self, timeout);
	}
	if (timeout >= 0) {
		chan_timer_add(self, timeout);
	}
	self->state = CHAN_CORO_PARKED;
	chan_schedule();
	self->waits = NULL;
	self->nwaits = 0;
	if (UNEXPECTED(self->by_deadline)) {
		self->by_deadline = false;
		if (self->wake == CHAN_WAKE_TIMEOUT) {
			return CHAN_WAKE_DEADLINE;
		}
	}
	return (chan_wake) self->wake;
}

bool chan_can_block(void)
{
	const char *why = NULL;
	if (UNEXPECTED(EG(active_fiber))) {
		why = "Cannot block inside a Fiber that the Chan scheduler does not own";
	} else if (UNEXPECTED(chan_switch_forbidden())) {
		why = "Cannot switch coroutines in the current execution context";
	} else if (UNEXPECTED(S.current->state != CHAN_CORO_RUNNING || S.current->wake == CHAN_WAKE_DESTROY)) {
		why = "Cannot block in a coroutine that is being destroyed";
	} else if (UNEXPECTED(S.shutdown)) {
		why = "Cannot block after the Chan scheduler has shut down";
	} else {
		return true;
	}
	zend_throw_error(chan_ce_error, "%s", why);
	return false;
}

bool chan_may_switch_slow(void)
{
	return !EG(active_fiber) && !chan_switch_forbidden() && S.current->state == CHAN_CORO_RUNNING &&
	       S.current->wake != CHAN_WAKE_DESTROY && !S.shutdown;
}

bool chan_timeout_seconds(uint32_t arg, double seconds, double *out)
{
	if (UNEXPECTED(!(seconds >= 0))) { /* negative or NAN */
		zend_argument_value_error(arg, "must be null or greater than or equal to 0");
		return false;
	}
	*out = zend_isinf(seconds) ? -1 : seconds;
	return true;
}

/* --- coroutine lifecycle ---------------------------------------------- */

static void chan_live_unlink(chan_coro *co)
{
	chan_charge_remove();
	if (UNEXPECTED(S.by_id)) {
		zend_hash_index_del(S.by_id, (zend_ulong) co->id);
	}

	if (co->live_prev) {
		co->live_prev->live_next = co->live_next;
	} else {
		S.live = co->live_next;
	}
	if (co->live_next) {
		co->live_next->live_prev = co->live_prev;
	}
	chan_live_count--;
}

static void chan_coro_release_call(chan_coro *co)
{
	zval_ptr_dtor(&co->fn);
	ZVAL_UNDEF(&co->fn);
	for (uint32_t i = 0; i < co->argc; i++) {
		zval_ptr_dtor(&co->argv[i]);
	}
	if (co->argv) {
		efree(co->argv);
		co->argv = NULL;
	}
	co->argc = 0;
	if (co->named) {
		zend_array_release(co->named);
		co->named = NULL;
	}
}

static void chan_coro_free(chan_coro *co)
{
	chan_coro_release_call(co);
	zval_ptr_dtor(&co->retval);
	efree(co);
}

/* --- what the features above learn of a coroutine ---------------------- */

#define CHAN_LISTENERS 8
static const chan_coro_listener *chan_listeners[CHAN_LISTENERS];
static uint8_t chan_listener_count;
static void (*chan_reporter)(smart_str *s, bool main_blocked);
static void (*chan_raise_cancelled)(void);

uint8_t chan_coro_listen(const chan_coro_listener *l)
{
	CHAN_ASSERT(chan_listener_count < CHAN_LISTENERS);
	chan_listeners[chan_listener_count] = l;
	return (uint8_t) (1u << chan_listener_count++);
}

void chan_report_with(void (*report)(smart_str *s, bool main_blocked))
{
	chan_reporter = report;
}

void chan_raise_cancelled_with(void (*raise)(void))
{
	chan_raise_cancelled = raise;
}

static void chan_notify_ended(chan_coro *co)
{
	for (uint8_t i = 0; i < chan_listener_count; i++) {
		if ((co->notify & (1u << i)) && chan_listeners[i]->ended) {
			chan_listeners[i]->ended(co);
		}
	}
}

static bool chan_notify_threw(chan_coro *co, zend_object *ex)
{
	for (uint8_t i = 0; i < chan_listener_count; i++) {
		if ((co->notify & (1u << i)) && chan_listeners[i]->threw && chan_listeners[i]->threw(co, ex)) {
			return true;
		}
	}
	return false;
}

/* Frees a coroutine that never ran. run()'s coroutine stays allocated for
 * run() to read and free. */
static void chan_coro_discard(chan_coro *co)
{
	if (co->notify) {
		chan_notify_ended(co);
	}
	chan_live_unlink(co);
	co->state = CHAN_CORO_DEAD;
	if (co->keep_result) {
		chan_coro_release_call(co);
	} else {
		chan_coro_free(co);
	}
}

static ZEND_STACK_ALIGNED void chan_worker_entry(zend_fiber_transfer *transfer);

/* Frees the VM stack pages a worker's coroutines grew into. */
static void chan_worker_free_vm(chan_worker *wk)
{
#ifdef CHAN_OWN_STACKS
	zend_vm_stack keep = wk->first_page;
#else
	zend_vm_stack keep = NULL;
#endif
	zend_vm_stack p = wk->vm_stack;
	while (p && p != keep) {
		zend_vm_stack prev = p->prev;
		efree(p);
		p = prev;
	}
	wk->vm_stack = NULL;
}

#ifdef CHAN_OWN_STACKS

/* A context's first frame, as zend_fiber_init_context() lays it out at the
 * top of the stacks it maps: boost.context's saved registers, whose values
 * are code addresses (PHP's fiber trampoline and boost's own), nothing that
 * points into the stack. Copied to the top of one of our stacks it starts a
 * context there just as well, through PHP's own trampoline, which calls
 * chan_worker_entry(). PHP exports no way to lay out a frame on memory of
 * our choosing (8.6 no longer exports make_fcontext()), so the frame is
 * taken once per thread from a context made and destroyed for the purpose. */
#define CHAN_FRAME_MAX 512
ZEND_TLS struct {
	size_t len;
	char bytes[CHAN_FRAME_MAX];
} chan_frame;

static ZEND_STACK_ALIGNED void chan_frame_probe(zend_fiber_transfer *transfer)
{
	abort(); /* never entered */
}

static bool chan_frame_capture(void)
{
	zend_fiber_context probe;
	memset(&probe, 0, sizeof(probe));
	if (!CHAN_FIBER_INIT_OK(zend_fiber_init_context(&probe, (void *) &chan_coro_kind, chan_frame_probe, 64 * 1024))) {
		return false;
	}
	char *top = chan_fiber_stack_top(&probe);
	size_t len = (size_t) (top - (char *) probe.handle);
	if (len > 0 && len <= CHAN_FRAME_MAX && ((uintptr_t) top & 15) == 0) {
		memcpy(chan_frame.bytes, probe.handle, len);
		chan_frame.len = len;
	}
	zend_fiber_destroy_context(&probe);
	if (!chan_frame.len) {
		zend_throw_error(chan_ce_error, "Cannot start coroutines: unexpected fiber context layout");
		return false;
	}
	return true;
}

/* Worker contexts never reach ZEND_FIBER_STATUS_DEAD: zend_fiber_switch_context
 * would hand them to zend_fiber_destroy_context(), which unmaps stacks it
 * allocated itself. A worker that ends leaves itself in S.dying instead and
 * whoever it switched to frees it. */
static void chan_worker_release(chan_worker *wk)
{
	zend_observer_fiber_destroy_notify(&wk->ctx);
	chan_worker_free_vm(wk);
	chan_stack_put(wk->stack);
}

static void chan_worker_reap(void)
{
	chan_worker *wk = S.dying;
	S.dying = NULL;
	chan_worker_release(wk);
}

static chan_worker *chan_worker_new(void)
{
	if (UNEXPECTED(!chan_frame.len) && !chan_frame_capture()) {
		return NULL;
	}
	chan_stack *st = chan_stack_get();
	if (!st) {
		return NULL;
	}
	/* On a 64-byte boundary: the context's fields a switch touches (handle,
	 * status, top_observed_frame) then share one cache line. */
	chan_worker *wk = (chan_worker *) (((uintptr_t) st - sizeof(chan_worker)) & ~(uintptr_t) 63);
	memset(wk, 0, sizeof(*wk));
	wk->stack = st;
	wk->stack_low = chan_stack_low(st);
	zend_vm_stack page = (zend_vm_stack) ((char *) wk - CHAN_VM_FIRST_PAGE - CHAN_VM_FIRST_PAGE_SKEW);
	page->top = ZEND_VM_STACK_ELEMENTS(page);
	page->end = (zval *) wk;
	page->prev = NULL;
	wk->first_page = page;
	char *top = (char *) ((uintptr_t) page & ~(uintptr_t) 63);
	wk->ctx.handle = memcpy(top - chan_frame.len, chan_frame.bytes, chan_frame.len);
	wk->ctx.kind = (void *) &chan_coro_kind;
	wk->ctx.function = chan_worker_entry;
	wk->ctx.status = ZEND_FIBER_STATUS_INIT;
	zend_observer_fiber_init_notify(&wk->ctx);
	return wk;
}

static zend_vm_stack chan_worker_first_page(chan_worker *wk)
{
	return wk->first_page;
}

/* The worker's last act before its final switch. */
static void chan_worker_end(chan_worker *wk)
{
	wk->vm_stack = EG(vm_stack);
	S.dying = wk;
}

static void chan_worker_destroy(chan_worker *wk)
{
	chan_worker_release(wk);
}

#else

/* Context cleanup, run by whoever switched away from a dead worker.
 * zend_fiber_destroy_context() still reads the context after this returns,
 * so the struct is freed one worker later. */
static void chan_worker_cleanup(zend_fiber_context *context)
{
	chan_worker *wk = (chan_worker *) context;
	chan_worker_free_vm(wk);
	if (S.dead_worker) {
		efree(S.dead_worker);
	}
	S.dead_worker = wk;
}

static chan_worker *chan_worker_new(void)
{
	chan_worker *wk = ecalloc(1, sizeof(chan_worker));
	if (!CHAN_FIBER_INIT_OK(
	        zend_fiber_init_context(&wk->ctx, (void *) &chan_coro_kind, chan_worker_entry, chan_stack_size))) {
		efree(wk);
		return NULL;
	}
	return wk;
}

static zend_vm_stack chan_worker_first_page(chan_worker *wk)
{
	return zend_vm_stack_new_page(ZEND_FIBER_VM_STACK_SIZE, NULL);
}

static void chan_worker_end(chan_worker *wk)
{
	wk->vm_stack = EG(vm_stack);
	wk->ctx.cleanup = chan_worker_cleanup;
}

static void chan_worker_destroy(chan_worker *wk)
{
	wk->ctx.cleanup = chan_worker_cleanup;
	zend_fiber_destroy_context(&wk->ctx);
}

#endif

/* An idle worker, or a new one (NULL with an exception thrown). */
static chan_worker *chan_worker_get(void)
{
	chan_worker *wk = S.idle;
	if (wk) {
		S.idle = wk->next;
		S.idle_len--;
		return wk;
	}
	return chan_worker_new();
}

bool chan_backtrace_name_creator(zval *trace, const chan_coro *co)
{
	zval *last, *fn;
	const zend_function *f = co->fcc.function_handler;
	if (!co->created_file || !f || !f->common.function_name || Z_TYPE_P(trace) != IS_ARRAY ||
	    !(last = zend_hash_index_find(Z_ARRVAL_P(trace), zend_hash_num_elements(Z_ARRVAL_P(trace)) - 1)) ||
	    Z_TYPE_P(last) != IS_ARRAY || zend_hash_exists(Z_ARRVAL_P(last), ZSTR_KNOWN(ZEND_STR_FILE))) {
		return false;
	}
	/* co's own function, not the bottom of a trace made elsewhere (an
	 * exception created by another context and thrown here), as far as
	 * names tell: before PHP 8.4 every closure is "{closure}" */
	fn = zend_hash_find(Z_ARRVAL_P(last), ZSTR_KNOWN(ZEND_STR_FUNCTION));
	if (!fn || Z_TYPE_P(fn) != IS_STRING || !zend_string_equals(Z_STR_P(fn), f->common.function_name)) {
		return false;
	}
	zval frame, v;
	ZVAL_ARR(&frame, zend_array_dup(Z_ARRVAL_P(last)));
	ZVAL_STR_COPY(&v, co->created_file);
	zend_hash_add_new(Z_ARRVAL(frame), ZSTR_KNOWN(ZEND_STR_FILE), &v);
	ZVAL_LONG(&v, co->created_line);
	zend_hash_add_new(Z_ARRVAL(frame), ZSTR_KNOWN(ZEND_STR_LINE), &v);
	SEPARATE_ARRAY(trace);
	zend_hash_index_update(Z_ARRVAL_P(trace), zend_hash_num_elements(Z_ARRVAL_P(trace)) - 1, &frame);
	return true;
}

/* An exception escaping co: its trace, made where it was thrown, ends with
 * co's function, named by its go() as above. */
static void chan_trace_name_creator(zend_object *ex, const chan_coro *co)
{
	zend_class_entry *base = zend_get_exception_base(ex);
	zval rv, trace;
	ZVAL_COPY(&trace, zend_read_property_ex(base, ex, ZSTR_KNOWN(ZEND_STR_TRACE), 1, &rv));
	if (chan_backtrace_name_creator(&trace, co)) {
		zend_update_property_ex(base, ex, ZSTR_KNOWN(ZEND_STR_TRACE), &trace);
	}
	zval_ptr_dtor(&trace);
}

/* Gives a coroutine that never ran a worker to run on. When no C stack can
 * be had, the coroutine is dropped and the error aborts like an exception
 * escaping it would. */
static bool chan_bind(chan_coro *co)
{
	chan_worker *wk = chan_worker_get();
	if (EXPECTED(wk)) {
		co->context = &wk->ctx;
		return true;
	}
	zend_object *ex = EG(exception);
	GC_ADDREF(ex);
	zend_clear_exception();
	chan_coro_discard(co);
	if (S.abort_ex) {
		OBJ_RELEASE(ex);
	} else {
		S.abort_ex = ex;
	}
	if (S.main.state == CHAN_CORO_PARKED) {
		chan_wakeup(&S.main, CHAN_WAKE_ABORT, NULL);
	} else {
		S.main.wake = CHAN_WAKE_ABORT;
	}
	return false;
}

/* Fiber switch observers may look at where the switching context stands:
 * Xdebug (3.2 to 3.4 at least), when a context runs for the first time,
 * records the file and line zend_get_executed_filename_ex() gives for the
 * context that switched to it (as it does for $fiber->start()) and
 * dereferences it unchecked. A context with no user frame (main running the
 * drain from a shutdown function or at RSHUTDOWN, a coroutine running an
 * internal callable) would crash it, so for that one switch a frame of user
 * code naming the scheduler stands on top; it is popped before the switching
 * context runs again, and nothing else ever sees it. */
static zend_op chan_start_op;
static zend_op_array chan_start_func = {.type = ZEND_USER_FUNCTION};

static void chan_switch_first(chan_coro *to)
{
	zend_execute_data *frame = EG(current_execute_data);
	if (EXPECTED(to->context->status != ZEND_FIBER_STATUS_INIT) || zend_get_executed_filename_ex()) {
		chan_switch(to);
		return;
	}
	zend_execute_data stand_in;
	memset(&stand_in, 0, sizeof(stand_in));
	stand_in.func = (zend_function *) &chan_start_func;
	stand_in.opline = &chan_start_op;
	stand_in.prev_execute_data = frame;
	EG(current_execute_data) = &stand_in;
	chan_switch(to);
	EG(current_execute_data) = frame;
}

/* Idle workers hold no PHP values: freeing them runs no PHP code. */
static void chan_worker_destroy_idle(void)
{
	while (S.idle) {
		chan_worker *wk = S.idle;
		S.idle = wk->next;
		chan_worker_destroy(wk);
	}
	S.idle_len = 0;
}

/* An exception left the coroutine's function. */
static void chan_coro_threw(chan_coro *co)
{
	zend_object *ex = EG(exception);
	if (co->wake == CHAN_WAKE_DESTROY) {
		if (zend_is_unwind_exit(ex)) {
			if (!co->cancel_unwind) {
				/* exit() in a finally block: the destroyer exits once done. */
				S.exiting = true;
				S.pending = CHAN_WAKE_EXIT;
			}
		} else if (!zend_is_graceful_exit(ex)) {
			/* Thrown by a finally block while being destroyed: say so. */
			zend_exception_error(ex, E_WARNING);
		}
	} else if (zend_is_unwind_exit(ex)) {
		S.exiting = true;
		S.pending = CHAN_WAKE_EXIT;
	} else if (co->notify && chan_notify_threw(co, ex)) {
		/* A feature took it: its own cancellation (quietly), its group. */
	} else if (!zend_is_graceful_exit(ex)) {
		chan_trace_name_creator(ex, co);
		GC_ADDREF(ex);
		S.abort_ex = ex;
		S.pending = CHAN_WAKE_ABORT;
	}
	zend_clear_exception();
}

/* Main, made runnable ahead of everything else for a pending abort. */
static chan_coro *chan_main_now(chan_wake why)
{
	chan_coro *m = &S.main;
	if (m->state == CHAN_CORO_RUNNABLE) {
		runq_remove(m);
	} else {
		chan_unlink_waits(m);
	}
	m->wake = why;
	return m;
}

/* Where the CPU goes once a coroutine's function has returned or thrown. */
static chan_coro *chan_coro_finish(chan_coro *co)
{
	bool cancelled = co->wake == CHAN_WAKE_DESTROY;
	co->state = CHAN_CORO_DEAD;
	chan_live_unlink(co);
	if (co->keep_result) {
		chan_coro_release_call(co); /* run() reads the result and frees it */
	} else {
		chan_coro_free(co);
	}
	if (cancelled) {
		return S.destroyer;
	}
	if (S.pending) {
		chan_wake why = S.pending;
		S.pending = CHAN_WAKE_NONE;
		return chan_main_now(why);
	}
	if (chan_live_count == 0 && S.main.wait_all && S.main.state == CHAN_CORO_PARKED) {
		chan_wakeup(&S.main, CHAN_WAKE_OK, NULL);
	}
	return chan_pick_next();
}

/* The error_reporting INI setting, which a coroutine starts with (not the
 * value of the context that happened to run it, which "@" may have
 * lowered). Parsed again only when the setting's text changes. */
static int chan_error_reporting(void)
{
	ZEND_TLS zend_ini_entry *entry;
	ZEND_TLS char text[32];
	ZEND_TLS size_t text_len = SIZE_MAX;
	ZEND_TLS int value;
	if (UNEXPECTED(!entry)) {
		entry = zend_hash_str_find_ptr(EG(ini_directives), "error_reporting", sizeof("error_reporting") - 1);
	}
	zend_string *str = entry ? entry->value : NULL;
	if (!str) {
		return E_ALL; /* never set: PHP's default */
	}
	if (ZSTR_LEN(str) != text_len || memcmp(ZSTR_VAL(str), text, text_len) != 0) {
		value = (int) ZEND_STRTOL(ZSTR_VAL(str), NULL, 0);
		text_len = ZSTR_LEN(str) < sizeof(text) ? ZSTR_LEN(str) : SIZE_MAX;
		if (text_len != SIZE_MAX) {
			memcpy(text, ZSTR_VAL(str), text_len);
		}
	}
	return value;
}

/* Runs one coroutine's function on the current worker. */
static void chan_coro_run(chan_coro *co, zend_execute_data *bottom)
{
	EG(current_execute_data) = bottom;
	EG(jit_trace_num) = 0;
	EG(error_reporting) = chan_error_reporting();

	zend_first_try
	{
		if (UNEXPECTED(co->cancel_pending)) {
			goto done; /* cancelled before it started: it ends without running */
		}
		zend_fcall_info fci = {
		    .size = sizeof(zend_fcall_info),
		    .retval = &co->retval,
		    .params = co->argv,
		    .param_count = co->argc,
		    .named_params = co->named,
		};
		ZVAL_COPY_VALUE(&fci.function_name, &co->fn);
		zend_call_function(&fci, co->fcc.function_handler ? &co->fcc : NULL);
		if (UNEXPECTED(EG(exception))) {
			chan_coro_threw(co);
		}
	done:
		if (co->notify) {
			/* Inside the try: a group's last reference may go here, and a
			 * failure nobody saw is then a fatal error. */
			chan_notify_ended(co);
		}
	}
	zend_catch
	{
		/* Main (or the destroyer) bails out in turn once we are gone. */
		S.pending = CHAN_WAKE_BAILOUT;
	}
	zend_end_try();
}

/* A worker's life: run the coroutine it was entered for; then run the next
 * new coroutine in place, or wait idle until one is bound to it. It ends
 * after a fatal error, or when enough workers are idle already. */
static ZEND_STACK_ALIGNED void chan_worker_entry(zend_fiber_transfer *transfer)
{
	chan_worker *wk = (chan_worker *) EG(current_fiber_context);
#ifdef CHAN_OWN_STACKS
	if (S.dying) {
		chan_worker_reap(); /* the worker that switched to us has ended */
	}
#endif

	zend_vm_stack stack = chan_worker_first_page(wk);
	EG(vm_stack) = stack;
	EG(vm_stack_top) = stack->top + ZEND_CALL_FRAME_SLOT;
	EG(vm_stack_end) = stack->end;
	EG(vm_stack_page_size) = ZEND_FIBER_VM_STACK_SIZE;
	wk->vm_stack = stack;
	zend_execute_data *bottom = (zend_execute_data *) stack->top;
	memset(bottom, 0, sizeof(zend_execute_data));
	bottom->func = &chan_coro_frame_func;
#ifdef ZEND_CHECK_STACK_LIMIT
#ifdef CHAN_OWN_STACKS
	EG(stack_base) = (void *) wk->first_page;
	EG(stack_limit) = wk->stack_low + EG(reserved_stack_size);
#else
	EG(stack_base) = zend_fiber_stack_base(wk->ctx.stack);
	EG(stack_limit) = zend_fiber_stack_limit(wk->ctx.stack);
#endif
	if (EG(max_allowed_stack_size) == ZEND_MAX_ALLOWED_STACK_SIZE_UNCHECKED) {
		EG(stack_limit) = NULL; /* zend.max_allowed_stack_size=-1: no check, as on main */
	}
#endif

	chan_coro *next;
	for (;;) {
		chan_coro_run(S.current, bottom);
		bool sound = S.pending != CHAN_WAKE_BAILOUT;
		next = chan_coro_finish(S.current);
		if (!sound) {
			break;
		}
		if (!next->context) {
			/* A coroutine that never ran: it runs here, no switch needed. */
			next->context = &wk->ctx;
			next->state = CHAN_CORO_RUNNING;
			S.current = next;
			continue;
		}
#if CHAN_IDLE_MAX > 0
		if (S.idle_len >= CHAN_IDLE_MAX) {
			break;
		}
		wk->next = S.idle;
		S.idle = wk;
		S.idle_len++;
		chan_switch(next); /* back once a new coroutine is bound to us */
#else
		break;
#endif
	}

	chan_worker_end(wk);
	next->state = CHAN_CORO_RUNNING;
	S.current = next;
	S.switches++;
	transfer->context = next->context;
	transfer->flags = 0;
	ZVAL_NULL(&transfer->value);
#ifdef CHAN_OWN_STACKS
	/* Switch away for good here: returning to PHP's trampoline would mark
	 * the context dead, and whoever it switched to would hand our stack to
	 * zend_fiber_destroy_context(). */
	zend_fiber_switch_context(transfer);
	abort(); /* never resumed */
#endif
}

/* exit() ran in a finally block during chan_destroy_all(): throws PHP's
 * exit unwinding and returns true. */
static bool chan_exit_requested(void)
{
	if (S.pending != CHAN_WAKE_EXIT) {
		return false;
	}
	S.pending = CHAN_WAKE_NONE;
	zend_throw_unwind_exit();
	return true;
}

/* Resumes every live coroutine with an exit thrown at its blocking point
 * (graceful: finally blocks run; unwind: they do not) until none is left.
 * Never-started ones are just freed. Runs on main. */
static void chan_destroy_all(bool unwind)
{
	chan_coro *self = S.current;
	S.destroyer = self;
	while (S.live) {
		chan_coro *co = S.live;
		/* Every queued context is live and about to go: forget the queue. */
		S.runq_head = S.runq_tail = NULL;
		if (co->state == CHAN_CORO_READY) {
			chan_coro_discard(co);
			continue;
		}
		if (co->state == CHAN_CORO_PARKED) {
			chan_unlink_waits(co);
		}
		co->wake = CHAN_WAKE_DESTROY;
		co->cancel_unwind = unwind || S.pending == CHAN_WAKE_EXIT;
		chan_switch(co);
		if (UNEXPECTED(S.pending == CHAN_WAKE_BAILOUT)) {
			S.pending = CHAN_WAKE_NONE;
			S.destroyer = NULL;
			zend_bailout();
		}
	}
	S.runq_head = S.runq_tail = NULL;
	S.destroyer = NULL;
	self->state = CHAN_CORO_RUNNING;
}

/* An exception that escaped a coroutine carries the coroutine's trace (made
 * where it was thrown, down to the coroutine's function); main rethrows it
 * from where it was waiting, and that is appended: its trace then reads as
 * the coroutine's frames followed by main's, as an uncaught error shows. */
static void chan_trace_append_main(zend_object *ex)
{
	zend_class_entry *base = zend_get_exception_base(ex);
	zval rv, bt, *trace = zend_read_property_ex(base, ex, ZSTR_KNOWN(ZEND_STR_TRACE), 1, &rv);
	if (Z_TYPE_P(trace) != IS_ARRAY) {
		return;
	}
	zend_fetch_debug_backtrace(&bt, 0, EG(exception_ignore_args) ? DEBUG_BACKTRACE_IGNORE_ARGS : 0, 0);
	if (Z_TYPE(bt) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL(bt)) > 0) {
		zval joined, *frame;
		ZVAL_ARR(&joined, zend_array_dup(Z_ARRVAL_P(trace)));
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL(bt), frame)
		{
			Z_TRY_ADDREF_P(frame);
			zend_hash_next_index_insert_new(Z_ARRVAL(joined), frame);
		}
		ZEND_HASH_FOREACH_END();
		zend_update_property_ex(base, ex, ZSTR_KNOWN(ZEND_STR_TRACE), &joined);
		zval_ptr_dtor(&joined);
	}
	zval_ptr_dtor(&bt);
}

bool chan_raise(chan_wake why)
{
	switch (why) {
		case CHAN_WAKE_DEADLOCK: {
			/* Go's report, then the coroutines that can never run again
			 * go (finally blocks run), for a clean scheduler after. */
			smart_str report = {0};
			smart_str_appends(&report, "all coroutines are asleep - deadlock!\n");
			if (chan_reporter) {
				chan_reporter(&report, true);
			}
			smart_str_0(&report);
			chan_destroy_all(false);
			if (!chan_exit_requested()) {
				zend_throw_exception(chan_ce_deadlock_error, ZSTR_VAL(report.s), 0);
			}
			smart_str_free(&report);
			return true;
		}
		case CHAN_WAKE_ABORT: {
			zend_object *ex = S.abort_ex;
			S.abort_ex = NULL;
			chan_destroy_all(false);
			if (chan_exit_requested()) {
				OBJ_RELEASE(ex);
			} else {
				chan_trace_append_main(ex);
				zend_throw_exception_internal(ex);
			}
			return true;
		}
		case CHAN_WAKE_EXIT:
			chan_destroy_all(true);
			zend_throw_unwind_exit();
			return true;
		case CHAN_WAKE_BAILOUT:
			S.pending = CHAN_WAKE_NONE;
			zend_bailout();
			return true;
		case CHAN_WAKE_CANCELLED:
			if (chan_raise_cancelled) {
				chan_raise_cancelled();
			}
			return true;
		case CHAN_WAKE_DEADLINE:
			zend_throw_exception(chan_ce_timeout_exception, "The deadline of Chan\\withTimeout() has passed", 0);
			return true;
		case CHAN_WAKE_SIGNAL:
			if (!S.signal_ex) {
				return false;
			}
			zend_throw_exception_internal(S.signal_ex);
			S.signal_ex = NULL;
			return true;
		case CHAN_WAKE_DESTROY:
			if (S.current->cancel_unwind) {
				zend_throw_unwind_exit();
			} else {
				zend_throw_graceful_exit();
			}
			return true;
		default:
			return false;
	}
}

/* Main waits until every coroutine has finished. */
static chan_wake chan_wait_all(void)
{
	chan_coro *m = &S.main;
	chan_wake why = CHAN_WAKE_OK;
	m->wait_all = true;
	while (chan_live_count > 0) {
		why = chan_wait(NULL, 0, -1);
		if (why != CHAN_WAKE_OK) {
			break;
		}
	}
	m->wait_all = false;
	return why;
}

static void chan_register_drain(void);

/* Queues a new coroutine; NULL with an exception thrown when it cannot. */
static void chan_created_in(zend_string *file)
{
	if (!ZSTR_IS_INTERNED(file)) {
		if (!S.created_files) {
			ALLOC_HASHTABLE(S.created_files);
			zend_hash_init(S.created_files, 8, NULL, ZVAL_PTR_DTOR, 0);
		}
		zend_ulong key = (zend_ulong) (uintptr_t) file;
		if (!zend_hash_index_exists(S.created_files, key)) {
			zval held;
			ZVAL_STR_COPY(&held, file);
			zend_hash_index_add_new(S.created_files, key, &held);
		}
	}
	S.created_last = file;
}

chan_coro *chan_spawn(zend_fcall_info *fci, zend_fcall_info_cache *fcc)
{
	if (UNEXPECTED(S.shutdown)) {
		zend_throw_error(chan_ce_error, "Cannot start a coroutine after the Chan scheduler has shut down");
		return NULL;
	}
	if (UNEXPECTED(chan_max_coroutines && chan_live_count >= chan_max_coroutines)) {
		zend_throw_error(chan_ce_error, "Cannot start a coroutine: chan.max_coroutines (" ZEND_LONG_FMT ") are running",
		                 chan_max_coroutines);
		return NULL;
	}
	chan_charge_add(); /* memory_limit: may end the script here */
	/* CHAN_CORO_ALLOC: its hot fields in one cache line (chan_scheduler.h) */
	chan_coro *co = ecalloc(1, CHAN_CORO_ALLOC);
	co->id = ++S.next_id;
	co->state = CHAN_CORO_READY;
	/* Where it was created, for the reports (chan_report_with()): the
	 * nearest frame of user code, go()'s caller. */
	const zend_execute_data *ex = EG(current_execute_data);
	while (ex && (!ex->func || !ZEND_USER_CODE(ex->func->type))) {
		ex = ex->prev_execute_data;
	}
	if (EXPECTED(ex != NULL)) {
		zend_string *file = ex->func->op_array.filename;
		if (UNEXPECTED(file != S.created_last)) {
			chan_created_in(file);
		}
		co->created_file = file;
		co->created_line = ex->opline->lineno;
	}
	ZVAL_COPY(&co->fn, &fci->function_name);
	co->fcc = *fcc;
	if (fcc->function_handler->common.fn_flags & ZEND_ACC_CALL_VIA_TRAMPOLINE) {
		/* A __call trampoline is freed after this call: resolve again later. */
		zend_release_fcall_info_cache(fcc);
		co->fcc.function_handler = NULL;
	}
	if (fci->param_count) {
		co->argc = fci->param_count;
		co->argv = safe_emalloc(co->argc, sizeof(zval), 0);
		for (uint32_t i = 0; i < co->argc; i++) {
			ZVAL_COPY(&co->argv[i], &fci->params[i]);
		}
	}
	if (fci->named_params) {
		GC_ADDREF(fci->named_params);
		co->named = fci->named_params;
	}
	ZVAL_UNDEF(&co->retval);

	co->live_next = S.live;
	if (S.live) {
		S.live->live_prev = co;
	}
	S.live = co;
	if (UNEXPECTED(S.by_id)) {
		zend_hash_index_add_new_ptr(S.by_id, (zend_ulong) co->id, co);
	}
	if (++chan_live_count > S.peak) {
		S.peak = chan_live_count;
	}
	S.spawned++;
	runq_push(co);
	if (!S.drain_registered) {
		chan_register_drain();
	}
	return co;
}

chan_coro *chan_live_head(void)
{
	return S.live;
}

chan_coro *chan_main(void)
{
	return &S.main;
}

chan_coro *chan_coro_find(zend_long id)
{
	if (!S.by_id) {
		ALLOC_HASHTABLE(S.by_id);
		zend_hash_init(S.by_id, 64, NULL, NULL, 0);
		for (chan_coro *co = S.live; co; co = co->live_next) {
			zend_hash_index_add_new_ptr(S.by_id, (zend_ulong) co->id, co);
		}
	}
	return id > 0 ? zend_hash_index_find_ptr(S.by_id, (zend_ulong) id) : NULL;
}

/* Chan\run(): runs fci as a coroutine and every other until none is left;
 * its return value goes to return_value. Throws Chan\Error from inside a
 * coroutine, and what the wait raises (deadlock, cancellation, ...). */
void chan_run(zend_fcall_info *fci, zend_fcall_info_cache *fcc, zval *return_value)
{
	if (S.in_run || S.current != &S.main) {
		zend_throw_error(chan_ce_error, "Chan\\run() cannot be called from inside a coroutine");
		return;
	}
	if (!chan_can_block()) {
		return;
	}
	chan_coro *co = chan_spawn(fci, fcc);
	if (!co) {
		return;
	}
	co->keep_result = true;
	S.in_run = true;
	chan_wake why = chan_wait_all();
	S.in_run = false;
	if (co->state == CHAN_CORO_DEAD) {
		/* The context is gone: the result is ours to hand out and free. */
		if (why == CHAN_WAKE_OK && !Z_ISUNDEF(co->retval)) { /* undefined: cancelled, it never returned */
			RETVAL_COPY_VALUE(&co->retval);
			ZVAL_UNDEF(&co->retval);
		}
		chan_coro_free(co);
	} else {
		co->keep_result = false;
	}
	if (why != CHAN_WAKE_OK) {
		zval_ptr_dtor(return_value);
		ZVAL_NULL(return_value);
		chan_raise(why);
	}
}

/* --- script end --------------------------------------------------------- */

/* Runs what is still pending once the script has ended, unless it ended by
 * exit() or a fatal error; coroutines that can never run again are destroyed
 * with one warning. */
static void chan_drain(void)
{
	if (!chan_live_count || S.exiting || EG(exit_status) == 255 || S.current != &S.main || EG(active_fiber)) {
		return;
	}
	chan_wake why = chan_wait_all();
	if (why == CHAN_WAKE_DEADLOCK) {
		zend_long n = chan_live_count;
		smart_str report = {0};
		if (chan_reporter) {
			chan_reporter(&report, false);
		}
		smart_str_0(&report);
		zend_error(E_WARNING, "Chan: " ZEND_LONG_FMT " coroutine%s blocked forever at script end, destroying %s:%s", n,
		           n == 1 ? "" : "s", n == 1 ? "it" : "them", report.s ? ZSTR_VAL(report.s) : "");
		smart_str_free(&report);
		chan_destroy_all(false);
		chan_exit_requested();
	} else if (why != CHAN_WAKE_OK) {
		chan_raise(why);
	}
}

/* Coroutine::drain(), the shutdown function go() registers. */
void chan_drain_at_shutdown(void)
{
	if (!(EG(flags) & EG_FLAGS_IN_SHUTDOWN)) {
		zend_throw_error(chan_ce_error, "Chan\\Coroutine::drain() only runs at script end");
		return;
	}
	S.drain_registered = false;
	chan_drain();
}

static void chan_register_drain(void)
{
	zend_function *fn = zend_hash_str_find_ptr(&chan_ce_coroutine->function_table, "drain", sizeof("drain") - 1);
	CHAN_ASSERT(fn);
	S.drain_registered = chan_append_shutdown_method(chan_ce_coroutine, fn);
}

/* exit() anywhere: coroutines still pending never start. */
static void chan_on_exit(void)
{
	S.exiting = true;
}

/* --- yield, sleep, stats ------------------------------------------------ */

chan_wake chan_yield_wait(void)
{
	chan_coro *self = S.current;
	self->wake = CHAN_WAKE_OK;
	self->state = CHAN_CORO_RUNNABLE;
	runq_push(self);
	chan_schedule();
	return (chan_wake) self->wake;
}

chan_sched_stats chan_scheduler_stats(void)
{
	return (chan_sched_stats){.count = chan_live_count, .peak = S.peak, .switches = S.switches, .spawned = S.spawned};
}

/* --- stack overflow --------------------------------------------------- */

/* Runs in the SIGSEGV handler, on the alternate signal stack, when the
 * running coroutine hit its guard pages: reads state, allocates nothing. */
static void chan_overflow_message(char *buf, size_t len)
{
	const char *file = "[no active file]";
	uint32_t line = 0;
	for (zend_execute_data *ex = EG(current_execute_data); ex; ex = ex->prev_execute_data) {
		if (ex->func && ZEND_USER_CODE(ex->func->type) && ex->opline) {
			file = ZSTR_VAL(ex->func->op_array.filename);
			line = ex->opline->lineno;
			break;
		}
	}
	snprintf(buf, len,
	         "PHP Fatal error:  Coroutine #" ZEND_LONG_FMT " overflowed its C stack of %zu KiB (chan.stack_size); "
	         "infinite recursion? in %s on line %u\n",
	         S.current->id, chan_stack_size / 1024, file, line);
}

/* --- module hooks ------------------------------------------------------- */

void chan_scheduler_minit(void)
{
	chan_start_func.filename = zend_string_init_interned("[chan scheduler]", sizeof("[chan scheduler]") - 1, 1);
	chan_start_func.opcodes = &chan_start_op;
	chan_start_func.last = 1;
	chan_hook_exit(chan_on_exit);
	chan_stack_on_overflow(chan_overflow_message);
	chan_loop_on_ready(chan_wakeup);
}

void chan_scheduler_mshutdown(void)
{
	chan_unhook_exit();
}

void chan_scheduler_rinit(void)
{
	memset(&S, 0, sizeof(S));
	S.main.context = EG(main_fiber_context);
	S.main.state = CHAN_CORO_RUNNING;
	ZVAL_UNDEF(&S.main.fn);
	ZVAL_UNDEF(&S.main.retval);
	S.current = &S.main;
}

/* After a fatal error no PHP code may run: forget every coroutine without
 * unwinding. Only the C stacks need unmapping; everything else goes with the
 * request heap, and releasing values could run PHP code. */
static void chan_forget_all(void)
{
	while (S.live) {
		chan_coro *co = S.live;
		chan_live_unlink(co);
#ifndef CHAN_OWN_STACKS
		if (co->context) {
			co->context->cleanup = NULL;
			zend_fiber_destroy_context(co->context);
		}
#endif
	}
#ifdef CHAN_OWN_STACKS
	S.dying = NULL;
	S.idle = NULL;
	S.idle_len = 0;
	chan_stack_release_all(); /* every worker's memory with it */
#endif
}

/* zend_try in functions of their own: gcc -O2 sees through setjmp badly. */
static void chan_try_drain(void)
{
	zend_try
	{
		chan_drain();
	}
	zend_end_try();
}

static void chan_try_destroy_all(bool unwind)
{
	zend_try
	{
		chan_destroy_all(unwind);
	}
	zend_end_try();
}

void chan_scheduler_rshutdown(void)
{
	/* Destructors at script end run after the shutdown functions (and so
	 * after drain()): what they started runs here. */
	if (S.live && !CG(unclean_shutdown)) {
		chan_try_drain();
	}
	if (S.live) {
		if (CG(unclean_shutdown) || S.current != &S.main) {
			chan_forget_all();
		} else {
			/* After exit(), unwound (no finally block runs); after an
			 * uncaught exception, destroyed as PHP destroys suspended
			 * Fibers then: their finally blocks run. */
			chan_try_destroy_all(S.exiting);
		}
	}
	if (S.abort_ex) {
		OBJ_RELEASE(S.abort_ex);
		S.abort_ex = NULL;
	}
	if (S.signal_ex) {
		OBJ_RELEASE(S.signal_ex);
		S.signal_ex = NULL;
	}
	chan_worker_destroy_idle();
#ifdef CHAN_OWN_STACKS
	if (S.dying) {
		chan_worker_reap();
	}
	chan_stack_request_end();
#endif
	if (S.dead_worker) {
		efree(S.dead_worker);
		S.dead_worker = NULL;
	}
	chan_loop_rshutdown();
	chan_charge_release();
	if (S.by_id) {
		zend_hash_destroy(S.by_id);
		FREE_HASHTABLE(S.by_id);
		S.by_id = NULL;
	}
	if (S.created_files) {
		zend_hash_destroy(S.created_files);
		FREE_HASHTABLE(S.created_files);
		S.created_files = NULL;
	}
	S.created_last = NULL;
	S.shutdown = true;
}
