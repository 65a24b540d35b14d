<?php
/**
 * Generates docs/reference.md, the API reference, from chan.stub.php.
 *
 *   php -d extension=chan.so scripts/gen-reference.php            rewrite docs/reference.md
 *   php -d extension=chan.so scripts/gen-reference.php --check    exit 1, with a diff, when
 *                                                                 docs/reference.md is stale
 *   php -d extension=chan.so scripts/gen-reference.php --stdout   print it instead
 *
 * The stub is read with PHP's tokenizer: every function, class, interface,
 * constant, property, method and exception of namespace Chan, in stub order,
 * with its signature and its doc comment. A plain block comment between
 * declarations (the stub's "Stream helpers: ..." note) becomes a section of
 * its own. Private members and members tagged @internal are left out.
 *
 * The chan extension must be loaded. The stub is checked against it (the same
 * functions, classes, methods, parameters and constants; a mismatch means
 * chan.so was built from another stub), exceptions are told apart from the
 * other classes by Reflection, and the INI settings come from
 * ini_get_all('chan'): name, built-in default and where it may be changed.
 * Their descriptions come from the "Settings" table of README.md, whose names
 * and defaults must agree with the extension's.
 *
 * Exit status: 0 done (or up to date), 1 stale (--check), 2 error.
 */

declare(strict_types=1);

const STUB = 'chan.stub.php';
const README = 'README.md';
const OUTPUT = 'docs/reference.md';

final class GenError extends Exception {}

/** One declaration of the stub, or a note (a plain comment between declarations). */
final class Decl
{
    /** 'function' | 'class' | 'interface' | 'const' | 'property' | 'method' | 'note' */
    public string $kind;
    public string $name = '';
    /** @var list<string> final, abstract, public, static, readonly, ... */
    public array $modifiers = [];
    /** @var list<array{type: string, byRef: bool, variadic: bool, name: string, default: ?string}> */
    public array $params = [];
    public string $returnType = '';
    /** For properties and constants: the declared type and the value as written. */
    public string $type = '';
    public ?string $value = null;
    public string $extends = '';
    /** @var list<string> */
    public array $implements = [];
    public string $docText = '';
    /** @var list<array{0: string, 1: string}> tag name, rest of its text */
    public array $tags = [];
    /** @var list<Decl> members of a class or interface */
    public array $members = [];
    public int $line = 0;

    public function __construct(string $kind)
    {
        $this->kind = $kind;
    }

    /** @return list<string> the texts of every tag named $name */
    public function tag(string $name): array
    {
        $out = [];
        foreach ($this->tags as [$tag, $rest]) {
            if ($tag === $name) {
                $out[] = $rest;
            }
        }
        return $out;
    }

    public function hasTag(string $name): bool
    {
        return $this->tag($name) !== [];
    }
}

// --- reading the stub ---------------------------------------------------------

/** A small recursive-descent reader over token_get_all()'s tokens. */
final class StubParser
{
    /** @var list<array{0: int|string, 1: string, 2: int, 3: bool}> id, text, line, whitespace before it */
    private array $t = [];
    private int $i = 0;
    private string $file;

    public function __construct(string $file, string $code)
    {
        $this->file = $file;
        $line = 1;
        $space = false;
        foreach (token_get_all($code) as $tok) {
            [$id, $text] = is_array($tok) ? $tok : [$tok, $tok];
            $line = is_array($tok) ? $tok[2] : $line;
            if ($id === T_WHITESPACE || $id === T_OPEN_TAG) {
                $space = true;
                continue;
            }
            $this->t[] = [$id, $text, $line, $space];
            $space = false;
        }
    }

    /** @return array{0: string, 1: list<Decl>} the namespace and its declarations */
    public function parse(): array
    {
        $ns = null;
        $decls = [];
        while ($this->i < count($this->t)) {
            [$id] = $this->t[$this->i];
            if ($id === T_DOC_COMMENT || $id === T_COMMENT) {
                $this->i++; // the file's own doc comment: not part of the API
                continue;
            }
            if ($id !== T_NAMESPACE) {
                $this->fail('expected "namespace Name { ... }" at the top level');
            }
            if ($ns !== null) {
                $this->fail('one namespace block expected');
            }
            $this->i++;
            $ns = $this->text();
            $this->i++;
            $this->expect('{');
            $decls = $this->block();
        }
        if ($ns === null) {
            $this->fail('no namespace block');
        }
        return [$ns, $decls];
    }

    /** @return list<Decl> the declarations of a namespace block, up to its "}" */
    private function block(): array
    {
        $decls = [];
        $docs = [];
        $mods = [];
        for (;;) {
            [$id, $text, $line] = $this->peek();
            switch ($id) {
                case '}':
                    $this->i++;
                    return $decls;
                case T_DOC_COMMENT:
                    $docs[] = $text;
                    $this->i++;
                    break;
                case T_COMMENT:
                    $this->i++;
                    if (str_starts_with($text, '/*')) {
                        $note = new Decl('note');
                        $note->line = $line;
                        [$note->docText] = parse_doc($text);
                        $decls[] = $note;
                    }
                    $docs = [];
                    break;
                case T_FINAL:
                case T_ABSTRACT:
                case T_READONLY:
                    $mods[] = strtolower($text);
                    $this->i++;
                    break;
                case T_FUNCTION:
                    $d = $this->func('function', $mods);
                    $decls[] = $this->withDocs($d, $docs);
                    $docs = $mods = [];
                    break;
                case T_CLASS:
                case T_INTERFACE:
                    $d = $this->classLike($id === T_CLASS ? 'class' : 'interface', $mods);
                    $decls[] = $this->withDocs($d, $docs);
                    $docs = $mods = [];
                    break;
                case T_CONST:
                    $d = $this->constant($mods);
                    $decls[] = $this->withDocs($d, $docs);
                    $docs = $mods = [];
                    break;
                default:
                    $this->fail("unexpected \"$text\" in the namespace block");
            }
        }
    }

