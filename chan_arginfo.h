/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 01fd9f556ca6beea442caaa24bd1320271eed23e */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Chan_go, 0, 1, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, fn, IS_CALLABLE, 0)
	ZEND_ARG_VARIADIC_TYPE_INFO(0, args, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Chan_run, 0, 1, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, fn, IS_CALLABLE, 0)
	ZEND_ARG_VARIADIC_TYPE_INFO(0, args, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Chan_select, 0, 1, IS_ARRAY, 1)
	ZEND_ARG_TYPE_INFO(0, cases, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_Chan_stream_socket_accept, 0, 0, 1)
	ZEND_ARG_INFO(0, socket)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 1, "null")
	ZEND_ARG_INFO_WITH_DEFAULT_VALUE(1, peer_name, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_Chan_stream_socket_client, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, address, IS_STRING, 0)
	ZEND_ARG_INFO_WITH_DEFAULT_VALUE(1, error_code, "null")
	ZEND_ARG_INFO_WITH_DEFAULT_VALUE(1, error_message, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "STREAM_CLIENT_CONNECT")
	ZEND_ARG_INFO_WITH_DEFAULT_VALUE(0, context, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_Chan_fread, 0, 2, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_INFO(0, stream)
	ZEND_ARG_TYPE_INFO(0, length, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_Chan_fgets, 0, 1, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_INFO(0, stream)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, length, IS_LONG, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_Chan_fwrite, 0, 2, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_INFO(0, stream)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Chan_stream_socket_enable_crypto, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_INFO(0, stream)
	ZEND_ARG_TYPE_INFO(0, enable, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, crypto_method, IS_LONG, 1, "null")
	ZEND_ARG_INFO_WITH_DEFAULT_VALUE(0, session_stream, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Chan_hooks, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Chan_withTimeout, 0, 2, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, seconds, IS_DOUBLE, 0)
	ZEND_ARG_TYPE_INFO(0, fn, IS_CALLABLE, 0)
	ZEND_ARG_VARIADIC_TYPE_INFO(0, args, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_Chan_after, 0, 1, Chan\\Channel, 0)
	ZEND_ARG_TYPE_INFO(0, seconds, IS_DOUBLE, 0)
ZEND_END_ARG_INFO()

#define arginfo_Chan_tick arginfo_Chan_after

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_Chan_signal, 0, 0, Chan\\Channel, 0)
	ZEND_ARG_VARIADIC_TYPE_INFO(0, signals, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Chan_Coroutine_id, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Chan_Coroutine_sleep, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, seconds, IS_DOUBLE, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Chan_Coroutine_yield, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Chan_Coroutine_waitReadable, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, stream, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 1, "null")
ZEND_END_ARG_INFO()

#define arginfo_class_Chan_Coroutine_waitWritable arginfo_class_Chan_Coroutine_waitReadable

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_Chan_Coroutine_local, 0, 0, ArrayObject, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Chan_Coroutine_count arginfo_class_Chan_Coroutine_id

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Chan_Coroutine_cancel, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, id, IS_LONG, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Chan_Coroutine_exists arginfo_class_Chan_Coroutine_cancel

#define arginfo_class_Chan_Coroutine_list arginfo_Chan_hooks

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Chan_Coroutine_trace, 0, 1, IS_ARRAY, 1)
	ZEND_ARG_TYPE_INFO(0, id, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, options, IS_LONG, 0, "DEBUG_BACKTRACE_PROVIDE_OBJECT")
ZEND_END_ARG_INFO()

#define arginfo_class_Chan_Coroutine_stats arginfo_Chan_hooks

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Chan_Coroutine___construct, 0, 0, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Chan_Coroutine_drain arginfo_class_Chan_Coroutine_yield

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Chan_Group___construct, 0, 0, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, limit, IS_LONG, 1, "null")
ZEND_END_ARG_INFO()

#define arginfo_class_Chan_Group_go arginfo_Chan_go

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Chan_Group_wait, 0, 0, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 1, "null")
ZEND_END_ARG_INFO()

#define arginfo_class_Chan_Group_cancel arginfo_class_Chan_Coroutine_yield

