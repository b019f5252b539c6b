package httpx

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/heart-core/heart-web/core/api"
)

// Transport reaches a device's HEART API over HTTP. It implements
// api.Transport and api.EventSource.
type Transport struct {
	BaseURL string        // "http://127.0.0.1:8081"
	Client  *http.Client  // nil: a client of its own
	Timeout time.Duration // per call when ctx has no deadline; default 10 s

	Token       string        // bearer token Subscribe sends
	MaxBody     int64         // response body bound; default 16 MiB
	MaxLine     int           // SSE line bound; default 256 KiB
	IdleTimeout time.Duration // SSE: drop a stream silent this long (no event, no keep-alive); default 60 s
	EventBuffer int           // events queued for the subscriber; default 64
}

var (
	_ api.Transport   = (*Transport)(nil)
	_ api.EventSource = (*Transport)(nil)
)

var defaultClient = &http.Client{}

func (t *Transport) client() *http.Client {
	if t.Client != nil {
		return t.Client
	}
	return defaultClient
}

func (t *Transport) timeout() time.Duration {
	if t.Timeout > 0 {
		return t.Timeout
	}
	return 10 * time.Second
}

func (t *Transport) newHTTPRequest(ctx context.Context, req *api.Request) (*http.Request, error) {
	var body io.Reader
	if len(req.Body) > 0 {
		body = bytes.NewReader(req.Body)
	}
	hr, err := http.NewRequestWithContext(ctx, req.Method, strings.TrimSuffix(t.BaseURL, "/")+req.Target(), body)
	if err != nil {
		return nil, err
	}
	for k, v := range req.Header {
		hr.Header.Set(k, v)
	}
	return hr, nil
}

// RoundTrip sends req and reads the whole response. An error means the
// device was not reached or did not answer in time, never an error status.
func (t *Transport) RoundTrip(ctx context.Context, req *api.Request) (*api.Response, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, t.timeout())
		defer cancel()
	}
	hr, err := t.newHTTPRequest(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("httpx: %w", err)
	}
	hresp, err := t.client().Do(hr)
	if err != nil {
		return nil, fmt.Errorf("httpx: device unreachable: %w", err)
	}
	defer hresp.Body.Close()
	limit := t.MaxBody
	if limit <= 0 {
		limit = 16 << 20
	}
	body, err := io.ReadAll(io.LimitReader(hresp.Body, limit+1))
	if err != nil {
		return nil, fmt.Errorf("httpx: reading the answer: %w", err)
	}
	if int64(len(body)) > limit {
		return nil, fmt.Errorf("httpx: answer larger than %d bytes", limit)
	}
	resp := &api.Response{Status: hresp.StatusCode, Header: api.Header{}}
	for k, vals := range hresp.Header {
		if len(vals) > 0 {
			resp.Header.Set(k, vals[0])
		}
	}
	if len(body) > 0 {
		resp.Body = body
	}
	return resp, nil
}

// errRefused wraps the device's problem when it refuses a subscription.
var errRefused = errors.New("httpx: subscription refused")