    /** @param list<string> $mods */
    private function classLike(string $kind, array $mods): Decl
    {
        $d = new Decl($kind);
        $d->line = $this->peek()[2];
        $d->modifiers = $mods;
        $this->i++;
        $d->name = $this->text();
        $this->i++;
        if ($this->peek()[0] === T_EXTENDS) {
            $this->i++;
            $d->extends = $this->names()[0];
        }
        if ($this->peek()[0] === T_IMPLEMENTS) {
            $this->i++;
            $d->implements = $this->names();
        }
        $this->expect('{');
        $docs = [];
        $mods = [];
        for (;;) {
            [$id, $text] = $this->peek();
            switch ($id) {
                case '}':
                    $this->i++;
                    return $d;
                case T_DOC_COMMENT:
                    $docs[] = $text;
                    $this->i++;
                    break;
                case T_COMMENT:
                    $this->i++;
                    break;
                case T_PUBLIC:
                case T_PROTECTED:
                case T_PRIVATE:
                case T_STATIC:
                case T_FINAL:
                case T_ABSTRACT:
                case T_READONLY:
                    $mods[] = strtolower($text);
                    $this->i++;
                    break;
                case T_FUNCTION:
                    $d->members[] = $this->withDocs($this->func('method', $mods), $docs);
                    $docs = $mods = [];
                    break;
                case T_CONST:
                    $d->members[] = $this->withDocs($this->constant($mods), $docs);
                    $docs = $mods = [];
                    break;
                default:
                    // A property: [type] $name [= default];
                    $p = new Decl('property');
                    $p->line = $this->peek()[2];
                    $p->modifiers = $mods;
                    $p->type = $this->until([T_VARIABLE]);
                    $p->name = $this->text();
                    $this->i++;
                    if ($this->peek()[0] === '=') {
                        $this->i++;
                        $p->value = $this->until([';']);
                    }
                    $this->expect(';');
                    $d->members[] = $this->withDocs($p, $docs);
                    $docs = $mods = [];
            }
        }
    }

    /** @param list<string> $mods */
    private function func(string $kind, array $mods): Decl
    {
        $d = new Decl($kind);
        $d->line = $this->peek()[2];
        $d->modifiers = $mods;
        $this->i++;
        $d->name = $this->text(); // any token: "yield" is T_YIELD
        $this->i++;
        $this->expect('(');
        while ($this->peek()[0] !== ')') {
            $p = ['type' => '', 'byRef' => false, 'variadic' => false, 'name' => '', 'default' => null];
            $p['type'] = $this->until([T_VARIABLE, T_ELLIPSIS, T_AMPERSAND_FOLLOWED_BY_VAR_OR_VARARG]);
            if ($this->peek()[0] === T_AMPERSAND_FOLLOWED_BY_VAR_OR_VARARG) {
                $p['byRef'] = true;
                $this->i++;
            }
            if ($this->peek()[0] === T_ELLIPSIS) {
                $p['variadic'] = true;
                $this->i++;
            }
            if ($this->peek()[0] !== T_VARIABLE) {
                $this->fail('expected a parameter name');
            }
            $p['name'] = $this->text();
            $this->i++;
            if ($this->peek()[0] === '=') {
                $this->i++;
                $p['default'] = $this->until([',', ')']);
            }
            $d->params[] = $p;
            if ($this->peek()[0] === ',') {
                $this->i++;
            }
        }
        $this->i++;
        if ($this->peek()[0] === ':') {
            $this->i++;
            $d->returnType = $this->until(['{', ';']);
        }
        if ($this->peek()[0] === '{') {
            $this->skipBraces();
        } else {
            $this->expect(';');
        }
        return $d;
    }

    /** @param list<string> $mods */
    private function constant(array $mods): Decl
    {
        $d = new Decl('const');
        $d->line = $this->peek()[2];
        $d->modifiers = $mods;
        $this->i++;
        $d->name = $this->text();
        $this->i++;
        $this->expect('=');
        $d->value = $this->until([';']);
        $this->expect(';');
        return $d;
    }

    /** @param list<string> $docs consecutive doc comments: one text, their tags together */
    private function withDocs(Decl $d, array $docs): Decl
    {
        $texts = [];
        foreach ($docs as $doc) {
            [$text, $tags] = parse_doc($doc);
            if ($text !== '') {
                $texts[] = $text;
            }
            array_push($d->tags, ...$tags);
        }
        $d->docText = implode("\n\n", $texts);
        return $d;
    }

    /** @return list<string> a comma-separated list of class names */
    private function names(): array
    {
        $names = [$this->text()];
        $this->i++;
        while ($this->peek()[0] === ',') {
            $this->i++;
            $names[] = $this->text();
            $this->i++;
        }
        return $names;
    }

