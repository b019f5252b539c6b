package gate

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/clock"
	"github.com/stretchr/testify/require"
)

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }

// requireProblem checks err is a *api.Problem with status and code.
func requireProblem(t testing.TB, err error, status int, code string) *api.Problem {
	t.Helper()
	require.Error(t, err)
	var p *api.Problem
	require.True(t, errors.As(err, &p), "error %v is not a *api.Problem", err)
	require.Equal(t, code, p.Code, p.Detail)
	require.Equal(t, status, p.Status, p.Detail)
	return p
}

var t0 = time.Date(2026, 11, 30, 21, 0, 0, 0, time.UTC)

// seqIDs is an id function giving a-1, a-2, ...
func seqIDs() func() string {
	n := 0
	return func() string { n++; return fmt.Sprintf("a-%d", n) }
}

func newTestBook(max int) (*Book, *clock.Manual) {
	c := clock.NewManual(t0)
	return NewBook(c, seqIDs(), max), c
}

func demo(name string) Token {
	for _, t := range DemoTokens() {
		if t.Name == name {
			return t
		}
	}
	panic("no demo token " + name)
}
