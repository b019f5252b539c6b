package ptyserve

import (
	"os"
	"syscall"
)

// withFd runs fn on f's descriptor without f.Fd(), which would switch the
// file to blocking mode: then Close could no longer interrupt a Read and
// a client or server could never be stopped.
func withFd(f *os.File, fn func(fd uintptr) error) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var ferr error
	if err := rc.Control(func(fd uintptr) { ferr = fn(fd) }); err != nil {
		return err
	}
	return ferr
}

// rawFile puts the terminal f into raw mode and returns its old settings.
func rawFile(f *os.File) (old *syscall.Termios, err error) {
	err = withFd(f, func(fd uintptr) error {
		old, err = makeRaw(fd)
		return err
	})
	return old, err
}

// pollable returns a non-blocking copy of f and closes f. creack/pty
// leaves the master in blocking mode (it calls Fd), where Close cannot
// interrupt a Read; a non-blocking descriptor goes through Go's poller.
func pollable(f *os.File) (*os.File, error) {
	defer f.Close()
	var nfd int
	err := withFd(f, func(fd uintptr) error {
		var err error
		if nfd, err = syscall.Dup(int(fd)); err != nil {
			return err
		}
		return syscall.SetNonblock(nfd, true)
	})
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(nfd), f.Name()), nil
}
