/*
 * chan_group.h - what the scheduler tells Chan\Group about its members.
 */
#ifndef CHAN_GROUP_H
#define CHAN_GROUP_H

#include "chan_scheduler.h"

/* An exception other than its own cancellation escaped member co: the
 * group keeps the first one and cancels the other members. */
void chan_group_member_failed(chan_coro *co, zend_object *ex);

/* Member co has finished (or is discarded unstarted): its result, if it
 * returned one, goes to the group, whose waiters may wake; the member's
 * reference to the group is released, which may destroy it. */
void chan_group_member_end(chan_coro *co);

#endif
