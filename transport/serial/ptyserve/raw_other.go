//go:build !linux

package ptyserve

import (
	"errors"
	"syscall"
)

var errUnsupported = errors.New("ptyserve: raw mode is implemented for Linux only")

func makeRaw(uintptr) (*syscall.Termios, error) { return nil, errUnsupported }

func restore(uintptr, *syscall.Termios) error { return errUnsupported }

func isTerminal(uintptr) bool { return false }

func flushInput(uintptr) error { return errUnsupported }
