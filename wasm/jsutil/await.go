//go:build js && wasm

// Package jsutil holds the few safejs helpers the worker needs: waiting for a
// Promise with a deadline, and reading a JavaScript error as a Go error.
package jsutil

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/hack-pad/safejs"
)

// Await waits for promise to settle or ctx to end. A rejection is a Go error
// (JSError when the reason is an Error object), never a panic.
//
// Why the funcs are released in the callbacks and not on return: if ctx ends
// first, the promise may still settle later, and calling a released js.Func
// crashes the Go program. So each func pair releases itself when one of
// them runs; a promise that never settles keeps two small funcs alive.
func Await(ctx context.Context, promise safejs.Value) (safejs.Value, error) {
	type result struct {
		v   safejs.Value
		err error
	}
	done := make(chan result, 1)
	var once sync.Once
	var then, catch safejs.Func
	release := func() { once.Do(func() { then.Release(); catch.Release() }) }
	var err error
	then, err = safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		done <- result{v: arg0(args)}
		release()
		return nil
	})
	if err != nil {
		return safejs.Undefined(), fmt.Errorf("await: %w", err)
	}
	catch, err = safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		done <- result{err: Error(arg0(args))}
		release()
		return nil
	})
	if err != nil {
		then.Release()
		return safejs.Undefined(), fmt.Errorf("await: %w", err)
	}
	if _, err := promise.Call("then", then, catch); err != nil {
		release()
		return safejs.Undefined(), fmt.Errorf("await: not a promise: %w", err)
	}
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		return safejs.Undefined(), ctx.Err()
	}
}

func arg0(args []safejs.Value) safejs.Value {
	if len(args) == 0 {
		return safejs.Undefined()
	}
	return args[0]
}

// JSError is a JavaScript exception or rejection reason.
type JSError struct {
	Name    string // "TypeError", "AbortError", ...; empty when not an Error
	Message string
}

func (e *JSError) Error() string {
	if e.Name == "" {
		return e.Message
	}
	return e.Name + ": " + e.Message
}

// Error turns a rejection reason into a Go error.
func Error(reason safejs.Value) error {
	e := &JSError{}
	if reason.Type() == safejs.TypeObject {
		if n, err := reason.Get("name"); err == nil && n.Type() == safejs.TypeString {
			e.Name, _ = n.String()
		}
		if m, err := reason.Get("message"); err == nil && m.Type() == safejs.TypeString {
			e.Message, _ = m.String()
		}
	}
	if e.Name == "" && e.Message == "" {
		s, err := reason.String()
		if err != nil {
			return errors.New("javascript: unreadable rejection")
		}
		e.Message = s
	}
	return e
}