    /**
     * The source text up to (not including) the first of $stops at bracket
     * depth 0, tokens joined as written with one space where the source had
     * any whitespace between them.
     *
     * @param list<int|string> $stops
     */
    private function until(array $stops): string
    {
        $out = '';
        $depth = 0;
        for (;;) {
            [$id, $text] = $this->peek();
            if ($depth === 0 && in_array($id, $stops, true)) {
                return trim($out);
            }
            if ($id === '(' || $id === '[' || $id === '{') {
                $depth++;
            } elseif ($id === ')' || $id === ']' || $id === '}') {
                if (--$depth < 0) {
                    $this->fail('unbalanced "' . $text . '"');
                }
            }
            $out .= ($out !== '' && $this->t[$this->i][3] ? ' ' : '') . $text;
            $this->i++;
        }
    }

    private function skipBraces(): void
    {
        $depth = 0;
        do {
            $id = $this->peek()[0];
            if ($id === '{' || $id === T_CURLY_OPEN || $id === T_DOLLAR_OPEN_CURLY_BRACES) {
                $depth++;
            } elseif ($id === '}') {
                $depth--;
            }
            $this->i++;
        } while ($depth > 0);
    }

    /** @return array{0: int|string, 1: string, 2: int} */
    private function peek(): array
    {
        if ($this->i >= count($this->t)) {
            throw new GenError("$this->file: unexpected end of file");
        }
        return $this->t[$this->i];
    }

    private function text(): string
    {
        return $this->peek()[1];
    }

    private function expect(string $what): void
    {
        if ($this->peek()[0] !== $what) {
            $this->fail("expected \"$what\", found \"{$this->text()}\"");
        }
        $this->i++;
    }

    private function fail(string $why): never
    {
        $line = $this->t[min($this->i, count($this->t) - 1)][2] ?? 0;
        throw new GenError("$this->file:$line: $why");
    }
}

/**
 * A doc comment's text (its lines without the comment markers, paragraphs
 * separated by blank lines) and its tags (a line starting with @; lines
 * after it that are not blank and not another tag continue it).
 *
 * @return array{0: string, 1: list<array{0: string, 1: string}>}
 */
function parse_doc(string $comment): array
{
    $body = preg_replace(['#^/\*\*?#', '#\*/$#'], '', $comment);
    $lines = [];
    foreach (explode("\n", $body) as $line) {
        $line = preg_replace('/^\s*\* ?/', '', $line, 1, $count);
        if ($count === 0) {
            $line = ltrim($line);
        }
        $lines[] = rtrim($line);
    }
    $text = [];
    $tags = [];
    $inTag = false;
    foreach ($lines as $line) {
        if (preg_match('/^@([\w-]+)\s*(.*)$/', $line, $m)) {
            $tags[] = [$m[1], $m[2]];
            $inTag = true;
        } elseif ($inTag && trim($line) !== '') {
            $tags[count($tags) - 1][1] = trim($tags[count($tags) - 1][1] . ' ' . trim($line));
        } else {
            $inTag = false;
            $text[] = $line;
        }
    }
    $text = trim(preg_replace("/\n{3,}/", "\n\n", implode("\n", $text)));
    return [$text, $tags];
}

// --- checking the stub against the loaded extension ---------------------------

/**
 * @param list<Decl> $decls
 * @return list<string> every disagreement between the stub and the extension
 */
function compare_with_extension(string $ns, array $decls): array
{
    $ext = new ReflectionExtension('chan');
    $problems = [];
    $stubFuncs = [];
    $stubClasses = [];
    foreach ($decls as $d) {
        $fq = "$ns\\$d->name";
        if ($d->kind === 'function') {
            $stubFuncs[strtolower($fq)] = true;
            if (!function_exists($fq)) {
                $problems[] = "function $fq is in the stub, not in the extension";
                continue;
            }
            $problems = array_merge($problems, compare_params("$fq()", $d, new ReflectionFunction($fq)));
        } elseif ($d->kind === 'class' || $d->kind === 'interface') {
            $stubClasses[strtolower($fq)] = true;
            if (!class_exists($fq) && !interface_exists($fq)) {
                $problems[] = "$d->kind $fq is in the stub, not in the extension";
                continue;
            }
            $rc = new ReflectionClass($fq);
            $stubMethods = [];
            foreach ($d->members as $m) {
                if ($m->kind === 'method') {
                    $stubMethods[strtolower($m->name)] = true;
                    if (!$rc->hasMethod($m->name)) {
                        $problems[] = "method $fq::$m->name() is in the stub, not in the extension";
                    } else {
                        $problems = array_merge(
                            $problems,
                            compare_params("$fq::$m->name()", $m, $rc->getMethod($m->name)),
                        );
                    }
                } elseif ($m->kind === 'const') {
                    if (!$rc->hasConstant($m->name)) {
                        $problems[] = "constant $fq::$m->name is in the stub, not in the extension";
                    } elseif (var_export($rc->getConstant($m->name), true) !== $m->value) {
                        $problems[] = "constant $fq::$m->name is $m->value in the stub, "
                            . var_export($rc->getConstant($m->name), true) . ' in the extension';
                    }
                } elseif ($m->kind === 'property' && !$rc->hasProperty(substr($m->name, 1))) {
                    $problems[] = "property $fq::$m->name is in the stub, not in the extension";
                }
            }
            foreach ($rc->getMethods() as $rm) {
                if ($rm->getDeclaringClass()->getName() === $rc->getName() && !isset($stubMethods[strtolower($rm->getName())])) {
                    $problems[] = "method $fq::{$rm->getName()}() is in the extension, not in the stub";
                }
            }
        }
    }
    foreach ($ext->getFunctions() as $f) {
        if (!isset($stubFuncs[strtolower($f->getName())])) {
            $problems[] = "function {$f->getName()} is in the extension, not in the stub";
        }
    }
    foreach ($ext->getClassNames() as $c) {
        if (!isset($stubClasses[strtolower($c)])) {
            $problems[] = "class $c is in the extension, not in the stub";
        }
    }
    return $problems;
}

