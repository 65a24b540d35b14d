//go:build ignore

// S6-DB at -c 1000 (c1000.sh): a null HTTP server in Go for ab's control.
// Every request is answered after -delay (1 s) with Connection: close, on
// every CPU: what ab reaches when the server is neither PHP nor a database.
//
//	go build -o null_server null_server.go && ./null_server [-delay 1s]
//
// Prints "listening on http://127.0.0.1:PORT/" (a free port).
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"time"
)

func main() {
	delay := flag.Duration("delay", time.Second, "how long each request takes")
	flag.Parse()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	fmt.Printf("listening on http://%s/\n", ln.Addr())
	s := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(*delay)
		w.Header().Set("Connection", "close")
		fmt.Fprintln(w, "hello")
	})}
	s.SetKeepAlivesEnabled(false)
	s.Serve(ln)
}
