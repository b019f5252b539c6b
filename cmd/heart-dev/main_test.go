package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLoopbackOnly(t *testing.T) {
	for addr, ok := range map[string]bool{
		"127.0.0.1:8080": true,
		"localhost:0":    true,
		"[::1]:8080":     true,
		"0.0.0.0:8080":   false,
		":8080":          false,
		"10.0.0.5:80":    false,
		"nonsense":       false,
	} {
		err := loopbackOnly(addr)
		assert.Equal(t, ok, err == nil, "%s: %v", addr, err)
	}
}