/** @return list<string> */
function compare_params(string $what, Decl $d, ReflectionFunctionAbstract $r): array
{
    $stub = array_map(fn($p) => ($p['byRef'] ? '&' : '') . ($p['variadic'] ? '...' : '') . $p['name'], $d->params);
    $ext = array_map(
        fn(ReflectionParameter $p) => ($p->isPassedByReference() ? '&' : '') . ($p->isVariadic() ? '...' : '') . '$' . $p->getName(),
        $r->getParameters(),
    );
    if ($stub !== $ext) {
        return ["$what takes (" . implode(', ', $stub) . ') in the stub, (' . implode(', ', $ext) . ') in the extension'];
    }
    return [];
}

// --- INI settings -------------------------------------------------------------

/**
 * The extension's INI settings with the descriptions of README's "Settings"
 * table.
 *
 * @return list<array{name: string, default: string, access: int, what: string}>
 */
function ini_settings(string $readme): array
{
    $rows = readme_settings($readme);
    $out = [];
    $problems = [];
    $all = ini_get_all('chan');
    foreach ($all as $name => $info) {
        if (get_cfg_var($name) !== false) {
            throw new GenError("$name is set in php.ini or by -d: its value is not the built-in default; run without it");
        }
        if (!isset($rows[$name])) {
            $problems[] = "$name: not in README.md's Settings table";
            continue;
        }
        if ($rows[$name]['default'] !== $info['global_value']) {
            $problems[] = "$name: README.md says the default is {$rows[$name]['default']}, the extension says {$info['global_value']}";
        }
        $out[] = ['name' => $name, 'default' => $info['global_value'], 'access' => $info['access'], 'what' => $rows[$name]['what']];
    }
    foreach (array_diff_key($rows, $all) as $name => $_) {
        $problems[] = "$name: in README.md's Settings table, not in the extension";
    }
    if ($problems) {
        throw new GenError("README.md's Settings table and the extension disagree:\n  " . implode("\n  ", $problems));
    }
    return $out;
}

/** @return array<string, array{default: string, what: string}> README's Settings table by setting */
function readme_settings(string $readme): array
{
    if (!preg_match('/^## Settings\n(.*?)(?=^## )/ms', $readme, $m)) {
        throw new GenError('README.md has no "## Settings" section');
    }
    $rows = [];
    foreach (explode("\n", $m[1]) as $line) {
        if (!str_starts_with($line, '|')) {
            continue;
        }
        $cells = table_cells($line);
        if (count($cells) !== 3 || !preg_match('/^`([\w.]+)`$/', $cells[0], $name)) {
            continue; // the header and the rule
        }
        $rows[$name[1]] = ['default' => trim($cells[1], '`'), 'what' => $cells[2]];
    }
    if (!$rows) {
        throw new GenError('README.md\'s Settings section has no table rows of the form | `name` | `default` | what it does |');
    }
    return $rows;
}

/** @return list<string> the cells of a Markdown table row ("|" inside `code` does not split) */
function table_cells(string $line): array
{
    $cells = [];
    $cell = '';
    $code = false;
    $n = strlen($line);
    for ($i = 0; $i < $n; $i++) {
        $c = $line[$i];
        if ($c === '`') {
            $code = !$code;
        } elseif ($c === '|' && !$code && ($i === 0 || $line[$i - 1] !== '\\')) {
            $cells[] = trim($cell);
            $cell = '';
            continue;
        }
        $cell .= $c;
    }
    array_shift($cells); // before the first "|"
    return $cells;
}

function access_text(int $access): string
{
    return match ($access) {
        INI_ALL => '`INI_ALL`: anywhere, `ini_set()` included',
        INI_SYSTEM => '`INI_SYSTEM`: `php.ini` or `php -d` only',
        INI_PERDIR | INI_SYSTEM => '`INI_PERDIR`: `php.ini`, `.user.ini`, `.htaccess` or `php -d`',
        default => implode(' | ', array_keys(array_filter(
            ['`INI_USER`' => INI_USER, '`INI_PERDIR`' => INI_PERDIR, '`INI_SYSTEM`' => INI_SYSTEM],
            fn($bit) => ($access & $bit) !== 0,
        ))),
    };
}

// --- Markdown -----------------------------------------------------------------

/** Headings and their anchors (GitHub's: lower case, punctuation dropped, spaces to "-"). */
final class Anchors
{
    /** @var array<string, int> */
    private array $seen = [];

