package serial

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/heart-core/heart-web/core/api"
)

// Subscribe asks the device for events as over HTTP: a GET /heart/v1/events
// request (with the Token) that the device's handler must answer 200
// text/event-stream. Event frames then carry that request's id. The channel
// is closed when ctx ends or the link drops; a subscriber that falls more
// than EventBuffer events behind loses events (counted in Stats).
func (c *Client) Subscribe(ctx context.Context) (<-chan api.Event, error) {
	c.mu.Lock()
	n := len(c.subs)
	c.mu.Unlock()
	if n >= c.opts.MaxSubscribed {
		return nil, fmt.Errorf("serial: already %d subscriptions", n)
	}
	req := api.NewRequest("GET", EventsPath, nil)
	req.Header.Set("accept", ContentTypeEventStream)
	if c.opts.Token != "" {
		req.Header.Set("authorization", "Bearer "+c.opts.Token)
	}
	ch := make(chan api.Event, c.opts.EventBuffer)
	var subID uint32
	// The subscriber is registered with the call, before the request goes
	// out, so no event that follows the response is missed.
	callCtx, cancel := c.withTimeout(ctx)
	f, id, err := c.call(callCtx, TypeRequest, marshalJSON(req), func(id uint32) { subID = id; c.subs[id] = ch })
	cancel()
	unsubscribe := func() {
		c.mu.Lock()
		if c.subs[subID] == ch {
			delete(c.subs, subID)
			close(ch)
		}
		c.mu.Unlock()
	}
	if err != nil {
		if subID != 0 {
			unsubscribe()
		}
		return nil, err
	}
	var resp api.Response
	if err := json.Unmarshal(f.Payload, &resp); err != nil {
		unsubscribe()
		return nil, fmt.Errorf("serial: unreadable response: %w", err)
	}
	if !isEventStream(req, &resp) {
		unsubscribe()
		if p, ok := api.ParseProblem(&resp); ok {
			return nil, fmt.Errorf("serial: subscribe refused: %w", p)
		}
		return nil, fmt.Errorf("serial: subscribe refused with status %d", resp.Status)
	}
	go func() {
		select {
		case <-ctx.Done():
			c.w.trySend(Frame{Type: TypeCancel, ID: id, Payload: []byte{}})
		case <-c.done:
		}
		unsubscribe()
	}()
	return ch, nil
}
