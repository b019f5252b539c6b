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
	select {
	case c.subSem <- struct{}{}:
	default:
		return nil, fmt.Errorf("serial: already %d subscriptions on this link", c.opts.MaxSubscribed)
	}
	req := api.NewRequest("GET", EventsPath, nil)
	req.Header.Set("accept", ContentTypeEventStream)
	if c.opts.Token != "" {
		req.Header.Set("authorization", "Bearer "+c.opts.Token)
	}
	sub := &subscription{ch: make(chan api.Event, c.opts.EventBuffer), ended: make(chan struct{})}
	// The subscriber is registered with the call, before the request goes
	// out, so no event that follows the response is missed.
	callCtx, cancel := c.withTimeout(ctx)
	f, id, err := c.call(callCtx, TypeRequest, marshalJSON(req), func(id uint32) { c.subs[id] = sub })
	cancel()
	fail := func(err error) (<-chan api.Event, error) {
		c.mu.Lock()
		if c.subs[id] == sub {
			c.endLocked(id, sub)
		}
		c.mu.Unlock()
		<-c.subSem
		return nil, err
	}
	if err != nil {
		return fail(err)
	}
	var resp api.Response
	if err := json.Unmarshal(f.Payload, &resp); err != nil {
		return fail(fmt.Errorf("serial: unreadable response: %w", err))
	}
	if !isEventStream(req, &resp) {
		if p, ok := api.ParseProblem(&resp); ok {
			return fail(fmt.Errorf("serial: subscribe refused: %w", p))
		}
		return fail(fmt.Errorf("serial: subscribe refused with status %d", resp.Status))
	}
	go func() {
		defer func() { <-c.subSem }()
		select {
		case <-ctx.Done():
			c.w.trySend(Frame{Type: TypeCancel, ID: id, Payload: []byte{}})
		case <-c.done:
		case <-sub.ended: // the device ended it
			return
		}
		c.mu.Lock()
		if c.subs[id] == sub {
			c.endLocked(id, sub)
		}
		c.mu.Unlock()
	}()
	return sub.ch, nil
}

// subscription is one Subscribe: its channel and a signal that it ended.
type subscription struct {
	ch    chan api.Event
	ended chan struct{}
}

// endLocked removes and closes a subscription; c.mu is held, and the
// reader sends only under c.mu, so the channel is never sent on closed.
func (c *Client) endLocked(id uint32, sub *subscription) {
	delete(c.subs, id)
	close(sub.ch)
	close(sub.ended)
}