    public function slug(string $heading): string
    {
        $s = strtolower(str_replace('`', '', $heading));
        $s = preg_replace('/[^\p{L}\p{N} _-]/u', '', $s);
        $s = str_replace(' ', '-', $s);
        if (isset($this->seen[$s])) {
            return $s . '-' . $this->seen[$s]++;
        }
        $this->seen[$s] = 1;
        return $s;
    }
}

/**
 * Doc comment prose as Markdown: paragraphs reflowed onto one line each,
 * code-like words set as `code` (names with a backslash, calls such as
 * pop() or Coroutine::sleep(), $variables, array literals, constants, null,
 * true and false, class names of the stub), and what Markdown would read as
 * markup escaped. Spans already in backticks are kept as they are.
 *
 * @param list<string> $classNames short names of the stub's classes
 */
function prose(string $text, array $classNames): string
{
    $paras = preg_split("/\n\s*\n/", trim($text));
    $out = [];
    foreach ($paras as $para) {
        $para = preg_replace('/\s+/', ' ', trim($para));
        $para = preg_replace('/\[ /', '[', $para);
        $out[] = inline($para, $classNames);
    }
    return implode("\n\n", $out);
}

/** @param list<string> $classNames */
function inline(string $s, array $classNames): string
{
    $classes = implode('|', array_map(fn($c) => preg_quote($c, '~'), $classNames));
    $code = '(?:'
        . '\[[^\[\]`]*(?:,|=>)[^\[\]`]*\]'                                  // [Channel, $value], ['count' => ...]
        . '|\\\\?(?:[A-Za-z_]\w*\\\\)+[A-Za-z_]\w*(?:::\w+)?(?:\(\))?'      // Chan\Error, Chan\Coroutine::id()
        . '|\\\\[A-Z]\w*'                                                   // \Socket
        . '|(?:[A-Za-z_]\w*(?:::|->))?[A-Za-z_]\w*\([^()\s]*\)'             // pop(), Coroutine::sleep(), add(-1)
        . '|\$[A-Za-z_]\w*'                                                 // $timeout
        . '|\b[a-z]+://[\w./-]*'                                            // php://memory, tls://
        . '|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b'                               // crypto_method
        . '|\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\b(?:INF|NAN|STDIN|STDOUT|STDERR)\b'
        . '|\b(?:null|true|false)\b'
        . '|"[^"\s]*"'                                                      // "", "\n"
        . "|'[^'\\s]*'(?:\\|'[^'\\s]*')*"                                   // 'lockfree'|'mutex'
        . '|\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b'                          // ValueError, WaitGroup
        . ($classes !== '' ? "|\\b(?:$classes)\\b" : '')
        . ')';
    $out = '';
    // Existing `code` spans first; the text between them is decorated.
    foreach (preg_split('/(`[^`]*`)/', $s, -1, PREG_SPLIT_DELIM_CAPTURE) as $k => $part) {
        if ($k % 2 === 1) {
            $out .= $part;
            continue;
        }
        foreach (preg_split("~($code)~", $part, -1, PREG_SPLIT_DELIM_CAPTURE) as $j => $piece) {
            $out .= $j % 2 === 1 ? code_span($piece) : escape_md($piece);
        }
    }
    // A paragraph must not start with what Markdown reads as a block marker.
    return preg_replace('/^([#>+-]|\d+[.)])(?=\s)/', '\\\\$1', $out);
}

function code_span(string $s): string
{
    return str_contains($s, '`') ? "`` $s ``" : "`$s`";
}

/** Escapes what Markdown would read as markup: "_" only where it could start or end emphasis. */
function escape_md(string $s): string
{
    return preg_replace(['/([\\\\*<\[\]`])/', '/(?<!\w)_|_(?!\w)/'], ['\\\\$1', '\\\\_'], $s);
}

// --- the reference ------------------------------------------------------------

final class Reference
{
    private Anchors $anchors;
    /** @var list<string> */
    private array $classNames = [];
    /** @var list<string> lines of the table of contents */
    private array $toc = [];
    /** @var list<string> lines of the body */
    private array $body = [];
    /** @var list<array{0: string, 1: string, 2: string}> heading, anchor, doc text: for "mentioned in" */
    private array $mentions = [];

    /** @param list<Decl> $decls */
    public function __construct(private string $ns, private array $decls, private array $settings)
    {
        $this->anchors = new Anchors();
        foreach ($decls as $d) {
            if ($d->kind === 'class' || $d->kind === 'interface') {
                $this->classNames[] = $d->name;
            }
        }
    }