#define arginfo_class_Chan_Group_count arginfo_class_Chan_Coroutine_id

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Chan_Channel___construct, 0, 0, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, capacity, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, lock, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Chan_Channel_push, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Chan_Channel_pop, 0, 0, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Chan_Channel_tryPush, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Chan_Channel_tryPop, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(1, value, IS_MIXED, 0, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Chan_Channel_close, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Chan_Channel_isClosed arginfo_class_Chan_Channel_close

#define arginfo_class_Chan_Channel_isEmpty arginfo_class_Chan_Channel_close

#define arginfo_class_Chan_Channel_isFull arginfo_class_Chan_Channel_close

#define arginfo_class_Chan_Channel_count arginfo_class_Chan_Coroutine_id

#define arginfo_class_Chan_Channel_stats arginfo_Chan_hooks

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_Chan_Channel_getIterator, 0, 0, Chan\\ChannelIterator, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Chan_ChannelIterator___construct arginfo_class_Chan_Coroutine___construct

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Chan_ChannelIterator_current, 0, 0, IS_MIXED, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Chan_ChannelIterator_key arginfo_class_Chan_ChannelIterator_current

#define arginfo_class_Chan_ChannelIterator_next arginfo_class_Chan_Coroutine_yield

#define arginfo_class_Chan_ChannelIterator_valid arginfo_class_Chan_Channel_close

#define arginfo_class_Chan_ChannelIterator_rewind arginfo_class_Chan_Coroutine_yield

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Chan_SharedChannel___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, capacity, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, lock, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, slotSize, IS_LONG, 0, "4096")
ZEND_END_ARG_INFO()

#define arginfo_class_Chan_SharedChannel_push arginfo_class_Chan_Channel_push

#define arginfo_class_Chan_SharedChannel_pop arginfo_class_Chan_Channel_pop

#define arginfo_class_Chan_SharedChannel_tryPush arginfo_class_Chan_Channel_tryPush

#define arginfo_class_Chan_SharedChannel_tryPop arginfo_class_Chan_Channel_tryPop

#define arginfo_class_Chan_SharedChannel_close arginfo_class_Chan_Channel_close

#define arginfo_class_Chan_SharedChannel_isClosed arginfo_class_Chan_Channel_close

#define arginfo_class_Chan_SharedChannel_count arginfo_class_Chan_Coroutine_id

#define arginfo_class_Chan_SharedChannel_stats arginfo_Chan_hooks

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Chan_WaitGroup___construct, 0, 0, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, count, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Chan_WaitGroup_add, 0, 0, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, delta, IS_LONG, 0, "1")
ZEND_END_ARG_INFO()

#define arginfo_class_Chan_WaitGroup_done arginfo_class_Chan_Coroutine_yield

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Chan_WaitGroup_wait, 0, 0, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 1, "null")
ZEND_END_ARG_INFO()

#define arginfo_class_Chan_WaitGroup_count arginfo_class_Chan_Coroutine_id


ZEND_FUNCTION(Chan_go);
ZEND_FUNCTION(Chan_run);
ZEND_FUNCTION(Chan_select);
ZEND_FUNCTION(Chan_stream_socket_accept);
ZEND_FUNCTION(Chan_stream_socket_client);
ZEND_FUNCTION(Chan_fread);
ZEND_FUNCTION(Chan_fgets);
ZEND_FUNCTION(Chan_fwrite);
ZEND_FUNCTION(Chan_stream_socket_enable_crypto);
ZEND_FUNCTION(Chan_hooks);
ZEND_FUNCTION(Chan_withTimeout);
ZEND_FUNCTION(Chan_after);
ZEND_FUNCTION(Chan_tick);
ZEND_FUNCTION(Chan_signal);
ZEND_METHOD(Chan_Coroutine, id);
ZEND_METHOD(Chan_Coroutine, sleep);
ZEND_METHOD(Chan_Coroutine, yield);
ZEND_METHOD(Chan_Coroutine, waitReadable);
ZEND_METHOD(Chan_Coroutine, waitWritable);
ZEND_METHOD(Chan_Coroutine, local);
ZEND_METHOD(Chan_Coroutine, count);
ZEND_METHOD(Chan_Coroutine, cancel);
ZEND_METHOD(Chan_Coroutine, exists);
ZEND_METHOD(Chan_Coroutine, list);
ZEND_METHOD(Chan_Coroutine, trace);
ZEND_METHOD(Chan_Coroutine, stats);
ZEND_METHOD(Chan_Coroutine, __construct);
ZEND_METHOD(Chan_Coroutine, drain);
ZEND_METHOD(Chan_Group, __construct);
ZEND_METHOD(Chan_Group, go);
ZEND_METHOD(Chan_Group, wait);
ZEND_METHOD(Chan_Group, cancel);
ZEND_METHOD(Chan_Group, count);
ZEND_METHOD(Chan_Channel, __construct);
ZEND_METHOD(Chan_Channel, push);
ZEND_METHOD(Chan_Channel, pop);
ZEND_METHOD(Chan_Channel, tryPush);
ZEND_METHOD(Chan_Channel, tryPop);
ZEND_METHOD(Chan_Channel, close);
ZEND_METHOD(Chan_Channel, isClosed);
ZEND_METHOD(Chan_Channel, isEmpty);
ZEND_METHOD(Chan_Channel, isFull);
ZEND_METHOD(Chan_Channel, count);
ZEND_METHOD(Chan_Channel, stats);
ZEND_METHOD(Chan_Channel, getIterator);
ZEND_METHOD(Chan_ChannelIterator, __construct);
ZEND_METHOD(Chan_ChannelIterator, current);
ZEND_METHOD(Chan_ChannelIterator, key);
ZEND_METHOD(Chan_ChannelIterator, next);
ZEND_METHOD(Chan_ChannelIterator, valid);
ZEND_METHOD(Chan_ChannelIterator, rewind);
ZEND_METHOD(Chan_SharedChannel, __construct);
ZEND_METHOD(Chan_SharedChannel, push);
ZEND_METHOD(Chan_SharedChannel, pop);
ZEND_METHOD(Chan_SharedChannel, tryPush);
ZEND_METHOD(Chan_SharedChannel, tryPop);
ZEND_METHOD(Chan_SharedChannel, close);
ZEND_METHOD(Chan_SharedChannel, isClosed);
ZEND_METHOD(Chan_SharedChannel, count);
ZEND_METHOD(Chan_SharedChannel, stats);
ZEND_METHOD(Chan_WaitGroup, __construct);
ZEND_METHOD(Chan_WaitGroup, add);
ZEND_METHOD(Chan_WaitGroup, done);
ZEND_METHOD(Chan_WaitGroup, wait);
ZEND_METHOD(Chan_WaitGroup, count);


