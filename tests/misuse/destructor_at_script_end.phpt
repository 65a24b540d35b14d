--TEST--
A destructor run at script end may push/pop a buffered channel; and a coroutine its go() starts still runs before the request ends
--EXTENSIONS--
chan
--FILE--
<?php
use Chan\Channel;
use function Chan\go;

class Probe {
    public function __construct(public Channel $ch) {}
    public function __destruct() {
        echo "destruct\n";
        $this->ch->push("v");
        echo "popped ", $this->ch->pop(), "\n";
        try {
            go(function () { echo "coroutine ran\n"; });
        } catch (Chan\Error $e) {
            echo "go() refused\n";
        }
    }
}

go(function () { echo "first coroutine\n"; });
$probe = new Probe(new Channel(1));
echo "end\n";
?>
--EXPECT--
end
first coroutine
destruct
popped v
coroutine ran