    public function render(): string
    {
        $groups = ['funcs' => [], 'classes' => [], 'exceptions' => []];
        $pendingNote = null;
        foreach ($this->decls as $d) {
            foreach ($d->tags as [$tag]) {
                if (!in_array($tag, ['param', 'return', 'var', 'cvalue', 'not-serializable', 'strict-properties', 'internal'], true)) {
                    throw new GenError(STUB . ":$d->line: tag @$tag is not known to scripts/gen-reference.php: teach it");
                }
            }
            if ($d->hasTag('internal')) {
                continue;
            }
            if ($d->kind === 'note') {
                $pendingNote = $d;
                continue;
            }
            $group = match (true) {
                $d->kind === 'function', $d->kind === 'const' => 'funcs',
                (new ReflectionClass("$this->ns\\$d->name"))->implementsInterface(Throwable::class) => 'exceptions',
                default => 'classes',
            };
            if ($pendingNote !== null) {
                $groups[$group][] = $pendingNote;
                $pendingNote = null;
            }
            $groups[$group][] = $d;
        }

        $this->section('Functions', $groups['funcs']);
        $this->section('Classes', $groups['classes']);
        $this->exceptions($groups['exceptions']);
        $this->settings();

        $head = [
            '<!-- Generated by scripts/gen-reference.php from chan.stub.php and README.md: do not edit. -->',
            '',
            '# chan API reference',
            '',
            "Every name below is in namespace `$this->ns`. Signatures are shown as the stub"
            . " declares them inside `namespace $this->ns { }`, so `\\Countable` is PHP's global"
            . ' interface; `resource`, which PHP cannot declare, comes from the stub\'s'
            . ' `@param` and `@return` tags. The text is the stub\'s doc comments. Private'
            . ' members are not listed. For the model behind it (scheduling order, deadlock,'
            . ' timeouts), see [the guide](guide.md) and [Coming from Go](coming-from-go.md);'
            . ' [the index](README.md) lists every page.',
            '',
            '## Contents',
            '',
        ];
        return implode("\n", array_merge($head, $this->toc, [''], $this->body)) . "\n";
    }

    /** @param list<Decl> $decls */
    private function section(string $title, array $decls): void
    {
        if (!$decls) {
            return;
        }
        $this->heading(2, $title, 0);
        $nested = false;
        foreach ($decls as $d) {
            if ($d->kind === 'note') {
                $this->note($d);
                $nested = true;
                continue;
            }
            match ($d->kind) {
                'function' => $this->function($d, $nested ? 2 : 1),
                'const' => $this->constant($d, "$this->ns\\$d->name", 3, $nested ? 2 : 1),
                default => $this->classLike($d),
            };
        }
    }

    /** A plain comment of the stub: "Title: text" becomes a heading over its text. */
    private function note(Decl $d): void
    {
        $text = $d->docText;
        $title = 'Note';
        if (preg_match('/^([A-Z][\w ]{0,40}):\s+(.*)$/s', $text, $m) && str_word_count($m[1]) <= 4) {
            $title = $m[1];
            $text = ucfirst($m[2]);
        }
        $this->heading(3, $title, 1);
        $this->para(prose($text, $this->classNames));
        $this->mentions[] = [$title, $this->lastAnchor, $d->docText];
    }

    private function function(Decl $d, int $tocDepth): void
    {
        $name = "$this->ns\\$d->name()";
        $this->heading(3, "`$name`", $tocDepth);
        $this->code($this->signature($d, ''));
        $this->docs($d, $name);
    }

    private function classLike(Decl $d): void
    {
        $fq = "$this->ns\\$d->name";
        $this->heading(3, "`$fq`", 1);
        $this->code($this->classSignature($d));
        $this->docs($d, $fq);
        $notes = [];
        foreach ($d->members as $m) {
            if ($m->kind === 'method' && strtolower($m->name) === '__construct' && in_array('private', $m->modifiers, true)) {
                $notes[] = 'It has no public constructor: `new` cannot make one.';
            }
        }
        if ($d->hasTag('not-serializable')) {
            $notes[] = 'Instances cannot be serialized or unserialized.';
        }
        if ($d->hasTag('strict-properties')) {
            $notes[] = 'Dynamic properties are not allowed.';
        }
        if ($notes) {
            $this->para(implode(' ', $notes));
        }
        $members = [];
        foreach ($d->members as $m) {
            if (in_array('private', $m->modifiers, true) || $m->hasTag('internal')) {
                continue;
            }
            $members[] = $m;
            match ($m->kind) {
                'const' => $this->constant($m, "$d->name::$m->name", 4, 0),
                'property' => $this->property($m, $d->name),
                'method' => $this->method($m, $d->name),
            };
        }
        // The class's line in the contents lists its members.
        if ($members) {
            $links = array_map(fn($m) => $this->memberLinks[spl_object_id($m)], $members);
            $this->toc[count($this->toc) - 1] .= ': ' . implode(', ', $links);
        }
    }

    /** @var array<int, string> member => its link in the contents */
    private array $memberLinks = [];

    private function constant(Decl $d, string $title, int $level, int $tocDepth): void
    {
        $this->heading($level, "`$title`", $tocDepth);
        $value = $d->value;
        $c = implode('', $d->tag('cvalue'));
        if ($c !== '' && defined($title)) { // @cvalue: the C library's value, here
            $value = var_export(constant($title), true) . "; // $c of the C library (Linux)";
        } else {
            $value .= ';';
        }
        $this->code(implode(' ', array_merge($d->modifiers, ['const'])) . " $d->name = $value");
        $this->docs($d, $title);
        $this->memberLinks[spl_object_id($d)] = $this->link("`$d->name`");
    }

    private function property(Decl $d, string $class): void
    {
        $title = "$class::$d->name";
        $this->heading(4, "`$title`", 0);
        $type = $d->type !== '' ? $d->type : implode('', $d->tag('var'));
        $this->code(implode(' ', array_merge($d->modifiers, $type !== '' ? [$type] : [], [$d->name]))
            . ($d->value !== null ? " = $d->value" : '') . ';');
        $this->docs($d, $title);
        $this->memberLinks[spl_object_id($d)] = $this->link("`$d->name`");
    }

