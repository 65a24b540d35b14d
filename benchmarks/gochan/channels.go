// The Go baseline of the channel workloads (benchmarks/run.php runs it beside
// chan in the same sweep; benchmarks/switchcost.php runs its ring): the same
// shapes as the PHP benchmarks in s1.php and s3.php, with goroutines and Go
// channels, meant to run with GOMAXPROCS=1 (one thread runs Go code, as one
// PHP thread runs every coroutine).
//
//	go build -trimpath -o channels .      (standard library only, no network)
//
//	GOMAXPROCS=1 ./channels s1 -c C -m M -cap CAPACITY [-order paired|producers-first] [-value struct|int] [-runs N] [-warmup N]
//	GOMAXPROCS=1 ./channels s3 -n N [-runs N] [-warmup N]
//	GOMAXPROCS=1 ./channels ring -c C -rounds R [-shuffle] [-runs N] [-warmup N]
//
// s1: C producer goroutines each send M values msg{producer: i, message: j}
// into ONE channel of capacity CAPACITY (S1: 1024; S2: 1 and 0), C consumer
// goroutines each receive M; timed from the first spawn until every consumer
// has finished (sync.WaitGroup). -order paired spawns producer 0, consumer
// 0, producer 1, ... (what benchmarks/s1.php calls "paired"); producers-first
// spawns all producers, then all consumers. The value is a two-int struct
// sent by value: Go's idiomatic equivalent of the PHP array
// ['producer' => $i, 'message' => $j], which costs PHP an allocation.
// -value int sends the int i*M + j instead, as s1_once(..., 'int') does.
//
// s3: ping-pong, two goroutines, two unbuffered channels, N round trips.
//
// ring: C goroutines in a ring of C unbuffered channels; a token goes round
// R times (C x R hand-offs, each one goroutine switch). -shuffle visits the
// goroutines in a random cyclic order instead of their spawn order.
//
// Each invocation runs the workload -warmup times untimed, then -runs times
// timed, and prints one JSON line per timed run: {"ns": wall nanoseconds,
// "cpu_ns": CPU time of the process (user + system, all threads) over the
// whole run, set-up included (s1 and s3 time from the first spawn anyway;
// ring's set-up is outside its wall time), "ops": messages (s1), round trips
// (s3) or hand-offs (ring)}. Every received value is checked; a wrong count
// or checksum exits with status 1.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"runtime"
	"sync"
	"syscall"
	"time"
)

type msg struct {
	producer int
	message  int
}

type result struct {
	Ns    int64 `json:"ns"`
	CPUNs int64 `json:"cpu_ns"`
	Ops   int64 `json:"ops"`
}

// cpuNs is the CPU time (user + system) this process has used so far.
func cpuNs() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		fail("getrusage: %v", err)
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "channels: "+format+"\n", args...)
	os.Exit(1)
}

// s1 runs one producer/consumer round (S1, S2) and checks what arrived.
func s1(C, M, capacity int, producersFirst bool) result {
	ch := make(chan msg, capacity)
	r := newRound(C)
	producer := func(i int) {
		for j := 0; j < M; j++ {
			ch <- msg{producer: i, message: j}
		}
	}
	consumer := func(k int) {
		n, sm, sp := 0, 0, 0
		for j := 0; j < M; j++ {
			v := <-ch
			n++
			sm += v.message
			sp += v.producer
		}
		r.done(k, n, sm, sp)
	}
	ns := r.run(producersFirst, producer, consumer)
	n, sm, sp := r.sums()
	if n != C*M || sm != C*(M*(M-1)/2) || sp != M*(C*(C-1)/2) {
		fail("s1 C=%d M=%d capacity=%d: received %d, checksums %d %d", C, M, capacity, n, sm, sp)
	}
	return result{Ns: ns, Ops: int64(C * M)}
}

// s1Int is s1 with the int i*M + j as the value (-value int), summed whole.
func s1Int(C, M, capacity int, producersFirst bool) result {
	ch := make(chan int, capacity)
	r := newRound(C)
	producer := func(i int) {
		for j, end := i*M, i*M+M; j < end; j++ {
			ch <- j
		}
	}
	consumer := func(k int) {
		n, s := 0, 0
		for j := 0; j < M; j++ {
			s += <-ch
			n++
		}
		r.done(k, n, s, 0)
	}
	ns := r.run(producersFirst, producer, consumer)
	n, s, _ := r.sums()
	if all := C * M; n != all || s != all*(all-1)/2 {
		fail("s1 -value int C=%d M=%d capacity=%d: received %d, checksum %d", C, M, capacity, n, s)
	}
	return result{Ns: ns, Ops: int64(C * M)}
}

// round is what s1 and s1Int share outside their loops: spawning C
// producers and C consumers in either order, waiting for the consumers, and
// each consumer's count and checksums.
type round struct {
	C             int
	consumersDone sync.WaitGroup
	counts        [][3]int
}

func newRound(C int) *round {
	r := &round{C: C, counts: make([][3]int, C)}
	r.consumersDone.Add(C)
	return r
}

func (r *round) done(k, n, sm, sp int) {
	r.counts[k] = [3]int{n, sm, sp}
	r.consumersDone.Done()
}

