//go:build linux

package ptyserve

import (
	"syscall"
	"unsafe"
)

// makeRaw puts the terminal on fd into raw mode (as cfmakeraw does) and
// returns its previous settings. Without it the line discipline would eat
// or rewrite frame bytes: 0x03 raises SIGINT, 0x11/0x13 are flow control,
// CR becomes LF, and everything written is echoed back.
func makeRaw(fd uintptr) (*syscall.Termios, error) {
	old, err := getTermios(fd)
	if err != nil {
		return nil, err
	}
	t := *old
	t.Iflag &^= syscall.IGNBRK | syscall.BRKINT | syscall.PARMRK | syscall.ISTRIP | syscall.INLCR | syscall.IGNCR | syscall.ICRNL | syscall.IXON | syscall.IXOFF
	t.Oflag &^= syscall.OPOST
	t.Lflag &^= syscall.ECHO | syscall.ECHONL | syscall.ICANON | syscall.ISIG | syscall.IEXTEN
	t.Cflag &^= syscall.CSIZE | syscall.PARENB
	t.Cflag |= syscall.CS8
	t.Cc[syscall.VMIN] = 1
	t.Cc[syscall.VTIME] = 0
	return old, setTermios(fd, &t)
}

func getTermios(fd uintptr) (*syscall.Termios, error) {
	var t syscall.Termios
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TCGETS, uintptr(unsafe.Pointer(&t))); e != 0 {
		return nil, e
	}
	return &t, nil
}

func setTermios(fd uintptr, t *syscall.Termios) error {
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TCSETS, uintptr(unsafe.Pointer(t))); e != 0 {
		return e
	}
	return nil
}

// restore puts back settings makeRaw returned.
func restore(fd uintptr, t *syscall.Termios) error { return setTermios(fd, t) }

// isTerminal says whether fd is a tty.
func isTerminal(fd uintptr) bool {
	_, err := getTermios(fd)
	return err == nil
}

// tcflsh is the Linux TCFLSH ioctl on the common architectures (amd64,
// arm64, 386, arm, riscv64, loong64, s390x); syscall does not name it.
const tcflsh = 0x540B

// flushInput discards bytes waiting in the tty's input queue: frames a
// device sent to an earlier client that never read them.
func flushInput(fd uintptr) error {
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, tcflsh, syscall.TCIFLUSH); e != 0 {
		return e
	}
	return nil
}
