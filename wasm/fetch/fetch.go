//go:build js && wasm

// Package fetch is an api.Transport over the browser's fetch, called through
// safejs so a JavaScript exception is a Go error. It is how the Core in a Web
// Worker reaches a device's HEART API over HTTP (decisions.md §1).
package fetch

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hack-pad/safejs"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/wasm/jsutil"
)

// Defaults of Transport.
const (
	DefaultTimeout = 10 * time.Second
	DefaultMaxBody = 8 << 20
)

// ErrTooLarge is returned when a device's body is larger than MaxBody.
var ErrTooLarge = errors.New("fetch: response body too large")

// Transport calls Base + request target with fetch.
type Transport struct {
	Base    string        // device base URL, e.g. "http://127.0.0.1:8081" (no trailing slash needed)
	Token   string        // the Core's own bearer token, sent when a request has no Authorization
	Timeout time.Duration // per call, also when ctx has a later deadline; 0 = DefaultTimeout
	MaxBody int           // largest response body accepted; 0 = DefaultMaxBody
}

// New returns a Transport for base with the Core's token.
func New(base, token string) *Transport {
	return &Transport{Base: strings.TrimRight(base, "/"), Token: token}
}

// RoundTrip sends req and reads the whole response. An error means the device
// was not reached or did not answer in time; an error status is a response.
func (t *Transport) RoundTrip(ctx context.Context, req *api.Request) (*api.Response, error) {
	timeout := t.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	url := strings.TrimRight(t.Base, "/") + req.Target()
	controller, err := newJS("AbortController")
	if err != nil {
		return nil, fmt.Errorf("fetch %s: %w", url, err)
	}
	// Abort the fetch (and its body read) when the deadline passes or the
	// caller gives up, so no request outlives its context.
	stop := context.AfterFunc(ctx, func() { _, _ = controller.Call("abort") })
	defer stop()

	init, err := t.requestInit(req, controller)
	if err != nil {
		return nil, fmt.Errorf("fetch %s: %w", url, err)
	}
	promise, err := safejs.Global().Call("fetch", url, init)
	if err != nil {
		return nil, fmt.Errorf("fetch %s: %w", url, err)
	}
	resp, err := jsutil.Await(ctx, promise)
	if err != nil {
		return nil, fmt.Errorf("fetch %s %s: %w", req.Method, url, t.cause(ctx, err))
	}
	out, err := t.readResponse(ctx, resp)
	if err != nil {
		return nil, fmt.Errorf("fetch %s %s: %w", req.Method, url, t.cause(ctx, err))
	}
	return out, nil
}

// cause prefers the context's error: an AbortError is how fetch reports our
// own deadline, and callers test for context.DeadlineExceeded.
func (t *Transport) cause(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// requestInit builds fetch's init argument as a Go map: safejs converts maps
// holding safejs values when they are call arguments (not through ValueOf).
func (t *Transport) requestInit(req *api.Request, controller safejs.Value) (map[string]any, error) {
	headers, err := newJS("Object")
	if err != nil {
		return nil, err
	}
	for k, v := range req.Header {
		if err := headers.Set(k, v); err != nil {
			return nil, err
		}
	}
	if t.Token != "" && req.Header.Get("Authorization") == "" {
		if err := headers.Set("authorization", "Bearer "+t.Token); err != nil {
			return nil, err
		}
	}
	signal, err := controller.Get("signal")
	if err != nil {
		return nil, err
	}
	init := map[string]any{"method": req.Method, "headers": headers, "signal": signal, "cache": "no-store"}
	if len(req.Body) > 0 {
		u8, err := newJS("Uint8Array", len(req.Body))
		if err != nil {
			return nil, err
		}
		if _, err := safejs.CopyBytesToJS(u8, req.Body); err != nil {
			return nil, err
		}
		init["body"] = u8
	}
	return init, nil
}

func (t *Transport) readResponse(ctx context.Context, resp safejs.Value) (*api.Response, error) {
	maxBody := t.MaxBody
	if maxBody <= 0 {
		maxBody = DefaultMaxBody
	}
	statusV, err := resp.Get("status")
	if err != nil {
		return nil, err
	}
	status, err := statusV.Int()
	if err != nil {
		return nil, err
	}
	header, err := readHeaders(resp)
	if err != nil {
		return nil, err
	}
	// Refuse early when the device announces a body we would not keep.
	if n, err := strconv.Atoi(header.Get("content-length")); err == nil && n > maxBody {
		if body, err := resp.Get("body"); err == nil && body.Type() == safejs.TypeObject {
			_, _ = body.Call("cancel")
		}
		return nil, ErrTooLarge
	}
	bufP, err := resp.Call("arrayBuffer")
	if err != nil {
		return nil, err
	}
	buf, err := jsutil.Await(ctx, bufP)
	if err != nil {
		return nil, err
	}
	u8, err := newJS("Uint8Array", buf)
	if err != nil {
		return nil, err
	}
	n, err := u8.Length()
	if err != nil {
		return nil, err
	}
	if n > maxBody {
		return nil, ErrTooLarge
	}
	var body []byte
	if n > 0 {
		body = make([]byte, n)
		if _, err := safejs.CopyBytesToGo(body, u8); err != nil {
			return nil, err
		}
	}
	return &api.Response{Status: status, Header: header, Body: body}, nil
}

// readHeaders copies a Headers object with one forEach call.
func readHeaders(resp safejs.Value) (api.Header, error) {
	hv, err := resp.Get("headers")
	if err != nil {
		return nil, err
	}
	header := api.Header{}
	each, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		if len(args) >= 2 {
			v, err1 := args[0].String()
			k, err2 := args[1].String()
			if err1 == nil && err2 == nil {
				header.Set(k, v)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	defer each.Release()
	if _, err := hv.Call("forEach", each); err != nil {
		return nil, err
	}
	return header, nil
}

func newJS(ctor string, args ...any) (safejs.Value, error) {
	c, err := safejs.Global().Get(ctor)
	if err != nil {
		return safejs.Undefined(), err
	}
	return c.New(args...)
}
