//go:build ignore

// S8: the load generator of the TCP echo benchmark. It opens C connections
// (at most -dial-parallel connects, TLS handshakes included, in flight at
// once), waits until all are up, then every connection sends a -size byte
// message, waits for its whole echo, checks it byte for byte and sends the
// next, for -warmup + -duration seconds. Only messages whose echo completes
// inside the -duration window count. At the end every connection
// half-closes (TLS: close_notify) and reads until the server closes, so
// bytes echoed twice or late show up as "extra".
//
//	go build -o loadgen loadgen.go
//	GOMAXPROCS=1 ./loadgen -addr 127.0.0.1:PORT -c 100 [-tls] [-duration 5s] [-warmup 1s] [-server-pid PID]
//
// Prints one line of JSON: messages, msgs/s, latency percentiles (us, from
// a log-linear histogram with 1/32 relative resolution), errors by kind,
// the client's CPU time and, with -server-pid, the server's CPU time over
// the window (utime + stime of /proc/PID/stat, all threads).
package main

import (
	"bytes"
	"crypto/tls"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/bits"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// --- latency histogram: values < 64 ns exact, then 32 buckets per power of two

const subBits = 5
const nBuckets = 64 * 32

var hist [nBuckets]uint64

func bucketOf(ns int64) int {
	v := uint64(ns)
	if v < 2<<subBits {
		return int(v)
	}
	e := bits.Len64(v) - (subBits + 1)
	i := e<<subBits + int(v>>uint(e))
	if i >= nBuckets {
		i = nBuckets - 1
	}
	return i
}

// upper bound of bucket i, in ns
func bucketTop(i int) float64 {
	if i < 2<<subBits {
		return float64(i)
	}
	e := i>>subBits - 1
	m := i - e<<subBits
	return float64(uint64(m+1)<<uint(e)) - 1
}

func percentile(total uint64, p float64) float64 {
	if total == 0 {
		return 0
	}
	want := uint64(p*float64(total) + 0.5)
	if want < 1 {
		want = 1
	}
	var seen uint64
	for i := range hist {
		seen += hist[i]
		if seen >= want {
			return bucketTop(i)
		}
	}
	return bucketTop(nBuckets - 1)
}

// --- errors by kind

var errCounts sync.Map // kind -> *int64
var errSamples struct {
	sync.Mutex
	list []string
}

func fail(kind string, err error) {
	v, _ := errCounts.LoadOrStore(kind, new(int64))
	atomic.AddInt64(v.(*int64), 1)
	errSamples.Lock()
	if len(errSamples.list) < 8 {
		msg := kind
		if err != nil {
			msg += ": " + err.Error()
		}
		errSamples.list = append(errSamples.list, msg)
	}
	errSamples.Unlock()
}

// --- CPU time

// utime + stime of a whole process, in seconds (clock ticks of 1/100 s)
func procCPU(pid int) float64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return -1
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	// fields after "(comm) ": state is f[0]; utime is field 14 of the file, f[11]
	u, _ := strconv.ParseFloat(f[11], 64)
	k, _ := strconv.ParseFloat(f[12], 64)
	return (u + k) / 100
}

func selfCPU() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}

