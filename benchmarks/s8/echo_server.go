//go:build ignore

// S8: the TCP echo server in Go, beside benchmarks/s8/echo_server.php: one
// goroutine accepts, one goroutine per connection reads up to 65536 bytes
// and writes back what it got, until the peer closes. With -cert the
// connections speak TLS (crypto/tls, the same PEM file as the PHP server).
// The runner starts it with GOMAXPROCS=1.
//
//	go build -o echo_server echo_server.go
//	GOMAXPROCS=1 ./echo_server [-port 0] [-cert FILE] [-read-size 65536]
//
// Prints "port N" once it listens; runs until stdin reaches end of file or
// reads a line "stop", then prints one line of JSON with its counters and
// CPU time and exits.
//
// A read/write loop rather than io.Copy: io.Copy between two TCP
// connections takes the splice path, which holds a pipe (two more file
// descriptors) per connection for the connection's whole life; at 10,000
// connections that passes the limit of 20,000 open files.
package main

import (
	"bufio"
	"crypto/tls"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
)

type stats struct {
	accepted, closed, open, peakOpen, bytes, eofCloses int64
	acceptErrors, readErrors, writeErrors, tlsFailures int64
	mu                                                 sync.Mutex
	messages                                           []string
}

var st stats

func (s *stats) note(what string, err error) {
	s.mu.Lock()
	if len(s.messages) < 5 {
		s.messages = append(s.messages, what+": "+err.Error())
	}
	s.mu.Unlock()
}

func serve(c net.Conn, readSize int) {
	atomic.AddInt64(&st.accepted, 1)
	if n := atomic.AddInt64(&st.open, 1); n > atomic.LoadInt64(&st.peakOpen) {
		atomic.StoreInt64(&st.peakOpen, n)
	}
	var total int64
	defer func() {
		atomic.AddInt64(&st.bytes, total)
		atomic.AddInt64(&st.open, -1)
		atomic.AddInt64(&st.closed, 1)
		c.Close()
	}()
	if tc, ok := c.(*tls.Conn); ok {
		if err := tc.Handshake(); err != nil {
			atomic.AddInt64(&st.tlsFailures, 1)
			st.note("TLS handshake", err)
			return
		}
	}
	buf := make([]byte, readSize)
	for {
		n, err := c.Read(buf)
		if n > 0 {
			if _, werr := c.Write(buf[:n]); werr != nil {
				atomic.AddInt64(&st.writeErrors, 1)
				st.note("write", werr)
				return
			}
			total += int64(n)
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				atomic.AddInt64(&st.eofCloses, 1)
			} else {
				atomic.AddInt64(&st.readErrors, 1)
				st.note("read", err)
			}
			return
		}
	}
}

func peakRSSKB() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			var kb int64
			fmt.Sscanf(strings.TrimSpace(strings.TrimPrefix(line, "VmHWM:")), "%d", &kb)
			return kb
		}
	}
	return -1
}

func main() {
	host := flag.String("host", "127.0.0.1", "address to listen on")
	port := flag.Int("port", 0, "port (0: any free one)")
	cert := flag.String("cert", "", "PEM file with key and certificate: TLS on every connection")
	readSize := flag.Int("read-size", 65536, "bytes per read")
	flag.Parse()

	ln, err := net.Listen("tcp", fmt.Sprintf("%s:%d", *host, *port))
	if err != nil {
		fmt.Fprintln(os.Stderr, "echo_server: listen:", err)
		os.Exit(1)
	}
	if *cert != "" {
		pair, err := tls.LoadX509KeyPair(*cert, *cert)
		if err != nil {
			fmt.Fprintln(os.Stderr, "echo_server: certificate:", err)
			os.Exit(1)
		}
		ln = tls.NewListener(ln, &tls.Config{Certificates: []tls.Certificate{pair}})
	}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				atomic.AddInt64(&st.acceptErrors, 1)
				st.note("accept", err)
				continue
			}
			go serve(c, *readSize)
		}
	}()
	fmt.Printf("port %d\n", ln.Addr().(*net.TCPAddr).Port)

	in := bufio.NewScanner(os.Stdin)
	for in.Scan() && strings.TrimSpace(in.Text()) != "stop" {
	}
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	st.mu.Lock()
	msgs := append([]string{}, st.messages...)
	st.mu.Unlock()
	if msgs == nil {
		msgs = []string{}
	}
	out, _ := json.Marshal(map[string]interface{}{
		"server":        "go",
		"accepted":      atomic.LoadInt64(&st.accepted),
		"closed":        atomic.LoadInt64(&st.closed),
		"open_at_stop":  atomic.LoadInt64(&st.open),
		"peak_open":     atomic.LoadInt64(&st.peakOpen),
		"bytes_echoed":  atomic.LoadInt64(&st.bytes),
		"eof_closes":    atomic.LoadInt64(&st.eofCloses),
		"accept_errors": atomic.LoadInt64(&st.acceptErrors),
		"read_errors":   atomic.LoadInt64(&st.readErrors),
		"write_errors":  atomic.LoadInt64(&st.writeErrors),
		"tls_failures":  atomic.LoadInt64(&st.tlsFailures),
		"messages":      msgs,
		"cpu_user_s":    float64(ru.Utime.Sec) + float64(ru.Utime.Usec)/1e6,
		"cpu_sys_s":     float64(ru.Stime.Sec) + float64(ru.Stime.Usec)/1e6,
		"peak_rss_kb":   peakRSSKB(),
		"gomaxprocs":    runtime.GOMAXPROCS(0),
	})
	fmt.Println(string(out))
}
