package httpx

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/heart-core/heart-web/core/api"
)

// EventsPath is where a device streams its events.
const EventsPath = "/heart/v1/events"

// Subscribe opens GET /heart/v1/events with the Token and returns its
// events. The channel is closed when ctx ends, the device ends the stream,
// or the stream stays silent for IdleTimeout; reconnecting is the caller's
// business. A refusal (401, 403, ...) is an error carrying the problem.
func (t *Transport) Subscribe(ctx context.Context) (<-chan api.Event, error) {
	sctx, cancel := context.WithCancel(ctx)
	req := api.NewRequest("GET", EventsPath, nil)
	req.Header.Set("accept", ContentTypeEventStream)
	if t.Token != "" {
		req.Header.Set("authorization", "Bearer "+t.Token)
	}
	hr, err := t.newHTTPRequest(sctx, req)
	if err != nil {
		cancel()
		return nil, fmt.Errorf("httpx: %w", err)
	}
	// Only the wait for the headers has the call timeout; the stream itself
	// lives until ctx ends or it goes silent.
	headerTimer := time.AfterFunc(t.timeout(), cancel)
	hresp, err := t.client().Do(hr)
	headerTimer.Stop()
	if err != nil {
		cancel()
		return nil, fmt.Errorf("httpx: device unreachable: %w", err)
	}
	if hresp.StatusCode != 200 || !strings.HasPrefix(hresp.Header.Get("Content-Type"), ContentTypeEventStream) {
		defer cancel()
		defer hresp.Body.Close()
		body, _ := io.ReadAll(io.LimitReader(hresp.Body, 64<<10))
		if p, ok := api.ParseProblem(&api.Response{Status: hresp.StatusCode, Body: body}); ok {
			return nil, fmt.Errorf("%w: %w", errRefused, p)
		}
		return nil, fmt.Errorf("%w: status %d", errRefused, hresp.StatusCode)
	}
	buf := t.EventBuffer
	if buf <= 0 {
		buf = 64
	}
	ch := make(chan api.Event, buf)
	go func() {
		defer close(ch)
		defer cancel()
		defer hresp.Body.Close()
		t.readEvents(sctx, cancel, hresp.Body, ch)
	}()
	return ch, nil
}

func (t *Transport) readEvents(ctx context.Context, cancel context.CancelFunc, body io.Reader, ch chan<- api.Event) {
	idle := t.IdleTimeout
	if idle <= 0 {
		idle = 60 * time.Second
	}
	watchdog := time.AfterFunc(idle, cancel)
	defer watchdog.Stop()
	maxLine := t.MaxLine
	if maxLine <= 0 {
		maxLine = 256 << 10
	}
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 0, 4096), maxLine) // a longer line ends the stream
	var typ string
	var data []string
	size := 0
	for sc.Scan() {
		watchdog.Reset(idle)
		line := strings.TrimSuffix(sc.Text(), "\r")
		switch {
		case line == "":
			if len(data) > 0 {
				if typ == "" {
					typ = "message"
				}
				select {
				case ch <- api.Event{Type: typ, Data: []byte(strings.Join(data, "\n"))}:
				case <-ctx.Done():
					return
				}
			}
			typ, data, size = "", nil, 0
		case strings.HasPrefix(line, ":"):
			// comment: keep-alive
		default:
			field, value, _ := strings.Cut(line, ":")
			value = strings.TrimPrefix(value, " ")
			switch field {
			case "event":
				typ = value
			case "data":
				size += len(value) + 1
				if size > maxLine { // one event is bounded like one line
					return
				}
				data = append(data, value)
			}
		}
	}
}
