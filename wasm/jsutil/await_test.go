//go:build js && wasm

package jsutil

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/hack-pad/safejs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// js evaluates a JavaScript expression (a test helper; the product never evals).
func js(t *testing.T, expr string) safejs.Value {
	t.Helper()
	fn, err := safejs.Global().Get("Function")
	require.NoError(t, err)
	f, err := fn.New("return (" + expr + ");")
	require.NoError(t, err)
	v, err := f.Invoke()
	require.NoError(t, err)
	return v
}

func TestAwait_Resolved(t *testing.T) {
	v, err := Await(context.Background(), js(t, `Promise.resolve(41+1)`))
	require.NoError(t, err)
	n, err := v.Int()
	require.NoError(t, err)
	assert.Equal(t, 42, n)
}

func TestAwait_RejectedWithError_IsAGoError(t *testing.T) {
	_, err := Await(context.Background(), js(t, `Promise.reject(new TypeError("nope"))`))
	var je *JSError
	require.True(t, errors.As(err, &je), "%v", err)
	assert.Equal(t, "TypeError", je.Name)
	assert.Equal(t, "nope", je.Message)
}

func TestAwait_RejectedWithString(t *testing.T) {
	_, err := Await(context.Background(), js(t, `Promise.reject("plain")`))
	require.EqualError(t, err, "plain")
}

func TestAwait_Timeout_ThenLateSettlementDoesNotCrash(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Await(ctx, js(t, `new Promise(r => setTimeout(() => r(1), 1500))`))
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Less(t, time.Since(start), time.Second, "Await must give up at the deadline, not when the promise settles")
	// Let the promise settle after Await gave up: its callbacks must still exist.
	time.Sleep(1600 * time.Millisecond)
}

func TestAwait_NotAPromise_IsAnError(t *testing.T) {
	_, err := Await(context.Background(), js(t, `42`))
	require.Error(t, err)
}
