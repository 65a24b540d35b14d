/*
 * chan_hook.c - the hook layer's setting: chan.hooks and Chan\hooks()
 * (chan_hook.h says how a hooked call decides).
 *
 * chan.hooks is a comma list of family names, or "all" (the default) or
 * "none". Every family SPEC names is accepted; a family this build does not
 * have yet is accepted and stays off, and Chan\hooks() lists only the
 * families in force. The families (chan_hook_<family>.c) read the setting
 * through chan_hook_active() and are installed by chan.c at MINIT whatever
 * the setting, so ini_set() can turn them on and off at run time.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "php.h"
#include "php_chan.h"
#include "chan_hook.h"

/* The families this build has. */
#define CHAN_HOOKS_BUILT (CHAN_HOOK_SLEEP | CHAN_HOOK_STREAM)

TSRM_TLS uint32_t chan_hooks_on;

static const struct {
	const char *name;
	uint32_t bit;
} chan_hook_families[] = {
    {"sleep", CHAN_HOOK_SLEEP},     {"stream", CHAN_HOOK_STREAM}, {"dns", CHAN_HOOK_DNS},
    {"process", CHAN_HOOK_PROCESS}, {"curl", CHAN_HOOK_CURL},     {"pgsql", CHAN_HOOK_PGSQL},
};
#define CHAN_HOOK_FAMILIES (sizeof(chan_hook_families) / sizeof(chan_hook_families[0]))

/* "all", "none" or a comma list of names (spaces around names ignored). */
static bool chan_hooks_parse(const char *s, uint32_t *out)
{
	uint32_t mask = 0;
	while (*s) {
		while (*s == ' ' || *s == ',') {
			s++;
		}
		const char *end = s;
		while (*end && *end != ',' && *end != ' ') {
			end++;
		}
		size_t len = (size_t) (end - s);
		if (len == 0) {
			break;
		}
		bool known = false;
		if (len == 3 && !strncasecmp(s, "all", 3)) {
			mask = ~0u;
			known = true;
		} else if (len == 4 && !strncasecmp(s, "none", 4)) {
			known = true;
		}
		for (size_t i = 0; !known && i < CHAN_HOOK_FAMILIES; i++) {
			if (strlen(chan_hook_families[i].name) == len && !strncasecmp(s, chan_hook_families[i].name, len)) {
				mask |= chan_hook_families[i].bit;
				known = true;
			}
		}
		if (!known) {
			return false;
		}
		s = end;
	}
	*out = mask;
	return true;
}

ZEND_INI_MH(chan_ini_hooks)
{
	uint32_t mask;
	if (!chan_hooks_parse(ZSTR_VAL(new_value), &mask)) {
		zend_error(E_WARNING,
		           "Invalid \"chan.hooks\" setting: \"%s\" is not \"all\", \"none\" or a comma list of sleep, stream, "
		           "dns, process, curl, pgsql",
		           ZSTR_VAL(new_value));
		return FAILURE;
	}
	chan_hooks_on = mask & CHAN_HOOKS_BUILT;
	return SUCCESS;
}

PHP_FUNCTION(Chan_hooks)
{
	ZEND_PARSE_PARAMETERS_NONE();
	array_init(return_value);
	for (size_t i = 0; i < CHAN_HOOK_FAMILIES; i++) {
		if (chan_hooks_on & chan_hook_families[i].bit) {
			add_next_index_string(return_value, chan_hook_families[i].name);
		}
	}
}