// run spawns, waits for every consumer and returns the wall nanoseconds from
// the first spawn.
func (r *round) run(producersFirst bool, producer, consumer func(int)) int64 {
	t0 := time.Now()
	if producersFirst {
		for i := 0; i < r.C; i++ {
			go producer(i)
		}
		for i := 0; i < r.C; i++ {
			go consumer(i)
		}
	} else {
		for i := 0; i < r.C; i++ {
			go producer(i)
			go consumer(i)
		}
	}
	r.consumersDone.Wait()
	return time.Since(t0).Nanoseconds()
}

func (r *round) sums() (n, sm, sp int) {
	for _, c := range r.counts {
		n, sm, sp = n+c[0], sm+c[1], sp+c[2]
	}
	return
}

// s3 runs N ping-pong round trips on two unbuffered channels.
func s3(N int) result {
	ping := make(chan int)
	pong := make(chan int)
	var done sync.WaitGroup
	done.Add(2)
	sum, bad := 0, -1

	t0 := time.Now()
	go func() {
		s := 0
		for i := 0; i < N; i++ {
			ping <- i
			v := <-pong
			if v != i && bad < 0 {
				bad = i
			}
			s += v
		}
		sum = s
		done.Done()
	}()
	go func() {
		for i := 0; i < N; i++ {
			pong <- <-ping
		}
		done.Done()
	}()
	done.Wait()
	ns := time.Since(t0).Nanoseconds()
	if bad >= 0 || sum != N*(N-1)/2 {
		fail("s3 N=%d: round trip %d came back wrong, checksum %d", N, bad, sum)
	}
	return result{Ns: ns, Ops: int64(N)}
}

// ring passes a token R times round C goroutines; timed from the release of
// the token (every goroutine already parked in its receive) to its return.
func ring(C, R int, shuffle bool) result {
	order := make([]int, C)
	for i := range order {
		order[i] = i
	}
	if shuffle {
		rnd := rand.New(rand.NewSource(42))
		rnd.Shuffle(C, func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	chans := make([]chan int, C)
	for i := range chans {
		chans[i] = make(chan int)
	}
	pos := make([]int, C)
	for p, i := range order {
		pos[i] = p
	}
	done := make(chan int, 1)
	var parked sync.WaitGroup
	parked.Add(C)
	for i := 0; i < C; i++ {
		p := pos[i]
		in, out, last := chans[i], chans[order[(p+1)%C]], p == C-1
		go func() {
			parked.Done()
			for k := 0; k < R; k++ {
				v := <-in
				if last && k == R-1 {
					done <- v + 1
					return
				}
				out <- v + 1
			}
		}()
	}
	parked.Wait()
	runtime.Gosched() // let the last ones reach their receive
	t0 := time.Now()
	chans[order[0]] <- 0
	v := <-done
	ns := time.Since(t0).Nanoseconds()
	if v != C*R {
		fail("ring C=%d R=%d: token came back as %d", C, R, v)
	}
	return result{Ns: ns, Ops: int64(C * R)}
}

func main() {
	if len(os.Args) < 2 {
		fail("usage: channels s1|s3|ring [flags] (see the comment at the top of channels.go)")
	}
	fs := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	c := fs.Int("c", 1, "producers (and consumers); ring: goroutines")
	m := fs.Int("m", 1000, "messages per producer")
	capacity := fs.Int("cap", 1024, "channel capacity")
	order := fs.String("order", "paired", "paired or producers-first")
	value := fs.String("value", "struct", "s1: struct or int")
	n := fs.Int("n", 200000, "s3: round trips")
	rounds := fs.Int("rounds", 100, "ring: rounds")
	shuffle := fs.Bool("shuffle", false, "ring: visit in a random cyclic order")
	runs := fs.Int("runs", 1, "timed runs")
	warmup := fs.Int("warmup", 1, "untimed runs first")
	fs.Parse(os.Args[2:])
	if *order != "paired" && *order != "producers-first" {
		fail("-order must be paired or producers-first")
	}
	if *value != "struct" && *value != "int" {
		fail("-value must be struct or int")
	}
	if *c < 1 || *m < 1 || *capacity < 0 || *n < 1 || *rounds < 1 || *runs < 1 || *warmup < 0 {
		fail("bad arguments")
	}

	var once func() result
	switch os.Args[1] {
	case "s1":
		if *value == "int" {
			once = func() result { return s1Int(*c, *m, *capacity, *order == "producers-first") }
		} else {
			once = func() result { return s1(*c, *m, *capacity, *order == "producers-first") }
		}
	case "s3":
		once = func() result { return s3(*n) }
	case "ring":
		once = func() result { return ring(*c, *rounds, *shuffle) }
	default:
		fail("unknown workload %q", os.Args[1])
	}
	for i := 0; i < *warmup; i++ {
		once()
	}
	enc := json.NewEncoder(os.Stdout)
	for i := 0; i < *runs; i++ {
		runtime.GC()
		cpu0 := cpuNs()
		r := once()
		r.CPUNs = cpuNs() - cpu0
		enc.Encode(r)
	}
}