static const zend_function_entry ext_functions[] = {
	ZEND_NS_FALIAS("Chan", go, Chan_go, arginfo_Chan_go)
	ZEND_NS_FALIAS("Chan", run, Chan_run, arginfo_Chan_run)
	ZEND_NS_FALIAS("Chan", select, Chan_select, arginfo_Chan_select)
	ZEND_NS_FALIAS("Chan", stream_socket_accept, Chan_stream_socket_accept, arginfo_Chan_stream_socket_accept)
	ZEND_NS_FALIAS("Chan", stream_socket_client, Chan_stream_socket_client, arginfo_Chan_stream_socket_client)
	ZEND_NS_FALIAS("Chan", fread, Chan_fread, arginfo_Chan_fread)
	ZEND_NS_FALIAS("Chan", fgets, Chan_fgets, arginfo_Chan_fgets)
	ZEND_NS_FALIAS("Chan", fwrite, Chan_fwrite, arginfo_Chan_fwrite)
	ZEND_NS_FALIAS("Chan", stream_socket_enable_crypto, Chan_stream_socket_enable_crypto, arginfo_Chan_stream_socket_enable_crypto)
	ZEND_NS_FALIAS("Chan", hooks, Chan_hooks, arginfo_Chan_hooks)
	ZEND_NS_FALIAS("Chan", withTimeout, Chan_withTimeout, arginfo_Chan_withTimeout)
	ZEND_NS_FALIAS("Chan", after, Chan_after, arginfo_Chan_after)
	ZEND_NS_FALIAS("Chan", tick, Chan_tick, arginfo_Chan_tick)
	ZEND_NS_FALIAS("Chan", signal, Chan_signal, arginfo_Chan_signal)
	ZEND_FE_END
};


static const zend_function_entry class_Chan_Coroutine_methods[] = {
	ZEND_ME(Chan_Coroutine, id, arginfo_class_Chan_Coroutine_id, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Chan_Coroutine, sleep, arginfo_class_Chan_Coroutine_sleep, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Chan_Coroutine, yield, arginfo_class_Chan_Coroutine_yield, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Chan_Coroutine, waitReadable, arginfo_class_Chan_Coroutine_waitReadable, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Chan_Coroutine, waitWritable, arginfo_class_Chan_Coroutine_waitWritable, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Chan_Coroutine, local, arginfo_class_Chan_Coroutine_local, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Chan_Coroutine, count, arginfo_class_Chan_Coroutine_count, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Chan_Coroutine, cancel, arginfo_class_Chan_Coroutine_cancel, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Chan_Coroutine, exists, arginfo_class_Chan_Coroutine_exists, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Chan_Coroutine, list, arginfo_class_Chan_Coroutine_list, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Chan_Coroutine, trace, arginfo_class_Chan_Coroutine_trace, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Chan_Coroutine, stats, arginfo_class_Chan_Coroutine_stats, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Chan_Coroutine, __construct, arginfo_class_Chan_Coroutine___construct, ZEND_ACC_PRIVATE)
	ZEND_ME(Chan_Coroutine, drain, arginfo_class_Chan_Coroutine_drain, ZEND_ACC_PRIVATE|ZEND_ACC_STATIC)
	ZEND_FE_END
};