func main() {
	addr := flag.String("addr", "127.0.0.1:7000", "server address")
	conns := flag.Int("c", 100, "connections")
	size := flag.Int("size", 64, "bytes per message")
	warmup := flag.Duration("warmup", time.Second, "time after all connections are up before counting")
	duration := flag.Duration("duration", 5*time.Second, "counted window")
	useTLS := flag.Bool("tls", false, "TLS (certificate not verified)")
	dialParallel := flag.Int("dial-parallel", 100, "connects (and handshakes) in flight at once")
	timeout := flag.Duration("timeout", 10*time.Second, "per connect, write, read and close")
	serverPID := flag.Int("server-pid", 0, "pid of the server, for its CPU time over the window")
	flag.Parse()
	if *size < 16 {
		fmt.Fprintln(os.Stderr, "loadgen: -size must be at least 16")
		os.Exit(2)
	}

	// Phase 1: connect.
	tlsConf := &tls.Config{InsecureSkipVerify: true}
	list := make([]net.Conn, *conns)
	sem := make(chan struct{}, *dialParallel)
	var wg sync.WaitGroup
	t0 := time.Now()
	for i := range list {
		sem <- struct{}{}
		wg.Add(1)
		go func(i int) {
			defer func() { <-sem; wg.Done() }()
			d := net.Dialer{Timeout: *timeout}
			c, err := d.Dial("tcp", *addr)
			if err != nil {
				fail("connect", err)
				return
			}
			if *useTLS {
				tc := tls.Client(c, tlsConf)
				tc.SetDeadline(time.Now().Add(*timeout))
				if err := tc.Handshake(); err != nil {
					fail("tls handshake", err)
					c.Close()
					return
				}
				tc.SetDeadline(time.Time{})
				c = tc
			}
			list[i] = c
		}(i)
	}
	wg.Wait()
	connectSeconds := time.Since(t0).Seconds()
	up := 0
	for _, c := range list {
		if c != nil {
			up++
		}
	}

	// Phase 2: echo. Counting starts after the warm-up, for everyone at once.
	start := time.Now()
	winStart := start.Add(*warmup)
	winEnd := winStart.Add(*duration)
	var counted, sent int64
	var stop int32
	var cpuMu sync.Mutex
	var srvCPU0, srvCPU1, selfCPU0, selfCPU1 float64
	var tWin0, tWin1 time.Time
	// sample records the time and both processes' CPU at a window edge.
	sample := func(t *time.Time, srv, self *float64) {
		cpuMu.Lock()
		*t = time.Now()
		if *serverPID > 0 {
			*srv = procCPU(*serverPID)
		}
		*self = selfCPU()
		cpuMu.Unlock()
	}
	time.AfterFunc(time.Until(winStart), func() { sample(&tWin0, &srvCPU0, &selfCPU0) })
	time.AfterFunc(time.Until(winEnd), func() {
		sample(&tWin1, &srvCPU1, &selfCPU1)
		atomic.StoreInt32(&stop, 1)
	})
	for i, c := range list {
		if c == nil {
			continue
		}
		wg.Add(1)
		go func(id int, c net.Conn) {
			defer wg.Done()
			msg := make([]byte, *size)
			got := make([]byte, *size)
			for k := range msg {
				msg[k] = byte('a' + k%26)
			}
			binary.LittleEndian.PutUint64(msg[0:8], uint64(id))
			var deadline time.Time
			for seq := uint64(0); atomic.LoadInt32(&stop) == 0; seq++ {
				binary.LittleEndian.PutUint64(msg[8:16], seq)
				t := time.Now()
				// The deadline is renewed when half of it is used up, not per
				// message: resetting the timer costs the client CPU time.
				if deadline.Sub(t) < *timeout/2 {
					deadline = t.Add(*timeout)
					c.SetDeadline(deadline)
				}
				if _, err := c.Write(msg); err != nil {
					fail("write", err)
					return
				}
				if n, err := io.ReadFull(c, got); err != nil {
					if n > 0 || errors.Is(err, io.EOF) {
						fail("short echo", fmt.Errorf("%d of %d bytes: %v", n, len(got), err))
					} else {
						fail("read", err)
					}
					return
				}
				done := time.Now()
				atomic.AddInt64(&sent, 1)
				if !bytes.Equal(msg, got) {
					fail("wrong echo", fmt.Errorf("connection %d message %d", id, seq))
					return
				}
				if !t.Before(winStart) && done.Before(winEnd) {
					atomic.AddInt64(&counted, 1)
					atomic.AddUint64(&hist[bucketOf(int64(done.Sub(t)))], 1)
				}
			}
			// Phase 3: half-close and expect nothing more, then the server's close.
			c.SetDeadline(time.Now().Add(*timeout))
			var cerr error
			switch cc := c.(type) {
			case *net.TCPConn:
				cerr = cc.CloseWrite()
			case *tls.Conn:
				cerr = cc.CloseWrite()
			}
			if cerr != nil {
				fail("close", cerr)
			} else if n, err := io.Copy(io.Discard, c); n > 0 {
				fail("extra bytes", fmt.Errorf("%d bytes after the last echo", n))
			} else if err != nil {
				fail("close", err)
			}
			c.Close()
		}(i, c)
	}
	wg.Wait()

	var total uint64
	for i := range hist {
		total += hist[i]
	}
	errs := map[string]int64{}
	var nerr int64
	errCounts.Range(func(k, v interface{}) bool {
		n := atomic.LoadInt64(v.(*int64))
		errs[k.(string)] = n
		nerr += n
		return true
	})
	win := tWin1.Sub(tWin0).Seconds()
	res := map[string]interface{}{
		"c":               *conns,
		"connected":       up,
		"tls":             *useTLS,
		"connect_seconds": connectSeconds,
		"window_seconds":  win,
		"messages":        counted,
		"messages_total":  atomic.LoadInt64(&sent),
		"msgs_per_s":      float64(counted) / duration.Seconds(),
		"p50_us":          percentile(total, 0.50) / 1e3,
		"p90_us":          percentile(total, 0.90) / 1e3,
		"p99_us":          percentile(total, 0.99) / 1e3,
		"p999_us":         percentile(total, 0.999) / 1e3,
		"max_us":          percentile(total, 1) / 1e3,
		"errors":          nerr,
		"errors_by_kind":  errs,
		"error_samples":   append([]string{}, errSamples.list...),
		"client_cpu_s":    selfCPU1 - selfCPU0,
		"server_cpu_s":    -1.0,
		"total_seconds":   time.Since(t0).Seconds(),
	}
	if *serverPID > 0 && srvCPU0 >= 0 && srvCPU1 >= 0 {
		res["server_cpu_s"] = srvCPU1 - srvCPU0
	}
	out, _ := json.Marshal(res)
	fmt.Println(string(out))
}