    private function method(Decl $d, string $class): void
    {
        $title = "$class::$d->name()";
        $this->heading(4, "`$title`", 0);
        $this->code($this->signature($d, implode(' ', $d->modifiers) . ' '));
        $this->docs($d, $title);
        $this->memberLinks[spl_object_id($d)] = $this->link("`$d->name()`");
    }

    /** @param list<Decl> $decls */
    private function exceptions(array $decls): void
    {
        if (!$decls) {
            return;
        }
        $this->heading(2, 'Exceptions', 0);
        // The hierarchy, from the stub's extends clauses.
        $lines = [];
        $children = [];
        $seenRoots = [];
        foreach ($decls as $d) {
            $children[$d->extends][] = $d;
        }
        $walk = function (string $parent, int $depth) use (&$walk, &$lines, $children): void {
            foreach ($children[$parent] ?? [] as $d) {
                $lines[] = str_repeat('    ', $depth) . "$this->ns\\$d->name" . ($depth === 0 ? " extends $d->extends" : '');
                $walk($d->name, $depth + 1);
            }
        };
        foreach ($decls as $d) {
            if (!in_array($d->extends, array_map(fn($x) => $x->name, $decls), true) && !isset($seenRoots[$d->extends])) {
                $seenRoots[$d->extends] = true;
                $walk($d->extends, 0);
            }
        }
        $this->code(implode("\n", $lines), 'text');
        foreach ($decls as $d) {
            $fq = "$this->ns\\$d->name";
            $this->heading(3, "`$fq`", 1);
            $this->code($this->classSignature($d));
            $this->docs($d, $fq);
            $where = $this->mentionsOf($d->name);
            if ($where) {
                $this->para('Documented in: ' . implode(', ', $where) . '.');
            }
        }
    }

    /** @return list<string> links to the entries whose text names exception $short */
    private function mentionsOf(string $short): array
    {
        // A short name that is also a global class (Error, Exception) counts
        // only qualified; the others count either way.
        $pattern = class_exists($short, false) || interface_exists($short, false)
            ? '/(?<![\w\\\\])' . preg_quote($this->ns . '\\' . $short, '/') . '\b/'
            : '/(?<![\w\\\\])(?:' . preg_quote($this->ns . '\\', '/') . ')?' . preg_quote($short, '/') . '\b/';
        $links = [];
        foreach ($this->mentions as [$heading, $anchor, $text]) {
            if (preg_match($pattern, $text)) {
                $links[] = "[$heading](#$anchor)";  // $heading is Markdown already
            }
        }
        return $links;
    }

    private function settings(): void
    {
        $this->heading(2, 'INI settings', 0);
        $this->para('From the loaded extension (`ini_get_all(\'chan\')`): each setting, its built-in'
            . ' default and where it may be changed; the descriptions are README.md\'s.');
        $rows = ['| setting | default | changeable | what it does |', '| --- | --- | --- | --- |'];
        foreach ($this->settings as $s) {
            $rows[] = "| `{$s['name']}` | `{$s['default']}` | " . access_text($s['access']) . " | {$s['what']} |";
        }
        $this->para(implode("\n", $rows));
    }

    private function classSignature(Decl $d): string
    {
        $sig = implode(' ', array_merge($d->modifiers, [$d->kind, $d->name]));
        if ($d->extends !== '') {
            $sig .= " extends $d->extends";
        }
        if ($d->implements) {
            $sig .= ' implements ' . implode(', ', $d->implements);
        }
        return $sig;
    }

    /** One line when it fits in 80 columns, else one parameter per line. */
    private function signature(Decl $d, string $prefix): string
    {
        $docTypes = [];
        foreach ($d->tag('param') as $p) {
            if (preg_match('/^(\S+)\s+&?(?:\.\.\.)?(\$\w+)/', $p, $m)) {
                $docTypes[$m[2]] = $m[1];
            }
        }
        $params = [];
        foreach ($d->params as $p) {
            $type = $p['type'] !== '' ? $p['type'] : ($docTypes[$p['name']] ?? '');
            $params[] = ($type !== '' ? "$type " : '') . ($p['byRef'] ? '&' : '') . ($p['variadic'] ? '...' : '')
                . $p['name'] . ($p['default'] !== null ? " = {$p['default']}" : '');
        }
        $ret = $d->returnType !== '' ? $d->returnType : implode('', array_slice($d->tag('return'), 0, 1));
        $ret = $ret !== '' ? ": $ret" : '';
        $head = "{$prefix}function $d->name(";
        $one = $head . implode(', ', $params) . ")$ret";
        if (strlen($one) <= 80 || !$params) {
            return $one;
        }
        return $head . "\n    " . implode(",\n    ", $params) . "\n)$ret";
    }

