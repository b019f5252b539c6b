package ptyserve

import (
	"context"
	"io"
	"os"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/transport/serial"
)

// stdio joins stdin and stdout into one link.
type stdio struct {
	io.Reader
	io.Writer
	in *os.File
}

func (s stdio) Close() error { return s.in.Close() }

// ServeStdio serves h on os.Stdin / os.Stdout (a device behind a pipe or a
// program started by a serial getty). A terminal on stdin is put in raw
// mode for the duration and restored after. When ctx ends, Serve closes
// stdin; an os.Stdin in blocking mode (the usual case) returns from a
// pending Read only when input arrives or the other side closes it.
func ServeStdio(ctx context.Context, h api.Handler, events api.EventSource) error {
	return ServeFiles(ctx, os.Stdin, os.Stdout, h, events, serial.ServerOptions{})
}

// ServeFiles is ServeStdio on any pair of files.
func ServeFiles(ctx context.Context, in, out *os.File, h api.Handler, events api.EventSource, opts serial.ServerOptions) error {
	var tty bool
	_ = withFd(in, func(fd uintptr) error { tty = isTerminal(fd); return nil })
	if tty {
		if old, err := rawFile(in); err == nil {
			defer func() { _ = withFd(in, func(fd uintptr) error { return restore(fd, old) }) }()
		}
	}
	return serial.ServeWith(ctx, stdio{Reader: in, Writer: out, in: in}, h, events, opts)
}