static const zend_function_entry class_Chan_Group_methods[] = {
	ZEND_ME(Chan_Group, __construct, arginfo_class_Chan_Group___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_Group, go, arginfo_class_Chan_Group_go, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_Group, wait, arginfo_class_Chan_Group_wait, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_Group, cancel, arginfo_class_Chan_Group_cancel, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_Group, count, arginfo_class_Chan_Group_count, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Chan_Channel_methods[] = {
	ZEND_ME(Chan_Channel, __construct, arginfo_class_Chan_Channel___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_Channel, push, arginfo_class_Chan_Channel_push, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_Channel, pop, arginfo_class_Chan_Channel_pop, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_Channel, tryPush, arginfo_class_Chan_Channel_tryPush, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_Channel, tryPop, arginfo_class_Chan_Channel_tryPop, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_Channel, close, arginfo_class_Chan_Channel_close, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_Channel, isClosed, arginfo_class_Chan_Channel_isClosed, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_Channel, isEmpty, arginfo_class_Chan_Channel_isEmpty, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_Channel, isFull, arginfo_class_Chan_Channel_isFull, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_Channel, count, arginfo_class_Chan_Channel_count, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_Channel, stats, arginfo_class_Chan_Channel_stats, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_Channel, getIterator, arginfo_class_Chan_Channel_getIterator, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Chan_ChannelIterator_methods[] = {
	ZEND_ME(Chan_ChannelIterator, __construct, arginfo_class_Chan_ChannelIterator___construct, ZEND_ACC_PRIVATE)
	ZEND_ME(Chan_ChannelIterator, current, arginfo_class_Chan_ChannelIterator_current, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_ChannelIterator, key, arginfo_class_Chan_ChannelIterator_key, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_ChannelIterator, next, arginfo_class_Chan_ChannelIterator_next, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_ChannelIterator, valid, arginfo_class_Chan_ChannelIterator_valid, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_ChannelIterator, rewind, arginfo_class_Chan_ChannelIterator_rewind, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Chan_SharedChannel_methods[] = {
	ZEND_ME(Chan_SharedChannel, __construct, arginfo_class_Chan_SharedChannel___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_SharedChannel, push, arginfo_class_Chan_SharedChannel_push, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_SharedChannel, pop, arginfo_class_Chan_SharedChannel_pop, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_SharedChannel, tryPush, arginfo_class_Chan_SharedChannel_tryPush, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_SharedChannel, tryPop, arginfo_class_Chan_SharedChannel_tryPop, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_SharedChannel, close, arginfo_class_Chan_SharedChannel_close, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_SharedChannel, isClosed, arginfo_class_Chan_SharedChannel_isClosed, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_SharedChannel, count, arginfo_class_Chan_SharedChannel_count, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_SharedChannel, stats, arginfo_class_Chan_SharedChannel_stats, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Chan_WaitGroup_methods[] = {
	ZEND_ME(Chan_WaitGroup, __construct, arginfo_class_Chan_WaitGroup___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_WaitGroup, add, arginfo_class_Chan_WaitGroup_add, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_WaitGroup, done, arginfo_class_Chan_WaitGroup_done, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_WaitGroup, wait, arginfo_class_Chan_WaitGroup_wait, ZEND_ACC_PUBLIC)
	ZEND_ME(Chan_WaitGroup, count, arginfo_class_Chan_WaitGroup_count, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Chan_Error_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_Chan_DeadlockError_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_Chan_Exception_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_Chan_ClosedException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_Chan_TimeoutException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_Chan_CancelledException_methods[] = {
	ZEND_FE_END
};

static void register_chan_symbols(int module_number)
{
#if !defined(PHP_WIN32)
	REGISTER_LONG_CONSTANT("Chan\\SIGHUP", SIGHUP, CONST_PERSISTENT);
#endif
#if !defined(PHP_WIN32)
	REGISTER_LONG_CONSTANT("Chan\\SIGINT", SIGINT, CONST_PERSISTENT);
#endif
#if !defined(PHP_WIN32)
	REGISTER_LONG_CONSTANT("Chan\\SIGQUIT", SIGQUIT, CONST_PERSISTENT);
#endif
#if !defined(PHP_WIN32)
	REGISTER_LONG_CONSTANT("Chan\\SIGUSR1", SIGUSR1, CONST_PERSISTENT);
#endif
#if !defined(PHP_WIN32)
	REGISTER_LONG_CONSTANT("Chan\\SIGUSR2", SIGUSR2, CONST_PERSISTENT);
#endif
#if !defined(PHP_WIN32)
	REGISTER_LONG_CONSTANT("Chan\\SIGALRM", SIGALRM, CONST_PERSISTENT);
#endif
#if !defined(PHP_WIN32)
	REGISTER_LONG_CONSTANT("Chan\\SIGTERM", SIGTERM, CONST_PERSISTENT);
#endif
#if !defined(PHP_WIN32)
	REGISTER_LONG_CONSTANT("Chan\\SIGCHLD", SIGCHLD, CONST_PERSISTENT);
#endif
#if !defined(PHP_WIN32)
	REGISTER_LONG_CONSTANT("Chan\\SIGPIPE", SIGPIPE, CONST_PERSISTENT);
#endif
#if !defined(PHP_WIN32)
	REGISTER_LONG_CONSTANT("Chan\\SIGWINCH", SIGWINCH, CONST_PERSISTENT);
#endif
}

static zend_class_entry *register_class_Chan_Coroutine(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Chan", "Coroutine", class_Chan_Coroutine_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NOT_SERIALIZABLE;

	return class_entry;
}

static zend_class_entry *register_class_Chan_Group(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Chan", "Group", class_Chan_Group_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;

	return class_entry;
}

static zend_class_entry *register_class_Chan_Channel(zend_class_entry *class_entry_Countable, zend_class_entry *class_entry_IteratorAggregate)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Chan", "Channel", class_Chan_Channel_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;
	zend_class_implements(class_entry, 2, class_entry_Countable, class_entry_IteratorAggregate);

	zval const_MAX_CAPACITY_value;
	ZVAL_LONG(&const_MAX_CAPACITY_value, 16777216);
	zend_string *const_MAX_CAPACITY_name = zend_string_init_interned("MAX_CAPACITY", sizeof("MAX_CAPACITY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_CAPACITY_name, &const_MAX_CAPACITY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_CAPACITY_name);

	zval property_capacity_default_value;
	ZVAL_UNDEF(&property_capacity_default_value);
	zend_string *property_capacity_name = zend_string_init("capacity", sizeof("capacity") - 1, 1);
	zend_declare_typed_property(class_entry, property_capacity_name, &property_capacity_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_capacity_name);

	return class_entry;
}

static zend_class_entry *register_class_Chan_ChannelIterator(zend_class_entry *class_entry_Iterator)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Chan", "ChannelIterator", class_Chan_ChannelIterator_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;
	zend_class_implements(class_entry, 1, class_entry_Iterator);

	return class_entry;
}

static zend_class_entry *register_class_Chan_SharedChannel(zend_class_entry *class_entry_Countable)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Chan", "SharedChannel", class_Chan_SharedChannel_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;
	zend_class_implements(class_entry, 1, class_entry_Countable);

	zval property_capacity_default_value;
	ZVAL_UNDEF(&property_capacity_default_value);
	zend_string *property_capacity_name = zend_string_init("capacity", sizeof("capacity") - 1, 1);
	zend_declare_typed_property(class_entry, property_capacity_name, &property_capacity_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_capacity_name);

	return class_entry;
}

static zend_class_entry *register_class_Chan_WaitGroup(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Chan", "WaitGroup", class_Chan_WaitGroup_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;

	return class_entry;
}

static zend_class_entry *register_class_Chan_Error(zend_class_entry *class_entry_Error)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Chan", "Error", class_Chan_Error_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Error);

	return class_entry;
}

static zend_class_entry *register_class_Chan_DeadlockError(zend_class_entry *class_entry_Chan_Error)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Chan", "DeadlockError", class_Chan_DeadlockError_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Chan_Error);

	return class_entry;
}

static zend_class_entry *register_class_Chan_Exception(zend_class_entry *class_entry_RuntimeException)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Chan", "Exception", class_Chan_Exception_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RuntimeException);

	return class_entry;
}

static zend_class_entry *register_class_Chan_ClosedException(zend_class_entry *class_entry_Chan_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Chan", "ClosedException", class_Chan_ClosedException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Chan_Exception);

	return class_entry;
}

static zend_class_entry *register_class_Chan_TimeoutException(zend_class_entry *class_entry_Chan_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Chan", "TimeoutException", class_Chan_TimeoutException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Chan_Exception);

	return class_entry;
}

static zend_class_entry *register_class_Chan_CancelledException(zend_class_entry *class_entry_Chan_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Chan", "CancelledException", class_Chan_CancelledException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Chan_Exception);

	return class_entry;
}