    /** The doc comment's text, and what its tags add to the signature. */
    private function docs(Decl $d, string $title): void
    {
        if ($d->docText !== '') {
            $this->para(prose($d->docText, $this->classNames));
        }
        $this->mentions[] = ["`$title`", $this->lastAnchor, $d->docText];
        $extra = [];
        foreach ($d->params as $p) {
            foreach ($d->tag('param') as $tag) {
                if (preg_match('/^\S+\s+&?(?:\.\.\.)?' . preg_quote($p['name'], '/') . '\s+(\S.*)$/', $tag, $m)) {
                    $extra[] = '- `' . $p['name'] . '`: ' . inline($m[1], $this->classNames);
                }
            }
        }
        if ($extra) {
            $this->para("Parameters:\n\n" . implode("\n", $extra));
        }
        $ret = $d->tag('return');
        if ($ret && $d->returnType !== '') {
            // A declared type that the tag refines (array shapes): say both.
            $this->para('Returns ' . code_span($ret[0]) . '.');
        }
    }

    private string $lastAnchor = '';

    private function heading(int $level, string $text, int $tocDepth): void
    {
        $this->lastAnchor = $this->anchors->slug($text);
        $this->body[] = str_repeat('#', $level) . " $text";
        $this->body[] = '';
        if ($tocDepth > 0 || $level === 2) {
            $indent = str_repeat('  ', max(0, $level === 2 ? 0 : $tocDepth));
            $this->toc[] = $indent . '- ' . $this->link($text);
        }
    }

    private function link(string $text): string
    {
        return "[$text](#$this->lastAnchor)";
    }

    private function code(string $code, string $lang = 'php'): void
    {
        $this->para("```$lang\n$code\n```");
    }

    private function para(string $text): void
    {
        $this->body[] = $text;
        $this->body[] = '';
    }
}

// --- main ---------------------------------------------------------------------

function main(array $argv): int
{
    $mode = 'write';
    foreach (array_slice($argv, 1) as $arg) {
        $mode = match ($arg) {
            '--check' => 'check',
            '--stdout' => 'stdout',
            '-h', '--help' => 'help',
            default => throw new GenError("unknown argument $arg (see --help)"),
        };
    }
    if ($mode === 'help') {
        $self = file_get_contents(__FILE__);
        preg_match('#/\*\*\n(.*?)\*/#s', $self, $m);
        echo preg_replace('/^ \* ?/m', '', $m[1]);
        return 0;
    }
    $root = dirname(__DIR__);
    if (!extension_loaded('chan')) {
        throw new GenError('the chan extension is not loaded: php -d extension=/path/to/chan.so '
            . 'scripts/gen-reference.php (scripts/build.sh prints the path)');
    }
    $code = file_get_contents("$root/" . STUB);
    $readme = file_get_contents("$root/" . README);
    if ($code === false || $readme === false) {
        throw new GenError('cannot read ' . STUB . ' or ' . README);
    }
    [$ns, $decls] = (new StubParser(STUB, $code))->parse();
    $problems = compare_with_extension($ns, $decls);
    if ($problems) {
        throw new GenError(STUB . ' and the loaded chan extension disagree (rebuild chan.so from this stub):'
            . "\n  " . implode("\n  ", $problems));
    }
    $md = (new Reference($ns, $decls, ini_settings($readme)))->render();

    $out = "$root/" . OUTPUT;
    switch ($mode) {
        case 'stdout':
            echo $md;
            return 0;
        case 'write':
            if (!is_dir(dirname($out))) {
                mkdir(dirname($out), 0777, true);
            }
            file_put_contents($out, $md);
            echo OUTPUT . ': written (' . substr_count($md, "\n") . " lines)\n";
            return 0;
        default: // check
            $have = is_file($out) ? file_get_contents($out) : '';
            if ($have === $md) {
                return 0;
            }
            fwrite(STDERR, OUTPUT . ' is stale: it is not what scripts/gen-reference.php makes of '
                . STUB . ' and ' . README . " (run it to rewrite the file). Differences:\n");
            fwrite(STDERR, unified_diff($have, $md));
            return 1;
    }
}

/** `diff -u` of the file as it is and as it should be (a line-by-line fallback without diff). */
function unified_diff(string $have, string $want): string
{
    $a = tempnam(sys_get_temp_dir(), 'ref');
    $b = tempnam(sys_get_temp_dir(), 'ref');
    file_put_contents($a, $have);
    file_put_contents($b, $want);
    $cmd = 'diff -u --label ' . escapeshellarg(OUTPUT) . ' --label ' . escapeshellarg(OUTPUT . ' (generated)')
        . ' ' . escapeshellarg($a) . ' ' . escapeshellarg($b) . ' 2>/dev/null';
    $diff = shell_exec($cmd);
    unlink($a);
    unlink($b);
    if (is_string($diff) && $diff !== '') {
        return $diff;
    }
    $x = explode("\n", $have);
    $y = explode("\n", $want);
    for ($i = 0; $i < max(count($x), count($y)); $i++) {
        if (($x[$i] ?? null) !== ($y[$i] ?? null)) {
            return sprintf("first difference at line %d:\n- %s\n+ %s\n", $i + 1, $x[$i] ?? '(end of file)', $y[$i] ?? '(end of file)');
        }
    }
    return '';
}

// A warning or notice here would mean a broken reference: stop instead.
set_error_handler(function (int $no, string $msg, string $file, int $line): never {
    throw new ErrorException($msg, 0, $no, $file, $line);
});

try {
    exit(main($argv));
} catch (GenError $e) {
    fwrite(STDERR, 'gen-reference: ' . $e->getMessage() . "\n");
    exit(2);
}
