// Package ptyserve serves a HEART API handler over a real pseudo-terminal
// or over stdio with the frames of package serial, and opens a tty as a
// client. It is native only (os, pty); package serial itself stays pure so
// the browser's WebSerial transport can use it.
package ptyserve

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"syscall"

	"github.com/creack/pty"
	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/transport/serial"
)

// Server serves a handler on the master side of a pty; a client opens
// Path (/dev/pts/N) as it would open a serial port.
type Server struct {
	Path   string
	master *os.File
	slave  *os.File
	cancel context.CancelFunc
	done   chan struct{}
	err    error
	once   sync.Once
}

// Start opens a pty pair in raw mode and serves h (and events) on its
// master until ctx ends or Close is called.
func Start(ctx context.Context, h api.Handler, events api.EventSource, opts serial.ServerOptions) (*Server, error) {
	master, slave, err := pty.Open()
	if err != nil {
		return nil, fmt.Errorf("ptyserve: open pty: %w", err)
	}
	if master, err = pollable(master); err != nil {
		_ = slave.Close()
		return nil, fmt.Errorf("ptyserve: pty master: %w", err)
	}
	// The line discipline sits on the slave side; raw mode there keeps
	// bytes unchanged both ways. The server keeps the slave open, so the
	// master never sees a hang-up between clients, like a real port.
	if _, err := rawFile(slave); err != nil {
		_ = master.Close()
		_ = slave.Close()
		return nil, fmt.Errorf("ptyserve: raw mode: %w", err)
	}
	ctx, cancel := context.WithCancel(ctx)
	s := &Server{Path: slave.Name(), master: master, slave: slave, cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(s.done)
		s.err = serial.ServeWith(ctx, master, h, events, opts)
		_ = slave.Close()
	}()
	return s, nil
}

// Close stops serving and waits for the server to finish.
func (s *Server) Close() error {
	s.once.Do(s.cancel)
	<-s.done
	if s.err != nil && !errors.Is(s.err, os.ErrClosed) {
		return s.err
	}
	return nil
}

// Done is closed once the server has stopped.
func (s *Server) Done() <-chan struct{} { return s.done }

// Open opens a tty (a pty slave or a serial port) for a client, in raw mode.
func Open(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, err
	}
	if _, err := rawFile(f); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("ptyserve: raw mode on %s: %w", path, err)
	}
	// Start clean: whatever waits in the input queue was meant for an
	// earlier client (answers, events) and would only be skipped anyway.
	_ = withFd(f, flushInput)
	return f, nil
}

// Dial opens path and starts a serial client on it.
func Dial(path string, opts serial.ClientOptions) (*serial.Client, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	return serial.NewClient(f, opts), nil
}
