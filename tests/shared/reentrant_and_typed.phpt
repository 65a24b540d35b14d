--TEST--
SharedChannel: a pop() inside the unserialization of another value (__wakeup) gets the next value intact; a typed reference that refuses tryPop()'s value gives TypeError and the value stays in the channel (at its tail); an exception thrown by __wakeup comes out of pop()
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\SharedChannel;

class Box { public int $n = 0; }

class Wakes {
    public static ?SharedChannel $ch = null;
    public static array $seen = [];
    public string $name = '';
    public function __wakeup(): void {
        if ($this->name === 'outer') {
            self::$seen[] = self::$ch->pop();       // inside the outer's unserialize
        }
        if ($this->name === 'bomb') {
            throw new RuntimeException('wakeup refused');
        }
    }
}

foreach ([false, true] as $lock) {
    $ch = Wakes::$ch = new SharedChannel(4, $lock, 256);
    Wakes::$seen = [];
    $outer = new Wakes; $outer->name = 'outer';
    $ch->push([$outer, str_repeat('x', 100), 'after']);
    $ch->push(['inner', str_repeat('y', 150)]);
    $v = $ch->pop();
    echo $v[0]->name, ' ', strlen($v[1]), ' ', $v[2], ' | seen: ', Wakes::$seen[0][0], ' ', strlen(Wakes::$seen[0][1]), "\n";

    $box = new Box;
    $ch->push('a string');
    $ch->push(42);
    try { $ch->tryPop($box->n); } catch (TypeError $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
    var_dump($box->n, count($ch), $ch->tryPop($box->n), $box->n, $ch->pop());

    $bomb = new Wakes; $bomb->name = 'bomb';
    $ch->push($bomb);
    $ch->push('next');
    try { $ch->pop(); } catch (RuntimeException $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
    var_dump($ch->pop(), count($ch));
}
--EXPECTF--
outer 100 after | seen: inner 150
TypeError: Cannot assign string to reference held by property Box::$n of type int
int(0)
int(2)
bool(true)
int(42)
string(8) "a string"
RuntimeException: wakeup refused
string(4) "next"
int(0)
outer 100 after | seen: inner 150
TypeError: Cannot assign string to reference held by property Box::$n of type int
int(0)
int(2)
bool(true)
int(42)
string(8) "a string"
RuntimeException: wakeup refused
string(4) "next"
int(0)
